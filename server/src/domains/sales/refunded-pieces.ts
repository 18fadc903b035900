// Which pieces of an order's lines went back, as its refunds (order_refunds.lines) record them: one query
// for the refund service (what is left to refund) and the stock (what a cancel still puts on the shelf).
import { sql, type SQL } from 'drizzle-orm';

/**
 * A subquery of (item_id, refunded, restocked): per order line, the pieces refunded by refunds not refused,
 * and of them those put back on the shelf. Join it on order_items.id.
 */
export const refundedPieces = (orderId: number): SQL => sql`(
  SELECT (l->>'orderItemId')::int AS item_id, sum((l->>'quantity')::int) AS refunded,
         sum(CASE WHEN r.restocked THEN (l->>'quantity')::int ELSE 0 END) AS restocked
  FROM order_refunds r CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
  WHERE r.order_id = ${orderId} AND r.status <> 'canceled'
  GROUP BY 1)`;
