// What a store of uploaded files must do (storage/index.ts picks one: the local disk or an S3 bucket).
// Keys are relative paths ("2026/11/3f2a….jpg"; the /img variants under ".variants/", keys.ts).
import type { Readable } from 'node:stream';

/** What /uploads/ and /img answer a browser's revalidation with. */
export interface StoredInfo {
  size: number;
  modified: Date;
  /** Quoted, as the ETag header carries it. */
  etag: string;
}

export interface StoredFile extends StoredInfo {
  body: Readable;
}

export interface FileStorage {
  /** Stores the bytes under a key and answers the file's public address. Never leaves half a file. */
  put(key: string, data: Buffer, contentType?: string): Promise<string>;
  /** Removes a stored file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public address of a key ("/uploads/2026/11/3f2a….jpg"). */
  url(key: string): string;
  /** The file's size, time and tag; null when there is none. */
  head(key: string): Promise<StoredInfo | null>;
  /** The whole file (a picture sharp reads); null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size, time and tag (to send); null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Every stored file under a prefix ("demo/", "" for all), with its size, in no particular order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}
