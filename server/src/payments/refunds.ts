// Money back through the provider: when a paid order is canceled, and when a payment arrives for an order
// that no longer wants it (canceled meanwhile, or already paid by another attempt). Runs inside the order's
// transaction, under its row lock, so that a payment being applied and a refund never cross. The refund's
// Idempotence-Key is fixed per attempt: if the provider's answer was lost, the next try asks again with the
// same key and gets the same refund instead of a second one.
import { and, eq, gt, sql } from 'drizzle-orm';
import { paymentAttempts, paymentServices } from '../../generated/tables';
import type { Tx } from '../db';
import { ApiError } from '../http/errors';
import { PaymentProviderError } from './provider';
import { providerOf, type PaymentsConfig } from './providers';

type Attempt = typeof paymentAttempts.$inferSelect;

export const refundKeyOf = (attempt: Pick<Attempt, 'idempotenceKey'>) => `refund-${attempt.idempotenceKey}`;

/** Refunds what is left of one succeeded attempt; returns the kopecks refunded now. */
export async function refundAttempt(
  tx: Tx,
  attempt: Attempt,
  config: PaymentsConfig,
  description: string,
): Promise<number> {
  const left = attempt.amount - attempt.refundedAmount;
  if (attempt.status !== 'succeeded' || left <= 0 || !attempt.providerPaymentId) return 0;
  const [service] = attempt.paymentServiceId
    ? await tx.select().from(paymentServices).where(eq(paymentServices.id, attempt.paymentServiceId))
    : [];
  const provider = service && providerOf(service, config);
  if (!provider)
    throw new ApiError(
      409,
      'refund_impossible',
      'Не удалось вернуть деньги: способ оплаты больше не подключён. Подключите его снова или верните ' +
        'деньги в личном кабинете платёжного сервиса, затем отмените заказ.',
    );
  try {
    const refund = await provider.refund({
      idempotenceKey: refundKeyOf(attempt),
      paymentId: attempt.providerPaymentId,
      amount: left,
      description: description.slice(0, 250),
    });
    if (refund.status === 'canceled')
      throw new ApiError(409, 'refund_refused', 'Платёжный сервис отклонил возврат: заказ не отменён');
    await tx
      .update(paymentAttempts)
      .set({
        refundedAmount: sql`${paymentAttempts.refundedAmount} + ${refund.amount}`,
        refundId: refund.id,
        refundStatus: refund.status,
        updatedAt: new Date(),
      })
      .where(eq(paymentAttempts.id, attempt.id));
    return refund.amount;
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new ApiError(
        error.outcome === 'unknown' ? 503 : 409,
        'refund_failed',
        `Не удалось вернуть деньги: ${error.message}. Заказ не отменён, попробуйте ещё раз.`,
      );
    throw error;
  }
}

/** Refunds every succeeded attempt of the order (normally one); the kopecks refunded. */
export async function refundOrder(
  tx: Tx,
  orderId: number,
  config: PaymentsConfig,
  description: string,
): Promise<number> {
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'succeeded'),
        gt(paymentAttempts.amount, paymentAttempts.refundedAmount),
      ),
    );
  let refunded = 0;
  for (const attempt of paid) refunded += await refundAttempt(tx, attempt, config, description);
  return refunded;
}
