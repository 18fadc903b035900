// One database handle for the whole server: Drizzle over PGlite (embedded, the default) or over a
// PostgreSQL pool (DATABASE_URL). Both speak the same SQL; code above this file does not know which.
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { PgliteHost } from './pglite-host';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows of a hand-written query; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /** Holds a cluster-wide lock while fn runs, so that several instances do not migrate at once. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Calls onNotify with the payload of every NOTIFY on this channel, from any instance using the database,
   * once its transaction commits. On PostgreSQL a dedicated connection listens; when it is lost, onNotify is
   * called with null (notifications may have been missed) and it reconnects. Resolves to the unsubscribe.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  /** PGlite only: writes a copy of the whole database to a file, which `pgliteCopy` opens. */
  dumpTo?(path: string): Promise<void>;
  /**
   * PGlite only: calls listener if the embedded database stops for good (its worker thread died) before
   * close(). PostgreSQL has no such end: its pool replaces lost connections.
   */
  onLost?(listener: (error: Error) => void): void;
  /** What the connections are doing now (GET /metrics reads it when scraped: no query). */
  stats(): DatabaseStats;
  /** PGlite in a folder: this process's hold on it (data-dir-lock.ts), released by close(). */
  dataDirLock?: DataDirLock;
  close(): Promise<void>;
}

export type DatabaseStats =
  | {
      kind: 'postgres';
      /** The pool's connections open now, idle ones included, and the most it opens. */
      total: number;
      idle: number;
      max: number;
      /** Queries waiting for a connection: every connection is busy. */
      waiting: number;
    }
  | {
      kind: 'pglite';
      /** Calls sent to the worker and not answered yet: the one running and those queued behind it. */
      pending: number;
      /** Transactions open now: each holds the one connection until it ends. */
      transactions: number;
    };

/**
 * PGlite's shared_buffers (PGLITE_SHARED_BUFFERS, e.g. '16MB', '64MB'): PostgreSQL's page cache, touched in
 * full at start, the largest part of the embedded database's resident memory (PGlite's default is 128MB).
 * 16MB holds the demo shop's hot pages; a large catalogue searches faster with more (docs/performance.md).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Channels whose NOTIFY this process must hear from its own writes before they return: every pooled
 * PostgreSQL connection LISTENs to them, and PostgreSQL hands a session its own notifications before it says
 * it is ready again. (The dedicated listening connection's copy comes a moment later, after the writer may
 * already have read a cache it thought current; it skips them, and hears only other sessions' writes.)
 * The storefront's public-data signal (web/public-data.ts) and the catalogue's changed products (the catalog
 * domain's read model, read-model/live.ts).
 */
export const POOLED_CHANNELS = ['shop_public_data', 'shop_catalog'];

/** A PostgreSQL pool's connections at most (per server instance). */
const POOL_MAX = 10;

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Defaults to PGLITE_SHARED_BUFFERS, else DEFAULT_PGLITE_SHARED_BUFFERS. */
  pgliteSharedBuffers?: string;
  /** PGlite: start from a copy `dumpTo` wrote (with dataDir 'memory': the tests' prepared databases). */
  pgliteCopy?: string;
  /**
   * PostgreSQL: an idle pooled connection was lost (the server restarted, an administrator or a proxy ended
   * it). The pool drops it and opens another on the next query; no request is affected. Defaults to a warning
   * on stderr.
   */
  onIdleConnectionLost?: (error: Error) => void;
  /** PGlite in a folder: who opens it, named to a second process the folder refuses (data-dir-lock.ts). */
  holder?: string;
}

/**
 * A PostgreSQL connection that sends its statements one after another. Readers take a `DbOrTx` and read
 * several things at once (Promise.all); handed a transaction, they send them all on its one connection.
 * node-postgres queues those itself, but deprecates that and makes it an error in pg 9. Here each statement
 * waits for the one before, in the order they were called, so such readers stay right inside a transaction.
 * (Callback and submittable queries, which this code does not use, go straight through.)
 */
class OneAtATimeClient extends pg.Client {
  private turn: Promise<unknown> = Promise.resolve();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const first: unknown = args[0];
    const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
    if (submittable || typeof args[args.length - 1] === 'function') return super.query(...(args as [string]));
    const result = this.turn.then(() => super.query(...(args as [string])));
    this.turn = result.catch(() => undefined);
    return result;
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const ownNotices = new Map<string, Set<(payload: string) => void>>();
    // Backend pids of this pool's connections: their notifications were heard on the connection that wrote,
    // so the listening connection skips them (one invalidation per change, not one per connection).
    const poolPids = new Set<number>();
    // pg-pool's end() resolves once its connections are asked to end, not when they have: close() waits for
    // them, so that nothing of this process still talks to the database when it returns.
    const connectionsEnded = new Set<Promise<void>>();
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_MAX,
      Client: OneAtATimeClient,
      // Every pooled connection LISTENs to the channels this process must hear its own changes on, before
      // the connection is first handed out (so the LISTEN is never queued behind a caller's statement).
      // pg-pool awaits this hook's promise (pg-pool 3.14, index.js); @types/pg still types it as void.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConnect: async (client: pg.ClientBase) => {
        // The backend's pid, from its BackendKeyData (node-postgres keeps it; @types/pg does not declare it).
        const pid = (client as unknown as { processID: number | null }).processID;
        if (pid !== null) poolPids.add(pid);
        const ended: Promise<void> = new Promise((done) =>
          client.once('end', () => {
            poolPids.delete(pid!);
            connectionsEnded.delete(ended);
            done();
          }),
        );
        connectionsEnded.add(ended);
        client.on('notification', (message) => {
          // Only the session's own writes: every other session's arrive once, on the listening connection.
          if (message.processId !== pid) return;
          for (const onNotify of ownNotices.get(message.channel) ?? []) onNotify(message.payload ?? '');
        });
        for (const channel of POOLED_CHANNELS) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      },
    });
    // Without a listener, pg-pool's 'error' of an idle connection would be thrown as an uncaught exception
    // and stop the whole shop when PostgreSQL restarts.
    pool.on(
      'error',
      opts.onIdleConnectionLost ??
        ((error) =>
          console.warn(`PostgreSQL: an idle connection was lost (${error.message}); the pool opens another`)),
    );
    // Integers of count(*) and bigint come as strings by default; the API speaks numbers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      exec: async (script) => {
        // One connection for the whole script: a failed script inside BEGIN must be rolled back on the
        // connection that ran it, not handed back to the pool in an aborted transaction.
        const client = await pool.connect();
        try {
          await client.query(script);
        } catch (e) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw e;
        } finally {
          client.release();
        }
      },
      withLock: async (key, fn) => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
          client.release();
        }
      },
      listen: async (channel, onNotify) => {
        const own = ownNotices.get(channel) ?? new Set();
        ownNotices.set(channel, own.add(onNotify));
        const stopDedicated = await listenPostgres(opts.databaseUrl!, channel, onNotify, poolPids);
        return async () => {
          own.delete(onNotify);
          await stopDedicated();
        };
      },
      stats: () => ({
        kind: 'postgres',
        total: pool.totalCount,
        idle: pool.idleCount,
        max: POOL_MAX,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await pool.end();
        await Promise.all(connectionsEnded);
      },
    };
  }
  const sharedBuffers =
    opts.pgliteSharedBuffers ?? process.env.PGLITE_SHARED_BUFFERS ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers))
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size like 16MB, got ${sharedBuffers}`);
  let dataDirLock: DataDirLock | undefined;
  if (opts.dataDir !== 'memory') {
    mkdirSync(opts.dataDir, { recursive: true });
    dataDirLock = lockDataDir(opts.dataDir, opts.holder ?? 'the shop');
  }
  // PGlite in a worker thread: its queries never block the event loop (pglite-host.ts says why a worker).
  let client: PgliteHost;
  try {
    client = await PgliteHost.open({ dataDir: opts.dataDir, sharedBuffers, loadDataDir: opts.pgliteCopy });
  } catch (e) {
    dataDirLock?.release();
    throw e;
  }
  const db = drizzlePglite({ client: client as unknown as PGlite }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    exec: async (script) => {
      try {
        await client.exec(script);
      } catch (e) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    // One process owns a PGlite database: nothing to lock against.
    withLock: (_key, fn) => fn(),
    listen: (channel, onNotify) => client.listen(channel, (payload) => onNotify(payload)),
    dumpTo: (path) => client.dumpTo(path),
    onLost: (listener) => client.onLost(listener),
    stats: () => ({ kind: 'pglite', ...client.stats() }),
    dataDirLock,
    close: async () => {
      try {
        await client.close();
      } finally {
        dataDirLock?.release();
      }
    },
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting when lost. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string | null) => void,
  /** Sessions whose notifications are heard elsewhere (this process's pooled connections). */
  heardElsewhere: ReadonlySet<number> = new Set(),
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(reconnectLater), 1_000);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && !heardElsewhere.has(message.processId))
        onNotify(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped || client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      // What changed while no one listened is unknown: the listener treats null as "anything may have".
      onNotify(null);
      reconnectLater();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
