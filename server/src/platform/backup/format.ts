// The backup file: a gzip'd tar, so that an owner can look inside with `tar tzf` and take a picture out by
// hand. Its entries, in this order:
//   manifest.json                  what the file holds (BackupManifest), written before any row
//   tables/<table>/<n>.ndjson      the rows of a table in batches, one JSON object per line, as PostgreSQL's
//                                  row_to_json wrote them (each value in its text form: restored by
//                                  json_populate_recordset into the same column types, on either database)
//   pictures/<key>                 the uploaded pictures, byte for byte (none when they live in a bucket)
//   pictures.json                  the pictures included (PicturesIncluded): the last entry, so a file cut
//                                  short lacks it even where the cut falls between two entries
// A reader checks every count against the manifest before it changes anything (restore.ts).

export const BACKUP_FORMAT = 'lash-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const PICTURES_END_ENTRY = 'pictures.json';
export const TABLES_PREFIX = 'tables/';
export const PICTURES_PREFIX = 'pictures/';

export interface BackupTable {
  name: string;
  /** The columns a restore fills (generated ones are left out: the database computes them again). */
  columns: string[];
  rows: number;
}

/** A sequence as CREATE SEQUENCE makes it again (the ones the shop makes at run time have no migration). */
export interface SequenceDefinition {
  name: string;
  type: 'smallint' | 'integer' | 'bigint';
  start: string;
  increment: string;
  min: string;
  max: string;
  cycle: boolean;
}

/** Where the shop's pictures were: in this file, or in a bucket the file only names. */
export type PicturesPlace = { kind: 'folder' } | { kind: 's3'; bucket: string; endpoint: string | null };

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The database it was taken from: 'pglite' or 'postgres' (either restores into either). */
  database: 'pglite' | 'postgres';
  /** The server's version string (PGlite is PostgreSQL 18; the shop supports 15 and newer). */
  serverVersion: string;
  /** The migrations applied, in order: a restore brings the new database to exactly this level. */
  migrations: string[];
  tables: BackupTable[];
  /** Each sequence and its state, so that new rows after a restore get fresh ids and numbers. */
  sequences: (SequenceDefinition & { lastValue: string; isCalled: boolean })[];
  pictures: PicturesPlace;
}

export interface PicturesIncluded {
  files: number;
  bytes: number;
}

/** Thrown for a file that is not a whole backup of this shop: the message says what is wrong with it. */
export class BadBackup extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadBackup';
  }
}

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The manifest, checked field by field: a crafted file must not reach SQL with an odd table name. */
export function parseManifest(text: string): BackupManifest {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw new BadBackup(`${MANIFEST_ENTRY} is not JSON`);
  }
  if (!isObject(m) || m.format !== BACKUP_FORMAT) throw new BadBackup('not a backup of this shop');
  if (m.version !== BACKUP_FORMAT_VERSION)
    throw new BadBackup(
      `format version ${String(m.version)}; this version of the shop reads version ${BACKUP_FORMAT_VERSION}`,
    );
  const bad = (what: string) => new BadBackup(`${MANIFEST_ENTRY}: ${what}`);
  if (m.database !== 'pglite' && m.database !== 'postgres') throw bad('unknown database kind');
  if (typeof m.createdAt !== 'string' || typeof m.serverVersion !== 'string') throw bad('no date or version');
  if (!Array.isArray(m.migrations) || !m.migrations.every((x) => typeof x === 'string'))
    throw bad('no migration list');
  if (!Array.isArray(m.tables)) throw bad('no table list');
  for (const t of m.tables as unknown[]) {
    if (!isObject(t) || typeof t.name !== 'string' || !IDENTIFIER.test(t.name)) throw bad('a bad table name');
    if (!Array.isArray(t.columns) || !t.columns.every((c) => typeof c === 'string' && IDENTIFIER.test(c)))
      throw bad(`table ${t.name}: bad column names`);
    if (!Number.isInteger(t.rows) || (t.rows as number) < 0) throw bad(`table ${t.name}: bad row count`);
  }
  if (!Array.isArray(m.sequences)) throw bad('no sequence list');
  const integer = (v: unknown) => typeof v === 'string' && /^-?\d{1,19}$/.test(v);
  for (const s of m.sequences as unknown[])
    if (
      !isObject(s) ||
      typeof s.name !== 'string' ||
      !IDENTIFIER.test(s.name) ||
      !['smallint', 'integer', 'bigint'].includes(s.type as string) ||
      ![s.start, s.increment, s.min, s.max, s.lastValue].every(integer) ||
      typeof s.cycle !== 'boolean' ||
      typeof s.isCalled !== 'boolean'
    )
      throw bad('a bad sequence');
  const p = m.pictures;
  if (!isObject(p) || (p.kind !== 'folder' && !(p.kind === 's3' && typeof p.bucket === 'string')))
    throw bad('pictures: unknown place');
  return m as unknown as BackupManifest;
}
