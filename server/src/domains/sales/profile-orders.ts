// GET /api/profile/orders[?status=active|canceled|completed], /api/profile/orders/:name and
// /api/profile/bonuses. A representative acting for a group (a checked X-User-Group) sees that group's
// orders; everyone else sees only the orders of their own account.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProfileBonuses, ProfileOrder } from '@shop/schemas';
import { trackingUrlOf } from '../delivery';
import bonusesSchema from '@shop/schemas/entities/sales/bonuses.schema.json' with { type: 'json' };
import { bonusAllowed, bonusBalance, bonusProgrammeOn } from '../../platform/auth/sessions';
import type { Db, DbOrTx } from '../../platform/db';
import {
  bonusTransactions,
  deliveryServices,
  orderEvents,
  orderItems,
  paymentAttempts,
  orders,
  paymentServices,
  users,
  userTypes,
} from '../../../generated/tables';
import { notFound } from '../../platform/http/errors';
import { orderMoney } from './order-money';
import {
  canPayOnline,
  eventTitle,
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  verdictOf,
  type DeliveryKind,
  type OrderStatus,
  type PaymentKind,
  type PaymentStatus,
} from './order-rules';
import { requireUser } from '../../platform/auth/guard';
import { serve } from '../../platform/http/contract';
import type { ORDER_LISTS } from '@shop/schemas/contracts/sales/order-parts';
import { profileBonuses, profileOrder, profileOrders } from '@shop/schemas/contracts/sales/profile-orders';

const KIND_LABELS: Record<string, string> = bonusesSchema.properties.kind['x-enum-labels'];

/**
 * A ledger entry as its customer reads it: what it is and why. The administrators' labels, except for their own
 * corrections (the welcome points among them), which the customer knows by their reason («Баллы за регистрацию»)
 * or as the shop's, never as «Ручная корректировка»; the reason then is the title and not repeated.
 */
function customerEntryText(kind: string, amount: number, reason: string | null) {
  if (kind !== 'manual') return { kindLabel: KIND_LABELS[kind] ?? kind, reason };
  return { kindLabel: reason ?? (amount < 0 ? 'Списано магазином' : 'Начислено магазином'), reason: null };
}

/** The statuses of each of the account pages' lists of orders. */
const STATUS_GROUPS = {
  active: ['new', 'confirmed', 'paid', 'shipped'],
  completed: ['completed'],
  canceled: ['canceled'],
} as const satisfies Record<(typeof ORDER_LISTS)[number], readonly OrderStatus[]>;

/** Whose orders this request may see (also the rule of the order's invoice: invoice-routes.ts). */
export const ownerOf = (request: FastifyRequest) =>
  request.actingGroup ? eq(orders.userGroupId, request.actingGroup.id) : eq(orders.userId, request.user!.id);

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  cancelReason: orders.cancelReason,
  itemsTotal: orders.itemsTotal,
  discountTotal: orders.discountTotal,
  deliveryPrice: orders.deliveryPrice,
  bonusSpent: orders.bonusSpent,
  total: orders.total,
  // Written out with table names: in a one-table select Drizzle leaves columns unqualified, and inside this
  // subquery a bare "id" would be order_items.id (every order then counted the same wrong number).
  itemsCount: sql<number>`(SELECT coalesce(sum(oi.quantity), 0) FROM order_items oi WHERE oi.order_id = "orders"."id")`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown };

function summary(row: SummaryRow): ProfileOrder {
  const status = row.status as ProfileOrder['status'];
  const paymentStatus = row.paymentStatus as ProfileOrder['paymentStatus'];
  return {
    number: row.number as string,
    createdAt: (row.createdAt as Date).toISOString(),
    status,
    statusLabel: STATUS_LABELS[status] ?? status,
    paymentStatus,
    paymentStatusLabel: PAYMENT_STATUS_LABELS[paymentStatus] ?? paymentStatus,
    cancelReason: (row.cancelReason as string | null) ?? null,
    itemsCount: Number(row.itemsCount),
    itemsTotal: row.itemsTotal as number,
    discountTotal: row.discountTotal as number,
    deliveryPrice: row.deliveryPrice as number,
    bonusSpent: row.bonusSpent as number,
    total: row.total as number,
  };
}

/** One order with its lines, delivery and payment, found by `where`; null when there is none. */
export async function orderDetail(db: DbOrTx, where: SQL): Promise<ProfileOrder | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      customerEmail: orders.customerEmail,
      deliveryCity: orders.deliveryCity,
      deliveryAddress: orders.deliveryAddress,
      deliveryPostalCode: orders.deliveryPostalCode,
      deliveryPickupPoint: orders.deliveryPickupPoint,
      // jsonb: the schema holds the point's code, name, address and hours.
      deliveryPoint: sql<ProfileOrder['deliveryPoint']>`${orders.deliveryPoint}`,
      deliveryEstimate: orders.deliveryEstimate,
      deliveryDate: orders.deliveryDate,
      deliveryTimeSlot: orders.deliveryTimeSlot,
      deliveryTrackNumber: orders.deliveryTrackNumber,
      deliveryService: deliveryServices.title,
      deliveryPickupAddress: deliveryServices.pickupAddress,
      paymentService: paymentServices.title,
      paymentKind: paymentServices.kind,
      deliveryKind: deliveryServices.kind,
      deliveryProvider: deliveryServices.provider,
      organizationId: orders.organizationId,
      paidAt: orders.paidAt,
      bonusAccrued: orders.bonusAccrued,
      discounts: orders.discounts,
      bonusPointValue: orders.bonusPointValue,
      comment: orders.comment,
    })
    .from(orders)
    .leftJoin(deliveryServices, eq(deliveryServices.id, orders.deliveryServiceId))
    .leftJoin(paymentServices, eq(paymentServices.id, orders.paymentServiceId))
    .where(where);
  if (!row) return null;
  const items = await db
    .select({
      productId: orderItems.productId,
      title: orderItems.title,
      article: orderItems.article,
      attributes: orderItems.attributes,
      listPrice: orderItems.listPrice,
      price: orderItems.price,
      quantity: orderItems.quantity,
      total: orderItems.total,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const events = await db
    .select({
      at: orderEvents.createdAt,
      kind: orderEvents.kind,
      toStatus: orderEvents.toStatus,
      paymentStatus: orderEvents.paymentStatus,
      comment: orderEvents.comment,
    })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.public, true)))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const [pending] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, row.id),
        inArray(paymentAttempts.status, ['creating', 'pending', 'waiting_for_capture']),
      ),
    )
    .limit(1);
  const money = await orderMoney(db, row.id);
  const state = {
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    paymentKind: row.paymentKind as PaymentKind | null,
    deliveryKind: row.deliveryKind as DeliveryKind | null,
  };
  return {
    ...summary(row),
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    deliveryCity: row.deliveryCity,
    deliveryAddress: row.deliveryAddress,
    deliveryPostalCode: row.deliveryPostalCode,
    deliveryPickupPoint: row.deliveryPickupPoint,
    deliveryPoint: row.deliveryPoint ?? null,
    deliveryEstimate: row.deliveryEstimate,
    deliveryDate: row.deliveryDate,
    deliveryTimeSlot: row.deliveryTimeSlot,
    deliveryService: row.deliveryService,
    deliveryPickupAddress: row.deliveryPickupAddress,
    paymentService: row.paymentService,
    deliveryTrackNumber: row.deliveryTrackNumber,
    deliveryTrackingUrl: row.deliveryTrackNumber
      ? trackingUrlOf(row.deliveryProvider, row.deliveryTrackNumber)
      : null,
    discounts: row.discounts as ProfileOrder['discounts'] & object,
    bonusPointValue: row.bonusPointValue,
    comment: row.comment,
    paymentKind: state.paymentKind,
    paidAt: row.paidAt?.toISOString() ?? null,
    bonusAccrued: row.bonusAccrued,
    refundedAmount: money.refunded,
    refundPending: money.refundPending,
    canPay: canPayOnline(state),
    paymentPending: !!pending && state.paymentStatus !== 'paid',
    canCancel: verdictOf(state, 'cancel', 'customer').allowed,
    hasInvoice: state.paymentKind === 'invoice' && row.organizationId !== null && state.status !== 'canceled',
    history: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind as NonNullable<ProfileOrder['history']>[number]['kind'],
      title: eventTitle(e),
      comment: e.comment,
    })),
    // Lines stored before the list price was kept show their price as it.
    items: items.map((i) => ({
      ...i,
      listPrice: i.listPrice ?? i.price,
      attributes: (i.attributes ?? {}) as Record<string, string>,
    })),
  };
}

export function profileOrderRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    // The account's own: signed in, checked before validation (a guest learns nothing of the query's rules).
    app.addHook('preValidation', requireUser);
    serve(app, profileOrders, async (request) => {
      const { page, perPage, status } = request.query;
      const where = and(ownerOf(request), inArray(orders.status, [...STATUS_GROUPS[status]]));
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { data: rows.map(summary), meta: { total: Number(total?.n ?? 0), page, perPage } };
    });

    serve(app, profileOrder, async (request) => {
      const { name } = request.params;
      const data = await orderDetail(db, and(eq(orders.number, name), ownerOf(request))!);
      // Someone else's order is "not found", never "forbidden": its number tells nothing.
      if (!data) throw notFound(`Заказ ${name} не найден`);
      return { data };
    });

    serve(app, profileBonuses, async (request) => {
      const userId = request.user!.id;
      const { page, perPage } = request.query;
      const [rows, [total], balance, [type], programmeOn] = await Promise.all([
        db
          .select({
            id: bonusTransactions.id,
            createdAt: bonusTransactions.createdAt,
            kind: bonusTransactions.kind,
            amount: bonusTransactions.amount,
            orderNumber: orders.number,
            reason: bonusTransactions.reason,
            expiresAt: bonusTransactions.expiresAt,
          })
          .from(bonusTransactions)
          .leftJoin(orders, eq(orders.id, bonusTransactions.orderId))
          .where(eq(bonusTransactions.userId, userId))
          .orderBy(desc(bonusTransactions.createdAt), desc(bonusTransactions.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(bonusTransactions).where(eq(bonusTransactions.userId, userId)),
        bonusBalance(db, userId),
        db
          .select({ bonusAllowed: userTypes.bonusAllowed, active: userTypes.active })
          .from(users)
          .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
          .where(eq(users.id, userId)),
        bonusProgrammeOn(db),
      ]);
      const data: ProfileBonuses = {
        balance,
        allowed: bonusAllowed(programmeOn, type?.active ? type.bonusAllowed : null),
        history: rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          kind: r.kind as ProfileBonuses['history'][number]['kind'],
          ...customerEntryText(r.kind, r.amount, r.reason),
          amount: r.amount,
          orderNumber: r.orderNumber ?? null,
          expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
        })),
      };
      return { data, meta: { total: Number(total?.n ?? 0), page, perPage } };
    });
  };
}
