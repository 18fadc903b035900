// Editing the lines of an order not yet paid (the administrator's order screen): the customer called to add
// a bottle of glue. Everything the order took is given back and taken again in one transaction, the way the
// checkout took it: the pieces return to stock, the coupon's use and the points are released, the new lines
// are priced by the pricing engine for the order's customer (the same coupon, the same points asked for),
// checked like a new order (stock, the coupon still valid, the delivery and payment still allowed), then the
// coupon's use and the points are written again and the stock taken last. A payment started before the
// edit is for the old sum: it can no longer pay the order (attempts.ts refunds it if it is paid anyway).
import { eq } from 'drizzle-orm';
import type { AdminOrderLinesResult } from '@shop/schemas';
import { bonusTransactions, orderItems, orders } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/http/errors';
import { customerOf } from './admin-orders';
import { balanceOf } from '../../domains/sales';
import type { StoredLine } from '../../domains/sales';
import { priceContents } from '../../domains/sales';
import { lockOrder, recordOrderEvent, type OrderActor } from '../../domains/sales';
import { formatMoney } from '@shop/schemas/rules/money';
import {
  CartNotOrderable,
  insertOrderItems,
  orderSums,
  reasonsNotToPlace,
  releaseCouponUse,
  useCoupon,
} from './place-order';
import { returnOrderStock, takeStock } from '../../domains/sales';

export interface LinesChange {
  orderId: number;
  lines: { offerId: number; quantity: number }[];
  actor: OrderActor;
  comment?: string | null;
  now?: Date;
}

export async function changeOrderLines(db: Db, change: LinesChange): Promise<AdminOrderLinesResult> {
  const now = change.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!['new', 'confirmed'].includes(order.status) || order.paymentStatus === 'paid')
      throw new ApiError(
        409,
        'lines_locked',
        'Состав можно менять только у нового или подтверждённого заказа, пока он не оплачен',
      );
    const [row] = await tx
      .select({
        userGroupId: orders.userGroupId,
        deliveryServiceId: orders.deliveryServiceId,
        paymentServiceId: orders.paymentServiceId,
      })
      .from(orders)
      .where(eq(orders.id, order.id));
    const customer = await customerOf(tx, order.userId);
    const viewer = customer && { ...customer, actingGroupId: row!.userGroupId };

    // Give back what the order holds; the pricing below then sees the shelf and the limits without it.
    await returnOrderStock(tx, order.id);
    await releaseCouponUse(tx, order.id);
    if (viewer) await balanceOf(tx, viewer.id, { lock: true });
    if (viewer && order.bonusSpent > 0)
      await tx.insert(bonusTransactions).values({
        userId: viewer.id,
        amount: order.bonusSpent,
        kind: 'refund',
        orderId: order.id,
        reason: `Изменение заказа № ${order.number}: баллы пересчитаны`,
        createdAt: now,
      });

    const merged = new Map<number, number>();
    for (const l of change.lines) merged.set(l.offerId, (merged.get(l.offerId) ?? 0) + l.quantity);
    const lines: StoredLine[] = [...merged].map(([offerId, quantity], i) => ({
      id: i + 1,
      offerId,
      quantity,
    }));
    const email = order.customerEmail?.toLowerCase() ?? null;
    const quote = await priceContents(
      tx,
      { lines, couponCode: order.couponCode, bonusPoints: order.bonusSpent },
      viewer,
      {
        deliveryServiceId: row!.deliveryServiceId ?? undefined,
        paymentServiceId: row!.paymentServiceId ?? undefined,
        contact: { userId: viewer?.id ?? null, phone: order.customerPhone, email },
        lockCoupon: true,
        now,
      },
    );
    const reasons = reasonsNotToPlace(quote);
    if (reasons.length) throw new CartNotOrderable(reasons);
    const { priced, view } = quote;
    const { totals } = priced;

    await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
    await insertOrderItems(tx, order.id, quote);
    if (view.coupon?.state === 'applied')
      await useCoupon(tx, view.coupon.code, {
        orderId: order.id,
        userId: viewer?.id ?? null,
        phone: order.customerPhone,
        email,
      });
    if (viewer && priced.bonuses.spent > 0)
      await tx.insert(bonusTransactions).values({
        userId: viewer.id,
        amount: -priced.bonuses.spent,
        kind: 'spending',
        orderId: order.id,
        reason: `Оплата заказа № ${order.number}`,
        createdAt: now,
      });
    await tx
      .update(orders)
      .set({ ...orderSums(quote), updatedAt: now })
      .where(eq(orders.id, order.id));
    const note = change.comment?.trim();
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'lines',
      actor: change.actor,
      comment: [`Сумма: было ${formatMoney(order.total)}, стало ${formatMoney(totals.total)}.`, note]
        .filter(Boolean)
        .join(' '),
      at: now,
    });
    await takeStock(
      tx,
      lines.map((l) => ({ offerId: l.offerId, quantity: l.quantity })),
    );
    return {
      itemsTotal: totals.goods,
      discountTotal: totals.discounts,
      bonusSpent: priced.bonuses.spent,
      deliveryPrice: totals.delivery,
      total: totals.total,
    };
  });
}
