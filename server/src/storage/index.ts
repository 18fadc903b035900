// Where uploaded files live. The media endpoints talk to this interface only, so an S3-compatible store can
// replace the local disk later without touching them (its url() would then name the bucket's address).
import { resolve } from 'node:path';
import { localDiskStorage } from './local-disk';

export interface FileStorage {
  /** Stores the bytes under a key such as "2026/11/3f2a….jpg" and answers the file's public address. */
  put(key: string, data: Buffer): Promise<string>;
  /** Removes a stored file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public address of a key ("/uploads/2026/11/3f2a….jpg"). */
  url(key: string): string;
}

export { isSafeKey, localDiskStorage } from './local-disk';

/** The shop's storage: the local folder UPLOADS_DIR, served at /uploads/. */
export function createStorage(config: { uploadsDir: string }): FileStorage {
  return localDiskStorage(resolve(config.uploadsDir), '/uploads/');
}
