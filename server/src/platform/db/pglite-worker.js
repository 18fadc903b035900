// The embedded database's own thread: PGlite runs here so that a query (WebAssembly, synchronous while it
// runs) never blocks the server's event loop. The main thread talks to it through pglite-host.ts; the
// messages are described there (HostRequest / WorkerReply). Plain JavaScript on purpose: a worker does
// not inherit the TypeScript loader of vitest, so a .ts entry would only start under tsx.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { dataDir, sharedBuffers, loadDataDir } = workerData;
if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });

/** Open transactions by id: the statements of each and how to finish it. */
const transactions = new Map();
/** Active LISTEN subscriptions by id: their unsubscribe functions. */
const listeners = new Map();
let nextId = 1;
/** @type {PGlite | null} */
let pglite = null;

const identity = (value) => value;

// Drizzle passes parsers (functions, which cannot cross threads) for the types it wants as PostgreSQL's
// text; the host sends their type ids, the worker leaves those values as text and the host applies them.
const queryOptions = (o) => ({
  rowMode: o.rowMode,
  parsers: Object.fromEntries((o.textTypes ?? []).map((oid) => [oid, identity])),
});

/** The error as plain data: its class, message and every field of PostgreSQL's report (code, constraint…). */
function serializeError(e) {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { name: e.name, message: e.message, fields };
}

const ROLLBACK = Symbol('rollback');

/**
 * Enters a PGlite transaction and keeps it, and with it PGlite's lock, open until the host says how it
 * ends: statements outside it wait in PGlite's queue as they would in one thread. Resolves once BEGIN ran.
 */
function begin(id) {
  return new Promise((started, failed) => {
    let done;
    done = pglite
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, commit, rollback, done });
            started(id);
          }),
      )
      .catch((e) => {
        if (!transactions.has(id))
          failed(e); // BEGIN itself failed
        else if (e !== ROLLBACK) throw e; // COMMIT failed: end() reports it
      });
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  try {
    await open.done;
  } finally {
    transactions.delete(id);
  }
}

/** The connection the statement belongs to: its transaction's, or PGlite itself (which waits for its lock). */
function target(tx) {
  if (tx === undefined) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error(`No open transaction ${tx}`);
  return open.tx;
}

async function handle(msg) {
  switch (msg.op) {
    case 'open':
      pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, {
        extensions: { pg_trgm },
        // PGlite's defaults plus a bounded shared_buffers: the cache is most of its resident memory.
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
        // A copy made by 'dump': the database starts as it was, without initdb and migrations (the tests).
        ...(loadDataDir ? { loadDataDir: new Blob([readFileSync(loadDataDir)]) } : {}),
      });
      return null;
    case 'dump': {
      const copy = await pglite.dumpDataDir('none');
      writeFileSync(msg.path, Buffer.from(await copy.arrayBuffer()));
      return null;
    }
    case 'query': {
      const r = await target(msg.tx).query(msg.sql, msg.params, queryOptions(msg));
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec':
      await target(msg.tx).exec(msg.sql);
      return null;
    case 'begin':
      return begin(nextId++);
    case 'end':
      return end(msg.tx, msg.commit);
    case 'listen': {
      const sub = nextId++;
      const stop = await pglite.listen(msg.channel, (payload) => parentPort.postMessage({ sub, payload }));
      listeners.set(sub, stop);
      return sub;
    }
    case 'unlisten': {
      const stop = listeners.get(msg.sub);
      listeners.delete(msg.sub);
      await stop?.();
      return null;
    }
    case 'close':
      await pglite?.close();
      pglite = null;
      return null;
    default:
      throw new Error(`Unknown operation ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => parentPort.postMessage({ id: msg.id, result }),
    (e) => parentPort.postMessage({ id: msg.id, error: serializeError(e) }),
  );
});
