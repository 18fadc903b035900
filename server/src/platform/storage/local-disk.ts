// Files on the local disk under one folder (UPLOADS_DIR), which app.ts serves at /uploads/ and the /img
// route reads to make the WebP variants.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { FileStorage } from './types';

/** A key is a relative path of plain segments: never absolute, hidden (".variants") or climbing out. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 300 || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((part) => part !== '' && !part.startsWith('.'));
}

export function localDiskStorage(root: string, publicPrefix: string): FileStorage {
  const fileOf = (key: string) => {
    const file = resolve(root, key);
    if (!isSafeKey(key) || !file.startsWith(root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return file;
  };
  const url = (key: string) => publicPrefix + key;
  return {
    url,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written aside and renamed: /uploads/ and /img never serve half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
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
  };
}
