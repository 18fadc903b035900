// The background job runner (server/src/platform/jobs/runner.ts) on its own, with handlers of the test's making:
// two runners on one database run each job once; a job whose instance died is taken over, and given up
// after the last try; a runner that lost its claim cannot commit the job's writes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminJobs, rateLimitHits } from '../generated/tables';
import { openDatabase, selectRows, type Database } from '../src/platform/db';
import { JobRunner, type JobHandler } from '../src/platform/jobs/runner';
import { ShopMetrics } from '../src/platform/metrics';
import { describeOnDatabases, openTestDatabase } from './harness';

const quiet = { error: () => {}, warn: () => {} } as unknown as ConstructorParameters<typeof JobRunner>[2];
const actor = { id: null, name: 'Тест', role: 'admin' };

describeOnDatabases('background jobs on $name', (target) => {
  let database: Database & { url: string | null };
  /** The second instance's own connections (PostgreSQL), or the same embedded database. */
  let other: Database;
  const runs = new Map<number, number>();
  /** Each run counts itself, and writes one row in the transaction that finishes the job. */
  const counting: JobHandler = async (job, io) => {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    await io.stage('Работа', 2);
    io.progress(1);
    await database.db.transaction(async (tx) => {
      await tx.insert(rateLimitHits).values({ key: `job-${job.id}`, windowStart: new Date(), hits: 1 });
      await io.finish(tx, { ran: job.id });
    });
    return {};
  };
  const jobRow = async (id: number) =>
    (await database.db.select().from(adminJobs).where(eq(adminJobs.id, id)))[0]!;
  const hits = async (key: string) =>
    (
      await selectRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM rate_limit_hits WHERE key = ${key}`,
      )
    )[0]!.n;
  /** Runs jobs on this runner until none is left to claim. */
  const drain = async (runner: JobRunner) => {
    while (await runner.runOne());
  };

  beforeAll(async () => {
    database = await openTestDatabase(target, 'migrated');
    other = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'memory' }) : database;
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
  });

  it('two instances run every job once, each to done with its result', async () => {
    const a = new JobRunner(database.db, { 'products-import': counting }, quiet, new ShopMetrics());
    const b = new JobRunner(other.db, { 'products-import': counting }, quiet, new ShopMetrics());
    await a.stop();
    await b.stop();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await a.submit('products-import', `job ${i}`, actor, 0)).id);
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    for (const id of ids) {
      expect(runs.get(id), `job ${id}`).toBe(1);
      expect(await hits(`job-${id}`)).toBe(1);
      expect(await jobRow(id)).toMatchObject({
        status: 'done',
        result: { ran: id },
        input: null,
        processed: 2,
        total: 2,
        attempts: 1,
      });
    }
  });

  it('takes over a job whose instance died, and gives it up after the last try', async () => {
    const runner = new JobRunner(database.db, { 'products-import': counting }, quiet, new ShopMetrics());
    await runner.stop();
    const past = new Date(Date.now() - 60_000);
    const [died] = await database.db
      .insert(adminJobs)
      .values({ kind: 'products-import', status: 'running', attempts: 1, lockedUntil: past, actor })
      .returning();
    const [diedThrice] = await database.db
      .insert(adminJobs)
      .values({ kind: 'products-import', status: 'running', attempts: 3, lockedUntil: past, actor })
      .returning();
    // A job another instance holds, its lease still running: left alone.
    const [held] = await database.db
      .insert(adminJobs)
      .values({
        kind: 'products-import',
        status: 'running',
        attempts: 1,
        lockedUntil: new Date(Date.now() + 60_000),
        actor,
      })
      .returning();
    await drain(runner);
    expect(await jobRow(died!.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(diedThrice!.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Задача прерывалась при перезапуске сервера/),
    });
    expect(runs.get(diedThrice!.id)).toBeUndefined();
    expect(await jobRow(held!.id)).toMatchObject({ status: 'running', attempts: 1 });
    expect(runs.get(held!.id)).toBeUndefined();
  });

  it('a runner whose claim was taken over cannot commit: its writes roll back', async () => {
    // While this run works, its lease is taken over (another instance claimed the job anew).
    const overtaken: JobHandler = async (job, io) => {
      await database.db
        .update(adminJobs)
        .set({ attempts: job.attempts + 1 })
        .where(eq(adminJobs.id, job.id));
      await database.db.transaction(async (tx) => {
        await tx.insert(rateLimitHits).values({ key: `late-${job.id}`, windowStart: new Date(), hits: 1 });
        await io.finish(tx, { late: true });
      });
      return {};
    };
    const runner = new JobRunner(database.db, { 'products-import': overtaken }, quiet, new ShopMetrics());
    await runner.stop();
    const { id } = await runner.submit('products-import', 'x', actor, 0);
    await drain(runner);
    expect(await hits(`late-${id}`)).toBe(0);
    // The new claim's holder decides the job's end; this run left it as the takeover made it.
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2, result: null });
  });

  it('a handler refusing in Russian fails the job with that message; another error says less', async () => {
    const refusing: JobHandler = () => Promise.reject(new Error('boom'));
    const runner = new JobRunner(database.db, { 'products-import': refusing }, quiet, new ShopMetrics());
    await runner.stop();
    const { id } = await runner.submit('products-import', 'x', actor, 0);
    await drain(runner);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      error: 'Не удалось выполнить задачу: ошибка на сервере. Ничего не записано',
      input: null,
    });
  });
});
