// Money back for an order that is not being canceled (POST /api/admin/orders/:id/refunds): chosen lines and
// quantities, optionally back on the shelf, through the provider or recorded as returned by hand; or a sum
// returned by hand for an order that holds money (an invoice order canceled with its money kept). The
// order's status does not change; a canceled order whose money is all back becomes «Деньги возвращены».
// One transaction under the order's row lock: the refund service checks the sum against what is left.
import type { AdminOrderRefundRequest, AdminOrderRefundResult } from '@shop/schemas';
import { eq } from 'drizzle-orm';
import { orders } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import type { PaymentsConfig } from '../../domains/payments';
import { refundMoney } from './refunds';
import { badRequest } from '../../platform/http/errors';
import { lockOrder, tellCustomer, type OrderActor } from '../../domains/sales';
import { PAYMENT_STATUS_LABELS, STATUS_LABELS, type PaymentStatus } from '../../domains/sales';
import { TransitionRefused } from './order-status';

export interface OrderRefund {
  orderId: number;
  role: string;
  actor: OrderActor;
  request: AdminOrderRefundRequest;
  site: string;
  now?: Date;
}

export async function refundOrder(
  db: Db,
  config: PaymentsConfig,
  input: OrderRefund,
): Promise<AdminOrderRefundResult> {
  const now = input.now ?? new Date();
  const { request } = input;
  if (input.role !== 'admin' && input.role !== 'manager')
    throw new TransitionRefused('Деньги возвращают администратор и менеджер');
  if (request.lines && request.amount !== undefined)
    throw badRequest('Сумма возврата считается по выбранным позициям: не указывайте её отдельно', {
      amount: 'Уберите сумму или позиции',
    });
  if (!request.lines && request.amount === undefined)
    throw badRequest('Выберите позиции, которые возвращаете, или укажите сумму', {
      lines: 'Выберите позиции или укажите сумму',
    });
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const done = await refundMoney(tx, order, config, {
      method: request.method,
      what: request.lines
        ? { lines: request.lines, restock: request.restock ?? false }
        : { amount: request.amount! },
      note: request.note?.trim() || null,
      actor: input.actor,
      now,
    });
    let paymentStatus: PaymentStatus = order.paymentStatus;
    if (order.status === 'canceled' && done.money.refundable === 0 && paymentStatus !== 'refunded') {
      paymentStatus = 'refunded';
      await tx.update(orders).set({ paymentStatus, updatedAt: now }).where(eq(orders.id, order.id));
    } else await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
    await tellCustomer(tx, order, input.site, STATUS_LABELS[order.status], done.told);
    return {
      amount: done.refund.amount,
      status: done.refund.status as AdminOrderRefundResult['status'],
      paymentStatus,
      paymentStatusLabel: PAYMENT_STATUS_LABELS[paymentStatus],
      money: done.money,
    };
  });
}
