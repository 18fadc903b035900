// Where a cart lives and whose it is. A signed-in customer has one cart; a representative acting for a group
// (a checked X-User-Group) works in the group's cart, shared by its representatives; a guest's cart is found
// by an opaque random token (cookie cartToken, or the X-Cart-Token header the storefront's server sends),
// of which only a SHA-256 hash is stored. At sign-in and registration a guest's cart joins the account's.
import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cartItems, carts, productOffers } from '../../../generated/tables';
import { selectRows, type DbOrTx, type Tx } from '../../platform/db';
import type { Destination } from '../delivery';
import { cookieValue } from '../../platform/http/cookies';
import { badRequest, notFound } from '../../platform/http/errors';
import { cartLines, type LinesWithOffers, type OfferRow, type StoredLine } from './cart-lines';
import { quoted } from '@shop/schemas/rules/quotes';

export type { StoredLine } from './cart-lines';

export const CART_COOKIE = 'cartToken';
export const CART_HEADER = 'x-cart-token';
/** A guest's cart is kept this long after its last change (the cookie lives as long). */
export const GUEST_CART_DAYS = 30;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
/** At most this many different offers in one cart. */
export const MAX_LINES = 100;
export const MAX_QUANTITY = 9999;

export type CartOwner =
  { userId: number } | { userGroupId: number } | { tokenHash: string } | { guest: true };

/** The Set-Cookie of a guest's new cart token (the answer also carries it, for the storefront's server). */
export const cartCookie = (token: string) =>
  `${CART_COOKIE}=${token}; Path=/; Max-Age=${GUEST_CART_DAYS * 86_400}; HttpOnly; SameSite=Lax`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The guest's cart token of a request: the header first, then the cookie; null when none or malformed. */
export function cartTokenOf(request: FastifyRequest): string | null {
  const header = request.headers[CART_HEADER];
  const token = typeof header === 'string' ? header : cookieValue(request.headers.cookie, CART_COOKIE);
  return token && TOKEN.test(token) ? token : null;
}

/** Whose cart a request works on. */
export function ownerOf(request: FastifyRequest): CartOwner {
  if (request.actingGroup) return { userGroupId: request.actingGroup.id };
  if (request.user) return { userId: request.user.id };
  const token = cartTokenOf(request);
  return token ? { tokenHash: hashOf(token) } : { guest: true };
}

/** The condition a query finds the owner's cart by. */
export function whereOwner(owner: Exclude<CartOwner, { guest: true }>) {
  if ('userId' in owner) return eq(carts.userId, owner.userId);
  if ('userGroupId' in owner) return eq(carts.userGroupId, owner.userGroupId);
  return eq(carts.tokenHash, owner.tokenHash);
}

/** What a cart row holds besides its owner and lines, as StoredCart. */
export const CART_COLUMNS = {
  id: carts.id,
  couponCode: carts.couponCode,
  bonusPoints: carts.bonusPoints,
  // jsonb: typed unknown by the table; the schema holds the checkout's resolved city.
  destination: sql<Destination | null>`${carts.destination}`,
};

export interface StoredCart {
  id: number;
  couponCode: string | null;
  bonusPoints: number;
  /** The city the customer chose at the checkout, kept for their next visit. */
  destination: Destination | null;
}

/** The owner's cart, or null; with `lock`, the row stays locked until the transaction ends. */
export async function findCart(
  db: DbOrTx,
  owner: CartOwner,
  { lock = false } = {},
): Promise<StoredCart | null> {
  if ('guest' in owner) return null;
  const query = db.select(CART_COLUMNS).from(carts).where(whereOwner(owner));
  const [cart] = lock ? await query.for('update') : await query;
  return cart ?? null;
}

/**
 * The owner's cart, locked until the transaction ends and marked changed now, in one statement (a change
 * of a cart locks its row first, so that two changes of one cart run one after the other); null when the
 * owner has none.
 */
export async function touchCart(tx: Tx, owner: CartOwner): Promise<StoredCart | null> {
  if ('guest' in owner) return null;
  const [cart] = await tx
    .update(carts)
    .set({ updatedAt: new Date() })
    .where(whereOwner(owner))
    .returning(CART_COLUMNS);
  return cart ?? null;
}

/**
 * The owner's cart, locked and marked changed, made when there is none (a guest gets a new token: `token`
 * is set only then). Two requests making the same account's cart at once meet at the unique index; the
 * second reads the first's.
 */
export async function cartFor(tx: Tx, owner: CartOwner): Promise<{ cart: StoredCart; token: string | null }> {
  const found = await touchCart(tx, owner);
  if (found) return { cart: found, token: null };
  let token: string | null = null;
  let values: Partial<typeof carts.$inferInsert>;
  if ('guest' in owner || 'tokenHash' in owner) {
    // A token nobody holds a cart for (an old or made-up one) is replaced: a visitor never picks a hash.
    token = randomBytes(32).toString('base64url');
    values = { tokenHash: hashOf(token) };
  } else values = owner;
  const [made] = await tx.insert(carts).values(values).onConflictDoNothing().returning(CART_COLUMNS);
  if (made) return { cart: made, token };
  const again = await touchCart(tx, owner);
  return { cart: again!, token: null };
}

export async function linesOf(db: DbOrTx, cartId: number): Promise<StoredLine[]> {
  return db
    .select({ id: cartItems.id, offerId: cartItems.offerId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.position, cartItems.id);
}

/**
 * A cart's lines and offers as a change reads them once, after its cart is locked (cartLines): the change
 * edits them here as it writes, so that the cart it answers is priced without reading them again.
 */
export type HeldLines = LinesWithOffers;

/** Reads a locked cart's lines and offers, with those of `alsoOffers` (what is about to go in). */
export const holdLines = (tx: Tx, cartId: number, alsoOffers: number[] = []): Promise<HeldLines> =>
  cartLines(tx, cartId, alsoOffers);

/**
 * Where a refusal points: one offer (the product named, fields `offerId`, `quantity`), or line `at` of a
 * many-lines add (the variant's article named too, fields `lines.<at>.offerId`, `lines.<at>.quantity`).
 */
function refusalOf(at?: number) {
  return {
    name: (offer: { title: string; article: string }) =>
      at === undefined ? quoted(offer.title) : `${quoted(offer.title)}, арт. ${offer.article}`,
    field: (key: string) => (at === undefined ? key : `lines.${at}.${key}`),
  };
}

/** An offer that can be put in a cart: it exists and it and its product are on sale. */
function saleableOffer(held: HeldLines, offerId: number, at?: number): OfferRow {
  const { name, field } = refusalOf(at);
  const offer = held.offers.get(offerId);
  if (!offer) throw badRequest('Такого товара нет в каталоге', { [field('offerId')]: 'Товар не найден' });
  if (!offer.onSale)
    throw badRequest(`${name(offer)} сейчас не продаётся`, { [field('offerId')]: 'Не продаётся' });
  return offer;
}

function assertInStock(offer: OfferRow, quantity: number, at?: number) {
  const { name, field } = refusalOf(at);
  if (offer.stock <= 0)
    throw badRequest(`${name(offer)} закончился на складе`, { [field('quantity')]: 'Нет в наличии' });
  if (quantity > offer.stock)
    throw badRequest(`${name(offer)}: в наличии только ${offer.stock} шт.`, {
      [field('quantity')]: `Не больше ${offer.stock}`,
    });
}

/** Sets the cart's line of an offer to `quantity` pieces, or adds it as the last line: one statement. */
async function putLine(tx: Tx, cartId: number, held: HeldLines, offerId: number, quantity: number) {
  const same = held.lines.find((l) => l.offerId === offerId);
  if (same) {
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, same.id));
    same.quantity = quantity;
    return;
  }
  if (held.lines.length >= MAX_LINES)
    throw badRequest(`В корзине не больше ${MAX_LINES} разных товаров: оформите заказ или уберите лишнее`);
  const [made] = await tx
    .insert(cartItems)
    .values({ cartId, offerId, quantity, position: held.lines.length })
    .returning({ id: cartItems.id });
  held.lines.push({ id: made!.id, offerId, quantity });
}

/**
 * Adds pieces of an offer (to what the cart holds of it already), within stock. `at`: the line's place in a
 * many-lines add, which its refusal names.
 */
export async function addLine(
  tx: Tx,
  cartId: number,
  held: HeldLines,
  offerId: number,
  quantity: number,
  at?: number,
): Promise<void> {
  const offer = saleableOffer(held, offerId, at);
  const wanted = (held.lines.find((l) => l.offerId === offerId)?.quantity ?? 0) + quantity;
  if (wanted > MAX_QUANTITY)
    throw badRequest(`Не больше ${MAX_QUANTITY} шт. одного товара в корзине`, {
      [refusalOf(at).field('quantity')]: `Не больше ${MAX_QUANTITY}`,
    });
  assertInStock(offer, wanted, at);
  await putLine(tx, cartId, held, offerId, wanted);
}

/**
 * Adds several offers at once (the product page's grid of lengths), each as addLine adds one, each its own
 * line. The caller's transaction makes it all or nothing: the first line that cannot go in (an offer named
 * twice, off sale, short of stock beside what the cart holds) refuses the request, naming that line, and what
 * the lines before it wrote is rolled back with it.
 */
export async function addLines(
  tx: Tx,
  cartId: number,
  held: HeldLines,
  lines: readonly { offerId: number; quantity: number }[],
): Promise<void> {
  const seen = new Set<number>();
  for (const [at, line] of lines.entries()) {
    if (seen.has(line.offerId))
      throw badRequest('Каждый вариант указывается один раз', {
        [`lines.${at}.offerId`]: 'Этот вариант уже указан',
      });
    seen.add(line.offerId);
  }
  for (const [at, line] of lines.entries()) await addLine(tx, cartId, held, line.offerId, line.quantity, at);
}

/**
 * Adds up to `quantity` pieces of an offer, as many as its stock allows beside what the cart holds of it
 * already: a repeated order takes what there is where addLine refuses. Null when nothing can go in (the
 * offer is gone, not on sale or sold out, or the cart is full of other offers); else its stock and whether
 * fewer pieces than asked went in.
 */
export async function addLineWithinStock(
  tx: Tx,
  cartId: number,
  held: HeldLines,
  offerId: number,
  quantity: number,
): Promise<{ stock: number; limited: boolean } | null> {
  const offer = held.offers.get(offerId);
  if (!offer?.onSale || offer.stock <= 0) return null;
  const had = held.lines.find((l) => l.offerId === offerId)?.quantity ?? 0;
  if (!had && held.lines.length >= MAX_LINES) return null;
  const wanted = Math.min(had + quantity, offer.stock, MAX_QUANTITY);
  // A cart already holding more than the stock now is left as it is: the cart page says so.
  if (wanted > had) await putLine(tx, cartId, held, offerId, wanted);
  return { stock: offer.stock, limited: wanted < had + quantity };
}

/** The cart's line of this id; 404 for a line of another cart. */
function heldLine(held: HeldLines, lineId: number): StoredLine {
  const line = held.lines.find((l) => l.id === lineId);
  if (!line) throw notFound('В корзине нет такой строки');
  return line;
}

/** Sets a line's quantity, within stock; 404 for a line of another cart. */
export async function setLineQuantity(
  tx: Tx,
  held: HeldLines,
  lineId: number,
  quantity: number,
): Promise<void> {
  const line = heldLine(held, lineId);
  assertInStock(saleableOffer(held, line.offerId), quantity);
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));
  line.quantity = quantity;
}

/** Removes a line; 404 for a line of another cart. */
export async function removeLine(tx: Tx, held: HeldLines, lineId: number): Promise<void> {
  const line = heldLine(held, lineId);
  await tx.delete(cartItems).where(eq(cartItems.id, line.id));
  held.lines.splice(held.lines.indexOf(line), 1);
}

export async function setCartFields(
  tx: Tx,
  cartId: number,
  fields: Partial<Pick<StoredCart, 'couponCode' | 'bonusPoints' | 'destination'>>,
): Promise<void> {
  await tx
    .update(carts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** Empties a cart its order was placed from, lines, promo code and points, in one statement. */
export async function emptyCart(tx: Tx, cartId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`WITH gone AS (DELETE FROM ${cartItems} WHERE cart_id = ${cartId})
        UPDATE ${carts} SET coupon_code = NULL, bonus_points = 0, updated_at = ${now.toISOString()}
        WHERE id = ${cartId}`,
  );
}

/** Pieces in the owner's cart (the header's badge), without making a cart. */
export async function countOf(db: DbOrTx, owner: CartOwner): Promise<number> {
  if ('guest' in owner) return 0;
  const [row] = await selectRows<{ n: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(i.quantity), 0) AS n FROM cart_items i JOIN carts ON carts.id = i.cart_id
        WHERE ${whereOwner(owner)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A guest's cart joins the account's at sign-in or registration: quantities of the same offer are added,
 * capped by stock; the guest's coupon is kept when the account's cart has none. The guest's cart is deleted.
 */
export async function mergeGuestCart(tx: Tx, token: string | null, userId: number): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  const guest = await findCart(tx, { tokenHash: hashOf(token) }, { lock: true });
  if (!guest) return;
  const { cart } = await cartFor(tx, { userId });
  const mine = await linesOf(tx, cart.id);
  const theirs = await linesOf(tx, guest.id);
  // The stock of every offer of the guest's cart, in one query.
  const stock = new Map(
    theirs.length
      ? (
          await tx
            .select({ id: productOffers.id, stock: productOffers.stock })
            .from(productOffers)
            .where(
              inArray(
                productOffers.id,
                theirs.map((l) => l.offerId),
              ),
            )
        ).map((o) => [o.id, o.stock])
      : [],
  );
  for (const line of theirs) {
    const same = mine.find((l) => l.offerId === line.offerId);
    const wanted = Math.min(
      (same?.quantity ?? 0) + line.quantity,
      MAX_QUANTITY,
      Math.max(stock.get(line.offerId) ?? 0, 1),
    );
    if (same) await tx.update(cartItems).set({ quantity: wanted }).where(eq(cartItems.id, same.id));
    else if (mine.length < MAX_LINES) {
      await tx
        .insert(cartItems)
        .values({ cartId: cart.id, offerId: line.offerId, quantity: wanted, position: mine.length });
      mine.push({ id: 0, offerId: line.offerId, quantity: wanted });
    }
  }
  if (!cart.couponCode && guest.couponCode)
    await setCartFields(tx, cart.id, { couponCode: guest.couponCode });
  // cartFor marked the account's cart changed.
  await tx.delete(carts).where(eq(carts.id, guest.id));
}

/** Guests' carts untouched for GUEST_CART_DAYS go (the outbox worker's housekeeping calls it). */
export async function pruneGuestCarts(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_CART_DAYS * 86_400_000);
  const gone = await db
    .delete(carts)
    .where(sql`${carts.tokenHash} IS NOT NULL AND ${carts.updatedAt} < ${before}`)
    .returning({ id: carts.id });
  return gone.length;
}
