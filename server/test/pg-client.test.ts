// The PostgreSQL pool (db/index.ts): its connections send one statement at a time (OneAtATimeClient), since
// readers that read several things at once (Promise.all over a DbOrTx) may be handed a transaction and
// node-postgres deprecates statements queued on a busy connection (an error from pg 9); and an idle connection
// the server ends (a restart) is replaced instead of stopping the process with an uncaught exception.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_TARGETS, openTestDatabase } from './harness';
import { openDatabase, selectRows, type Database } from '../src/platform/db';

const postgres = DB_TARGETS.find((d) => d.name === 'postgres')!;

describe.skipIf(!postgres.url)('statements on one postgres connection', () => {
  let database: Database & { url: string | null };
  beforeAll(async () => {
    database = await openTestDatabase(postgres);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it('go one after another in a transaction, in the order they were called, each with its own answer', async () => {
    // How many statements node-postgres was handed at once on each connection (a transaction's statements
    // are promise calls; the pool's own are callback calls, one per connection handed out).
    const busy = new Map<unknown, number>();
    let most = 0;
    // Called with its connection as `this` below.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const send = pg.Client.prototype.query as (...a: unknown[]) => Promise<unknown> | undefined;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const answer = send.apply(this, args);
      if (!answer) return answer;
      busy.set(this, (busy.get(this) ?? 0) + 1);
      most = Math.max(most, busy.get(this)!);
      const done = () => busy.set(this, busy.get(this)! - 1);
      answer.then(done, done);
      return answer;
    });

    const answers = await database.db.transaction(async (tx) =>
      Promise.all(
        [3, 1, 2].map(async (n) => {
          const [row] = await selectRows<{ n: number }>(tx, sql`SELECT ${n}::int AS n, pg_sleep(0.02)`);
          return row!.n;
        }),
      ),
    );
    spy.mockRestore();
    expect(answers).toEqual([3, 1, 2]);
    expect(most).toBe(1);

    // A failed statement fails its own caller; the next one in line still gets its answer after a rollback.
    await expect(
      database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`SELECT 1/0`), tx.execute(sql`SELECT 1`)]);
      }),
    ).rejects.toThrow();
    expect(await selectRows(database.db, sql`SELECT 5 AS n`)).toEqual([{ n: 5 }]);
  });

  it('an idle connection the server ends is dropped and replaced; the next query is answered', async () => {
    const lost: string[] = [];
    const other = await openDatabase({
      databaseUrl: database.url,
      dataDir: 'memory',
      onIdleConnectionLost: (error) => lost.push(error.message),
    });
    try {
      // Three connections open and idle in the pool.
      await Promise.all([1, 2, 3].map(() => other.db.execute(sql`SELECT pg_sleep(0.05)`)));
      const [ended] = await selectRows<{ n: number }>(
        database.db,
        sql`SELECT count(*) AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()) t`,
      );
      expect(ended!.n).toBeGreaterThanOrEqual(3);
      await expect.poll(() => lost.length).toBeGreaterThanOrEqual(3);
      expect(lost[0]).toMatch(/terminating connection/);
      expect(await selectRows(other.db, sql`SELECT 7 AS n`)).toEqual([{ n: 7 }]);
    } finally {
      await other.close();
    }
  });
});
