// Where uploaded files live: the local folder UPLOADS_DIR, or an S3-compatible bucket when the S3_* variables
// are set. Everything that reads or writes uploads (the upload endpoint, /uploads/, /img and its variants,
// the demo pictures, the copy command) talks to this interface only.
import type { Config } from '../config';
import { localDiskStorage } from './local-disk';
import { s3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage, StoredFile, StoredInfo } from './types';
export { EXCHANGE_PREFIX, isSafeKey, isStorageKey, pictureType, VARIANTS_PREFIX } from './keys';
export { localDiskStorage } from './local-disk';

/** The shop's storage, served at /uploads/ either way. */
export function createStorage(config: Pick<Config, 'uploadsDir' | 's3'>): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(config.uploadsDir);
}
