// What a store of uploaded files must do (storage/index.ts picks one).

export interface FileStorage {
  /** Stores the bytes under a key such as "2026/11/3f2a….jpg" and answers the file's public address. */
  put(key: string, data: Buffer): Promise<string>;
  /** Removes a stored file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public address of a key ("/uploads/2026/11/3f2a….jpg"). */
  url(key: string): string;
}
