// What every change of an order shares, whoever makes it (the staff's actions in order-status.ts, the
// payment service in payments/): the order read under its row lock, the history row, the customer's letter.
import { sql } from 'drizzle-orm';
import { orderEvents } from '../../../generated/tables';
import { selectRows, type DbOrTx, type Tx } from '../../platform/db';
import { notFound } from '../../platform/http/errors';
import { queueStatusLetters } from './order-letters';
import type { DeliveryKind, OrderStatus, PaymentKind, PaymentStatus } from './order-rules';

/** Where the customer finds the order: the account's page, or the guest's private link. */
export function orderUrlOf(number: string, accessKey: string, signedIn: boolean): string {
  return signedIn
    ? `/profile/orders/${encodeURIComponent(number)}`
    : `/orders/${encodeURIComponent(number)}?key=${encodeURIComponent(accessKey)}`;
}

/** The order as its changes need it, with its services' kinds. */
export interface LockedOrder {
  id: number;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentKind: PaymentKind | null;
  deliveryKind: DeliveryKind | null;
  /** The delivery service's carrier (cdek, russian_post) or manual: where its parcels are tracked. */
  deliveryProvider: string | null;
  paymentServiceId: number | null;
  userId: number | null;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  accessKey: string | null;
  total: number;
  bonusSpent: number;
  bonusPointValue: number;
  couponCode: string | null;
}

/**
 * Reads the order and locks its row to the end of the transaction. Every change of an order (a staff action,
 * a payment, a notification, the customer's cancel, an edit of its lines) takes this lock first, so they
 * happen one after another and each sees what the one before it did.
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<LockedOrder> {
  const [order] = await selectRows<LockedOrder>(
    tx,
    sql`SELECT o.id, o.number, o.status, o.payment_status AS "paymentStatus",
          p.kind AS "paymentKind", d.kind AS "deliveryKind", d.provider AS "deliveryProvider",
          o.payment_service_id AS "paymentServiceId",
          o.user_id AS "userId", o.customer_name AS "customerName", o.customer_phone AS "customerPhone",
          o.customer_email AS "customerEmail", o.access_key AS "accessKey", o.total,
          o.bonus_spent AS "bonusSpent", o.bonus_point_value AS "bonusPointValue", o.coupon_code AS "couponCode"
        FROM orders o
        LEFT JOIN payment_services p ON p.id = o.payment_service_id
        LEFT JOIN delivery_services d ON d.id = o.delivery_service_id
        WHERE o.id = ${orderId}
        FOR UPDATE OF o`,
  );
  if (!order) throw notFound(`Заказ №${orderId} не найден`);
  return order;
}

/** Who made a change, as the history shows it. */
export interface OrderActor {
  userId: number | null;
  /** «Магазин», «Покупатель», «ЮKassa»: the customer sees this, not the staff member's name. */
  label: string;
}

export interface OrderEventInput {
  orderId: number;
  kind: 'placed' | 'status' | 'payment' | 'refund' | 'lines' | 'note';
  from?: OrderStatus | null;
  to?: OrderStatus | null;
  paymentStatus?: PaymentStatus | null;
  actor: OrderActor;
  comment?: string | null;
  /** Shown to the customer (default); false for what only the staff need to know. */
  public?: boolean;
  at?: Date;
}

export async function recordOrderEvent(tx: Tx, e: OrderEventInput): Promise<void> {
  await orderEventWrite(tx, e);
}

/** The event's insert, not yet run: placing an order writes it with the order (platform/db/together.ts). */
export function orderEventWrite(tx: DbOrTx, e: OrderEventInput) {
  return tx.insert(orderEvents).values({
    orderId: e.orderId,
    kind: e.kind,
    fromStatus: e.from ?? null,
    toStatus: e.to ?? null,
    paymentStatus: e.paymentStatus ?? null,
    actorId: e.actor.userId,
    actorLabel: e.actor.label,
    comment: e.comment ?? null,
    public: e.public ?? true,
    createdAt: e.at ?? new Date(),
  });
}

/** Queues the customer's e-mail and SMS about the order's new state, with the link that works for guests. */
export async function tellCustomer(
  tx: Tx,
  order: LockedOrder,
  site: string,
  statusLabel: string,
  comment: string | null,
  trackingUrl: string | null = null,
): Promise<void> {
  await queueStatusLetters(tx, {
    site,
    number: order.number,
    userId: order.userId,
    customerName: order.customerName,
    phone: order.customerPhone,
    email: order.customerEmail,
    orderUrl: orderUrlOf(order.number, order.accessKey ?? '', order.userId !== null),
    total: order.total,
    statusLabel,
    comment,
    trackingUrl,
  });
}
