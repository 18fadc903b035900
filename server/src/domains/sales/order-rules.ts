// The order's life as rules, with no database: which status may follow which, who may make each change,
// and how the status and the payment state go together. The order service (order-status.ts) checks every
// change against these; the admin's buttons and the customer's «Отменить» are the allowed actions of
// the order as it is; the transition table test walks every (status, action, role).
//
//   new → confirmed → paid → shipped → completed          (online and invoice: paid before shipping)
//   new → confirmed → shipped → completed                 (on delivery: paid when completed)
//   new | confirmed | paid → canceled                     (a paid order's money goes back, or is held)
import type { Order } from '@shop/schemas';
import ordersSchema from '@shop/schemas/entities/sales/orders.schema.json' with { type: 'json' };

export type OrderStatus = Order['status'];
export type PaymentStatus = Order['paymentStatus'];
export type PaymentKind = 'online' | 'on_delivery' | 'invoice';
export type DeliveryKind = 'courier' | 'post' | 'pickup_point' | 'self_pickup';

/** What a person can do to an order; an online payment moves it to paid by the payment service instead. */
export const ORDER_ACTIONS = ['confirm', 'markPaid', 'ship', 'complete', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Who asks: staff by their role, the customer (their own order, or a guest with the private link), or the
 * shop itself on a carrier's word (`system`: the shipping flow ships an order the carrier has taken and
 * completes one it has handed over; it does nothing else, and only where the staff could).
 */
export type ActorRole = 'admin' | 'manager' | 'content' | 'customer' | 'system';

// The labels are the schema's (the admin's enum labels): one wording everywhere.
export const STATUS_LABELS: Record<OrderStatus, string> = ordersSchema.properties.status['x-enum-labels'];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> =
  ordersSchema.properties.paymentStatus['x-enum-labels'];

export const ACTION_LABELS: Record<OrderAction, string> = {
  confirm: 'Подтвердить',
  markPaid: 'Отметить оплату',
  ship: 'Отправить',
  complete: 'Выполнить',
  cancel: 'Отменить',
};

/** What the rules need to know of an order. */
export interface OrderState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentKind: PaymentKind | null;
  deliveryKind: DeliveryKind | null;
}

export type Verdict = { allowed: true; to: OrderStatus } | { allowed: false; message: string };

const STAFF: ActorRole[] = ['admin', 'manager'];
/** What the shop does by itself, when a carrier says the parcel left or arrived. */
const SYSTEM_ACTIONS: OrderAction[] = ['ship', 'complete'];

const refuse = (message: string): Verdict => ({ allowed: false, message });

/** Where each action may start from. */
const FROM: Record<OrderAction, OrderStatus[]> = {
  confirm: ['new'],
  markPaid: ['new', 'confirmed'],
  ship: ['confirmed', 'paid'],
  complete: ['shipped'],
  cancel: ['new', 'confirmed', 'paid'],
};

const TO: Record<OrderAction, OrderStatus> = {
  confirm: 'confirmed',
  markPaid: 'paid',
  ship: 'shipped',
  complete: 'completed',
  cancel: 'canceled',
};

/** Whether `role` may do `action` to the order as it is now, and the status it leads to. */
export function verdictOf(order: OrderState, action: OrderAction, role: ActorRole): Verdict {
  const { status } = order;
  if (role === 'content') return refuse('Заказами занимаются администратор и менеджер');
  if (role === 'customer') {
    if (action !== 'cancel') return refuse('Это действие выполняет магазин');
    if (status !== 'new')
      return refuse(
        `Заказ в статусе «${STATUS_LABELS[status]}» отменить самому нельзя: позвоните или напишите нам`,
      );
    if (order.paymentStatus === 'paid')
      return refuse('Заказ уже оплачен: чтобы отменить его и вернуть деньги, свяжитесь с нами');
  } else if (role === 'system') {
    if (!SYSTEM_ACTIONS.includes(action)) return refuse('Это действие выполняет сотрудник магазина');
  } else if (!STAFF.includes(role)) return refuse('Недостаточно прав');

  if (!FROM[action].includes(status)) {
    if (status === 'canceled') return refuse('Заказ отменён: его статус больше не меняется');
    if (status === 'completed') return refuse('Заказ выполнен: его статус больше не меняется');
    return refuse(`Из статуса «${STATUS_LABELS[status]}» нельзя перейти в «${STATUS_LABELS[TO[action]]}»`);
  }
  if (action === 'markPaid' && order.paymentKind === 'online')
    return refuse('Онлайн-оплату отмечает платёжный сервис: заказ станет оплаченным, когда деньги поступят');
  if (action === 'markPaid' && order.paymentStatus === 'paid') return refuse('Заказ уже оплачен');
  if (action === 'ship' && status === 'confirmed' && order.paymentKind !== 'on_delivery')
    return refuse('Заказ ещё не оплачен: отправить можно после оплаты (или при оплате при получении)');
  return { allowed: true, to: TO[action] };
}

/** The actions `role` may take now, for the admin's buttons and the customer's page. */
export function allowedActions(order: OrderState, role: ActorRole): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => verdictOf(order, a, role).allowed);
}

/** Whether a shipment of this delivery needs a tracking number (everything but the shop's own pickup). */
export const needsTrackNumber = (deliveryKind: DeliveryKind | null) => deliveryKind !== 'self_pickup';

/**
 * How status and payment state go together; every change the order service makes keeps this true:
 * - before payment (new, confirmed) the money is not taken: unpaid, pending or failed;
 * - paid and completed orders are paid; a shipped one too, unless it is paid on delivery;
 * - a canceled order is unpaid, failed or refunded, or still paid when the shop holds its money (an invoice
 *   paid and not returned, or returned in part): the history says so, and a refund may follow.
 */
export function paymentStatusFits(
  status: OrderStatus,
  paymentStatus: PaymentStatus,
  paymentKind: PaymentKind | null,
): boolean {
  switch (status) {
    case 'new':
    case 'confirmed':
      return ['unpaid', 'pending', 'failed'].includes(paymentStatus);
    case 'paid':
    case 'completed':
      return paymentStatus === 'paid';
    case 'shipped':
      return paymentStatus === 'paid' || (paymentKind === 'on_delivery' && paymentStatus === 'unpaid');
    case 'canceled':
      return ['unpaid', 'failed', 'refunded', 'paid'].includes(paymentStatus);
  }
}

const STATUS_EVENT_TITLES: Record<OrderStatus, string> = {
  new: 'Заказ оформлен',
  confirmed: 'Заказ подтверждён',
  paid: 'Заказ оплачен',
  shipped: 'Заказ отправлен',
  completed: 'Заказ выполнен',
  canceled: 'Заказ отменён',
};

const PAYMENT_EVENT_TITLES: Record<PaymentStatus, string> = {
  unpaid: 'Оплата не начата',
  pending: 'Начата оплата',
  paid: 'Оплата получена',
  refunded: 'Деньги возвращены',
  failed: 'Оплата не прошла',
};

/** A history row as the customer and the administrator read it: «Заказ отправлен», «Оплата не прошла». */
export function eventTitle(e: {
  kind: string;
  toStatus: string | null;
  paymentStatus: string | null;
}): string {
  if (e.kind === 'placed') return STATUS_EVENT_TITLES.new;
  if (e.kind === 'status' && e.toStatus) return STATUS_EVENT_TITLES[e.toStatus as OrderStatus] ?? e.toStatus;
  if (e.kind === 'payment' && e.paymentStatus)
    return PAYMENT_EVENT_TITLES[e.paymentStatus as PaymentStatus] ?? e.paymentStatus;
  if (e.kind === 'refund') return 'Возврат денег';
  if (e.kind === 'lines') return 'Состав заказа изменён';
  return 'Комментарий магазина';
}

/** The customer may pay now: an online order, not paid, not yet shipped or canceled. */
export const canPayOnline = (o: Pick<OrderState, 'status' | 'paymentStatus' | 'paymentKind'>) =>
  o.paymentKind === 'online' &&
  (o.status === 'new' || o.status === 'confirmed') &&
  o.paymentStatus !== 'paid';
