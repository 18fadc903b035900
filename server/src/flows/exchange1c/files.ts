// The files of an exchange: what 1C sends with mode=file, kept in the storage's private folder
// `.exchange1c/<run>/` (never served at /uploads/) as the parts they came in, one key per part, so that the
// local disk and an S3 bucket work alike and several instances see the same files. A part sent again (the
// same bytes right after themselves: 1C retrying a request whose answer it lost) is not appended twice.
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { exchange1cFiles } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { EXCHANGE_PREFIX, type FileStorage } from '../../platform/storage';
import { PackageError } from './commerceml';

/** Extensions never accepted, whatever else is: a script or page put on the server is never stored. */
const REFUSED =
  /\.(php\d?|phtml|phar|pl|py|cgi|sh|bash|exe|bat|cmd|com|js|mjs|cjs|html?|xhtml|shtml|svg|asp|aspx|jsp|htaccess)$/i;

/**
 * A file name as 1C sends it, made safe: Linux-hosted 1C prefixes `/tmp/…` or the Bitrix folder
 * `upload/1c/webdata`, Windows uses `\`. Null for a name that climbs out of the exchange's folder, is hidden,
 * or is a script.
 */
export function cleanFileName(raw: string): string | null {
  let name = raw.replace(/\\/g, '/').trim();
  name = name.replace(/^\/?tmp\//, '').replace(/^\/+/, '');
  name = name.replace(/^(?:.*\/)?upload\/1c\/webdata\//, '');
  if (!name || name.length > 250 || name.includes('\0')) return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.startsWith('.'))) return null;
  if (REFUSED.test(name)) return null;
  return name;
}

const keyOf = (runId: number, name: string, part: number) => `${EXCHANGE_PREFIX}${runId}/${name}.${part}`;

/** Appends a part to a file of the run; answers whether it was appended (false: the same part again). */
export async function appendPart(
  db: DbOrTx,
  storage: FileStorage,
  runId: number,
  name: string,
  data: Buffer,
  fromArchive: string | null = null,
): Promise<{ appended: boolean; size: number }> {
  const hash = createHash('sha256').update(data).digest('hex');
  const [file] = await db
    .select()
    .from(exchange1cFiles)
    .where(and(eq(exchange1cFiles.runId, runId), eq(exchange1cFiles.name, name)));
  if (file && file.chunks > 0 && file.lastChunkHash === hash) return { appended: false, size: file.size };
  const part = (file?.chunks ?? 0) + 1;
  await storage.put(keyOf(runId, name, part), data, 'application/octet-stream');
  const size = (file?.size ?? 0) + data.length;
  if (file)
    await db
      .update(exchange1cFiles)
      .set({
        chunks: part,
        size,
        lastChunkHash: hash,
        status: 'received',
        message: null,
        updatedAt: new Date(),
      })
      .where(eq(exchange1cFiles.id, file.id));
  else
    await db
      .insert(exchange1cFiles)
      .values({ runId, name, chunks: 1, size, lastChunkHash: hash, fromArchive });
  return { appended: true, size };
}

export type RunFile = typeof exchange1cFiles.$inferSelect;

/** A file's outcome in the log: loaded, or failed and why. */
export async function markFile(
  db: DbOrTx,
  runId: number,
  name: string,
  status: 'imported' | 'failed',
  message: string,
): Promise<void> {
  await db
    .update(exchange1cFiles)
    .set({ status, message: message.slice(0, 2000), updatedAt: new Date() })
    .where(and(eq(exchange1cFiles.runId, runId), eq(exchange1cFiles.name, name)));
}

export async function filesOf(db: DbOrTx, runId: number): Promise<RunFile[]> {
  return db
    .select()
    .from(exchange1cFiles)
    .where(eq(exchange1cFiles.runId, runId))
    .orderBy(asc(exchange1cFiles.id));
}

/** A file's parts in order, as they are read. */
export async function* partsOf(storage: FileStorage, file: RunFile): AsyncGenerator<Uint8Array> {
  for (let part = 1; part <= file.chunks; part++) {
    const data = await storage.read(keyOf(file.runId, file.name, part));
    if (!data) throw new PackageError(`Часть ${part} файла ${file.name} не найдена: начните обмен заново`);
    // Fed to the parser in slices, so that one large part does not make one large batch of elements.
    for (let at = 0; at < data.length; at += 256 * 1024) yield data.subarray(at, at + 256 * 1024);
  }
}

export async function wholeFile(storage: FileStorage, file: RunFile): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of partsOf(storage, file)) parts.push(p);
  return Buffer.concat(parts);
}

/** Removes every file of a run from the storage (their rows stay in the log, marked purged by the caller). */
export async function dropFiles(storage: FileStorage, runId: number): Promise<void> {
  const keys: string[] = [];
  for await (const f of storage.list(`${EXCHANGE_PREFIX}${runId}/`)) keys.push(f.key);
  for (const key of keys) await storage.delete(key);
}

/** The largest archive unpacked at once (it is held in memory); 1C's are a few megabytes to a few hundred. */
const MAX_ARCHIVE = 512 * 1024 * 1024;

/**
 * Unpacks an archive into files of the same run (their own rows, `fromArchive` naming it). A broken archive,
 * or one holding a name that climbs out or a script, is refused whole.
 */
export async function unpack(db: DbOrTx, storage: FileStorage, archive: RunFile): Promise<string[]> {
  if (archive.size > MAX_ARCHIVE)
    throw new PackageError(`Архив ${archive.name} больше 512 МБ: уменьшите file_limit выгрузки`);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(await wholeFile(storage, archive));
  } catch {
    throw new PackageError(`Архив ${archive.name} повреждён или это не ZIP`);
  }
  const names: [string, Uint8Array][] = [];
  for (const [raw, data] of Object.entries(entries)) {
    if (raw.endsWith('/')) continue;
    const name = cleanFileName(raw);
    if (!name) throw new PackageError(`В архиве ${archive.name} недопустимое имя файла «${raw}»`);
    names.push([name, data]);
  }
  for (const [name, data] of names) {
    // A file of the same name from an earlier archive of this run is replaced, not appended to.
    await db
      .delete(exchange1cFiles)
      .where(and(eq(exchange1cFiles.runId, archive.runId), eq(exchange1cFiles.name, name)));
    await appendPart(db, storage, archive.runId, name, Buffer.from(data), archive.name);
  }
  return names.map(([n]) => n);
}
