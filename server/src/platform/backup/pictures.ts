// The pictures' step of a backup and a restore, behind one small interface so that it follows the shop's
// storage: for the uploads folder (UPLOADS_DIR) the pictures go into the file byte for byte; for a bucket
// (S3-compatible storage) the file only names the bucket, which the storage provider keeps and backs up
// itself — copying a bucket through this process would double the backup's time and size.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createStorage, isSafeKey } from '../storage';
import type { Config, S3Config } from '../config';
import type { PicturesPlace } from './format';

export interface PictureFile {
  key: string;
  /** The bytes, or null when the file went away since it was listed (a picture deleted meanwhile). */
  read(): Promise<Buffer | null>;
}

export interface PicturesStep {
  /** What the backup records about where the pictures are. */
  place: PicturesPlace;
  /** The pictures to copy into a backup: none for a bucket. */
  list(): AsyncIterable<PictureFile>;
  /** Puts one picture of a backup back; answers false when the same bytes were already there. */
  restore(key: string, data: Buffer): Promise<boolean>;
}

/** The step for the shop's configured storage: the uploads folder, or the bucket (its place, no files). */
export function picturesStep(config: Pick<Config, 'uploadsDir' | 's3'>): PicturesStep {
  return config.s3 ? bucketPictures(config.s3) : folderPictures(config.uploadsDir);
}

/**
 * A bucket: the backup names it and copies nothing. A restore of a backup that holds pictures (taken from a
 * shop on a folder) puts them into the bucket.
 */
export function bucketPictures(s3: S3Config): PicturesStep {
  const storage = createStorage({ uploadsDir: '', s3 });
  return {
    place: { kind: 's3', bucket: s3.bucket, endpoint: s3.endpoint },
    // eslint-disable-next-line require-yield -- a bucket gives no files to copy
    list: async function* () {
      return;
    },
    async restore(key, data) {
      if (!isSafeKey(key)) throw new Error(`Unsafe picture name: ${key}`);
      const there = await storage.read(key).catch(() => null);
      if (there?.equals(data)) return false;
      await storage.put(key, data);
      return true;
    },
  };
}

/**
 * The uploads folder: every file under it except hidden ones — the WebP variants in .variants/ are made
 * again on their first request (web/images.ts) — and half-written ones (*.tmp, renamed when complete).
 */
export function folderPictures(uploadsDir: string): PicturesStep {
  const root = resolve(uploadsDir);
  const storage = createStorage({ uploadsDir: root, s3: null });
  async function* walk(dir: string, prefix: string): AsyncGenerator<PictureFile> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [];
      throw e;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = prefix + entry.name;
      if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
      if (entry.isDirectory()) yield* walk(join(dir, entry.name), `${key}/`);
      else if (entry.isFile() && isSafeKey(key))
        yield {
          key,
          read: () =>
            readFile(join(dir, entry.name)).catch((e: NodeJS.ErrnoException) => {
              if (e.code === 'ENOENT') return null;
              throw e;
            }),
        };
    }
  }
  return {
    place: { kind: 'folder' },
    list: () => walk(root, ''),
    async restore(key, data) {
      if (!isSafeKey(key)) throw new Error(`Unsafe picture name: ${key}`);
      const there = await readFile(join(root, key)).catch(() => null);
      if (there?.equals(data)) return false;
      await storage.put(key, data); // checks the key, writes aside and renames
      return true;
    },
  };
}
