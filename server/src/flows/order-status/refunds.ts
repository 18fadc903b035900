// Money back for an order: the one way any refund is made and recorded. Through the provider (YooKassa's
// refunds API, with the refund receipt of 54-FZ: the returned pieces, and the delivery when the whole rest
// goes back), or recorded by the staff as returned another way (a bank transfer, cash, the provider's own
// cabinet when the shop's keys are gone). Runs inside the caller's transaction, under the order's row lock
// (lockOrder): the sum is checked against what was paid minus what was refunded as the database has it
// now, so two refunds at once cannot give back more than was paid. Each refund is a row of order_refunds and
// an event of the order's history; the caller tells the customer.
//
// The provider's Idempotence-Key is fixed per refund of an attempt (its n-th): if the provider's answer was
// lost and the transaction rolled back, the next try of the same refund asks again with the same key and
// gets the same refund instead of a second one.
import { and, eq, sql } from 'drizzle-orm';
import { orderRefunds, paymentAttempts, paymentServices } from '../../../generated/tables';
import { selectRows, type Tx } from '../../platform/db';
import { ApiError, badRequest } from '../../platform/http/errors';
import { formatMoney } from '@shop/schemas/rules/money';
import { recordOrderEvent, type LockedOrder, type OrderActor } from '../../domains/sales';
import { returnStock } from '../../domains/sales';
import { piecesSum } from '@shop/schemas';
import { orderMoney, receiptFrame, refundableLines, type OrderMoney } from '../../domains/sales';
import { PaymentProviderError, type ProviderRefund, type Receipt } from '../../domains/payments';
import { providerOf, type PaymentsConfig } from '../../domains/payments';
import { buildReceipt, ReceiptError } from '../../domains/payments';
import { quoted } from '@shop/schemas/rules/quotes';

type Attempt = typeof paymentAttempts.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;
type RefundedLine = { orderItemId: number; title: string; quantity: number; amount: number };

/** What the staff do when the provider cannot: said in every refusal of the provider's way. */
const MANUAL_WAY =
  'Если деньги можно вернуть иначе (в личном кабинете платёжного сервиса, переводом, наличными), верните их ' +
  'и выберите «Деньги возвращены вручную».';

export interface RefundRequest {
  method: 'provider' | 'manual';
  /**
   * What goes back: chosen pieces of lines; the whole rest of the order (a cancel through the provider);
   * or a sum returned by hand (manual only).
   */
  what:
    | { lines: { orderItemId: number; quantity: number }[]; restock: boolean }
    | { rest: true }
    | { amount: number };
  note: string | null;
  actor: OrderActor;
  now: Date;
}

export interface RefundDone {
  refund: RefundRow;
  money: OrderMoney;
  /** One sentence for the customer's letter: how much and how it comes back. */
  told: string;
}

/** A provider's refund of `amount` from one succeeded attempt; the attempt's row follows. */
async function refundAtProvider(
  tx: Tx,
  attempt: Attempt,
  config: PaymentsConfig,
  amount: number,
  description: string,
  receipt: Receipt | undefined,
): Promise<ProviderRefund> {
  const [service] = attempt.paymentServiceId
    ? await tx.select().from(paymentServices).where(eq(paymentServices.id, attempt.paymentServiceId))
    : [];
  const provider = service && providerOf(service, config);
  if (!provider || !attempt.providerPaymentId)
    throw new ApiError(
      409,
      'refund_impossible',
      'Вернуть деньги через платёжный сервис нельзя: способ оплаты больше не подключён (нет ключей). ' +
        `Ничего не изменилось. ${MANUAL_WAY}`,
    );
  const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM order_refunds
        WHERE payment_attempt_id = ${attempt.id} AND method = 'provider'`,
  );
  let refund: ProviderRefund;
  try {
    refund = await provider.refund({
      idempotenceKey: `refund-${attempt.idempotenceKey}${n ? `-${n}` : ''}`,
      paymentId: attempt.providerPaymentId,
      amount,
      description: description.slice(0, 250),
      receipt,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Unknown: the refund may have been made; the same refund tried again asks with the same key, so it is
    // safe, while money given back by hand now could be given back twice.
    if (error.outcome === 'unknown')
      throw new ApiError(
        503,
        'refund_failed',
        `ЮKassa не ответила, вернула ли она деньги: ${error.message}. Ничего не записано. Повторите ` +
          'возврат через ЮKassa через минуту: повтор не вернёт деньги дважды.',
      );
    throw new ApiError(
      409,
      'refund_failed',
      `ЮKassa не вернула деньги: ${error.message}. Ничего не изменилось. ${MANUAL_WAY}`,
    );
  }
  if (refund.status === 'canceled')
    throw new ApiError(
      409,
      'refund_refused',
      `ЮKassa отклонила возврат. Ничего не изменилось. ${MANUAL_WAY}`,
    );
  await tx
    .update(paymentAttempts)
    .set({
      refundedAmount: sql`${paymentAttempts.refundedAmount} + ${refund.amount}`,
      refundId: refund.id,
      refundStatus: refund.status,
      updatedAt: new Date(),
    })
    .where(eq(paymentAttempts.id, attempt.id));
  return refund;
}

/** The pieces asked for, checked against the order's lines: each of them, at most what is left of it. */
function chosenPieces(
  lines: Awaited<ReturnType<typeof refundableLines>>,
  asked: { orderItemId: number; quantity: number }[],
) {
  if (!asked.length) throw badRequest('Выберите позиции, которые возвращаете', { lines: 'Выберите позиции' });
  const seen = new Set<number>();
  return asked.map((a, i) => {
    const line = lines.find((l) => l.id === a.orderItemId);
    if (!line)
      throw badRequest(`Позиции ${a.orderItemId} нет в этом заказе`, {
        [`lines.${i}.orderItemId`]: 'Такой позиции нет в заказе',
      });
    if (seen.has(line.id))
      throw badRequest(`Позиция ${quoted(line.title)} указана дважды`, {
        [`lines.${i}.orderItemId`]: 'Указана дважды',
      });
    seen.add(line.id);
    const left = line.quantity - line.refunded;
    if (!Number.isInteger(a.quantity) || a.quantity < 1 || a.quantity > left)
      throw badRequest(
        left > 0
          ? `${quoted(line.title)}: вернуть можно от 1 до ${left} шт.`
          : `${quoted(line.title)}: эта позиция уже возвращена целиком`,
        { [`lines.${i}.quantity`]: left > 0 ? `От 1 до ${left}` : 'Уже возвращена' },
      );
    return {
      line,
      quantity: a.quantity,
      amount: piecesSum(line.payable, line.quantity, line.refunded, a.quantity),
    };
  });
}

/** The attempt that can give back `amount` alone: the one with the most left. */
async function attemptFor(tx: Tx, orderId: number, amount: number): Promise<Attempt> {
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')));
  const best = paid.sort((a, b) => b.amount - b.refundedAmount - (a.amount - a.refundedAmount))[0];
  if (!best || best.amount - best.refundedAmount < amount)
    throw new ApiError(
      409,
      'refund_impossible',
      best
        ? `Через ЮKassa по этому платежу можно вернуть не больше ${formatMoney(best.amount - best.refundedAmount)}. ${MANUAL_WAY}`
        : `У заказа нет онлайн-платежа, который можно вернуть через платёжный сервис. ${MANUAL_WAY}`,
    );
  return best;
}

/**
 * Gives money back for the order as asked, records it, and answers the order's money after it. Refuses in
 * Russian, changing nothing, when the sum exceeds what was paid minus what was refunded, the pieces are not
 * the order's, or the provider cannot refund.
 */
export async function refundMoney(
  tx: Tx,
  order: LockedOrder,
  config: PaymentsConfig,
  request: RefundRequest,
): Promise<RefundDone> {
  const money = await orderMoney(tx, order.id);
  if (money.refundable <= 0)
    throw new ApiError(
      409,
      'nothing_to_refund',
      money.received > 0
        ? `По заказу уже возвращено всё, что было оплачено (${formatMoney(money.refunded)})`
        : 'Заказ не оплачен: возвращать нечего',
    );
  const { what } = request;
  const lines = await refundableLines(tx, order.id);
  let pieces: ReturnType<typeof chosenPieces> = [];
  let withDelivery = false;
  let amount: number;
  if ('lines' in what) {
    if (what.restock && order.status === 'canceled')
      throw badRequest('Заказ отменён: его товары уже вернулись на склад при отмене', {
        restock: 'Уже на складе',
      });
    pieces = chosenPieces(lines, what.lines);
    amount = pieces.reduce((sum, p) => sum + p.amount, 0);
    if (amount <= 0) throw badRequest('За выбранные позиции покупатель ничего не платил: возвращать нечего');
  } else if ('rest' in what) {
    pieces = lines
      .filter((l) => l.quantity > l.refunded)
      .map((line) => ({
        line,
        quantity: line.quantity - line.refunded,
        amount: piecesSum(line.payable, line.quantity, line.refunded, line.quantity - line.refunded),
      }));
    withDelivery = true;
    amount = money.refundable;
  } else {
    if (request.method !== 'manual')
      throw badRequest('Через платёжный сервис возвращаются позиции заказа или весь остаток при отмене');
    amount = what.amount;
  }
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw badRequest('Сумма возврата должна быть больше нуля', { amount: 'Больше нуля' });
  if (amount > money.refundable)
    throw badRequest(
      `Вернуть можно не больше ${formatMoney(money.refundable)}: оплачено ${formatMoney(money.received)}` +
        (money.refunded ? `, уже возвращено ${formatMoney(money.refunded)}` : ''),
      { amount: `Не больше ${formatMoney(money.refundable)}` },
    );

  const returned: RefundedLine[] = pieces.map((p) => ({
    orderItemId: p.line.id,
    title: p.line.title,
    quantity: p.quantity,
    amount: p.amount,
  }));
  const description = `Возврат по заказу № ${order.number}`;
  let providerRefund: ProviderRefund | null = null;
  let attemptId: number | null = null;
  if (request.method === 'provider') {
    if (order.paymentKind !== 'online')
      throw badRequest(
        'Заказ оплачен не онлайн: через платёжный сервис его деньги не вернуть. Верните их сами и выберите ' +
          '«Деньги возвращены вручную».',
      );
    const frame = await receiptFrame(tx, order);
    let receipt: Receipt;
    try {
      receipt = buildReceipt({
        ...frame,
        amount,
        lines: pieces.map((p) => ({ ...p.line, quantity: p.quantity, payable: p.amount })),
        delivery: withDelivery ? frame.delivery : null,
      });
    } catch (error) {
      if (!(error instanceof ReceiptError)) throw error;
      // The rest no longer matches the pieces left (a sum was returned by hand before): no receipt to send.
      throw new ApiError(
        409,
        'refund_impossible',
        error.problem === 'sum_mismatch'
          ? `Остаток ${formatMoney(amount)} не совпадает с оставшимися позициями заказа (часть денег уже ` +
              `возвращена вручную), поэтому чек возврата не собрать. ${MANUAL_WAY}`
          : `Чек возврата не собрать: ${error.message}. ${MANUAL_WAY}`,
      );
    }
    const attempt = await attemptFor(tx, order.id, amount);
    attemptId = attempt.id;
    providerRefund = await refundAtProvider(tx, attempt, config, amount, description, receipt);
  }

  const restock = 'lines' in what && what.restock;
  if (restock)
    await returnStock(
      tx,
      pieces.flatMap((p) => (p.line.offerId ? [{ offerId: p.line.offerId, quantity: p.quantity }] : [])),
    );
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      method: request.method,
      status: providerRefund?.status ?? 'succeeded',
      amount,
      lines: returned,
      restocked: restock,
      receipt: providerRefund ? 'sent' : 'manual',
      paymentAttemptId: attemptId,
      providerRefundId: providerRefund?.id ?? null,
      note: request.note,
      actorId: request.actor.userId,
      createdAt: request.now,
      updatedAt: request.now,
    })
    .returning();
  const told = toldOf(request.method, amount, providerRefund?.status === 'pending');
  const forLines = returned.length
    ? ` за ${returned.map((l) => `${quoted(l.title)} × ${l.quantity}`).join(', ')}`
    : '';
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'refund',
    paymentStatus: order.paymentStatus,
    actor: request.actor,
    comment: [
      `${told.replace(/\.$/, '')}${forLines}.`,
      restock ? 'Товары возвращены на склад.' : null,
      request.note,
    ]
      .filter(Boolean)
      .join(' '),
    at: request.now,
  });
  return { refund: refund!, money: await orderMoney(tx, order.id), told };
}

/** The customer's sentence: the sum, how it comes back, and whether it is still on its way. */
function toldOf(method: 'provider' | 'manual', amount: number, pending: boolean): string {
  if (method === 'manual') return `Магазин вернул вам ${formatMoney(amount)}.`;
  return pending
    ? `Возврат ${formatMoney(amount)} оформлен: деньги придут тем же способом, которым вы платили, после обработки банком.`
    : `Возврат ${formatMoney(amount)} выполнен: деньги придут тем же способом, которым вы платили (срок зачисления зависит от банка).`;
}

/**
 * Gives back what is left of one succeeded attempt that pays nothing (a payment for an order canceled
 * meanwhile, or paid by another attempt): the whole payment, which needs no receipt of its own. The
 * kopecks given back; a provider's refusal as refundAtProvider's ApiError.
 */
export async function refundAttempt(
  tx: Tx,
  attempt: Attempt,
  config: PaymentsConfig,
  description: string,
  now = new Date(),
): Promise<number> {
  const left = attempt.amount - attempt.refundedAmount;
  if (attempt.status !== 'succeeded' || left <= 0 || !attempt.providerPaymentId) return 0;
  const refund = await refundAtProvider(tx, attempt, config, left, description, undefined);
  await tx.insert(orderRefunds).values({
    orderId: attempt.orderId,
    method: 'provider',
    status: refund.status,
    amount: refund.amount,
    receipt: 'sent',
    paymentAttemptId: attempt.id,
    providerRefundId: refund.id,
    note: description,
    actorId: null,
    createdAt: now,
    updatedAt: now,
  });
  return refund.amount;
}
