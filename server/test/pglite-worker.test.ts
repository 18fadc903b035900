// The embedded database runs in a worker thread (server/src/platform/db/pglite-host.ts): a transaction of the main
// thread holds PGlite's lock for its whole callback, a failing statement rolls it back, a nested one is a
// savepoint, statements outside wait for the commit, values come back as the single-thread driver gave
// them, a long query no longer stops the event loop, and a worker that dies is reported (the server then exits
// so that its process manager starts it again).
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { openDatabase, selectRows, type Database } from '../src/platform/db';
import { PgliteHost } from '../src/platform/db/pglite-host';

const items = pgTable('items', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  n: integer('n'),
});

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
  await database.exec('CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL UNIQUE, n integer)');
});
afterAll(() => database.close());

const names = async () => (await database.db.select().from(items).orderBy(items.id)).map((r) => r.name);
const reset = () => database.exec('TRUNCATE items RESTART IDENTITY');

it('a failing statement rolls the whole transaction back, and the next one works', async () => {
  await reset();
  await expect(
    database.db.transaction(async (tx) => {
      await tx.insert(items).values({ name: 'a' });
      await tx.insert(items).values({ name: 'a' }); // unique violation
    }),
  ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'items_name_key' } });
  expect(await names()).toEqual([]);
  await database.db.transaction(async (tx) => {
    await tx.insert(items).values({ name: 'b' });
  });
  expect(await names()).toEqual(['b']);
});

it('an exception of the callback (not the database) rolls back too', async () => {
  await reset();
  await expect(
    database.db.transaction(async (tx) => {
      await tx.insert(items).values({ name: 'c' });
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await names()).toEqual([]);
});

it('a statement outside an open transaction waits for its commit, then sees its rows', async () => {
  await reset();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let inserted!: () => void;
  const didInsert = new Promise<void>((r) => (inserted = r));
  const tx = database.db.transaction(async (t) => {
    await t.insert(items).values({ name: 'inside' });
    inserted();
    await held; // the main thread keeps the transaction open across other work
    await t.insert(items).values({ name: 'inside-later' });
  });
  await didInsert;
  let outsideDone = false;
  const outside = names().then((r) => ((outsideDone = true), r));
  await new Promise((r) => setTimeout(r, 200));
  expect(outsideDone).toBe(false);
  release();
  await tx;
  expect(await outside).toEqual(['inside', 'inside-later']);
});

it('a nested transaction is a savepoint: its failure leaves the outer one to commit', async () => {
  await reset();
  await database.db.transaction(async (tx) => {
    await tx.insert(items).values({ name: 'outer' });
    await expect(
      tx.transaction(async (inner) => {
        await inner.insert(items).values({ name: 'inner' });
        await inner.insert(items).values({ name: 'outer' });
      }),
    ).rejects.toBeTruthy();
    await tx.transaction(async (inner) => {
      await inner.update(items).set({ n: 7 }).where(eq(items.name, 'outer'));
    });
  });
  expect(await database.db.select({ name: items.name, n: items.n }).from(items)).toEqual([
    { name: 'outer', n: 7 },
  ]);
});

it('values cross the thread as the single-thread driver gave them', async () => {
  const [row] = await selectRows<Record<string, unknown>>(
    database.db,
    sql`SELECT '2026-11-25 10:00:00+03'::timestamptz AS at, '2026-11-25'::date AS day, 12::int8 AS big,
               '1.50'::numeric AS num, '\\x0102'::bytea AS bin, '{"a":[1,2]}'::jsonb AS doc, ARRAY[1,2] AS arr,
               NULL::text AS nothing, true AS yes`,
  );
  // Drizzle asks for timestamps and dates as PostgreSQL's text; the rest is PGlite's own parsing.
  expect(row).toEqual({
    at: '2026-11-25 07:00:00+00',
    day: '2026-11-25',
    big: 12,
    num: '1.50',
    bin: new Uint8Array([1, 2]),
    doc: { a: [1, 2] },
    arr: [1, 2],
    nothing: null,
    yes: true,
  });
});

it('a long query does not stop the event loop', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  const started = performance.now();
  await selectRows(
    database.db,
    sql`SELECT count(*) FROM generate_series(1, 3000000) g, LATERAL (SELECT md5(g::text)) m`,
  );
  const took = performance.now() - started;
  clearInterval(timer);
  // One thread would tick once, after the query; here the timer keeps firing while it runs.
  expect(took).toBeGreaterThan(200);
  expect(ticks).toBeGreaterThan(took / 10 / 4);
});

it('LISTEN in the worker reaches the main thread; a NOTIFY inside a rolled-back transaction never does', async () => {
  const got: (string | null)[] = [];
  const stop = await database.listen('items_changed', (p) => got.push(p));
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`NOTIFY items_changed, 'lost'`);
      throw new Error('rollback');
    })
    .catch(() => undefined);
  await database.db.execute(sql`NOTIFY items_changed, 'kept'`);
  await expect.poll(() => got).toEqual(['kept']);
  await stop();
  await database.db.execute(sql`NOTIFY items_changed, 'after'`);
  await new Promise((r) => setTimeout(r, 100));
  expect(got).toEqual(['kept']);
});

it('a worker that dies is reported once and fails every later query; close() reports nothing', async () => {
  const host = await PgliteHost.open({ dataDir: 'memory', sharedBuffers: '16MB' });
  const lost: string[] = [];
  host.onLost((e) => lost.push(e.message));
  // A crash, as the thread's own death would be (out of memory, a fault in PGlite).
  await (host as unknown as { worker: Worker }).worker.terminate();
  await expect.poll(() => lost).toEqual(['The PGlite worker exited (1)']);
  await expect(host.query('SELECT 1')).rejects.toThrow('The PGlite worker exited (1)');

  const closed = await PgliteHost.open({ dataDir: 'memory', sharedBuffers: '16MB' });
  const reported: string[] = [];
  closed.onLost((e) => reported.push(e.message));
  await closed.close();
  await new Promise((done) => setTimeout(done, 100));
  expect(reported).toEqual([]);
});
