// Files on the local disk under one folder (UPLOADS_DIR), the default store.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertStorageKey, isStorageKey } from './keys';
import type { FileStorage, StoredInfo } from './types';

/** put's file written aside; never a stored file of its own (list skips it). */
const ASIDE = /\.\d+\.\d+\.tmp$/;

export function localDiskStorage(folder: string, publicPrefix = '/uploads/'): FileStorage {
  const root = resolve(folder);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = resolve(root, key);
    if (!file.startsWith(root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return file;
  };
  const url = (key: string) => publicPrefix + key;
  // As @fastify/static (send) tags files: size and time, weak.
  const infoOf = (s: { size: number; mtime: Date }): StoredInfo => ({
    size: s.size,
    modified: s.mtime,
    etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`,
  });
  const missing = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  };
  return {
    url,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written aside and renamed: /uploads/ and /img never serve half a file. A name of its own for each
      // write: two writes of the same key at once (the same picture in two goods) each rename a whole file.
      const tmp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, data, { flag: 'wx' });
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      return url(key);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async head(key) {
      const s = await stat(fileOf(key)).catch(missing);
      return s?.isFile() ? infoOf(s) : null;
    },
    async read(key) {
      return readFile(fileOf(key)).catch(missing);
    },
    async open(key) {
      // One open file for the time and the bytes: a rename in between cannot mix two files.
      const handle = await open(fileOf(key), 'r').catch(missing);
      if (!handle) return null;
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      return { ...infoOf(s), body: handle.createReadStream() };
    },
    async *list(prefix) {
      const start = join(root, prefix);
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(missing);
      for (const entry of entries ?? []) {
        if (!entry.isFile() || ASIDE.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const key = relative(root, file).split(sep).join('/');
        if (!key.startsWith(prefix) || !isStorageKey(key)) continue;
        yield { key, size: (await stat(file)).size };
      }
    },
  };
}
