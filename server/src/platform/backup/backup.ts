// Taking a backup: every table of the shop's schema read in ONE transaction (REPEATABLE READ READ ONLY: one
// snapshot, so an order and its lines, a product and its stock, are as they were at one instant however
// long the reading takes and whatever the shop writes meanwhile), then the pictures. Rows leave as
// PostgreSQL's own row_to_json text and are never parsed here, so no value (numeric, timestamptz, bytea,
// tsvector, arrays) passes through a JavaScript type on the way. Works the same on PGlite and PostgreSQL
// (drizzle's transaction over either driver), which is what lets a backup of one restore into the other.
//
// The pictures are read after the snapshot: every picture a row of the snapshot names was already stored
// (uploads are written before the row that names them), so the restored shop has all of them; pictures
// uploaded meanwhile come along unnamed and do no harm.
import { sql } from 'drizzle-orm';
import type { Writable } from 'node:stream';
import { selectRows, type Database, type DbOrTx, type Tx } from '../db';
import { writeArchive } from './archive';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  PICTURES_END_ENTRY,
  PICTURES_PREFIX,
  TABLES_PREFIX,
  type BackupManifest,
  type BackupTable,
  type PicturesIncluded,
  type SequenceDefinition,
} from './format';
import type { PicturesStep } from './pictures';

/** Rows per FETCH and per archive entry. */
const BATCH_ROWS = 1000;

export interface BackupSummary {
  manifest: BackupManifest;
  pictures: PicturesIncluded;
  /** How long the database's snapshot was held (on PGlite the shop's queries wait meanwhile). */
  snapshotMs: number;
}

/** The tables and sequences of the shop's schema, without objects of extensions (pg_trgm). */
const NOT_FROM_EXTENSION = sql`NOT EXISTS (SELECT 1 FROM pg_depend d
  WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

/** Every table of the schema public except the migrations' own record, with the columns a restore fills. */
export async function shopTables(tx: DbOrTx): Promise<Omit<BackupTable, 'rows'>[]> {
  const rows = await selectRows<{ name: string; columns: string }>(
    tx,
    sql`SELECT c.relname AS name,
        array_to_json(ARRAY(SELECT a.attname::text FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum))::text AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_migrations' AND ${NOT_FROM_EXTENSION}
      ORDER BY c.relname`,
  );
  return rows.map((r) => ({ name: r.name, columns: JSON.parse(r.columns) as string[] }));
}

/** The sequences of the schema (the tables' ids, and those the shop makes itself: a year's order numbers). */
export async function shopSequences(tx: DbOrTx): Promise<SequenceDefinition[]> {
  return selectRows<SequenceDefinition>(
    tx,
    sql`SELECT c.relname AS name, format_type(s.seqtypid, NULL) AS type, s.seqstart::text AS start,
        s.seqincrement::text AS increment, s.seqmin::text AS min, s.seqmax::text AS max, s.seqcycle AS cycle
      FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND ${NOT_FROM_EXTENSION} ORDER BY c.relname`,
  );
}

/** Writes a whole backup of the database and the pictures to `out` (a file, or an HTTP answer). */
export async function writeBackup(
  source: { database: Database; pictures: PicturesStep },
  out: Writable,
): Promise<BackupSummary> {
  const archive = writeArchive(out);
  try {
    const started = performance.now();
    const manifest = await source.database.db.transaction(
      async (tx) => {
        const manifest = await describe(tx, source);
        await archive.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
        for (const table of manifest.tables)
          await copyRows(tx, table.name, (name, data) => archive.add(name, data));
        return manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const snapshotMs = performance.now() - started;
    const pictures: PicturesIncluded = { files: 0, bytes: 0 };
    for await (const picture of source.pictures.list()) {
      const data = await picture.read();
      if (!data) continue;
      await archive.add(PICTURES_PREFIX + picture.key, data);
      pictures.files++;
      pictures.bytes += data.length;
    }
    await archive.add(PICTURES_END_ENTRY, Buffer.from(JSON.stringify(pictures)));
    await archive.finish();
    return { manifest, pictures, snapshotMs };
  } catch (e) {
    archive.abort(e as Error);
    throw e;
  }
}

async function describe(
  tx: Tx,
  source: { database: Database; pictures: PicturesStep },
): Promise<BackupManifest> {
  const [version] = await selectRows<{ server_version: string }>(tx, sql`SHOW server_version`);
  const migrations = await selectRows<{ name: string }>(tx, sql`SELECT name FROM _migrations ORDER BY name`);
  const tables: BackupTable[] = [];
  for (const table of await shopTables(tx)) {
    const [count] = await selectRows<{ n: string }>(
      tx,
      sql`SELECT count(*)::text AS n FROM ${sql.identifier(table.name)}`,
    );
    tables.push({ ...table, rows: Number(count!.n) });
  }
  const sequences: BackupManifest['sequences'] = [];
  for (const sequence of await shopSequences(tx)) {
    const [state] = await selectRows<{ last_value: string; is_called: boolean }>(
      tx,
      sql`SELECT last_value::text AS last_value, is_called FROM ${sql.identifier(sequence.name)}`,
    );
    sequences.push({ ...sequence, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: source.database.kind,
    serverVersion: version!.server_version,
    migrations: migrations.map((m) => m.name),
    tables,
    sequences,
    pictures: source.pictures.place,
  };
}

/** A table's rows through a cursor of the snapshot, a batch per archive entry. */
async function copyRows(tx: Tx, table: string, add: (name: string, data: Buffer) => Promise<void>) {
  await tx.execute(
    sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t`,
  );
  for (let batch = 1; ; batch++) {
    const rows = await selectRows<{ row: string }>(tx, sql.raw(`FETCH ${BATCH_ROWS} FROM backup_rows`));
    if (!rows.length) break;
    const name = `${TABLES_PREFIX}${table}/${String(batch).padStart(6, '0')}.ndjson`;
    await add(name, Buffer.from(rows.map((r) => oneLine(r.row)).join('\n') + '\n'));
    if (rows.length < BATCH_ROWS) break;
  }
  await tx.execute(sql`CLOSE backup_rows`);
}

/**
 * A row on one line. JSON strings never hold a raw line break (row_to_json escapes them), so one can only be
 * whitespace inside a value of a json column: a space there is the same JSON.
 */
function oneLine(row: string): string {
  return /[\r\n]/.test(row) ? row.replace(/[\r\n]/g, ' ') : row;
}
