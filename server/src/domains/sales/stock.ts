// Stock leaves the shelf one way: a conditional decrement, so two orders for the last pieces can never both
// take them (the second finds fewer than it asks and is refused), and the CHECK (stock >= 0) of the table
// stands behind it. Each product whose stock moved is marked changed (updated_at), so an admin form loaded
// before the order cannot save the old stock back: the CRUD service refuses a stale save (assertNotStale).
import { eq, inArray, sql } from 'drizzle-orm';
import { productOffers, products } from '../../../generated/tables';
import { selectRows, type Tx } from '../../platform/db';
import { refundedPieces } from './refunded-pieces';
import { ApiError } from '../../platform/http/errors';

export interface StockTake {
  offerId: number;
  quantity: number;
}

/** The offers that had fewer pieces than asked: what is left of each (0 when the offer is gone). */
export class OutOfStock extends ApiError {
  constructor(public readonly short: { offerId: number; left: number }[]) {
    super(
      409,
      'out_of_stock',
      'Товара не хватает на складе: уменьшите количество или уберите его из корзины',
    );
  }
}

/**
 * Takes the pieces from stock in the caller's transaction, all or none (OutOfStock names every offer that
 * fell short; the transaction is then to be rolled back). Offers are taken in id order, so that two orders
 * with the same offers lock them in the same order and never deadlock.
 */
export async function takeStock(tx: Tx, takes: StockTake[]): Promise<void> {
  const byOffer = new Map<number, number>();
  for (const t of takes) byOffer.set(t.offerId, (byOffer.get(t.offerId) ?? 0) + t.quantity);
  const short: { offerId: number; left: number }[] = [];
  const productIds = new Set<number>();
  for (const [offerId, quantity] of [...byOffer].sort(([a], [b]) => a - b)) {
    const [taken] = await tx
      .update(productOffers)
      .set({ stock: sql`${productOffers.stock} - ${quantity}` })
      .where(sql`${productOffers.id} = ${offerId} AND ${productOffers.stock} >= ${quantity}`)
      .returning({ productId: productOffers.productId });
    if (taken) {
      productIds.add(taken.productId);
      continue;
    }
    const [left] = await tx
      .select({ stock: productOffers.stock })
      .from(productOffers)
      .where(sql`${productOffers.id} = ${offerId}`);
    short.push({ offerId, left: left?.stock ?? 0 });
  }
  if (short.length) throw new OutOfStock(short);
  if (productIds.size)
    await tx
      .update(products)
      .set({ updatedAt: new Date() })
      .where(inArray(products.id, [...productIds]));
}

/**
 * Puts pieces back on the shelf, in the caller's transaction. Offers deleted meanwhile are skipped. In id
 * order, like takeStock, so that two transactions over the same offers never wait on each other in a
 * circle. An offer that comes back from zero has its «Сообщить о поступлении» requests marked due by the
 * database trigger of migration 0014 (catalog/stock-notices.ts).
 */
export async function returnStock(tx: Tx, returns: StockTake[]): Promise<void> {
  const byOffer = new Map<number, number>();
  for (const r of returns)
    if (r.quantity > 0) byOffer.set(r.offerId, (byOffer.get(r.offerId) ?? 0) + r.quantity);
  for (const [offerId, quantity] of [...byOffer].sort(([a], [b]) => a - b))
    await tx
      .update(productOffers)
      .set({ stock: sql`${productOffers.stock} + ${quantity}` })
      .where(eq(productOffers.id, offerId));
}

/**
 * Puts an order's pieces back on the shelf (a cancel, an edit of its lines), but those a refund of lines
 * has put back already.
 */
export async function returnOrderStock(tx: Tx, orderId: number): Promise<void> {
  const lines = await selectRows<{ offerId: number | null; quantity: number }>(
    tx,
    sql`SELECT order_items.offer_id AS "offerId",
               order_items.quantity - coalesce(back.restocked, 0)::int AS quantity
        FROM order_items LEFT JOIN ${refundedPieces(orderId)} back ON back.item_id = order_items.id
        WHERE order_items.order_id = ${orderId}`,
  );
  await returnStock(
    tx,
    lines.flatMap((l) => (l.offerId ? [{ offerId: l.offerId, quantity: Number(l.quantity) }] : [])),
  );
}
