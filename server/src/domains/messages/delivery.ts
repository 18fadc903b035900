// The outbox worker: claims due rows of outbox_messages, hands each to its channel's gateway and records
// the outcome. Several server instances may run it at once: a row is claimed by one UPDATE whose
// FOR UPDATE SKIP LOCKED lets every instance take different rows, and the claim is a lease (locked_until),
// so rows of an instance that died mid-send are taken over when it runs out.
//
// Delivery is at most once in normal operation: a row is sent only by the instance that claimed it, and
// marked sent right after. The one window left is a crash (or a lost database connection) between the
// gateway accepting a message and the row being marked sent: the lease then runs out and the message goes
// out again. E-mails keep the same Message-ID (<outbox-ID@…>) on every try so that receivers can drop such a
// duplicate; SMS.ru has no such key.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import { selectRows, type Database, type Db } from '../../platform/db';
import { outboxMessages } from '../../../generated/tables';
import type { ScheduledTask } from '../../platform/jobs/scheduler';
import { DeliveryError } from './delivery-error';
import { closeEmailTransport } from './email';
import { resolveGateways, type Gateway } from './gateways';
import { outboxEvents } from './outbox';

/** Waits before the 2nd, 3rd… try; after the last one (MAX_ATTEMPTS tries in all) the message is given up. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;

/** A claim's lease: longer than a batch can take with every send running into its timeouts. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;
const POLL_MS = 5_000;

export interface DeliveryCounts {
  /** Rows taken for sending in this batch. */
  claimed: number;
  sent: number;
  failed: number;
  /** Rows newly marked held because their channel has no gateway. */
  held: number;
}

interface ClaimedRow {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

const iso = (d: Date) => d.toISOString();

// Due: new, held, or failed with a retry scheduled (nextAttemptAt null on a failed row means given up).
const due = (
  now: Date,
) => sql`(status IN ('queued', 'held') OR (status = 'failed' AND next_attempt_at IS NOT NULL))
  AND next_attempt_at <= ${iso(now)}::timestamptz`;

/** Marks due rows of a channel without a gateway as held, with the reason; their tries are not counted. */
async function hold(db: Db, channel: string, reason: string, now: Date): Promise<number> {
  const message = `Не отправлено: шлюз не настроен (${reason})`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE ${outboxMessages} SET status = 'held', last_error = ${message}, updated_at = ${iso(now)}::timestamptz
        WHERE channel = ${channel} AND ${due(now)}
          AND (status <> 'held' OR last_error IS DISTINCT FROM ${message})
        RETURNING id`,
  );
  return rows.length;
}

async function claim(db: Db, channels: string[], limit: number, now: Date): Promise<ClaimedRow[]> {
  if (!channels.length) return [];
  const list = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  return selectRows<ClaimedRow>(
    db,
    sql`WITH picked AS (
          SELECT id FROM ${outboxMessages}
          WHERE channel IN (${list})
            AND ((${due(now)}) OR (status = 'sending' AND locked_until < ${iso(now)}::timestamptz))
          ORDER BY id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE ${outboxMessages} o
        SET status = 'sending', attempts = o.attempts + 1,
            locked_until = ${iso(new Date(now.getTime() + LEASE_MS))}::timestamptz,
            updated_at = ${iso(now)}::timestamptz
        FROM picked WHERE o.id = picked.id
        RETURNING o.id, o.channel, o.recipient, o.subject, o.body, o.attempts`,
  );
}

async function deliverOne(db: Db, gateway: Gateway, row: ClaimedRow, now: Date): Promise<boolean> {
  try {
    const providerId = await gateway.send({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
    });
    await db.execute(
      sql`UPDATE ${outboxMessages} SET status = 'sent', sent_at = ${iso(now)}::timestamptz,
            provider_id = ${providerId || null}, last_error = NULL, locked_until = NULL, next_attempt_at = NULL,
            updated_at = ${iso(now)}::timestamptz
          WHERE id = ${row.id}`,
    );
    return true;
  } catch (e) {
    const err = e instanceof DeliveryError ? e : new DeliveryError((e as Error).message ?? String(e));
    const attempts = Number(row.attempts);
    const giveUp = err.permanent || attempts >= MAX_ATTEMPTS;
    const next = giveUp ? null : iso(new Date(now.getTime() + BACKOFF_MS[attempts - 1]!));
    await db.execute(
      sql`UPDATE ${outboxMessages} SET status = 'failed', last_error = ${`Ошибка отправки: ${err.message}`},
            next_attempt_at = ${next}::timestamptz, locked_until = NULL, updated_at = ${iso(now)}::timestamptz
          WHERE id = ${row.id}`,
    );
    return false;
  }
}

/**
 * Delivers one batch of due messages and answers what happened. The worker calls it in a loop; tests call
 * it directly, `now` standing in for the clock to walk through the back-off.
 */
export async function deliverOutbox(
  database: Database,
  config: Config,
  opts: { limit?: number; now?: Date; smsTimeoutMs?: number } = {},
): Promise<DeliveryCounts> {
  const { db } = database;
  const now = opts.now ?? new Date();
  const gateways = await resolveGateways(db, config, { smsTimeoutMs: opts.smsTimeoutMs });
  const counts: DeliveryCounts = { claimed: 0, sent: 0, failed: 0, held: 0 };
  const ready: string[] = [];
  for (const channel of ['email', 'sms'] as const) {
    const g = gateways[channel];
    if (g.gateway) ready.push(channel);
    else counts.held += await hold(db, channel, g.reason, now);
  }
  const rows = await claim(db, ready, opts.limit ?? BATCH, now);
  counts.claimed = rows.length;
  for (const row of rows) {
    if (await deliverOne(db, gateways[row.channel].gateway!, row, now)) counts.sent++;
    else counts.failed++;
  }
  return counts;
}

/**
 * The outbox's task for the scheduler (platform/jobs/scheduler.ts): every few seconds, at once (a moment
 * later) when a message is queued, again at once after a full batch; the SMTP connections close with it.
 */
export function outboxTask(database: Database, config: Config, log: FastifyBaseLogger): ScheduledTask {
  return {
    name: 'outbox',
    everyMs: POLL_MS,
    async run() {
      const counts = await deliverOutbox(database, config);
      if (counts.sent || counts.failed || counts.held) log.info(counts, 'outbox delivered');
      return counts.claimed >= BATCH;
    },
    wakeOn(wake) {
      outboxEvents.on('queued', wake);
      return () => outboxEvents.off('queued', wake);
    },
    stop: () => closeEmailTransport(),
  };
}
