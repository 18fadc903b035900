// The main thread's side of the embedded database: PGlite runs in a worker thread (pglite-worker.js) and
// this object stands in for it, implementing what Drizzle's pglite driver calls on its client (`query`
// with rowMode and parsers, `exec`, `transaction`) plus `listen` and `close`. A query then costs the event
// loop a message each way instead of the query's whole run, so HTTP keeps being served meanwhile.
//
// Why a worker and not @electric-sql/pglite-socket behind the node-postgres pool: the socket server pins
// PGlite 0.5.14 and serves one connection at a time, while the PostgreSQL path needs several (withLock
// holds one for the advisory lock while the migrations use the pool; LISTEN keeps one of its own), and every
// value would be encoded to the wire protocol and parsed again. Structured clone carries PGlite's own values
// (Date, bigint, Uint8Array, parsed JSON) unchanged, so Drizzle sees exactly what it saw in one thread.
import type { Results, Transaction } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';

type Parser = (value: string, typeId: number) => unknown;
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}

/** What the host asks the worker; `id` pairs the answer. `tx` names the open transaction a statement is in. */
type HostRequest =
  | { op: 'open' }
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      textTypes: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; sub: number }
  | { op: 'dump'; path: string }
  | { op: 'close' };

interface SerializedError {
  name: string;
  message: string;
  /** PostgreSQL's report: code, constraint, table, column, detail… (what crud/service/db-errors.ts reads). */
  fields: Record<string, unknown>;
}
type WorkerReply =
  { id: number; result?: unknown; error?: SerializedError } | { sub: number; payload: string };

export interface PgliteHostOptions {
  /** A folder, or 'memory'. */
  dataDir: string;
  /** PostgreSQL's shared_buffers for this database (e.g. '16MB'): the largest part of its resident memory. */
  sharedBuffers: string;
  /** A file `dumpTo` wrote: the database starts as a copy of that one. */
  loadDataDir?: string;
}

export class PgliteHost {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly subscribers = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private failure: Error | null = null;
  private openTransactions = 0;
  private closing = false;
  private readonly lostListeners = new Set<(error: Error) => void>();

  static async open(opts: PgliteHostOptions): Promise<PgliteHost> {
    const host = new PgliteHost(opts);
    try {
      await host.call({ op: 'open' });
    } catch (e) {
      await host.worker.terminate();
      throw e;
    }
    return host;
  }

  private constructor(opts: PgliteHostOptions) {
    this.worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: opts });
    // Only a call in flight keeps the process alive, as an idle PGlite in this thread would not.
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.receive(reply));
    this.worker.on('error', (e) => this.lost(e));
    this.worker.on('exit', (code) => this.lost(new Error(`The PGlite worker exited (${code})`)));
  }

  /**
   * Calls listener if the worker dies without close() (a crash, memory exhausted): from then on every query
   * fails, and nothing in this process can bring the database back.
   */
  onLost(listener: (error: Error) => void): void {
    this.lostListeners.add(listener);
  }

  /** Calls waiting for the worker's answer, and transactions open (GET /metrics). */
  stats(): { pending: number; transactions: number } {
    return { pending: this.pending.size, transactions: this.openTransactions };
  }

  private lost(e: Error) {
    const first = !this.failure;
    this.fail(e);
    if (first && !this.closing) for (const listener of this.lostListeners) listener(e);
  }

  private call(request: HostRequest): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(reply: WorkerReply) {
    if ('sub' in reply) {
      this.subscribers.get(reply.sub)?.(reply.payload);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(toError(reply.error));
    else waiting.resolve(reply.result);
  }

  private fail(e: Error) {
    this.failure ??= e;
    for (const waiting of this.pending.values()) waiting.reject(e);
    this.pending.clear();
  }

  query<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<Results<T>> {
    return this.runQuery<T>(sql, params, options, tx);
  }

  private async runQuery<T>(sql: string, params: unknown[], options: QueryOptions, tx?: number) {
    const parsers = options.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const result = (await this.call({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      textTypes,
      tx,
    })) as Results<T>;
    if (textTypes.length) applyParsers(result, parsers, options.rowMode ?? 'object');
    return result;
  }

  async exec(sql: string, tx?: number): Promise<Results[]> {
    await this.call({ op: 'exec', sql, tx });
    return []; // callers here (Drizzle, migrations) never read exec's results: they need not cross
  }

  /**
   * Runs fn inside one transaction of the worker's PGlite, which holds PGlite's lock until fn settles:
   * COMMIT when it resolves, ROLLBACK when it throws. Statements outside fn wait meanwhile, as in one thread.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    this.openTransactions++;
    try {
      return await this.inTransaction(id, fn);
    } finally {
      this.openTransactions--;
    }
  }

  private async inTransaction<T>(id: number, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.runQuery<R>(sql, params ?? [], options ?? {}, id);
      },
      exec: async (sql: string) => {
        open();
        return this.exec(sql, id);
      },
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      }
      throw e;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** PGlite's LISTEN, run in the worker; each notification crosses as a message. Resolves to the unsubscribe. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const sub = (await this.call({ op: 'listen', channel })) as number;
    this.subscribers.set(sub, onNotify);
    return async () => {
      if (!this.subscribers.delete(sub)) return;
      await this.call({ op: 'unlisten', sub });
    };
  }

  /** Writes a copy of the whole database to a file (a tarball), which `loadDataDir` opens. */
  async dumpTo(path: string): Promise<void> {
    await this.call({ op: 'dump', path });
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      if (!this.failure) await this.call({ op: 'close' });
    } finally {
      this.fail(new Error('The database is closed'));
      await this.worker.terminate();
    }
  }
}

/** Drizzle's parsers, applied here to the values the worker left as text (functions cannot cross threads). */
function applyParsers(
  result: Results<unknown>,
  parsers: Record<number, Parser>,
  rowMode: 'array' | 'object',
) {
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? i : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, field.dataTypeID);
    }
  });
}

/** The worker's error as an Error of this thread, with PostgreSQL's fields where callers look for them. */
function toError(e: SerializedError): Error {
  const error = new Error(e.message);
  Object.assign(error, e.fields);
  error.name = e.name;
  return error;
}
