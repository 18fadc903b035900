// "The shop's public data changed": what the guest page cache (web/page-cache.ts) and the in-memory copies
// of public data listen to. The signal comes from the database itself: a statement trigger on every table
// a guest page shows (x-entity.storefront, schemas/README.md) NOTIFYs when a statement changes it, so no
// write path can forget it (the admin API, CSV import, an order taking stock, a hand-written UPDATE), and
// PostgreSQL hands the notification to every instance once the transaction commits (none for a rollback).
import { getTableName } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ResourceDef } from '../crud/types';
import { POOLED_CHANNELS, type Database } from '../db';
import { compress, preferredEncoding, type Encoding } from './page-cache';

/** Pooled connections LISTEN to it too (db/index.ts), so a write's own process hears it before it returns. */
export const PUBLIC_DATA_CHANNEL = POOLED_CHANNELS[0]!;
const TRIGGER = 'shop_public_data_changed';
/** Another key than the migrations' lock: instances starting together install the triggers one at a time. */
const TRIGGER_LOCK = 7_310_002;

/** The tables shown to guests: every entity's and its child tables, unless the entity says storefront: false. */
export function publicTables(resources: ResourceDef[]): { shown: string[]; hidden: string[] } {
  const tablesOf = (r: ResourceDef) => [r.tableName, ...r.children.map((c) => getTableName(c.table))];
  return {
    shown: resources.filter((r) => r.storefront !== false).flatMap(tablesOf),
    hidden: resources.filter((r) => r.storefront === false).flatMap(tablesOf),
  };
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const ifTableExists = (table: string, statement: string) =>
  `DO $$ BEGIN IF to_regclass(${literal(ident(table))}) IS NOT NULL THEN EXECUTE ${literal(statement)}; END IF; END $$;`;

/**
 * Puts the trigger on every shown table and takes it off the hidden ones. Runs at every start, after the
 * migrations: the set follows the schemas without a migration of its own. The payload names the table.
 */
export async function installPublicDataTriggers(
  database: Database,
  tables: { shown: string[]; hidden: string[] },
): Promise<void> {
  const script = [
    `CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${PUBLIC_DATA_CHANNEL}', TG_TABLE_NAME);
  RETURN NULL;
END $$;`,
    // A table a test's own resources name may not exist: skipped rather than failing the start.
    ...tables.shown.map((table) =>
      ifTableExists(
        table,
        `CREATE OR REPLACE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${ident(table)} ` +
          `FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}()`,
      ),
    ),
    ...tables.hidden.map((table) =>
      ifTableExists(table, `DROP TRIGGER IF EXISTS ${TRIGGER} ON ${ident(table)}`),
    ),
  ].join('\n');
  await database.withLock(TRIGGER_LOCK, () => database.exec(`BEGIN;\n${script}\nCOMMIT;`));
}

/** Table name of the change, or null when changes may have been missed (the listening connection was lost). */
export type PublicDataListener = (table: string | null) => void;

export interface PublicData {
  /** Calls listener on every change; returns the unsubscribe. */
  onChange(listener: PublicDataListener): () => void;
  /** Tells this instance's listeners at once (the other instances learn it from the trigger). */
  changed(table: string | null): void;
  stop(): Promise<void>;
}

/** Installs the triggers and listens: every instance's listeners hear every committed change. */
export async function watchPublicData(database: Database, resources: ResourceDef[]): Promise<PublicData> {
  await installPublicDataTriggers(database, publicTables(resources));
  const listeners = new Set<PublicDataListener>();
  const changed = (table: string | null) => {
    for (const listener of listeners) listener(table);
  };
  const unlisten = await database.listen(PUBLIC_DATA_CHANNEL, changed);
  return {
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed,
    stop: unlisten,
  };
}

/**
 * A read of public data kept in memory until that data changes (on any instance, by any write path) or
 * grows older than `maxAgeMs` (what depends on the clock: a promotion's dates): what every page asks and
 * rarely changes (the settings, a product's card for guests). A read begun before a change is handed to
 * its callers but not kept; a failed read is not kept either. At most `maxEntries` keys, oldest out first.
 * With `tables`, only a change of one of them (or a possibly missed change) forgets it: a read of the
 * settings need not be forgotten each time an order takes stock.
 */
export function keptUntilChange<T>(
  publicData: PublicData,
  read: (key: string) => Promise<T>,
  {
    maxEntries = 1,
    maxAgeMs = 60_000,
    tables,
  }: { maxEntries?: number; maxAgeMs?: number; tables?: readonly string[] } = {},
): (key?: string) => Promise<T> {
  const kept = new Map<string, { reading: Promise<T>; at: number }>();
  // A change clears the map, so a read begun before it is never found there afterwards.
  publicData.onChange((table) => {
    if (!tables || table === null || tables.includes(table)) kept.clear();
  });
  return (key = '') => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at <= maxAgeMs) return hit.reading;
    const reading = read(key);
    kept.delete(key);
    kept.set(key, { reading, at: now });
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
    reading.catch(() => {
      if (kept.get(key)?.reading === reading) kept.delete(key);
    });
    return reading;
  };
}

const keptAnswers = new WeakMap<object, Map<Encoding, Buffer>>();

/**
 * Sends an answer made of a kept value (the same object while it is kept): serialised by this route's
 * response schema and compressed once per encoding, then sent as bytes for as long as the value is kept.
 * Per-request compression of a 2 kB JSON costs more than everything else such a request does.
 */
export function sendKept(reply: FastifyReply, kept: object, payload: unknown): FastifyReply {
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  let byEncoding = keptAnswers.get(kept);
  if (!byEncoding) keptAnswers.set(kept, (byEncoding = new Map<Encoding, Buffer>()));
  let body = byEncoding.get(encoding);
  if (!body) {
    const json = Buffer.from(reply.serialize(payload) as string);
    body = encoding === 'identity' ? json : compress(json, encoding);
    byEncoding.set(encoding, body);
  }
  reply.header('Content-Type', 'application/json; charset=utf-8');
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(body);
}
