// The life of a demo order after it was placed, written as the services would have written it: the history
// rows of order-events.ts (placed, the staff's status changes, ЮKassa's payment), the payment attempts and
// notifications of payments/attempts.ts and notification-routes.ts, the refunds of payments/refunds.ts,
// the points accrued on completion (order-status.ts) and the order row's timestamps. Every demo order ends
// in a state the rules allow (order-rules.ts paymentStatusFits), so that the admin's order screen and the
// customer's page show each state as a real order would reach it.
import { randomBytes } from 'node:crypto';
import type { Tx } from '../platform/db';
import {
  bonusTransactions,
  orderEvents,
  orderRefunds,
  paymentAttempts,
  paymentNotifications,
} from '../../generated/tables';
import { cancelReasonText } from '../flows/payment/attempts';
import type { DeliveryKind, OrderStatus, PaymentKind, PaymentStatus } from '../domains/sales';
import type { Rng } from './random';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** How a canceled order got there; the last two need an online payment. */
export type CancelStory = 'by-customer' | 'by-shop' | 'refunded' | 'late';

/** How an online payment went before the order reached its status. */
type PayStory =
  'none' | 'pending' | 'declined' | 'expired' | 'paid' | 'declined-then-paid' | 'confirmed-then-paid';

export interface OrderDraft {
  placed: Date;
  number: string;
  status: OrderStatus;
  customerId: number | null;
  /** The customer's type takes part in the bonus programme (salons do not). */
  bonusAllowed: boolean;
  /** Taken over the phone: the history says the manager placed it. */
  byManager: boolean;
  delivery: { code: string; kind: DeliveryKind; minDays: number; maxDays: number };
  payment: { id: number; kind: PaymentKind; testMode: boolean };
  /** What the customer paid for the goods (the lines' payable), in kopecks. */
  goodsPaid: number;
  total: number;
  cancel: CancelStory | null;
  pay: PayStory;
}

export interface LifeContext {
  now: Date;
  /** The first administrator, as the staff member behind «Магазин»; none on a shop without one yet. */
  staffId: number | null;
  bonus: { percent: number; pointValue: number; lifetimeDays: number | null } | null;
}

/** What the life sets on the order row. */
export interface OrderOutcome {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentId: string | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  cancelReason: string | null;
  deliveryTrackNumber: string | null;
  bonusAccrued: number;
  accessKey: string;
  updatedAt: Date;
}

type Actor = { actorId: number | null; actorLabel: string };
type EventRow = Omit<typeof orderEvents.$inferInsert, 'orderId'>;
type AttemptRow = Omit<typeof paymentAttempts.$inferInsert, 'orderId'>;
type NoticeRow = Omit<typeof paymentNotifications.$inferInsert, 'orderId'>;
type AccrualRow = Omit<typeof bonusTransactions.$inferInsert, 'orderId'>;

export interface OrderLife {
  order: OrderOutcome;
  events: EventRow[];
  attempts: AttemptRow[];
  notifications: NoticeRow[];
  accrual: AccrualRow | null;
}

const PROVIDER: Actor = { actorId: null, actorLabel: 'ЮKassa' };
/** YooKassa's notification senders (payments/yookassa.ts lists its networks). */
const YOOKASSA_IPS = ['185.71.76.12', '185.71.77.5', '77.75.153.44', '77.75.156.11', '77.75.156.35'];
const STAFF_CANCELS = [
  'Покупатель не выходит на связь, доставку согласовать не удалось',
  'Товара не оказалось на складе, покупатель согласился на отмену',
];
const CUSTOMER_CANCELS = [null, 'Оформлю заново с другим адресом', 'Нашла нужные ресницы в салоне'];

/** How far along the normal path each status is; a canceled order leaves it. */
const RANK: Record<OrderStatus, number> = {
  new: 0,
  confirmed: 1,
  paid: 2,
  shipped: 3,
  completed: 4,
  canceled: -1,
};

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
/** A version 4 UUID, as randomUUID() gives the attempt's Idempotence-Key. */
const uuid = (rng: Rng) =>
  `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(rng, 3)}-${hex(rng, 12)}`;
/** YooKassa's ids: payments look like 2f1e5c3a-000f-5000-9000-1a2b3c4d5e6f, refunds alike. */
const paymentIdOf = (rng: Rng) => `${hex(rng, 8)}-000f-5000-9000-${hex(rng, 12)}`;
const refundIdOf = (rng: Rng) => `${hex(rng, 8)}-0015-5000-a000-${hex(rng, 12)}`;

/** The carrier's tracking number: СДЭК's ten digits, Почта России's fourteen; none for the shop's pickup. */
function trackNumberOf(rng: Rng, kind: DeliveryKind): string | null {
  if (kind === 'self_pickup') return null;
  if (kind === 'post') return `800${digits(rng, 11)}`;
  return `1${digits(rng, 9)}`;
}

/**
 * Chooses how each online order's payment went, spread over the orders so that every case shows: new orders
 * of the last two hours (and the newest one in any case) are being paid right now — YooKassa gives up on a
 * payment after about an hour, so older ones were left unpaid, declined or expired; among the paid ones a
 * few were declined first or paid only after the shop confirmed them.
 */
export function assignPayStories(drafts: OrderDraft[], now: Date): void {
  const seen: Record<string, number> = {};
  const next = <T>(key: string, cycle: readonly T[]): T =>
    cycle[(seen[key] = (seen[key] ?? -1) + 1) % cycle.length]!;
  const newestNew = drafts.findLast((d) => d.status === 'new' && d.payment.kind === 'online');
  for (const d of drafts) {
    if (d.payment.kind !== 'online' || d.status === 'canceled') d.pay = 'none';
    else if (d === newestNew || (d.status === 'new' && now.getTime() - d.placed.getTime() < 2 * HOUR))
      d.pay = 'pending';
    else if (d.status === 'new') d.pay = next('new', ['none', 'declined', 'expired'] as const);
    else if (d.status === 'confirmed') d.pay = next('confirmed', ['none', 'declined'] as const);
    else d.pay = next('paid', ['paid', 'declined-then-paid', 'paid', 'confirmed-then-paid'] as const);
  }
}

/** The order's life from its placing to its status, every moment before `now`. */
export function lifeOf(d: OrderDraft, rng: Rng, ctx: LifeContext): OrderLife {
  const events: (Omit<EventRow, 'createdAt'> & { at: number })[] = [];
  const attempts: (Omit<AttemptRow, 'createdAt' | 'updatedAt' | 'paidAt'> & {
    at: number;
    changed: number;
    paid: number | null;
  })[] = [];
  const notices: (Omit<NoticeRow, 'createdAt'> & { at: number })[] = [];
  const stamps: Partial<Record<'paid' | 'shipped' | 'completed' | 'canceled', number>> = {};
  const shop: Actor = { actorId: ctx.staffId, actorLabel: 'Магазин' };
  const customer: Actor = { actorId: d.customerId, actorLabel: 'Покупатель' };
  let t = 0;
  let status: OrderStatus = 'new';
  let pay: PaymentStatus = 'unpaid';
  let paymentId: string | null = null;
  let track: string | null = null;
  let cancelReason: string | null = null;
  let bonusAccrued = 0;
  let accrualAt: number | null = null;

  const wait = (from: number, to: number) => (t += rng.int(from, to));
  const event = (e: Omit<EventRow, 'createdAt' | 'actorId' | 'actorLabel'>, actor: Actor) =>
    events.push({ ...e, ...actor, at: t });
  const move = (to: OrderStatus, actor: Actor, comment: string | null = null) => {
    event({ kind: 'status', fromStatus: status, toStatus: to, paymentStatus: pay, comment }, actor);
    status = to;
  };
  /** ЮKassa's notification, recorded a few seconds after the change it brought. */
  const notice = (name: string, providerPaymentId: string, outcome: string, message: string, delay = 1) =>
    notices.push({
      provider: 'yookassa',
      event: name,
      providerPaymentId,
      outcome,
      message,
      remoteIp: rng.pick(YOOKASSA_IPS),
      at: t + (delay + rng.int(0, 20)) * 1000,
    });

  const startPayment = () => {
    wait(1 * MIN, 3 * MIN);
    const providerPaymentId = paymentIdOf(rng);
    attempts.push({
      paymentServiceId: d.payment.id,
      provider: 'yookassa',
      providerPaymentId,
      idempotenceKey: uuid(rng),
      status: 'pending',
      amount: d.total,
      confirmationUrl: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${providerPaymentId}`,
      test: d.payment.testMode,
      at: t,
      changed: t,
      paid: null,
    });
    pay = 'pending';
    return attempts.at(-1)!;
  };
  const decline = (reason: 'insufficient_funds' | 'expired_on_confirmation') => {
    const attempt = startPayment();
    // YooKassa gives up on a payment not confirmed within the hour; a declined card is known at once.
    if (reason === 'expired_on_confirmation') wait(60 * MIN, 70 * MIN);
    else wait(1 * MIN, 3 * MIN);
    Object.assign(attempt, { status: 'canceled', cancellationReason: reason, changed: t });
    pay = 'failed';
    event(
      {
        kind: 'payment',
        paymentStatus: 'failed',
        comment: `Причина: ${cancelReasonText(reason)}. Можно оплатить ещё раз.`,
        // As the payment service does: an abandoned payment that just expired is not news to the customer.
        public: reason !== 'expired_on_confirmation',
      },
      PROVIDER,
    );
    notice('payment.canceled', attempt.providerPaymentId!, 'applied', 'Платёж отменён');
  };
  const succeed = (attempt: (typeof attempts)[number]) => {
    wait(2 * MIN, 5 * MIN);
    Object.assign(attempt, { status: 'succeeded', paid: t, changed: t });
  };
  const refund = (attempt: (typeof attempts)[number]) => {
    Object.assign(attempt, {
      refundedAmount: attempt.amount,
      refundId: refundIdOf(rng),
      refundStatus: 'succeeded',
      changed: t,
    });
    // YooKassa tells of the refund too, after the payment's own notification; the payment read again is
    // already known: a repeat.
    notice('refund.succeeded', attempt.providerPaymentId!, 'duplicate', 'Уже учтено', 40);
  };
  const payOnline = () => {
    const attempt = startPayment();
    succeed(attempt);
    pay = 'paid';
    paymentId = attempt.providerPaymentId!;
    stamps.paid = t;
    move('paid', PROVIDER);
    notice('payment.succeeded', paymentId, 'applied', 'Заказ оплачен');
  };
  const confirm = () => {
    wait(1 * HOUR, 5 * HOUR);
    move(
      'confirmed',
      shop,
      d.payment.kind === 'invoice' ? 'Счёт на оплату отправлен на e-mail покупателя' : null,
    );
  };
  const cancel = (actor: Actor, comment: string | null) => {
    stamps.canceled = t;
    cancelReason = comment ?? 'Отменён покупателем';
    let said = comment;
    if (pay === 'paid') {
      for (const a of attempts) if (a.status === 'succeeded') refund(a);
      pay = 'refunded';
      said = [comment, 'Деньги за заказ возвращены.'].filter(Boolean).join(' ');
    } else if (pay === 'pending') pay = 'unpaid';
    move('canceled', actor, said);
  };

  event(
    {
      kind: 'placed',
      toStatus: 'new',
      paymentStatus: 'unpaid',
      comment: d.byManager ? 'Заказ принят менеджером' : null,
    },
    d.byManager ? shop : customer,
  );

  if (d.cancel === 'by-customer') {
    wait(20 * MIN, 6 * HOUR);
    cancel(customer, rng.pick(CUSTOMER_CANCELS));
  } else if (d.cancel === 'by-shop') {
    confirm();
    wait(1 * DAY, 2 * DAY);
    cancel(shop, rng.pick(STAFF_CANCELS));
  } else if (d.cancel === 'refunded') {
    payOnline();
    wait(2 * HOUR, 20 * HOUR);
    cancel(shop, 'Покупатель попросил отменить заказ по телефону.');
  } else if (d.cancel === 'late') {
    // The customer canceled while the bank's page was still open, then paid on it: the money goes back.
    const attempt = startPayment();
    wait(2 * MIN, 6 * MIN);
    cancel(customer, 'Передумала, закажу позже');
    succeed(attempt);
    refund(attempt);
    pay = 'refunded';
    const why = 'Оплата пришла после отмены заказа: деньги возвращены';
    event({ kind: 'payment', paymentStatus: 'refunded', comment: why }, PROVIDER);
    notice('payment.succeeded', attempt.providerPaymentId!, 'late', why);
  } else {
    const reach = (s: OrderStatus) => RANK[d.status] >= RANK[s];
    if (d.pay === 'pending') startPayment();
    else if (d.pay === 'declined') decline('insufficient_funds');
    else if (d.pay === 'expired') decline('expired_on_confirmation');
    else if (d.pay === 'paid') payOnline();
    else if (d.pay === 'declined-then-paid') {
      decline('insufficient_funds');
      wait(3 * MIN, 15 * MIN);
      payOnline();
    } else if (d.pay === 'confirmed-then-paid') {
      confirm();
      wait(2 * HOUR, 20 * HOUR);
      payOnline();
    }
    if (status === 'new' && reach('confirmed')) confirm();
    if (d.payment.kind === 'invoice' && reach('paid')) {
      wait(1 * DAY, 3 * DAY);
      pay = 'paid';
      stamps.paid = t;
      move('paid', shop, 'Оплата по счёту поступила на расчётный счёт');
    }
    if (reach('shipped')) {
      wait(4 * HOUR, 30 * HOUR);
      stamps.shipped = t;
      track = trackNumberOf(rng, d.delivery.kind);
      move('shipped', shop, track ? `Трек-номер: ${track}.` : 'Заказ собран и ждёт вас в шоу-руме');
    }
    if (reach('completed')) {
      wait(d.delivery.minDays * DAY + 2 * HOUR, d.delivery.maxDays * DAY + 10 * HOUR);
      stamps.completed = t;
      // Paid on delivery: the money was taken when the customer received the order.
      if (pay !== 'paid') {
        pay = 'paid';
        stamps.paid = t;
      }
      bonusAccrued = pointsOf(d, ctx);
      if (bonusAccrued) accrualAt = t;
      move('completed', shop);
    }
  }
  if (status !== d.status)
    throw new Error(`demo order ${d.number}: its life ends ${status}, not ${d.status}`);

  // The story's pauses are typical ones; an order placed not long ago had less time, so its life is
  // squeezed to end before now, keeping its order of events.
  const last = Math.max(t, ...notices.map((n) => n.at));
  const room = ctx.now.getTime() - d.placed.getTime() - 2 * MIN;
  const scale = last > room ? Math.max(room, 0) / last : 1;
  const at = (offset: number) => new Date(d.placed.getTime() + Math.round(offset * scale));
  const stamp = (key: keyof typeof stamps) => (stamps[key] === undefined ? null : at(stamps[key]));

  return {
    order: {
      status,
      paymentStatus: pay,
      paymentId,
      paidAt: stamp('paid'),
      shippedAt: stamp('shipped'),
      completedAt: stamp('completed'),
      canceledAt: stamp('canceled'),
      cancelReason,
      deliveryTrackNumber: track,
      bonusAccrued,
      // The guest's private link: a secret, so random rather than from the demo's seed.
      accessKey: randomBytes(24).toString('base64url'),
      updatedAt: at(t),
    },
    events: events.map(({ at: offset, ...e }) => ({ ...e, createdAt: at(offset) })),
    attempts: attempts.map(({ at: offset, changed, paid, ...a }) => ({
      ...a,
      createdAt: at(offset),
      updatedAt: at(changed),
      paidAt: paid === null ? null : at(paid),
    })),
    notifications: notices
      .sort((a, b) => a.at - b.at)
      .map(({ at: offset, ...n }) => ({ ...n, createdAt: at(offset) })),
    accrual:
      accrualAt === null || d.customerId === null
        ? null
        : {
            userId: d.customerId,
            amount: bonusAccrued,
            kind: 'accrual',
            reason: `Начисление за заказ № ${d.number}`,
            expiresAt: ctx.bonus?.lifetimeDays
              ? new Date(at(accrualAt).getTime() + ctx.bonus.lifetimeDays * DAY)
              : null,
            createdAt: at(accrualAt),
          },
  };
}

/**
 * Points for a completed order, as order-status.ts accrues them: the programme's percent of what was paid
 * for the goods, at the point's value; none for guests and for customer types outside the programme.
 */
function pointsOf(d: OrderDraft, ctx: LifeContext): number {
  if (!d.customerId || !d.bonusAllowed || !ctx.bonus?.percent) return 0;
  return Math.floor((d.goodsPaid * ctx.bonus.percent) / 100 / ctx.bonus.pointValue);
}

/** Writes what the life made, for the order just inserted. */
export async function writeLife(tx: Tx, orderId: number, life: OrderLife): Promise<void> {
  await tx.insert(orderEvents).values(life.events.map((e) => ({ ...e, orderId })));
  if (life.attempts.length) {
    const written = await tx
      .insert(paymentAttempts)
      .values(life.attempts.map((a) => ({ ...a, orderId })))
      .returning();
    // Each refunded payment is a refund of the order too, as the refund service records it.
    const refunded = written.filter((a) => a.refundedAmount > 0);
    if (refunded.length)
      await tx.insert(orderRefunds).values(
        refunded.map((a) => ({
          orderId,
          method: 'provider' as const,
          status: a.refundStatus ?? 'succeeded',
          amount: a.refundedAmount,
          receipt: 'sent' as const,
          paymentAttemptId: a.id,
          providerRefundId: a.refundId,
          createdAt: a.updatedAt,
          updatedAt: a.updatedAt,
        })),
      );
  }
  if (life.notifications.length)
    await tx.insert(paymentNotifications).values(life.notifications.map((n) => ({ ...n, orderId })));
  if (life.accrual) await tx.insert(bonusTransactions).values({ ...life.accrual, orderId });
}

/**
 * A notification from outside YooKassa's networks about a payment the shop never made: refused and kept,
 * as the notification route does, so that the administrator sees what such an attempt looks like.
 */
export async function writeStrayNotification(tx: Tx, rng: Rng, now: Date): Promise<void> {
  await tx.insert(paymentNotifications).values({
    provider: 'yookassa',
    event: 'payment.succeeded',
    providerPaymentId: paymentIdOf(rng),
    orderId: null,
    outcome: 'refused',
    message: 'Отправитель не из сетей ЮKassa',
    remoteIp: '203.0.113.77',
    createdAt: new Date(now.getTime() - 4 * DAY - rng.int(1, 10) * HOUR),
  });
}
