// Work a route does once its answer has gone out: what must not show in how long the answer takes.
// Password recovery is the case: looking the address up and writing its letter happen after the answer, so
// the answer takes the same time whether or not the address has an account (accounts/password-routes.ts).
// A job's failure is logged; the client was answered already, with words that never depended on it.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

type Job = (log: FastifyBaseLogger) => Promise<void>;

export class AfterResponse {
  private readonly scheduled = new WeakMap<FastifyReply, Job[]>();
  private readonly running = new Set<Promise<void>>();
  private holds = 0;
  private waiting: (() => void)[] = [];

  /** Runs each reply's jobs once it is sent; the app's close waits for the jobs still running. */
  register(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const jobs = this.scheduled.get(reply);
      if (!jobs) return;
      this.scheduled.delete(reply);
      for (const job of jobs) this.start(job, request.log);
    });
    // Before the database closes (onClose): a letter being written is finished, not cut off.
    app.addHook('preClose', () => this.idle());
  }

  /** `job` runs after `reply` has been sent, whatever its status. */
  schedule(reply: FastifyReply, job: Job): void {
    const jobs = this.scheduled.get(reply) ?? [];
    jobs.push(job);
    this.scheduled.set(reply, jobs);
  }

  private start(job: Job, log: FastifyBaseLogger) {
    const run = (async () => {
      if (this.holds) await new Promise<void>((go) => this.waiting.push(go));
      await job(log);
    })()
      .catch((err: unknown) => log.error({ err }, 'work after the answer failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Jobs begun and not yet finished. */
  get pending(): number {
    return this.running.size;
  }

  /** Resolves when every job begun so far (and any they begin) has finished. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all(this.running);
  }

  /**
   * Jobs begun from now on wait until the returned function is called: what a route's answer did on its own
   * can be seen before its later work (the recovery test). Nothing in the shop holds them.
   */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds) return;
      const go = this.waiting;
      this.waiting = [];
      for (const resume of go) resume();
    };
  }
}
