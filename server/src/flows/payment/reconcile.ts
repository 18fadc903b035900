// The worker's safety net for payments whose notification never came (the shop was down for longer than
// YooKassa's day of repeats, or a network dropped it): attempts still pending after a few minutes are read
// again from the provider and applied like a notification. Attempts left 'creating' (the provider's answer
// was lost, so the customer never got its page and cannot have paid) are closed after an hour.
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { paymentAttempts } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { lockOrder } from '../../domains/sales';
import { settlePaymentStatus, syncAttempt } from './attempts';
import type { PaymentsConfig } from '../../domains/payments';
import type { ReconciliationReport } from '../../platform/metrics';

const QUIET_MS = 3 * 60_000;
/** YooKassa cancels a payment not paid within its confirmation time; a day covers it with room to spare. */
const GIVE_UP_MS = 2 * 86_400_000;

export async function reconcilePayments(
  db: Db,
  config: PaymentsConfig,
  opts: { site: string; now?: Date },
): Promise<ReconciliationReport> {
  const now = opts.now ?? new Date();
  const stale = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.status, ['pending', 'waiting_for_capture']),
        lt(paymentAttempts.updatedAt, new Date(now.getTime() - QUIET_MS)),
        gt(paymentAttempts.createdAt, new Date(now.getTime() - GIVE_UP_MS)),
      ),
    )
    .limit(100);
  let found = 0;
  let unread = 0;
  for (const attempt of stale) {
    const result = await syncAttempt(db, config, attempt, { site: opts.site });
    if (!result) unread++;
    else if (result.outcome === 'applied' || result.outcome === 'late') found++;
  }
  const closed = await db
    .update(paymentAttempts)
    .set({ status: 'error', error: 'Платёжный сервис не ответил при создании платежа', updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.status, 'creating'),
        lt(paymentAttempts.createdAt, new Date(now.getTime() - 60 * 60_000)),
      ),
    )
    .returning({ orderId: paymentAttempts.orderId });
  // Their orders are no longer waiting for that payment: the same rule as when a payment is declined.
  for (const orderId of new Set(closed.map((c) => c.orderId)))
    await db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      await settlePaymentStatus(tx, orderId);
    });
  return { checked: stale.length, found, unread, closed: closed.length };
}
