// Long admin work as a background job (an `admin_jobs` row): the request that starts it answers at once with
// the job, and the screen follows GET /api/admin/jobs/:id until it is done or failed, so no work is bound to
// the API client's 10 s timeout, and closing the page loses nothing.
//
// Any server instance may run a job. A job is claimed by one UPDATE whose FOR UPDATE SKIP LOCKED lets only one
// instance take it, and the claim is a lease (locked_until) that progress reports extend: a job whose
// instance died is taken over when the lease runs out (its transaction rolled back with it), at most
// MAX_ATTEMPTS times. The claim's attempt number fences the end: `finish` marks the job done only while
// this claim still holds it, in the handler's own write transaction, so a job's writes and its "done"
// commit together or not at all, and an instance that lost its lease cannot commit a second time.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminJobView } from '@shop/schemas';
import { adminJobs } from '../../../generated/tables';
import { selectRows, type Db, type DbOrTx } from '../db';
import { ApiError } from '../http/errors';
import type { Actor } from '../crud/types';
import type { ShopMetrics } from '../metrics';
import type { JobQueue } from '../types';

export type JobKind = AdminJobView['kind'];

/** Longer than the gap between two progress reports of any handler. */
const LEASE_MS = 2 * 60_000;
/** How often an instance looks for jobs nobody runs (another instance died, or took no notice). */
const POLL_MS = 5_000;
const MAX_ATTEMPTS = 3;
/** Progress is written at most this often: a report per row would be a write per row. */
const PROGRESS_EVERY_MS = 300;

export interface ClaimedJob {
  id: number;
  kind: JobKind;
  input: string | null;
  actor: Actor | null;
  attempts: number;
}

export interface JobIo {
  /** The stage's items done so far (written now and then, not on every call). */
  progress(processed: number): void;
  /** A new stage: its name in Russian and its item count. */
  stage(name: string, total: number): Promise<void>;
  /**
   * Marks the job done with its result inside the handler's write transaction; throws (rolling it back)
   * when this claim no longer holds the job.
   */
  finish(tx: DbOrTx, result: object): Promise<void>;
}

/**
 * Runs a job to its result. An ApiError's message (Russian) becomes the job's error, with `result` when
 * the error carries a report (`JobFailure`); the job's writes must happen in one transaction ending in
 * `io.finish`, or be none.
 */
export type JobHandler = (job: ClaimedJob, io: JobIo) => Promise<object>;

/** A refusal with the report that explains it (a file with errors: every row's). */
export class JobFailure extends ApiError {
  constructor(
    message: string,
    readonly result: object,
  ) {
    super(400, 'bad_request', message);
  }
}

const iso = (d: Date) => d.toISOString();

function view(row: typeof adminJobs.$inferSelect): AdminJobView {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status as AdminJobView['status'],
    stage: row.stage,
    total: row.total,
    processed: row.processed,
    result: (row.result ?? null) as AdminJobView['result'],
    error: row.error,
    createdAt: iso(row.createdAt),
    finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
  };
}

export class JobRunner implements JobQueue {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Partial<Record<JobKind, JobHandler>>,
    private readonly log: FastifyBaseLogger,
    /** Counts every run (shop_background_job_*) and reads the queue when scraped. */
    private readonly metrics: ShopMetrics,
  ) {
    for (const kind of Object.keys(handlers)) {
      metrics.jobRuns.inc({ kind }, 0);
      metrics.jobFailures.inc({ kind }, 0);
    }
    metrics.fromReading('background jobs', () => this.backlog(), [
      {
        name: 'shop_background_jobs',
        help: 'Background jobs not over yet, by status: queued (waiting for an instance) or running',
        labelNames: ['status'],
        set: (gauge, counts) => {
          for (const [status, count] of Object.entries(counts)) gauge.set({ status }, count);
        },
      },
    ]);
  }

  /** Jobs waiting and running now, of every instance (the status index answers it). */
  private async backlog(): Promise<{ queued: number; running: number }> {
    const rows = await selectRows<{ status: 'queued' | 'running'; count: number }>(
      this.db,
      sql`SELECT status, count(*)::int AS count FROM ${adminJobs}
          WHERE status IN ('queued', 'running') GROUP BY status`,
    );
    const counts = { queued: 0, running: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }

  /** Starts looking for jobs now and then; `stop` ends it after the job in hand. */
  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** A new job, queued for whichever instance claims it first (this one is told at once). */
  async submit(kind: JobKind, input: string, actor: Actor, total: number): Promise<AdminJobView> {
    const [row] = await this.db
      .insert(adminJobs)
      .values({ kind, input, actor, createdById: actor.id, total })
      .returning();
    this.kick();
    return view(row!);
  }

  /** The job as its starter sees it; null when there is none of that id started by `userId`. */
  async get(id: number, userId: number | null): Promise<AdminJobView | null> {
    const [row] = await this.db.select().from(adminJobs).where(eq(adminJobs.id, id)).limit(1);
    return row && row.createdById === userId ? view(row) : null;
  }

  /** The starter's latest job of these kinds that is not over yet (a reopened screen follows it again). */
  async current(kinds: JobKind[], userId: number): Promise<AdminJobView | null> {
    const rows = await selectRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM ${adminJobs}
          WHERE created_by_id = ${userId} AND status IN ('queued', 'running')
            AND kind IN (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
          ORDER BY id DESC LIMIT 1`,
    );
    return rows[0] ? this.get(rows[0].id, userId) : null;
  }

  /** Runs jobs until none is waiting; a call while running makes it look once more at the end. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.runOne()));
        } catch (err) {
          this.log.error({ err }, 'background jobs: claiming failed');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Claims one job and runs it; false when there was none to claim. */
  async runOne(): Promise<boolean> {
    await this.giveUpAbandoned();
    const now = new Date();
    const [job] = await selectRows<ClaimedJob>(
      this.db,
      sql`WITH picked AS (
            SELECT id FROM ${adminJobs}
            WHERE (status = 'queued' OR (status = 'running' AND locked_until < ${iso(now)}::timestamptz))
              AND attempts < ${MAX_ATTEMPTS}
            ORDER BY id LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          UPDATE ${adminJobs} j
          SET status = 'running', attempts = j.attempts + 1, processed = 0,
              locked_until = ${iso(new Date(now.getTime() + LEASE_MS))}::timestamptz,
              updated_at = ${iso(now)}::timestamptz
          FROM picked WHERE j.id = picked.id
          RETURNING j.id, j.kind, j.input, j.actor, j.attempts`,
    );
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /** Jobs whose instance died MAX_ATTEMPTS times: failed, with nothing written (their transactions rolled back). */
  private async giveUpAbandoned(): Promise<void> {
    await this.db.execute(
      sql`UPDATE ${adminJobs}
          SET status = 'failed', input = NULL, locked_until = NULL, finished_at = now(), updated_at = now(),
              error = 'Задача прерывалась при перезапуске сервера и не выполнена: ничего не записано. Запустите её снова'
          WHERE status = 'running' AND attempts >= ${MAX_ATTEMPTS} AND locked_until < now()`,
    );
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    const held = and(eq(adminJobs.id, job.id), eq(adminJobs.attempts, job.attempts));
    const lease = () => new Date(Date.now() + LEASE_MS);
    let finished = false;
    let lastWrite = 0;
    // Progress goes out without being awaited, one write after another: inside the handler's transaction
    // on the embedded database (one connection) it waits for the commit, and then, the job being done,
    // changes nothing (`status = 'running'`).
    let queue: Promise<unknown> = Promise.resolve();
    const io: JobIo = {
      progress: (processed) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        queue = queue
          .then(() =>
            this.db
              .update(adminJobs)
              .set({ processed, lockedUntil: lease(), updatedAt: new Date() })
              .where(and(held, eq(adminJobs.status, 'running'))),
          )
          .catch((err: unknown) => this.log.warn({ err, job: job.id }, 'background job: progress not saved'));
      },
      stage: async (name, total) => {
        await queue;
        lastWrite = Date.now();
        await this.db
          .update(adminJobs)
          .set({ stage: name, total, processed: 0, lockedUntil: lease(), updatedAt: new Date() })
          .where(and(held, eq(adminJobs.status, 'running')));
      },
      finish: async (tx, result) => {
        const done = await tx
          .update(adminJobs)
          .set({
            status: 'done',
            result,
            processed: sql`${adminJobs.total}`,
            input: null,
            lockedUntil: null,
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(held, eq(adminJobs.status, 'running')))
          .returning({ id: adminJobs.id });
        if (!done.length) throw new Error(`job ${job.id}: the claim was lost before the end`);
        finished = true;
      },
    };
    this.metrics.jobRuns.inc({ kind: job.kind });
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      const result = await handler(job, io);
      if (!finished) await io.finish(this.db, result);
    } catch (err) {
      this.metrics.jobFailures.inc({ kind: job.kind });
      const known = err instanceof ApiError;
      if (!known) this.log.error({ err, job: job.id, kind: job.kind }, 'background job failed');
      await this.db
        .update(adminJobs)
        .set({
          status: 'failed',
          error: known ? err.message : 'Не удалось выполнить задачу: ошибка на сервере. Ничего не записано',
          result: err instanceof JobFailure ? err.result : null,
          input: null,
          lockedUntil: null,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(held, eq(adminJobs.status, 'running')));
    } finally {
      await queue;
    }
  }
}
