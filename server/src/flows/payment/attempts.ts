// Paying an order online. An attempt is a row of its own (payment_attempts): created before the provider
// is asked, so the Idempotence-Key is kept whatever happens to the answer; an order may have several (an
// abandoned or declined payment is followed by a new one from the order's page).
//
// A payment's state is only ever taken from the provider itself (getPayment), never from a notification's
// body or the return page's address; it is applied once: under the order's row lock, an attempt already in
// the state read is a duplicate, and an order already paid is not paid again. A payment that succeeds for an
// order that no longer wants it (canceled meanwhile, or paid by another attempt) is refunded at once.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { orders, paymentAttempts, paymentServices } from '../../../generated/tables';
import type { Db, Tx } from '../../platform/db';
import { ApiError } from '../../platform/http/errors';
import { lockOrder, recordOrderEvent, tellCustomer, type LockedOrder } from '../../domains/sales';
import { canPayOnline, STATUS_LABELS } from '../../domains/sales';
import { PaymentProviderError, type ProviderPayment } from '../../domains/payments';
import { providerOf, type PaymentsConfig } from '../../domains/payments';
import { receiptFrame, refundableLines } from '../../domains/sales';
import { buildReceipt, ReceiptError } from '../../domains/payments';
import { refundAttempt } from '../order-status/refunds';
import attemptsSchema from '@shop/schemas/entities/payments/payment-attempts.schema.json' with { type: 'json' };

type Attempt = typeof paymentAttempts.$inferSelect;

/** The provider, as the history names it to the customer. */
const PROVIDER_LABEL = 'ЮKassa';

/** A started payment younger than this is resumed (its page is still good) rather than started again. */
const RESUME_MS = 30 * 60_000;

const LIVE = ['creating', 'pending', 'waiting_for_capture'] as const;

/** Why the provider declined, as the payment attempts' schema names it (the admin reads the same words). */
const CANCEL_REASONS: Record<string, string> = attemptsSchema.properties.cancellationReason['x-enum-labels'];
/** The reason inside the customer's sentence: «Причина: недостаточно средств на карте.» */
export const cancelReasonText = (reason: string | null) => {
  const label = reason ? CANCEL_REASONS[reason] : undefined;
  return label ? label.charAt(0).toLowerCase() + label.slice(1) : 'платёж не прошёл';
};

export interface StartedPayment {
  confirmationUrl: string;
  /** An earlier attempt's page, still good, was given again. */
  resumed: boolean;
}

async function serviceOf(db: Db | Tx, id: number | null) {
  if (!id) return null;
  const [service] = await db.select().from(paymentServices).where(eq(paymentServices.id, id));
  return service ?? null;
}

/** The payment's receipt: every line of the order at its payable sum, the delivery, the customer. */
async function receiptOf(tx: Tx, order: LockedOrder, amount: number) {
  const lines = await refundableLines(tx, order.id);
  try {
    return buildReceipt({ ...(await receiptFrame(tx, order)), amount, lines });
  } catch (error) {
    // The order cannot be paid online as it is (more than 100 receipt items, no contact): say so, in Russian.
    if (error instanceof ReceiptError) throw new ApiError(409, 'receipt_impossible', error.message);
    throw error;
  }
}

/**
 * Starts paying the order (or resumes the payment started a moment ago): the attempt's row first, with its
 * Idempotence-Key, then the provider's payment. Returns where to send the customer.
 */
export async function startPayment(
  db: Db,
  config: PaymentsConfig,
  input: { orderId: number; returnUrl: string; site: string },
): Promise<StartedPayment> {
  const now = new Date();
  const prepared = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!canPayOnline(order))
      throw new ApiError(
        409,
        'not_payable',
        order.paymentStatus === 'paid'
          ? 'Заказ уже оплачен'
          : order.paymentKind !== 'online'
            ? 'Этот заказ оплачивается не онлайн'
            : `Заказ в статусе «${STATUS_LABELS[order.status]}» оплатить нельзя`,
      );
    const service = await serviceOf(tx, order.paymentServiceId);
    if (!service || !providerOf(service, config))
      throw new ApiError(409, 'not_payable', 'Онлайн-оплата сейчас недоступна: позвоните нам, мы поможем');
    const [last] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.status, [...LIVE])))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(1);
    const fresh = last && now.getTime() - last.createdAt.getTime() < RESUME_MS;
    if (fresh && last.amount === order.total && last.confirmationUrl && last.status === 'pending')
      return { resume: last.confirmationUrl };
    if (fresh && last.status === 'creating' && now.getTime() - last.createdAt.getTime() < 30_000)
      throw new ApiError(409, 'payment_starting', 'Оплата уже создаётся: подождите несколько секунд');
    const receipt = await receiptOf(tx, order, order.total);
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        paymentServiceId: service.id,
        provider: 'yookassa',
        idempotenceKey: randomUUID(),
        amount: order.total,
        test: service.testMode,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (order.paymentStatus !== 'pending')
      await tx
        .update(orders)
        .set({ paymentStatus: 'pending', updatedAt: now })
        .where(eq(orders.id, order.id));
    return { attempt: attempt!, order, service, receipt };
  });
  if ('resume' in prepared) return { confirmationUrl: prepared.resume!, resumed: true };

  const { attempt, order, service, receipt } = prepared;
  const provider = providerOf(service, config)!;
  try {
    const payment = await provider.createPayment({
      idempotenceKey: attempt.idempotenceKey,
      amount: attempt.amount,
      description: `Заказ № ${order.number}`,
      returnUrl: input.returnUrl,
      metadata: { orderId: String(order.id), orderNumber: order.number, attemptId: String(attempt.id) },
      receipt,
    });
    if (payment.amount !== attempt.amount) throw new Error(`payment ${payment.id}: the amount differs`);
    await db
      .update(paymentAttempts)
      .set({
        providerPaymentId: payment.id,
        // A new payment waits for the customer; anything else is applied just below, like a notification.
        ...(payment.status === 'pending' ? { status: 'pending' as const } : {}),
        confirmationUrl: payment.confirmationUrl,
        test: payment.test,
        updatedAt: new Date(),
      })
      .where(eq(paymentAttempts.id, attempt.id));
    if (payment.status !== 'pending' || !payment.confirmationUrl) {
      await applyPayment(db, config, payment, { site: input.site });
      throw new ApiError(409, 'not_payable', 'Платёж уже обработан: обновите страницу заказа');
    }
    return { confirmationUrl: payment.confirmationUrl, resumed: false };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Refused: nothing was created at the provider, the attempt is closed. Unknown: the payment may exist,
    // but without its id the customer was never sent to its page and cannot have paid it; the attempt stays
    // 'creating' and the worker closes it after an hour (reconcile.ts).
    if (error.outcome === 'refused')
      await db.transaction(async (tx) => {
        await lockOrder(tx, order.id);
        await tx
          .update(paymentAttempts)
          .set({ status: 'error', error: error.message.slice(0, 1000), updatedAt: new Date() })
          .where(eq(paymentAttempts.id, attempt.id));
        await settlePaymentStatus(tx, order.id);
      });
    // The customer is told what to do; the provider's own reason (wrong keys, a refused receipt) is for the
    // staff, kept on the attempt that the order's screen shows.
    throw new ApiError(
      502,
      'payment_unavailable',
      error.outcome === 'refused'
        ? 'Онлайн-оплата сейчас недоступна: выберите другой способ оплаты или позвоните нам'
        : 'Не удалось начать оплату: платёжный сервис не ответил. Попробуйте ещё раз через минуту',
    );
  }
}

/**
 * The order's payment state once no attempt is paying it: pending while one is live, else failed when the
 * last one ended without money, else unpaid. Only for orders not paid.
 */
export async function settlePaymentStatus(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET payment_status = CASE
        WHEN EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = orders.id
                       AND a.status IN ('creating', 'pending', 'waiting_for_capture')) THEN 'pending'
        WHEN status = 'canceled' THEN 'unpaid'
        WHEN EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = orders.id AND a.status = 'canceled')
          THEN 'failed'
        ELSE 'unpaid' END,
      updated_at = now()
    WHERE id = ${orderId} AND payment_status IN ('unpaid', 'pending', 'failed')`);
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'late' | 'refused';

export interface Applied {
  outcome: ApplyOutcome;
  orderId: number | null;
  /** For the notification's record: what was done, or why not. */
  message: string;
}

/**
 * Applies a payment's state as just read from the provider. Safe to call any number of times at once for
 * the same payment (the return page, every duplicate notification, the worker's sync): the order's row lock
 * puts them in a line, and the first one does the work.
 */
export async function applyPayment(
  db: Db,
  config: PaymentsConfig,
  payment: ProviderPayment,
  opts: { site: string },
): Promise<Applied> {
  const [found] = await db
    .select({ id: paymentAttempts.id, orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.providerPaymentId, payment.id));
  if (!found) return { outcome: 'refused', orderId: null, message: 'Платёж не из этого магазина' };
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, found.id))
      .for('update');
    const a = attempt!;
    if (payment.amount !== a.amount || payment.currency !== 'RUB')
      return {
        outcome: 'refused' as const,
        orderId: order.id,
        message: `Сумма платежа ${payment.amount / 100} ${payment.currency} не совпадает с попыткой (${a.amount / 100} RUB)`,
      };
    if (a.status === payment.status || a.status === 'succeeded' || a.status === 'canceled')
      return { outcome: 'duplicate' as const, orderId: order.id, message: 'Уже учтено' };
    const now = new Date();
    await tx
      .update(paymentAttempts)
      .set({
        status: payment.status,
        cancellationReason: payment.cancellationReason,
        paidAt: payment.status === 'succeeded' ? now : null,
        updatedAt: now,
      })
      .where(eq(paymentAttempts.id, a.id));
    if (payment.status === 'succeeded')
      return paid(tx, config, order, { ...a, status: 'succeeded' }, opts, now);
    if (payment.status === 'canceled') {
      await settlePaymentStatus(tx, order.id);
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'payment',
        paymentStatus: 'failed',
        actor: { userId: null, label: PROVIDER_LABEL },
        comment: `Причина: ${cancelReasonText(payment.cancellationReason)}. Можно оплатить ещё раз.`,
        // The customer learns it on the return page; an abandoned payment that just expired is not news.
        public: payment.cancellationReason !== 'expired_on_confirmation',
        at: now,
      });
      return { outcome: 'applied' as const, orderId: order.id, message: 'Платёж отменён' };
    }
    return { outcome: 'applied' as const, orderId: order.id, message: `Платёж: ${payment.status}` };
  });
}

/** The money came: the order is paid, or, if it no longer wants the money, the money goes back. */
async function paid(
  tx: Tx,
  config: PaymentsConfig,
  order: LockedOrder,
  attempt: Attempt,
  opts: { site: string },
  now: Date,
): Promise<Applied> {
  const provider = { userId: null, label: PROVIDER_LABEL };
  // The attempt's sum is the order's (its lines were not changed since the payment was started).
  if (canPayOnline(order) && attempt.amount === order.total) {
    await tx
      .update(orders)
      .set({
        status: 'paid',
        paymentStatus: 'paid',
        paidAt: now,
        paymentId: attempt.providerPaymentId,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'status',
      from: order.status,
      to: 'paid',
      paymentStatus: 'paid',
      actor: provider,
      at: now,
    });
    await tellCustomer(tx, order, opts.site, STATUS_LABELS.paid, null);
    return { outcome: 'applied', orderId: order.id, message: 'Заказ оплачен' };
  }
  const why =
    order.status === 'canceled' ? 'Оплата пришла после отмены заказа' : 'Заказ уже оплачен другим платежом';
  try {
    await refundAttempt(tx, attempt, config, `Возврат: ${why.toLowerCase()}, заказ № ${order.number}`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'payment',
      paymentStatus: order.paymentStatus,
      actor: provider,
      comment: `${why}; вернуть деньги автоматически не удалось: ${error.message}`,
      public: false,
      at: now,
    });
    return { outcome: 'late', orderId: order.id, message: `${why}; возврат не удался — верните вручную` };
  }
  if (order.status === 'canceled')
    await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'payment',
    paymentStatus: 'refunded',
    actor: provider,
    comment: `${why}: деньги возвращены`,
    at: now,
  });
  return { outcome: 'late', orderId: order.id, message: `${why}: деньги возвращены` };
}

/**
 * Reads the order's live attempts from the provider and applies what it says: the return page (the customer
 * is back, perhaps before the notification) and the worker (a notification lost). Provider failures are left
 * for the next time.
 */
export async function syncOrderPayments(
  db: Db,
  config: PaymentsConfig,
  orderId: number,
  opts: { site: string },
): Promise<void> {
  const live = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, [...LIVE])));
  for (const attempt of live) await syncAttempt(db, config, attempt, opts);
}

export async function syncAttempt(
  db: Db,
  config: PaymentsConfig,
  attempt: Attempt,
  opts: { site: string },
): Promise<Applied | null> {
  if (!attempt.providerPaymentId) return null;
  const service = await serviceOf(db, attempt.paymentServiceId);
  const provider = service && providerOf(service, config);
  if (!provider) return null;
  try {
    return await applyPayment(db, config, await provider.getPayment(attempt.providerPaymentId), opts);
  } catch (error) {
    if (error instanceof PaymentProviderError) return null;
    throw error;
  }
}

export type PaymentAttemptRow = Attempt;
