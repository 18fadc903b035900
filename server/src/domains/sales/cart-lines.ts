// What a cart's lines are priced and checked with: each offer as the catalogue has it now (price, stock,
// on sale, the parcel size), read through the generated table definitions, so that renaming a field in its
// schema breaks these queries at build time, not in production. A cart's row, its lines and their offers come
// in one statement, prepared once (platform/db/prepared.ts): adding to a cart, reading it and placing its
// order each read them once.
import { getTableName, sql } from 'drizzle-orm';
import { cartItems, carts, productOffers, products } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { prepared } from '../../platform/db/prepared';
import { pricingCategoryIds } from '../catalog';
import type { Destination } from '../delivery';

/** A line of a cart as stored. */
export interface StoredLine {
  id: number;
  offerId: number;
  quantity: number;
}

/** An offer as a cart line is priced and checked with. */
export interface OfferRow {
  offerId: number;
  productId: number;
  title: string;
  slug: string;
  article: string;
  /** Attribute code → value code. */
  attributes: Record<string, string> | null;
  image: string | null;
  basePrice: number;
  salePrice: number | null;
  stock: number;
  /** The offer and its product are both on sale. */
  onSale: boolean;
  /** The product's categories and their parents: what promotions and rules match. */
  categoryIds: number[];
  /** The unit's weight and size for the carriers (delivery/parcels.ts). */
  size: { weight: number | null; length: number | null; width: number | null; height: number | null };
  /** The product's first category's defaults for them. */
  categorySize: {
    weight: number | null;
    length: number | null;
    width: number | null;
    height: number | null;
  } | null;
}

/** The offer's columns, flat; `offerOf` nests the size. */
const OFFER_COLUMNS = sql`${productOffers.id} AS "offerId", ${products.id} AS "productId",
  ${products.title} AS "title", ${products.slug} AS "slug", ${productOffers.article} AS "article",
  ${productOffers.attributes} AS "attributes", ${products.images}->0->>'url' AS "image",
  ${productOffers.basePrice} AS "basePrice", ${productOffers.salePrice} AS "salePrice",
  ${productOffers.stock} AS "stock", (${productOffers.active} AND ${products.active}) AS "onSale",
  ${pricingCategoryIds(getTableName(products))} AS "categoryIds",
  ${productOffers.weight} AS "weight", ${productOffers.length} AS "length",
  ${productOffers.width} AS "width", ${productOffers.height} AS "height",
  (SELECT json_build_object('weight', c.parcel_weight, 'length', c.parcel_length,
                            'width', c.parcel_width, 'height', c.parcel_height)
   FROM product_categories c WHERE c.id = ANY(${products.categoryIds})
   ORDER BY array_position(${products.categoryIds}, c.id) LIMIT 1) AS "categorySize"`;

type OfferColumns = Omit<OfferRow, 'size'> & OfferRow['size'];

/** The offer of a row that holds its columns (and perhaps others: a cart's, a line's). */
function offerOf(row: OfferColumns): OfferRow {
  const { offerId, productId, title, slug, article, attributes, image, basePrice, salePrice, stock } = row;
  const { onSale, categoryIds, categorySize, weight, length, width, height } = row;
  return {
    offerId,
    productId,
    title,
    slug,
    article,
    attributes,
    image,
    basePrice,
    salePrice,
    stock,
    onSale,
    categoryIds,
    size: { weight, length, width, height },
    categorySize,
  };
}

const readOffers = prepared<OfferColumns>(
  'sales_offers_by_id',
  sql`SELECT ${OFFER_COLUMNS} FROM ${productOffers}
      JOIN ${products} ON ${products.id} = ${productOffers.productId}
      WHERE ${productOffers.id} = ANY(${sql.placeholder('offerIds')}::int[])`,
);

/** The offers by id; an offer gone from the catalogue is not in the map. */
export async function offersOf(db: DbOrTx, offerIds: number[]): Promise<Map<number, OfferRow>> {
  if (!offerIds.length) return new Map();
  const rows = await readOffers(db, { offerIds });
  return new Map(rows.map((r) => [r.offerId, offerOf(r)]));
}

/** A cart's lines in their order, and the offers of the catalogue they (and those asked about) are of. */
export interface LinesWithOffers {
  lines: StoredLine[];
  offers: Map<number, OfferRow>;
}

/** What a cart row holds besides its owner and lines. */
export interface StoredCart {
  id: number;
  couponCode: string | null;
  bonusPoints: number;
  /** The city the customer chose at the checkout, kept for their next visit. */
  destination: Destination | null;
}

/** A cart as read: its row, the row's version (`xmin`: every change of a cart updates its row), lines, offers. */
export interface ReadCart {
  cart: StoredCart;
  version: string;
  held: LinesWithOffers;
}

/** How a cart is found: by its id, or its owner's column (carts.ts: token hash, user, group). */
export type CartKey =
  { cartId: number } | { tokenHash: string } | { userId: number } | { userGroupId: number };

const KEY_COLUMNS = {
  cartId: carts.id,
  tokenHash: carts.tokenHash,
  userId: carts.userId,
  userGroupId: carts.userGroupId,
} as const;
type KeyName = keyof typeof KEY_COLUMNS;

type CartRow = OfferColumns & {
  cartId: number;
  version: string;
  couponCode: string | null;
  bonusPoints: number;
  destination: Destination | null;
  lineId: number | null;
  lineOfferId: number | null;
  quantity: number;
};

/**
 * The cart found by `key`, with its lines and their offers, and the offers `alsoOffers` (those being added)
 * whether or not it holds them yet: one row per line, the asked offers as lines without an id after the
 * cart's own. A line whose offer is gone from the catalogue is kept, without an offer.
 */
function readCartStatement(key: KeyName) {
  const asked = sql`SELECT NULL::int AS id, unnest(${sql.placeholder('alsoOffers')}::int[]) AS offer_id,
                           0 AS quantity, NULL::int AS position`;
  return prepared<CartRow>(
    `sales_cart_by_${key}`,
    sql`SELECT ${carts.id} AS "cartId", ${carts}.xmin::text AS "version", ${carts.couponCode} AS "couponCode",
               ${carts.bonusPoints} AS "bonusPoints", ${carts.destination} AS "destination",
               l.id AS "lineId", l.offer_id AS "lineOfferId", l.quantity AS "quantity", ${OFFER_COLUMNS}
        FROM ${carts}
        LEFT JOIN LATERAL (
          SELECT ${cartItems.id} AS id, ${cartItems.offerId} AS offer_id, ${cartItems.quantity} AS quantity,
                 ${cartItems.position} AS position
          FROM ${cartItems} WHERE ${cartItems.cartId} = ${carts.id}
          UNION ALL ${asked}) AS l ON true
        LEFT JOIN ${productOffers} ON ${productOffers.id} = l.offer_id
        LEFT JOIN ${products} ON ${products.id} = ${productOffers.productId}
        WHERE ${KEY_COLUMNS[key]} = ${sql.placeholder('key')}
        ORDER BY l.position NULLS LAST, l.id`,
  );
}

const readCartBy = Object.fromEntries(
  (Object.keys(KEY_COLUMNS) as KeyName[]).map((key) => [key, readCartStatement(key)]),
) as Record<KeyName, ReturnType<typeof readCartStatement>>;

/**
 * The cart found by `key` with its lines and offers (and those of `alsoOffers`); null when there is none, as
 * for a guest without a token.
 */
export async function readCart(
  db: DbOrTx,
  key: CartKey | { guest: true },
  alsoOffers: readonly number[] = [],
): Promise<ReadCart | null> {
  if ('guest' in key) return null;
  const [name, value] = Object.entries(key)[0] as [KeyName, unknown];
  const rows = await readCartBy[name](db, { key: value, alsoOffers });
  const first = rows[0];
  if (!first) return null;
  const lines: StoredLine[] = [];
  const offers = new Map<number, OfferRow>();
  for (const row of rows) {
    if (row.lineId !== null)
      lines.push({ id: row.lineId, offerId: row.lineOfferId!, quantity: row.quantity });
    // Outer-joined: every column of a gone offer is null.
    if (row.offerId !== null) offers.set(row.offerId, offerOf(row));
  }
  const { cartId, version, couponCode, bonusPoints, destination } = first;
  return { cart: { id: cartId, couponCode, bonusPoints, destination }, version, held: { lines, offers } };
}
