// GET /api/admin/orders/by-number/:number: one order as the administrator's order screen shows it
// (admin/src/screens/sales/orders/OrderScreen.tsx, at /nuxt/orders/{number}): its lines with the products'
// pictures, the customer with their account and organisation, delivery, payment with every attempt and every
// notification the provider sent about it, the history, the totals broken down, and what the requesting role
// may do with it now (order-rules.ts). One read, so the screen never stitches records together itself; the
// changes go through their own endpoints (the actions, the lines, the manager's comment): orders are history.
import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminOrderView } from '@shop/schemas';
import deliverySchema from '@shop/schemas/entities/delivery/delivery-services.schema.json' with { type: 'json' };
import eventsSchema from '@shop/schemas/entities/sales/order-events.schema.json' with { type: 'json' };
import organizationsSchema from '@shop/schemas/entities/accounts/users-organizations.schema.json' with { type: 'json' };
import refundsSchema from '@shop/schemas/entities/payments/order-refunds.schema.json' with { type: 'json' };
import attemptsSchema from '@shop/schemas/entities/payments/payment-attempts.schema.json' with { type: 'json' };
import notificationsSchema from '@shop/schemas/entities/payments/payment-notifications.schema.json' with { type: 'json' };
import paymentSchema from '@shop/schemas/entities/payments/payment-services.schema.json' with { type: 'json' };
import {
  deliveryServices,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  paymentAttempts,
  paymentNotifications,
  paymentServices,
  products,
  userGroups,
  userOrganizations,
  users,
  userTypes,
} from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { attributeReader, type Attributes } from '../../platform/crud/directory-values';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/http/errors';
import { orderMoney, refundableLines } from './order-money';
import { serve } from '../../platform/http/contract';
import { orderByNumber } from '@shop/schemas/contracts/sales/admin-orders';
import {
  ACTION_LABELS,
  allowedActions,
  eventTitle,
  needsTrackNumber,
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  type ActorRole,
  type DeliveryKind,
  type OrderStatus,
  type PaymentKind,
  type PaymentStatus,
} from './order-rules';

type View = AdminOrderView;
type Labels = Record<string, string>;

/** The Russian labels of the entities' enums, as the schemas give them to the admin's lists too. */
const LABELS = {
  deliveryKind: deliverySchema.properties.kind['x-enum-labels'] as Labels,
  paymentKind: paymentSchema.properties.kind['x-enum-labels'] as Labels,
  provider: paymentSchema.properties.provider['x-enum-labels'] as Labels,
  attemptStatus: attemptsSchema.properties.status['x-enum-labels'] as Labels,
  refundStatus: attemptsSchema.properties.refundStatus['x-enum-labels'] as Labels,
  outcome: notificationsSchema.properties.outcome['x-enum-labels'] as Labels,
  notificationEvent: notificationsSchema.properties.event['x-enum-labels'] as Labels,
  cancellationReason: attemptsSchema.properties.cancellationReason['x-enum-labels'] as Labels,
  eventKind: eventsSchema.properties.kind['x-enum-labels'] as Labels,
  legalForm: organizationsSchema.properties.legalForm['x-enum-labels'] as Labels,
  refundMethod: refundsSchema.properties.method['x-enum-labels'] as Labels,
  refundRowStatus: refundsSchema.properties.status['x-enum-labels'] as Labels,
  refundReceipt: refundsSchema.properties.receipt['x-enum-labels'] as Labels,
};
const STATUS: Labels = STATUS_LABELS;
const PAYMENT: Labels = PAYMENT_STATUS_LABELS;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const labelOrNull = (labels: Labels, value: string | null) =>
  value === null ? null : (labels[value] ?? value);
/** «Анна Смирнова»: a person's name as the staff read it. */
/** The stored point (jsonb, written by checkout) as the screen shows it; null when none was chosen from a list. */
function pointOf(stored: unknown): View['delivery']['point'] {
  if (!stored || typeof stored !== 'object') return null;
  const p = stored as { code?: unknown; name?: unknown; address?: unknown; workTime?: unknown };
  if (typeof p.code !== 'string' || typeof p.address !== 'string') return null;
  const text = (x: unknown) => (typeof x === 'string' && x ? x : null);
  return { code: p.code, name: text(p.name), address: p.address, workTime: text(p.workTime) };
}

const fullName = (name: string | null, lastName: string | null) =>
  [name, lastName].filter((p) => p?.trim()).join(' ');

/**
 * Lines may change before the order is paid or shipped (order-lines.ts), and when every line is a catalogue
 * offer. A payment under way does not stop it: started for the old sum, it can no longer pay the order and is
 * refunded if paid (payments/attempts.ts), as an abandoned payment page must not lock the order for an hour.
 */
function linesEditable(status: OrderStatus, paymentStatus: PaymentStatus, lines: View['lines']): boolean {
  return (
    (status === 'new' || status === 'confirmed') &&
    paymentStatus !== 'paid' &&
    lines.every((l) => l.offerId !== null)
  );
}

/** The order found by `where` as the screen shows it to `role`; null when there is none. */
export async function adminOrderView(db: DbOrTx, where: SQL, role: ActorRole): Promise<View | null> {
  const [o] = await db
    .select({
      order: orders,
      delivery: {
        title: deliveryServices.title,
        kind: deliveryServices.kind,
        pickupAddress: deliveryServices.pickupAddress,
      },
      payment: {
        title: paymentServices.title,
        kind: paymentServices.kind,
        provider: paymentServices.provider,
      },
      account: {
        id: users.id,
        name: users.name,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        active: users.active,
      },
      // Apart from the account: Drizzle makes a nested object null only when all of it is one joined table.
      userType: userTypes.title,
      group: { id: userGroups.id, title: userGroups.title },
      organization: userOrganizations,
    })
    .from(orders)
    .leftJoin(deliveryServices, eq(deliveryServices.id, orders.deliveryServiceId))
    .leftJoin(paymentServices, eq(paymentServices.id, orders.paymentServiceId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(userGroups, eq(userGroups.id, orders.userGroupId))
    .leftJoin(userOrganizations, eq(userOrganizations.id, orders.organizationId))
    .where(where);
  if (!o) return null;
  const { order } = o;

  const [lines, attempts, events, refunds, money, pieces] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        offerId: orderItems.offerId,
        image: sql<string | null>`${products.images}->0->>'url'`,
        title: orderItems.title,
        article: orderItems.article,
        attributes: orderItems.attributes,
        listPrice: orderItems.listPrice,
        price: orderItems.price,
        quantity: orderItems.quantity,
        total: orderItems.total,
        discountShare: orderItems.discountShare,
        bonusShare: orderItems.bonusShare,
        payable: orderItems.payable,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id))
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    db
      .select({ event: orderEvents, actorName: users.name, actorLastName: users.lastName })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ refund: orderRefunds, actorName: users.name, actorLastName: users.lastName })
      .from(orderRefunds)
      .leftJoin(users, eq(users.id, orderRefunds.actorId))
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    orderMoney(db, order.id),
    refundableLines(db, order.id),
  ]);
  // A notification names the order, or at least a payment of one of its attempts (when the shop could not
  // tell the order from it): both are this order's.
  const paymentIds = attempts.map((a) => a.providerPaymentId).filter((id): id is string => !!id);
  const notifications = await db
    .select()
    .from(paymentNotifications)
    .where(
      or(
        eq(paymentNotifications.orderId, order.id),
        paymentIds.length ? inArray(paymentNotifications.providerPaymentId, paymentIds) : undefined,
      ),
    )
    .orderBy(asc(paymentNotifications.createdAt), asc(paymentNotifications.id));

  const status = order.status as OrderStatus;
  const paymentStatus = order.paymentStatus as PaymentStatus;
  const deliveryKind = (o.delivery?.kind ?? null) as DeliveryKind | null;
  const paymentKind = (o.payment?.kind ?? null) as PaymentKind | null;
  const attributesOf = (l: (typeof lines)[number]) => (l.attributes ?? {}) as Attributes;
  const readable = await attributeReader(db, lines.map(attributesOf));
  const viewLines: View['lines'] = lines.map((l) => ({
    ...l,
    attributes: attributesOf(l),
    attributeLabels: readable(attributesOf(l)),
    refundedQuantity: pieces.find((p) => p.id === l.id)?.refunded ?? 0,
  }));
  const org = o.organization;
  return {
    id: order.id,
    number: order.number,
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
    status,
    statusLabel: STATUS[status] ?? status,
    paymentStatus,
    paymentStatusLabel: PAYMENT[paymentStatus] ?? paymentStatus,
    cancelReason: order.cancelReason,
    paidAt: isoOrNull(order.paidAt),
    shippedAt: isoOrNull(order.shippedAt),
    completedAt: isoOrNull(order.completedAt),
    canceledAt: isoOrNull(order.canceledAt),
    comment: order.comment,
    managerComment: order.managerComment,
    couponCode: order.couponCode,
    lines: viewLines,
    customer: {
      name: order.customerName,
      phone: order.customerPhone,
      email: order.customerEmail,
      account: o.account
        ? {
            id: o.account.id,
            name: fullName(o.account.name, o.account.lastName),
            email: o.account.email,
            phone: o.account.phone,
            userType: o.userType,
            active: o.account.active,
          }
        : null,
      group: o.group,
    },
    organization: org
      ? {
          id: org.id,
          legalForm: org.legalForm,
          legalFormLabel: LABELS.legalForm[org.legalForm] ?? org.legalForm,
          name: org.name,
          inn: org.inn,
          kpp: org.kpp,
          ogrn: org.ogrn,
          directorName: org.directorName,
          legalAddress: org.legalAddress,
          actualAddress: org.actualAddress,
          bankName: org.bankName,
          bik: org.bik,
          settlementAccount: org.settlementAccount,
          correspondentAccount: org.correspondentAccount,
        }
      : null,
    delivery: {
      serviceId: order.deliveryServiceId,
      title: o.delivery?.title ?? null,
      kind: deliveryKind,
      kindLabel: labelOrNull(LABELS.deliveryKind, deliveryKind),
      city: order.deliveryCity,
      postalCode: order.deliveryPostalCode,
      address: order.deliveryAddress,
      pickupPoint: order.deliveryPickupPoint,
      point: pointOf(order.deliveryPoint),
      date: order.deliveryDate,
      timeSlot: order.deliveryTimeSlot,
      pickupAddress: o.delivery?.pickupAddress ?? null,
      trackNumber: order.deliveryTrackNumber,
      price: order.deliveryPrice,
    },
    payment: {
      serviceId: order.paymentServiceId,
      title: o.payment?.title ?? null,
      kind: paymentKind,
      kindLabel: labelOrNull(LABELS.paymentKind, paymentKind),
      provider: o.payment?.provider ?? null,
      providerLabel: labelOrNull(LABELS.provider, o.payment?.provider ?? null),
      paymentId: order.paymentId,
    },
    attempts: attempts.map((a) => ({
      id: a.id,
      provider: a.provider,
      providerPaymentId: a.providerPaymentId,
      status: a.status,
      statusLabel: LABELS.attemptStatus[a.status] ?? a.status,
      amount: a.amount,
      refundedAmount: a.refundedAmount,
      refundStatus: a.refundStatus,
      refundStatusLabel: labelOrNull(LABELS.refundStatus, a.refundStatus),
      cancellationReason: a.cancellationReason,
      cancellationReasonLabel: labelOrNull(LABELS.cancellationReason, a.cancellationReason),
      error: a.error,
      test: a.test,
      createdAt: iso(a.createdAt),
      paidAt: isoOrNull(a.paidAt),
    })),
    notifications: notifications.map((n) => ({
      id: n.id,
      event: n.event,
      eventLabel: LABELS.notificationEvent[n.event] ?? n.event,
      outcome: n.outcome as View['notifications'][number]['outcome'],
      outcomeLabel: LABELS.outcome[n.outcome] ?? n.outcome,
      providerPaymentId: n.providerPaymentId,
      message: n.message,
      createdAt: iso(n.createdAt),
    })),
    history: events.map(({ event: e, actorName, actorLastName }) => ({
      id: e.id,
      kind: e.kind as View['history'][number]['kind'],
      kindLabel: LABELS.eventKind[e.kind] ?? e.kind,
      title: eventTitle(e),
      fromStatus: e.fromStatus,
      fromStatusLabel: labelOrNull(STATUS, e.fromStatus),
      toStatus: e.toStatus,
      toStatusLabel: labelOrNull(STATUS, e.toStatus),
      paymentStatus: e.paymentStatus,
      paymentStatusLabel: labelOrNull(PAYMENT, e.paymentStatus),
      actorLabel: e.actorLabel,
      actorName: e.actorId !== null ? fullName(actorName, actorLastName) || null : null,
      comment: e.comment,
      public: e.public,
      createdAt: iso(e.createdAt),
    })),
    totals: {
      itemsTotal: order.itemsTotal,
      discounts: (order.discounts ?? []) as View['totals']['discounts'],
      discountTotal: order.discountTotal,
      bonusSpent: order.bonusSpent,
      bonusPointValue: order.bonusPointValue,
      bonusAmount: order.bonusSpent * order.bonusPointValue,
      deliveryPrice: order.deliveryPrice,
      total: order.total,
      bonusAccrued: order.bonusAccrued,
    },
    allowedActions: allowedActions({ status, paymentStatus, paymentKind, deliveryKind }, role).map(
      (action) => ({ action, label: ACTION_LABELS[action] }),
    ),
    money,
    refunds: refunds.map(({ refund: r, actorName, actorLastName }) => ({
      id: r.id,
      method: r.method as View['refunds'][number]['method'],
      methodLabel: LABELS.refundMethod[r.method] ?? r.method,
      status: r.status as View['refunds'][number]['status'],
      statusLabel: LABELS.refundRowStatus[r.status] ?? r.status,
      amount: r.amount,
      lines: (r.lines ?? []) as View['refunds'][number]['lines'],
      restocked: r.restocked,
      receipt: r.receipt as View['refunds'][number]['receipt'],
      receiptLabel: LABELS.refundReceipt[r.receipt] ?? r.receipt,
      providerRefundId: r.providerRefundId,
      note: r.note,
      actorName: r.actorId !== null ? fullName(actorName, actorLastName) || null : null,
      createdAt: iso(r.createdAt),
    })),
    canRefund: (role === 'admin' || role === 'manager') && money.refundable > 0,
    needsTrackNumber: needsTrackNumber(deliveryKind),
    canEditLines: linesEditable(status, paymentStatus, viewLines),
  };
}

export function adminOrderViewRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'orders');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      orderByNumber,
      async (request) => {
        const { number } = request.params;
        const data = await adminOrderView(db, eq(orders.number, number), request.user!.role);
        if (!data) throw notFound(`Заказ № ${number} не найден`);
        return { data };
      },
      // Who may open an order may read it whole.
      { preValidation: requireAccess(def, 'show') },
    );
  };
}
