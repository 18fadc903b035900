// The outbox as GET /metrics shows it: how many messages wait in each state, and how long the oldest one
// due for sending has waited. Read when Prometheus scrapes, by one query over the (status, next_attempt_at)
// index, kept for a few seconds (platform/metrics), never on the sending path.
import { sql } from 'drizzle-orm';
import { outboxMessages } from '../../../generated/tables';
import { selectRows, type Db } from '../../platform/db';
import type { ShopMetrics } from '../../platform/metrics';

export interface OutboxBacklog {
  /** Waiting for their first try. */
  queued: number;
  /** Their channel has no gateway configured: they wait for the settings (delivery.ts, `hold`). */
  held: number;
  /** Claimed by a worker, being sent now. */
  sending: number;
  /** Failed, another try scheduled. */
  retrying: number;
  /** Given up: every try failed, or the gateway refused for good. They stay until resent from the admin. */
  failed: number;
  /** Seconds since the oldest queued or retrying message became due, 0 when none is: the worker's lag. */
  oldestDueSeconds: number;
}

export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await selectRows<OutboxBacklog>(
    db,
    sql`SELECT
          count(*) FILTER (WHERE status = 'queued')::int AS queued,
          count(*) FILTER (WHERE status = 'held')::int AS held,
          count(*) FILTER (WHERE status = 'sending')::int AS sending,
          count(*) FILTER (WHERE status = 'failed' AND next_attempt_at IS NOT NULL)::int AS retrying,
          count(*) FILTER (WHERE status = 'failed' AND next_attempt_at IS NULL)::int AS failed,
          coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (
            WHERE status IN ('queued', 'failed') AND next_attempt_at <= now()))::float8, 0) AS "oldestDueSeconds"
        FROM ${outboxMessages}
        WHERE status IN ('queued', 'held', 'sending', 'failed')`,
  );
  return row!;
}

const STATES = ['queued', 'held', 'sending', 'retrying', 'failed'] as const;

/** The outbox's gauges, read from `db` when scraped. */
export function watchOutbox(metrics: ShopMetrics, db: Db): void {
  metrics.fromReading('outbox', () => outboxBacklog(db), [
    {
      name: 'shop_outbox_messages',
      help: 'Messages of the outbox not sent, by state: queued, held (no gateway), sending, retrying, failed (given up)',
      labelNames: ['state'],
      set: (gauge, backlog) => {
        for (const state of STATES) gauge.set({ state }, backlog[state]);
      },
    },
    {
      name: 'shop_outbox_oldest_pending_age_seconds',
      help: 'How long the oldest message due for sending (queued, or a retry whose time has come) has waited; 0 when none',
      set: (gauge, backlog) => gauge.set(backlog.oldestDueSeconds),
    },
  ]);
}
