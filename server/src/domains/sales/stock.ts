// Stock leaves the shelf one way: a conditional decrement, so two orders for the last pieces can never both
// take them (the second finds fewer than it asks and is refused), and the CHECK (stock >= 0) of the table
// stands behind it. Each product whose stock moved is marked changed (updated_at), so an admin form loaded
// before the order cannot save the old stock back: the CRUD service refuses a stale save (assertNotStale).
import { eq, inArray, sql } from 'drizzle-orm';
import { productOffers, products } from '../../../generated/tables';
import { selectRows, type DbOrTx, type Tx } from '../../platform/db';
import { writeTogether } from '../../platform/db/together';
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
 * fell short; the transaction is then to be rolled back), in one statement whatever the number of offers.
 */
export async function takeStock(tx: Tx, takes: StockTake[]): Promise<void> {
  const take = stockTake(takes);
  if (!take) return;
  const { taken } = await writeTogether<{ taken: { id: number }[] }>(tx, [take.touch], { taken: take.take });
  await take.check(tx, taken);
}

/**
 * A stock take as two writes of a statement (platform/db/together.ts; placing an order makes them part of its
 * own): `take` locks the offers in id order first, so that two orders with the same offers lock them in the
 * same order and never deadlock, and takes each one's pieces only while its stock is enough (a row another
 * order changed meanwhile is checked again as it is now), returning the offers taken; `touch` marks their
 * products changed. `check` with what `take` returned throws OutOfStock when an offer was not taken. Null
 * for no pieces.
 */
export function stockTake(takes: StockTake[], now = new Date()) {
  const byOffer = new Map<number, number>();
  for (const t of takes) byOffer.set(t.offerId, (byOffer.get(t.offerId) ?? 0) + t.quantity);
  if (!byOffer.size) return null;
  const ids = sql.join(
    [...byOffer.keys()].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const wanted = sql.join(
    [...byOffer].map(([offerId, quantity]) => sql`(${offerId}::int, ${quantity}::int)`),
    sql`, `,
  );
  return {
    take: sql`UPDATE ${productOffers} o SET stock = o.stock - w.quantity
              FROM (VALUES ${wanted}) AS w (id, quantity),
                   (SELECT l.id FROM ${productOffers} l WHERE l.id IN (${ids}) ORDER BY l.id FOR UPDATE) AS l
              WHERE o.id = w.id AND l.id = w.id AND o.stock >= w.quantity
              RETURNING o.id`,
    touch: sql`UPDATE ${products} p SET updated_at = ${now.toISOString()}
               WHERE p.id IN (SELECT product_id FROM ${productOffers} WHERE id IN (${ids}))`,
    /** The offers asked for. */
    offers: byOffer.size,
    /** Throws OutOfStock when fewer offers than asked were taken: what is left of each short one. */
    check: async (tx: DbOrTx, taken: { id: number }[]): Promise<void> => {
      if (taken.length === byOffer.size) return;
      const got = new Set(taken.map((t) => t.id));
      throw await outOfStock(
        tx,
        [...byOffer.keys()].filter((id) => !got.has(id)),
      );
    },
    /** After a take that was refused as a whole: the offers with fewer pieces than asked, as they are now. */
    short: async (db: DbOrTx): Promise<OutOfStock> => {
      const left = await stockOf(db, [...byOffer.keys()]);
      const short = [...byOffer].filter(([id, quantity]) => (left.get(id) ?? 0) < quantity).map(([id]) => id);
      return outOfStock(db, short.length ? short : [...byOffer.keys()]);
    },
  };
}

/** What is left of each offer (an offer gone is not in the map). */
async function stockOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: productOffers.id, stock: productOffers.stock })
    .from(productOffers)
    .where(inArray(productOffers.id, offerIds));
  return new Map(rows.map((o) => [o.id, o.stock]));
}

/** OutOfStock for these offers, with what is left of each (0 when the offer is gone). */
async function outOfStock(db: DbOrTx, offerIds: number[]): Promise<OutOfStock> {
  const shortIds = [...offerIds].sort((a, b) => a - b);
  const left = await stockOf(db, shortIds);
  return new OutOfStock(shortIds.map((offerId) => ({ offerId, left: left.get(offerId) ?? 0 })));
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
