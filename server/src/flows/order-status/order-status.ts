// The one way an order's status changes by a person's hand: the administrator's buttons, the manager's, the
// customer's «Отменить». Each change is checked against the rules (order-rules.ts) under the order's row
// lock, does what the new status means (stock, coupon, bonuses, the refund), keeps the history row and
// queues the customer's letters, all in one transaction. A payment moves the order to paid through the
// payment service (payments/attempts.ts), which takes the same lock.
import { and, eq, sql } from 'drizzle-orm';
import { bonusTransactions, orders } from '../../../generated/tables';
import { selectRows, type Db, type Tx } from '../../platform/db';
import { ApiError, badRequest } from '../../platform/http/errors';
import { orderMoney } from '../../domains/sales';
import { refundMoney } from './refunds';
import { formatMoney } from '@shop/schemas/rules/money';
import type { PaymentsConfig } from '../../domains/payments';
import { settingsRow } from '../../domains/settings';
import { pointsEarned } from '../../domains/pricing';
import { trackingUrlOf } from '../../domains/delivery';
import { releaseCouponUse } from '../checkout/place-order';
import { LINE_PAYABLE } from '../../domains/sales';
import { returnOrderStock } from '../../domains/sales';
import {
  lockOrder,
  recordOrderEvent,
  tellCustomer,
  type LockedOrder,
  type OrderActor,
} from '../../domains/sales';
import {
  needsTrackNumber,
  paymentStatusFits,
  STATUS_LABELS,
  verdictOf,
  type ActorRole,
  type OrderAction,
  type PaymentStatus,
} from '../../domains/sales';

export interface StatusChange {
  orderId: number;
  action: OrderAction;
  role: ActorRole;
  actor: OrderActor;
  /** The reason of a cancel (required of the staff), or a note for the history and the letter. */
  comment?: string | null;
  /** The shipment's tracking number (required to ship, but for the shop's own pickup). */
  trackNumber?: string | null;
  /** The carrier's page for the tracking number: the shipped letter carries it (flows/shipping). */
  trackingUrl?: string | null;
  /** Cancelling an order that holds money: how it goes back (order-refunds.ts refundMoney), or `none`. */
  refund?: { method: 'provider' | 'manual' | 'none'; amount?: number; note?: string } | null;
  /** Marking an invoice payment: the day (YYYY-MM-DD, Moscow) and the sum received. */
  payment?: { paidOn: string; amount: number } | null;
  /** The site's origin, for the link in the letter. */
  site: string;
  now?: Date;
}

export interface StatusChanged {
  status: LockedOrder['status'];
  paymentStatus: PaymentStatus;
}

/** The refusal of a change the rules do not allow: 409 with the rule's Russian wording. */
export class TransitionRefused extends ApiError {
  constructor(message: string) {
    super(409, 'transition_refused', message);
  }
}

export async function changeOrderStatus(
  db: Db,
  config: PaymentsConfig,
  change: StatusChange,
): Promise<StatusChanged> {
  const now = change.now ?? new Date();
  const comment = change.comment?.trim() || null;
  const track = change.trackNumber?.trim() || null;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    const verdict = verdictOf(order, change.action, change.role);
    if (!verdict.allowed) throw new TransitionRefused(verdict.message);
    const set: Partial<typeof orders.$inferInsert> = { status: verdict.to, updatedAt: now };
    let paymentStatus = order.paymentStatus;
    let letterComment = comment;

    switch (change.action) {
      case 'markPaid':
        paymentStatus = 'paid';
        set.paidAt = await receivedAt(tx, order, change.payment ?? null, now);
        if (change.payment)
          letterComment = [`Оплата ${formatMoney(change.payment.amount)} получена.`, comment]
            .filter(Boolean)
            .join(' ');
        break;
      case 'ship':
        if (needsTrackNumber(order.deliveryKind) && !track)
          throw badRequest('Укажите трек-номер отправления', { trackNumber: 'Укажите трек-номер' });
        set.shippedAt = now;
        if (track) {
          set.deliveryTrackNumber = track;
          // A number typed by the staff for a carrier's parcel gets the carrier's tracking link too.
          const url = change.trackingUrl ?? trackingUrlOf(order.deliveryProvider, track);
          const follow = url ? `Отследить посылку: ${url}` : null;
          letterComment = [`Трек-номер: ${track}.`, follow, comment].filter(Boolean).join(' ');
        }
        break;
      case 'complete':
        set.completedAt = now;
        // Paid on delivery: the money was taken when the customer received the order.
        if (paymentStatus !== 'paid') {
          paymentStatus = 'paid';
          set.paidAt = now;
        }
        set.bonusAccrued = await accrueBonuses(tx, order, now);
        break;
      case 'cancel': {
        if (change.role !== 'customer' && !comment)
          throw badRequest('Укажите причину отмены', { comment: 'Укажите причину отмены' });
        set.canceledAt = now;
        // The customer's own words are the reason; the history and the letter say who canceled.
        set.cancelReason = comment ?? 'Отменён покупателем';
        if (change.role === 'customer')
          letterComment = comment ? `Отменён покупателем: ${comment}` : 'Отменён покупателем';
        await releaseOrder(tx, order);
        const money = await cancelMoney(tx, order, config, change, now);
        paymentStatus = money.paymentStatus ?? (paymentStatus === 'pending' ? 'unpaid' : paymentStatus);
        letterComment = [letterComment, money.told].filter(Boolean).join(' ');
        break;
      }
    }
    if (!paymentStatusFits(verdict.to, paymentStatus, order.paymentKind))
      throw new Error(`order ${order.id}: ${verdict.to} with payment ${paymentStatus} breaks the rules`);
    set.paymentStatus = paymentStatus;
    await tx.update(orders).set(set).where(eq(orders.id, order.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'status',
      from: order.status,
      to: verdict.to,
      paymentStatus,
      actor: change.actor,
      comment: letterComment,
      at: now,
    });
    const trackingUrl =
      change.action === 'ship' && track
        ? (change.trackingUrl ?? trackingUrlOf(order.deliveryProvider, track))
        : null;
    await tellCustomer(tx, order, change.site, STATUS_LABELS[verdict.to], letterComment, trackingUrl);
    return { status: verdict.to, paymentStatus };
  });
}

/**
 * The money of an order being canceled: back through the provider (an online order's default), recorded as
 * returned by hand with its sum, or held by the shop (`none`: the history and the letter say so). The order's
 * payment state after it: refunded when nothing is held any more, paid while the shop holds some; null when
 * it took no money.
 */
async function cancelMoney(
  tx: Tx,
  order: LockedOrder,
  config: PaymentsConfig,
  change: StatusChange,
  now: Date,
): Promise<{ paymentStatus: PaymentStatus | null; told: string | null }> {
  const money = await orderMoney(tx, order.id);
  if (money.refundable <= 0) return { paymentStatus: money.received > 0 ? 'refunded' : null, told: null };
  const choice = change.refund ?? (order.paymentKind === 'online' ? { method: 'provider' as const } : null);
  if (!choice)
    throw badRequest(
      `Заказ оплачен (${formatMoney(money.refundable)}): укажите, вернули ли вы деньги покупателю`,
      {
        refund: 'Выберите, вернули ли деньги',
      },
    );
  const note = choice.note?.trim() || null;
  if (choice.method === 'none') {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'note',
      paymentStatus: 'paid',
      actor: change.actor,
      comment: [
        `Деньги при отмене не возвращены: ${formatMoney(money.refundable)} остаются у магазина.`,
        note,
      ]
        .filter(Boolean)
        .join(' '),
      public: false,
      at: now,
    });
    return {
      paymentStatus: 'paid',
      told: `Оплата ${formatMoney(money.refundable)} пока не возвращена: если вам нужен возврат, свяжитесь с нами.`,
    };
  }
  if (choice.method === 'manual' && choice.amount === undefined)
    throw badRequest('Укажите, сколько денег вы вернули покупателю', { 'refund.amount': 'Укажите сумму' });
  const done = await refundMoney(tx, order, config, {
    method: choice.method,
    what: choice.method === 'provider' ? { rest: true } : { amount: choice.amount! },
    note,
    actor: change.actor,
    now,
  });
  const held = done.money.refundable;
  return {
    paymentStatus: held > 0 ? 'paid' : 'refunded',
    told: held > 0 ? `${done.told} Остальные ${formatMoney(held)} пока у магазина.` : done.told,
  };
}

/**
 * When the money of a payment the staff mark came: now, or for an invoice the day the bank says (required
 * then), with the sum received, which must be the order's total.
 */
async function receivedAt(
  tx: Tx,
  order: LockedOrder,
  payment: StatusChange['payment'],
  now: Date,
): Promise<Date> {
  if (!payment) {
    if (order.paymentKind === 'invoice')
      throw badRequest('Укажите дату поступления денег и полученную сумму', {
        'payment.paidOn': 'Укажите дату',
        'payment.amount': 'Укажите сумму',
      });
    return now;
  }
  if (payment.amount !== order.total)
    throw badRequest(
      `Получено ${formatMoney(payment.amount)}, а сумма заказа — ${formatMoney(order.total)}: отметьте оплату, когда придёт вся сумма`,
      { 'payment.amount': `Сумма заказа — ${formatMoney(order.total)}` },
    );
  // The day in Moscow: not before the day of the order, not after today.
  const at = new Date(`${payment.paidOn}T00:00:00+03:00`);
  const [row] = await selectRows<{ createdAt: Date | string }>(
    tx,
    sql`SELECT created_at AS "createdAt" FROM orders WHERE id = ${order.id}`,
  );
  const moscowDay = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  const placedOn = moscowDay(new Date(row!.createdAt));
  if (Number.isNaN(at.getTime()) || payment.paidOn > moscowDay(now) || payment.paidOn < placedOn)
    throw badRequest('Дата поступления денег — не раньше дня заказа и не позже сегодняшнего', {
      'payment.paidOn': 'Не раньше дня заказа и не позже сегодня',
    });
  // Today's money came just now; an earlier day's at its start, but not before the order was placed.
  if (payment.paidOn === moscowDay(now)) return now;
  return at < new Date(row!.createdAt) ? new Date(row!.createdAt) : at;
}

/**
 * A canceled order gives back what it took: the pieces to stock (offers deleted meanwhile are skipped), the
 * coupon's use (its limits count again), and the points it spent (a refund row of the ledger).
 */
async function releaseOrder(tx: Tx, order: LockedOrder): Promise<void> {
  await returnOrderStock(tx, order.id);
  await releaseCouponUse(tx, order.id);

  if (order.userId && order.bonusSpent > 0)
    await tx.insert(bonusTransactions).values({
      userId: order.userId,
      amount: order.bonusSpent,
      kind: 'refund',
      orderId: order.id,
      reason: `Возврат баллов за отменённый заказ № ${order.number}`,
    });
}

/**
 * Points for a completed order: bonusAccrualPercent of what the customer paid for the goods (not the
 * delivery, not the part paid with points), in points at the order's point value, expiring after
 * bonusLifetimeDays (the worker writes the expiry rows). None for guests, for customer types outside the
 * programme, or with the programme off. Returns the points accrued.
 */
async function accrueBonuses(tx: Tx, order: LockedOrder, now: Date): Promise<number> {
  if (!order.userId) return 0;
  const shop = await settingsRow(tx);
  if (!shop?.bonusEnabled || !shop.bonusAccrualPercent) return 0;
  const [row] = await selectRows<{ allowed: boolean | null; paid: number | string | null }>(
    tx,
    sql`SELECT (SELECT t.bonus_allowed AND t.active FROM users u JOIN user_types t ON t.id = u.user_type_id
                 WHERE u.id = ${order.userId}) AS allowed,
               (SELECT sum(${LINE_PAYABLE}) FROM order_items WHERE order_items.order_id = ${order.id}) AS paid`,
  );
  if (row?.allowed === false) return 0;
  const pointValue = order.bonusPointValue || shop.bonusPointValue || 100;
  const points = pointsEarned(Number(row?.paid ?? 0), shop.bonusAccrualPercent, pointValue);
  if (points <= 0) return 0;
  const existing = await tx
    .select({ id: bonusTransactions.id })
    .from(bonusTransactions)
    .where(and(eq(bonusTransactions.orderId, order.id), eq(bonusTransactions.kind, 'accrual')));
  if (existing.length) return 0;
  await tx.insert(bonusTransactions).values({
    userId: order.userId,
    amount: points,
    kind: 'accrual',
    orderId: order.id,
    reason: `Начисление за заказ № ${order.number}`,
    expiresAt: shop.bonusLifetimeDays ? new Date(now.getTime() + shop.bonusLifetimeDays * 86_400_000) : null,
    createdAt: now,
  });
  return points;
}
