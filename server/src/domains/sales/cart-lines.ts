// What a cart's lines are priced and checked with: each offer as the catalogue has it now (price, stock,
// on sale, the parcel size), read through the generated table definitions, so that renaming a field in its
// schema breaks these queries at build time, not in production. A cart's lines and their offers come in one
// statement: adding to a cart, reading it and placing its order each read them once.
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { productOffers, products } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { pricingCategoryIds } from '../catalog';

/** A line of a cart as stored. */
export interface StoredLine {
  id: number;
  offerId: number;
  quantity: number;
}

const OFFER_FIELDS = {
  offerId: productOffers.id,
  productId: products.id,
  title: products.title,
  slug: products.slug,
  article: productOffers.article,
  // jsonb: the column is typed unknown; the schema holds attribute code → value code.
  attributes: sql<Record<string, string> | null>`${productOffers.attributes}`,
  image: sql<string | null>`${products.images}->0->>'url'`,
  basePrice: productOffers.basePrice,
  salePrice: productOffers.salePrice,
  stock: productOffers.stock,
  onSale: sql<boolean>`(${productOffers.active} AND ${products.active})`,
  categoryIds: sql<number[]>`${pricingCategoryIds(getTableName(products))}`,
  // The unit's weight and size for the carriers (delivery/parcels.ts): the offer's, and its product's first
  // category's defaults. Expressions rather than columns: read through an outer join (cartLines), Drizzle
  // would make a nested object of one joined table's columns null whenever its first column is.
  size: {
    weight: sql<number | null>`${productOffers.weight}`,
    length: sql<number | null>`${productOffers.length}`,
    width: sql<number | null>`${productOffers.width}`,
    height: sql<number | null>`${productOffers.height}`,
  },
  categorySize: sql<{
    weight: number | null;
    length: number | null;
    width: number | null;
    height: number | null;
  } | null>`(
    SELECT json_build_object('weight', c.parcel_weight, 'length', c.parcel_length,
                             'width', c.parcel_width, 'height', c.parcel_height)
    FROM product_categories c WHERE c.id = ANY(${products.categoryIds})
    ORDER BY array_position(${products.categoryIds}, c.id) LIMIT 1)`,
};

function selectOffers(db: DbOrTx, offerIds: number[]) {
  return db
    .select(OFFER_FIELDS)
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .where(inArray(productOffers.id, offerIds));
}

export type OfferRow = Awaited<ReturnType<typeof selectOffers>>[number];

/** The offers by id; an offer gone from the catalogue is not in the map. */
export async function offersOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, OfferRow>> {
  if (!offerIds.length) return new Map();
  return new Map((await selectOffers(db, offerIds)).map((r) => [r.offerId, r]));
}

/** A cart's lines in their order, and the offers of the catalogue they (and `alsoOffer`) are of. */
export interface LinesWithOffers {
  lines: StoredLine[];
  offers: Map<number, OfferRow>;
}

/**
 * A cart's lines and their offers in one statement, and the offers `alsoOffers` (those being added) whether
 * or not the cart holds them yet. A line whose offer is gone from the catalogue is kept, without an offer.
 */
export async function cartLines(
  db: DbOrTx,
  cartId: number,
  alsoOffers: readonly number[] = [],
): Promise<LinesWithOffers> {
  // The offers asked about come as lines without an id, after the cart's own.
  const asked = alsoOffers.length
    ? sql` UNION ALL SELECT NULL, unnest(ARRAY[${sql.join(
        alsoOffers.map((id) => sql`${id}::int`),
        sql`, `,
      )}]), 0, NULL`
    : sql``;
  const source = sql`(SELECT id, offer_id, quantity, position FROM cart_items WHERE cart_id = ${cartId}${asked}) AS l`;
  const rows = await db
    .select({
      lineId: sql<number | null>`l.id`,
      lineOfferId: sql<number>`l.offer_id`,
      quantity: sql<number>`l.quantity`,
      ...OFFER_FIELDS,
    })
    .from(source)
    .leftJoin(productOffers, sql`${productOffers.id} = l.offer_id`)
    .leftJoin(products, eq(products.id, productOffers.productId))
    .orderBy(sql`l.position NULLS LAST`, sql`l.id`);
  const lines: StoredLine[] = [];
  const offers = new Map<number, OfferRow>();
  for (const { lineId, lineOfferId, quantity, ...offer } of rows) {
    if (lineId !== null) lines.push({ id: lineId, offerId: lineOfferId, quantity });
    // Outer-joined: every column of a gone offer is null, else the row is the inner join's.
    if (offer.offerId !== null) offers.set(offer.offerId, offer as OfferRow);
  }
  return { lines, offers };
}
