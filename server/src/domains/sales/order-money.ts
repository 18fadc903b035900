// An order's money as the refund service counts it, read inside the order's transaction (under its row
// lock, so a refund being made and another one cannot both see the same remainder):
// - received: the succeeded online payments, or, for an order paid by invoice or on delivery, its total once
//   the staff marked it paid (paid_at);
// - refunded: every refund not refused (order_refunds), those the provider is still processing included;
// - refundable = received − refunded: the most any refund may give back now.
// Also which pieces of each line went back (the refunds' lines), what pieces cost (schemas/rules/
// refund-pieces.ts), and the receipt's inputs but for its lines.
import { sql } from 'drizzle-orm';
import { orderItems } from '../../../generated/tables';
import { selectRows, type DbOrTx, type Tx } from '../../platform/db';
import { refundedPieces } from './refunded-pieces';
import { settingsRow } from '../settings';
import type { OrderMoney } from '@shop/schemas';
import type { ReceiptInput, PaymentSubject, ReceiptLineInput, VatCode } from '../payments';

/**
 * What a stored line asks the customer to pay (kopecks, SQL over order_items): `payable`, or for lines stored
 * before it was kept, its total less its discount and bonus shares. The receipt, the invoice and the points
 * of a completed order all count it this way.
 */
export const LINE_PAYABLE = sql`coalesce(${orderItems.payable}, ${orderItems.total} - ${orderItems.discountShare} - ${orderItems.bonusShare})`;

export type { OrderMoney };

export async function orderMoney(tx: DbOrTx, orderId: number): Promise<OrderMoney> {
  const [row] = await selectRows<{ online: string; offline: string; refunded: string; pending: string }>(
    tx,
    sql`SELECT
          (SELECT coalesce(sum(a.amount), 0) FROM payment_attempts a
            WHERE a.order_id = o.id AND a.status = 'succeeded') AS online,
          CASE WHEN o.paid_at IS NOT NULL THEN o.total ELSE 0 END AS offline,
          (SELECT coalesce(sum(r.amount), 0) FROM order_refunds r
            WHERE r.order_id = o.id AND r.status <> 'canceled') AS refunded,
          (SELECT coalesce(sum(r.amount), 0) FROM order_refunds r
            WHERE r.order_id = o.id AND r.status = 'pending') AS pending
        FROM orders o WHERE o.id = ${orderId}`,
  );
  const online = Number(row?.online ?? 0);
  // An online order's money is its payments (a second payment, refunded at once, counts on both sides);
  // the others' is the total the staff marked as received.
  const received = online > 0 ? online : Number(row?.offline ?? 0);
  const refunded = Number(row?.refunded ?? 0);
  return {
    received,
    refunded,
    refundPending: Number(row?.pending ?? 0),
    refundable: Math.max(0, received - refunded),
  };
}

/** One line of the order as a refund needs it. */
export interface RefundableLine extends ReceiptLineInput {
  id: number;
  offerId: number | null;
  /** Pieces already refunded, and of them put back on the shelf. */
  refunded: number;
  restocked: number;
}

/** The order's lines with what went back of each; in the order's own order. */
export async function refundableLines(tx: DbOrTx, orderId: number): Promise<RefundableLine[]> {
  const rows = await selectRows<{
    id: number;
    offerId: number | null;
    title: string;
    quantity: number;
    payable: number | string;
    vatCode: VatCode | null;
    paymentSubject: PaymentSubject | null;
    refunded: number | string | null;
    restocked: number | string | null;
  }>(
    tx,
    sql`
        SELECT order_items.id, order_items.offer_id AS "offerId", order_items.title, order_items.quantity,
               ${LINE_PAYABLE} AS payable, p.vat_code AS "vatCode", p.payment_subject AS "paymentSubject",
               back.refunded, back.restocked
        FROM order_items
        LEFT JOIN products p ON p.id = order_items.product_id
        LEFT JOIN ${refundedPieces(orderId)} back ON back.item_id = order_items.id
        WHERE order_items.order_id = ${orderId}
        ORDER BY order_items.position, order_items.id`,
  );
  return rows.map((r) => ({
    ...r,
    payable: Number(r.payable),
    refunded: Number(r.refunded ?? 0),
    restocked: Number(r.restocked ?? 0),
  }));
}

/** The receipt's inputs but for its lines and amount: the delivery, the customer, the shop's defaults. */
export async function receiptFrame(
  tx: Tx,
  order: { id: number; customerEmail: string | null; customerPhone: string },
): Promise<Omit<ReceiptInput, 'amount' | 'lines'>> {
  const [delivery] = await selectRows<{ title: string | null; price: number }>(
    tx,
    sql`SELECT d.title, o.delivery_price AS price FROM orders o
        LEFT JOIN delivery_services d ON d.id = o.delivery_service_id WHERE o.id = ${order.id}`,
  );
  const shop = await settingsRow(tx);
  return {
    delivery: { title: delivery?.title ?? 'Доставка', price: delivery?.price ?? 0 },
    customer: { email: order.customerEmail, phone: order.customerPhone },
    // The codes are the schema's enums (settings.receiptVatCode…): typed as the receipt's.
    defaults: {
      vatCode: (shop?.receiptVatCode ?? 1) as VatCode,
      deliveryVatCode: (shop?.receiptDeliveryVatCode ?? 1) as VatCode,
      paymentSubject: (shop?.receiptPaymentSubject ?? 'commodity') as PaymentSubject,
      taxSystemCode: shop?.receiptTaxSystemCode ?? null,
    },
    // Paid before it is shipped: a prepayment receipt (the goods' receipt follows at the handover); its
    // refund repeats the payment's sign.
    paymentMode: 'full_prepayment',
  };
}
