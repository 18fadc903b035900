// Restoring a backup into an empty database (or, with force, one whose tables are dropped first):
//   1. the whole file is read and checked (format, every count, the end marker) before anything changes;
//   2. the migrations bring the database to the backup's level, exactly (the next start applies newer ones);
//   3. in ONE transaction: the foreign keys are dropped and the tables' own triggers switched off (the rows
//      come as they were, derived tables included), every table is emptied of what the migrations put there
//      and filled from the file, the sequences are set, and the foreign keys are added again — which checks
//      every row against them — so a restore commits whole and consistent, or not at all;
//   4. the pictures are put back during that same pass, before the commit.
// Nothing here knows which database it talks to: a PGlite backup restores into PostgreSQL and the reverse.
import { sql } from 'drizzle-orm';
import { selectRows, type Database, type Tx } from '../db';
import { migrate, migrationFiles } from '../db/migrate';
import { isSafeKey } from '../storage';
import { readArchive } from './archive';
import { shopSequences, shopTables } from './backup';
import {
  BadBackup,
  IDENTIFIER,
  MANIFEST_ENTRY,
  PICTURES_END_ENTRY,
  PICTURES_PREFIX,
  TABLES_PREFIX,
  parseManifest,
  type BackupManifest,
  type PicturesIncluded,
} from './format';
import type { PicturesStep } from './pictures';

const TABLE_ENTRY = new RegExp(`^${TABLES_PREFIX}([A-Za-z_][A-Za-z0-9_]*)/\\d{6}\\.ndjson$`);

export interface VerifiedBackup {
  manifest: BackupManifest;
  pictures: PicturesIncluded;
}

/** Reads the whole file and checks it; throws BadBackup saying what is wrong. Changes nothing. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  let manifest: BackupManifest | null = null;
  let pictures: PicturesIncluded | null = null;
  const rows = new Map<string, number>();
  const seen = { files: 0, bytes: 0 };
  for await (const entry of readArchive(file)) {
    if (!manifest) {
      if (entry.name !== MANIFEST_ENTRY)
        throw new BadBackup(`not a backup of this shop (no ${MANIFEST_ENTRY})`);
      manifest = parseManifest(entry.data.toString('utf8'));
      for (const t of manifest.tables) rows.set(t.name, 0);
      continue;
    }
    if (pictures) throw new BadBackup(`an entry after ${PICTURES_END_ENTRY}: ${entry.name}`);
    const table = TABLE_ENTRY.exec(entry.name)?.[1];
    if (table !== undefined) {
      const count = rows.get(table);
      if (count === undefined) throw new BadBackup(`rows of a table the manifest does not list: ${table}`);
      rows.set(table, count + countRows(entry.data, entry.name));
    } else if (entry.name.startsWith(PICTURES_PREFIX)) {
      if (!isSafeKey(entry.name.slice(PICTURES_PREFIX.length)))
        throw new BadBackup(`a picture with an unsafe name: ${entry.name}`);
      seen.files++;
      seen.bytes += entry.data.length;
    } else if (entry.name === PICTURES_END_ENTRY) {
      pictures = parsePicturesEnd(entry.data);
    } else throw new BadBackup(`unexpected entry ${entry.name}`);
  }
  if (!manifest) throw new BadBackup('empty archive');
  if (!pictures)
    throw new BadBackup(`the file is cut short (truncated): no ${PICTURES_END_ENTRY} at its end`);
  for (const t of manifest.tables)
    if (rows.get(t.name) !== t.rows)
      throw new BadBackup(`table ${t.name}: ${rows.get(t.name)} rows in the file, ${t.rows} in the manifest`);
  if (seen.files !== pictures.files || seen.bytes !== pictures.bytes)
    throw new BadBackup(`pictures: ${seen.files} files in the file, ${pictures.files} listed at its end`);
  return { manifest, pictures };
}

/** Rows of one batch; each must be a JSON object (PostgreSQL checks the values themselves on restore). */
function countRows(data: Buffer, entry: string): number {
  const text = data.toString('utf8');
  if (!text.endsWith('\n')) throw new BadBackup(`${entry}: the last row is cut short`);
  const lines = text.slice(0, -1).split('\n');
  for (const line of lines) {
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BadBackup(`${entry}: a row is not JSON`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      throw new BadBackup(`${entry}: a row is not an object`);
  }
  return lines.length;
}

function parsePicturesEnd(data: Buffer): PicturesIncluded {
  try {
    const p = JSON.parse(data.toString('utf8')) as PicturesIncluded;
    if (Number.isInteger(p.files) && Number.isInteger(p.bytes)) return p;
  } catch {
    // refused below
  }
  throw new BadBackup(`${PICTURES_END_ENTRY} is damaged`);
}

/** Thrown when the database holds a shop's data and force was not given. */
export class DatabaseNotEmpty extends Error {
  constructor(readonly tablesWithRows: string[]) {
    super(
      `the database is not empty: it has rows in ${tablesWithRows.slice(0, 5).join(', ')}` +
        (tablesWithRows.length > 5 ? ` and ${tablesWithRows.length - 5} more tables` : ''),
    );
    this.name = 'DatabaseNotEmpty';
  }
}

export interface DatabaseState {
  /** Tables, views and sequences of the schema public that no extension brought. */
  objects: number;
  /** The shop's tables holding at least one row: none for an empty database. */
  tablesWithRows: string[];
  /** The migrations it has applied (none without the _migrations table). */
  migrations: string[];
}

/**
 * What the target holds. Empty means no row in any of the shop's tables: a new database, or one that was
 * only migrated (the migrations add no rows), whose schema a restore may keep or drop without loss.
 */
export async function databaseState(database: Database): Promise<DatabaseState> {
  const { db } = database;
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`,
  );
  const tablesWithRows: string[] = [];
  for (const t of await shopTables(db)) {
    const [has] = await selectRows<{ any: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(t.name)}) AS any`,
    );
    if (has!.any) tablesWithRows.push(t.name);
  }
  // The tables an owner recognises first, in the refusal's message.
  const first = ['orders', 'users', 'products'];
  const rank = (t: string) => (first.includes(t) ? first.indexOf(t) : first.length);
  tablesWithRows.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const [migrationsTable] = await selectRows<{ name: string | null }>(
    db,
    sql`SELECT to_regclass('public._migrations')::text AS name`,
  );
  const migrations = migrationsTable!.name
    ? (await selectRows<{ name: string }>(db, sql`SELECT name FROM _migrations ORDER BY name`)).map(
        (m) => m.name,
      )
    : [];
  return { objects: row!.n, tablesWithRows, migrations };
}

/**
 * What force does: drops every table, view, sequence and function of the schema public that no extension
 * brought — the whole shop's data — in one transaction. Extensions (pg_trgm) and the schema stay.
 */
export async function dropShopSchema(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    const relations = await selectRows<{ kind: string; name: string }>(
      tx,
      sql`SELECT c.relkind::text AS kind, c.relname AS name FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND NOT EXISTS (SELECT 1 FROM pg_depend d
            WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
        ORDER BY c.relkind = 'S', c.relname`,
    );
    // Tables first: their CASCADE takes their views and identity sequences (which cannot go on their own).
    const kinds: Record<string, string> = { v: 'VIEW', m: 'MATERIALIZED VIEW', S: 'SEQUENCE' };
    for (const r of relations)
      await tx.execute(
        sql`DROP ${sql.raw(kinds[r.kind] ?? 'TABLE')} IF EXISTS ${sql.identifier(r.name)} CASCADE`,
      );
    const routines = await selectRows<{ signature: string }>(
      tx,
      sql`SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
          AND NOT EXISTS (SELECT 1 FROM pg_depend d
            WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
    );
    for (const r of routines) await tx.execute(sql.raw(`DROP ROUTINE IF EXISTS ${r.signature} CASCADE`));
  });
}

export interface RestoreOptions {
  migrationsDir: string;
  /** Drop the tables of a database that is not empty (dropShopSchema) instead of refusing. */
  force?: boolean;
  /** The file's check, when the caller already made it (verifyBackup). */
  verified?: VerifiedBackup;
}

export interface RestoreSummary extends VerifiedBackup {
  /** Pictures written (the others were already there, the same bytes). */
  picturesWritten: number;
  /** Migrations applied to reach the backup's level. */
  migrated: string[];
  /** Tables that had to be dropped first (force). */
  dropped: number;
}

export async function restoreBackup(
  file: string,
  target: { database: Database; pictures: PicturesStep },
  opts: RestoreOptions,
): Promise<RestoreSummary> {
  const { database } = target;
  const state = await databaseState(database);
  if (state.tablesWithRows.length && !opts.force) throw new DatabaseNotEmpty(state.tablesWithRows);
  const verified = opts.verified ?? (await verifyBackup(file));
  const { manifest } = verified;
  const level = migrationLevel(manifest, migrationFiles(opts.migrationsDir));
  // A schema without rows is kept when the backup's migrations continue it; otherwise (migrated further
  // than the backup) it is dropped, which loses nothing. A schema with rows goes only with force.
  const continues = state.migrations.every((m, i) => manifest.migrations[i] === m);
  const dropped = state.objects && (state.tablesWithRows.length || !continues) ? state.objects : 0;
  if (dropped) await dropShopSchema(database);
  const migrated = await migrate(database, opts.migrationsDir, { upTo: level });
  let picturesWritten = 0;
  await database.db.transaction(async (tx) => {
    const undo = await prepareTables(tx, manifest);
    const columns = new Map(manifest.tables.map((t) => [t.name, t.columns]));
    for await (const entry of readArchive(file)) {
      const table = TABLE_ENTRY.exec(entry.name)?.[1];
      if (table !== undefined) await insertRows(tx, table, columns.get(table)!, entry.data);
      else if (entry.name.startsWith(PICTURES_PREFIX)) {
        if (await target.pictures.restore(entry.name.slice(PICTURES_PREFIX.length), entry.data))
          picturesWritten++;
      }
    }
    for (const s of manifest.sequences)
      await tx.execute(
        sql`SELECT setval(${quoteIdent(s.name)}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`,
      );
    await undo();
  });
  return { ...verified, picturesWritten, migrated, dropped };
}

/** The backup's last migration, once this version of the shop is known to have applied the same ones. */
function migrationLevel(manifest: BackupManifest, known: string[]): string {
  const last = manifest.migrations.at(-1);
  if (!last) throw new BadBackup('the manifest lists no migration');
  const ours = known.slice(0, manifest.migrations.length);
  const unknown = manifest.migrations.filter((m, i) => ours[i] !== m);
  if (unknown.length)
    throw new BadBackup(
      `made by another version of the shop: its migrations ${unknown.slice(0, 3).join(', ')} are not this ` +
        "version's; restore it with the version that made it (or a newer one)",
    );
  return last;
}

/**
 * Makes the migrated tables ready to take the rows: the same tables and columns as the backup's (else it
 * stops), foreign keys dropped, the tables' own triggers off, emptied. Answers what puts them back.
 */
async function prepareTables(tx: Tx, manifest: BackupManifest): Promise<() => Promise<void>> {
  const here = await shopTables(tx);
  const theirs = manifest.tables.map((t) => `${t.name}(${t.columns.join(',')})`).sort();
  const ours = here.map((t) => `${t.name}(${t.columns.join(',')})`).sort();
  const differ = theirs.filter((t) => !ours.includes(t)).concat(ours.filter((t) => !theirs.includes(t)));
  if (differ.length)
    throw new Error(
      `the migrated database's tables differ from the backup's: ${differ.slice(0, 3).join('; ')}`,
    );
  // The sequences the shop made at run time (a year's order numbers), as they were defined.
  const sequences = new Set((await shopSequences(tx)).map((s) => s.name));
  for (const s of manifest.sequences.filter((s) => !sequences.has(s.name)))
    await tx.execute(
      sql.raw(
        `CREATE SEQUENCE ${quoteIdent(s.name)} AS ${s.type} INCREMENT BY ${s.increment} MINVALUE ${s.min} ` +
          `MAXVALUE ${s.max} START WITH ${s.start} ${s.cycle ? 'CYCLE' : 'NO CYCLE'}`,
      ),
    );
  const keys = await selectRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`SELECT cl.relname AS table, con.conname AS name, pg_get_constraintdef(con.oid) AS definition
      FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE con.contype = 'f' AND n.nspname = 'public'
      ORDER BY cl.relname, con.conname`,
  );
  for (const k of keys)
    await tx.execute(sql`ALTER TABLE ${sql.identifier(k.table)} DROP CONSTRAINT ${sql.identifier(k.name)}`);
  for (const t of here) await tx.execute(sql`ALTER TABLE ${sql.identifier(t.name)} DISABLE TRIGGER USER`);
  if (here.length) await tx.execute(sql.raw(`TRUNCATE ${here.map((t) => quoteIdent(t.name)).join(', ')}`));
  return async () => {
    for (const t of here) await tx.execute(sql`ALTER TABLE ${sql.identifier(t.name)} ENABLE TRIGGER USER`);
    for (const k of keys)
      await tx.execute(
        sql`ALTER TABLE ${sql.identifier(k.table)} ADD CONSTRAINT ${sql.identifier(k.name)} ${sql.raw(k.definition)}`,
      );
  };
}

/** One batch: PostgreSQL reads each value from its text form into the column's type. */
async function insertRows(tx: Tx, table: string, columns: string[], data: Buffer) {
  const lines = data.toString('utf8').slice(0, -1).split('\n');
  const list = sql.raw(columns.map(quoteIdent).join(', '));
  const name = sql.identifier(table);
  await tx.execute(
    sql`INSERT INTO ${name} (${list}) OVERRIDING SYSTEM VALUE
      SELECT ${list} FROM json_populate_recordset(NULL::${name}, ${`[${lines.join(',')}]`}::json)`,
  );
}

function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain identifier: ${name}`);
  return `"${name}"`;
}
