// Where uploaded files live. The media endpoints talk to this interface only, so an S3-compatible store can
// replace the local disk later without touching them (its url() would then name the bucket's address).
import { resolve } from 'node:path';
import { localDiskStorage } from './local-disk';
import type { FileStorage } from './types';

export type { FileStorage } from './types';
export { isSafeKey, localDiskStorage } from './local-disk';

/** The shop's storage: the local folder UPLOADS_DIR, served at /uploads/. */
export function createStorage(config: { uploadsDir: string }): FileStorage {
  return localDiskStorage(resolve(config.uploadsDir), '/uploads/');
}
