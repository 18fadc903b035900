// The gzip'd tar around a backup's entries (format.ts): written as a stream, read entry by entry. Damage
// of any kind (not gzip, cut short, a broken tar header) comes out as BadBackup with a plain reason.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BadBackup } from './format';

export interface ArchiveWriter {
  /** Adds one entry; resolves once the archive took it (the writer keeps up with the output). */
  add(name: string, data: Buffer): Promise<void>;
  /** Ends the archive and waits until all of it is written out. */
  finish(): Promise<void>;
  /** Stops with an error: the output is left incomplete, and a reader refuses it. */
  abort(error: Error): void;
}

export function writeArchive(out: Writable): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  // Seen by finish(); kept from being an unhandled rejection when the writer aborts before finishing.
  written.catch(() => undefined);
  const mtime = new Date();
  return {
    add: (name, data) =>
      new Promise((done, fail) =>
        pack.entry({ name, size: data.length, mtime, mode: 0o644 }, data, (e) => (e ? fail(e) : done())),
      ),
    async finish() {
      pack.finalize();
      await written;
    },
    abort(error) {
      pack.destroy(error);
    },
  };
}

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

/** The entries of a backup file in order, each read whole (a batch of rows or one picture). */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  let failure: unknown = null;
  read.catch((e: unknown) => (failure ??= e));
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type !== 'file') throw new BadBackup(`unexpected entry ${entry.header.name}`);
      yield { name: entry.header.name, data: Buffer.concat(chunks) };
    }
    await read;
  } catch (e) {
    throw asBadBackup(failure ?? e);
  } finally {
    extract.destroy();
  }
}

function asBadBackup(e: unknown): Error {
  if (e instanceof BadBackup) return e;
  const error = e as NodeJS.ErrnoException;
  if (error.code === 'ENOENT' || error.code === 'EACCES' || error.code === 'EISDIR') return error;
  if (error.code === 'Z_DATA_ERROR') return new BadBackup(`not a gzip file (${error.message})`);
  if (error.code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message ?? ''))
    return new BadBackup('the file is cut short (truncated): it was not written or copied to the end');
  return new BadBackup(`damaged: ${error.message}`);
}
