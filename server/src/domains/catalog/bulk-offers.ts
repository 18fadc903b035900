// Bulk price and stock edit of the offers of chosen products, in one transaction: either every offer
// changes or, on any bad input or missing product, nothing does.
import { inArray, sql } from 'drizzle-orm';
import type { AdminBulkOffersRequest } from '@shop/schemas';
import { productOffers, products } from '../../../generated/tables';
import { assertChildFieldsWritable } from '../../platform/crud/access';
import { changeRecords } from '../../platform/crud/service';
import { badRequest } from '../../platform/http/errors';
import type { CrudContext } from '../../platform/crud/types';

// The request schema's limits: at most 1000 products at a time, and a change by percent within
// −99 %…+1000 % (not 0), so that a typo never takes a price to zero or below.

export type PriceChange = { mode: 'set'; value: number } | { mode: 'percent'; value: number };

export interface BulkOffersInput {
  ids: number[];
  /** New base price in kopecks, or a change of the base and sale prices by a percentage. */
  price?: PriceChange;
  stock?: number;
}

/**
 * The body as its schema (admin-bulk-offers-request) left it, every value checked; what no schema says is
 * refused here: a request that changes nothing. A product named twice is changed once.
 */
export function bulkOffersInput(body: AdminBulkOffersRequest): BulkOffersInput {
  const out: BulkOffersInput = { ids: [...new Set(body.ids)] };
  if (body.price) out.price = { mode: body.price.mode, value: body.price.value };
  if (body.stock !== undefined && body.stock !== null) out.stock = body.stock;
  if (!out.price && out.stock === undefined)
    throw badRequest('Укажите новую цену, изменение цены в процентах или остаток');
  return out;
}

/** kopecks × (1 + percent/100), to whole kopecks. */
export function changeByPercent(kopecks: number, percent: number): number {
  return Math.round((kopecks * (100 + percent)) / 100);
}

/** The offer fields a change writes. */
function writtenFields(input: BulkOffersInput): string[] {
  const prices =
    input.price?.mode === 'percent' ? ['basePrice', 'salePrice'] : input.price ? ['basePrice'] : [];
  return [...prices, ...(input.stock !== undefined ? ['stock'] : [])];
}

/**
 * `ctx` is the caller's on products: each product's history gets the change of its offers. The offers'
 * x-access.write holds here as in the product form (a content editor changes neither price nor stock).
 */
export async function updateOffersInBulk(ctx: CrudContext, input: BulkOffersInput) {
  assertChildFieldsWritable(ctx.def, ctx.role, 'offers', writtenFields(input));
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, input.ids))
      .for('update');
    const missing = input.ids.filter((id) => !found.some((p) => p.id === id));
    if (missing.length) throw badRequest(`Товары не найдены: №${missing.join(', №')}`);
    return changeRecords({ ...ctx, db: tx }, input.ids, async () => {
      const where = inArray(productOffers.productId, input.ids);
      const set: Record<string, unknown> = {};
      if (input.price?.mode === 'set') set.basePrice = input.price.value;
      if (input.price?.mode === 'percent') {
        const factor = 100 + input.price.value;
        set.basePrice = sql`round(${productOffers.basePrice}::numeric * ${factor} / 100)::integer`;
        set.salePrice = sql`round(${productOffers.salePrice}::numeric * ${factor} / 100)::integer`;
      }
      if (input.stock !== undefined) set.stock = input.stock;
      const changed = await tx
        .update(productOffers)
        .set(set)
        .where(where)
        .returning({ id: productOffers.id });
      await tx.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, input.ids));
      return { products: input.ids.length, offers: changed.length };
    });
  });
}
