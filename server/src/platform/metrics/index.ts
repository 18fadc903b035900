// The server's own series for Prometheus (GET /metrics, platform/metrics/http.ts), every name prefixed
// `shop_`, beside prom-client's default process series (CPU, memory, event loop lag, GC). One registry per
// app, not prom-client's global one: the tests run several apps in one process.
//
// Counted where the work happens, so no caller can skip them: each request in an onResponse hook (one
// histogram observation), each scheduled task in the scheduler, each background job in its runner, the page
// cache in its own counters. What lives in the database (the outbox's backlog, queued jobs) is read when
// Prometheus scrapes, by one cheap query kept for a few seconds, so that a storm of scrapes is one query.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withTimeout } from '../db/timeout';

/** The outcome of one round of payment reconciliation (flows/payment/reconcile.ts). */
export interface ReconciliationReport {
  /** Attempts still unconfirmed after a few minutes, read again from the payment service. */
  checked: number;
  /** Of them, those whose state at the service differed from the shop's and was applied now. */
  found: number;
  /** Of them, those the service did not answer about (unreachable, an error, no service configured). */
  unread: number;
  /** Attempts left 'creating' for an hour, closed as failed. */
  closed: number;
}

/** A gauge whose value is a reading taken at scrape time. */
export interface ScrapedGauge<T> {
  name: string;
  help: string;
  labelNames?: string[];
  /** Sets the gauge's values from the reading. */
  set(gauge: Gauge<string>, reading: T): void;
}

/** How long a reading from the database is kept: Prometheus scrapes every 15–60 s. */
export const READING_MAX_AGE_MS = 5_000;
/** A reading the database does not answer in this time counts as failed: the scrape must not hang. */
export const READING_TIMEOUT_MS = 2_000;

export class ShopMetrics {
  readonly registry = new Registry();

  /** Label `route`: the route's pattern (or the storefront page's, http.ts), never the address itself. */
  readonly httpDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly taskRuns = this.counter('shop_task_runs_total', 'Runs of a scheduled task, failed ones too', [
    'task',
  ]);
  readonly taskFailures = this.counter('shop_task_failures_total', 'Runs of a scheduled task that threw', [
    'task',
  ]);
  readonly taskDuration = new Histogram({
    name: 'shop_task_duration_seconds',
    help: 'How long one run of a scheduled task took',
    labelNames: ['task'],
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });
  readonly taskLastSuccess = new Gauge({
    name: 'shop_task_last_success_timestamp_seconds',
    help: 'When a scheduled task last ended without an error (Unix time)',
    labelNames: ['task'],
    registers: [this.registry],
  });

  readonly jobRuns = this.counter('shop_background_job_runs_total', 'Background jobs run, by kind', ['kind']);
  readonly jobFailures = this.counter(
    'shop_background_job_failures_total',
    'Background jobs that ended failed, by kind (a refusal with a report included)',
    ['kind'],
  );

  private readonly reconcile = {
    runs: this.counter('shop_payment_reconcile_runs_total', 'Rounds of payment reconciliation'),
    checked: this.counter(
      'shop_payment_reconcile_checked_total',
      'Unconfirmed payment attempts read again from the payment service',
    ),
    found: this.counter(
      'shop_payment_reconcile_found_total',
      'Payment attempts whose state at the service differed from the shop’s (a missed notification), applied',
    ),
    unread: this.counter(
      'shop_payment_reconcile_unread_total',
      'Payment attempts the payment service did not answer about (unreachable, an error, not configured)',
    ),
    closed: this.counter(
      'shop_payment_reconcile_closed_total',
      'Payment attempts left unanswered at creation for an hour, closed as failed',
    ),
  };

  private readonly readingFailures = this.counter(
    'shop_scrape_reading_failures_total',
    'Readings from the database at scrape time that failed or timed out (their gauges are left out)',
    ['reading'],
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  recordReconciliation(report: ReconciliationReport): void {
    this.reconcile.runs.inc();
    this.reconcile.checked.inc(report.checked);
    this.reconcile.found.inc(report.found);
    this.reconcile.unread.inc(report.unread);
    this.reconcile.closed.inc(report.closed);
  }

  /** A gauge set from memory at scrape time (a pool's counts, a cache's size). */
  gauge(name: string, help: string, read: () => number, labelNames: string[] = []): Gauge<string> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /**
   * A counter kept by the object it counts (the page cache's hits): its total is copied at scrape time.
   * Counters only grow, and this one restarts from 0 with the process, as Prometheus expects.
   */
  counterOf(name: string, help: string, read: () => number): Counter<string> {
    return new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /**
   * Gauges fed by one reading from the database (`read`), taken when scraped and kept READING_MAX_AGE_MS,
   * a failure too: a storm of scrapes, or a database that is down, costs one query in that time. A failed
   * reading leaves its gauges out of the answer (no stale value) and counts in
   * shop_scrape_reading_failures_total{reading}.
   */
  fromReading<T>(reading: string, read: () => Promise<T>, gauges: ScrapedGauge<T>[]): void {
    let kept: { at: number; value: Promise<T> } | null = null;
    const current = () => {
      const now = Date.now();
      if (!kept || now - kept.at > READING_MAX_AGE_MS) {
        const value = withTimeout(read(), READING_TIMEOUT_MS, `${reading}: no answer`);
        value.catch(() => this.readingFailures.inc({ reading }));
        kept = { at: now, value };
      }
      return kept.value;
    };
    this.readingFailures.inc({ reading }, 0);
    for (const g of gauges)
      new Gauge({
        name: g.name,
        help: g.help,
        labelNames: g.labelNames ?? [],
        registers: [this.registry],
        async collect() {
          this.reset();
          const value = await current().catch(() => null);
          if (value !== null) g.set(this, value);
        },
      });
  }

  /** The text Prometheus reads. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }
}
