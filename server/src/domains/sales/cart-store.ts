// Where a cart lives and whose it is. A signed-in customer has one cart; a representative acting for a group
// (a checked X-User-Group) works in the group's cart, shared by its representatives; a guest's cart is found
// by an opaque random token (cookie cartToken, or the X-Cart-Token header the storefront's server sends),
// of which only a SHA-256 hash is stored. At sign-in and registration a guest's cart joins the account's.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cartItems, carts } from '../../../generated/tables';
import { selectRows, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { prepared } from '../../platform/db/prepared';
import { cookieValue } from '../../platform/http/cookies';
import { badRequest, notFound } from '../../platform/http/errors';
import {
  offersOf,
  readCart,
  type LinesWithOffers,
  type OfferRow,
  type StoredCart,
  type StoredLine,
} from './cart-lines';
import { quoted } from '@shop/schemas/rules/quotes';

export type { StoredCart, StoredLine } from './cart-lines';

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
function whereOwner(owner: Exclude<CartOwner, { guest: true }>) {
  if ('userId' in owner) return eq(carts.userId, owner.userId);
  if ('userGroupId' in owner) return eq(carts.userGroupId, owner.userGroupId);
  return eq(carts.tokenHash, owner.tokenHash);
}

/** Locks the owner's cart row (if any) until the transaction ends: changes of one cart then run in turn. */
async function lockCart(tx: Tx, owner: CartOwner): Promise<void> {
  if ('guest' in owner) return;
  await tx.select({ id: carts.id }).from(carts).where(whereOwner(owner)).for('update');
}

/** A cart's lines and offers as a change reads them (readCart) and edits them in memory (CartEdit). */
export type HeldLines = LinesWithOffers;

/** A cart row's fields a change may set. */
export type CartFields = Partial<Pick<StoredCart, 'couponCode' | 'bonusPoints' | 'destination'>>;

/**
 * What a change writes, recorded as it edits the lines it read: lines new to the cart (id 0 until written,
 * with their place), lines given another quantity, lines removed, the row's fields. `changeCart` writes it
 * all in one statement.
 */
export class CartEdit {
  readonly added = new Map<StoredLine, number>();
  readonly changed = new Set<StoredLine>();
  readonly removed: number[] = [];
  fields: CartFields = {};
}

/**
 * A change's decision: edits `held` and records in `edit` what to write, or refuses with a message (an
 * ApiError), which then writes nothing. What it answers (a repeated order's account of what went in) comes
 * back with the changed cart; it is decided anew whenever the cart changed before the write.
 */
export type CartDecision<T = void> = (held: HeldLines, edit: CartEdit, cart: StoredCart) => T;

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

/** Sets the cart's line of an offer to `quantity` pieces, or adds it as the last line. */
function putLine(held: HeldLines, edit: CartEdit, offerId: number, quantity: number) {
  const same = held.lines.find((l) => l.offerId === offerId);
  if (same) {
    same.quantity = quantity;
    // A line this change added is written with its quantity then.
    if (!edit.added.has(same)) edit.changed.add(same);
    return;
  }
  if (held.lines.length >= MAX_LINES)
    throw badRequest(`В корзине не больше ${MAX_LINES} разных товаров: оформите заказ или уберите лишнее`);
  const line = { id: 0, offerId, quantity };
  edit.added.set(line, held.lines.length);
  held.lines.push(line);
}

/**
 * Adds pieces of an offer (to what the cart holds of it already), within stock. `at`: the line's place in a
 * many-lines add, which its refusal names.
 */
export function addLine(
  held: HeldLines,
  edit: CartEdit,
  offerId: number,
  quantity: number,
  at?: number,
): void {
  const offer = saleableOffer(held, offerId, at);
  const wanted = (held.lines.find((l) => l.offerId === offerId)?.quantity ?? 0) + quantity;
  if (wanted > MAX_QUANTITY)
    throw badRequest(`Не больше ${MAX_QUANTITY} шт. одного товара в корзине`, {
      [refusalOf(at).field('quantity')]: `Не больше ${MAX_QUANTITY}`,
    });
  assertInStock(offer, wanted, at);
  putLine(held, edit, offerId, wanted);
}

/**
 * Adds several offers at once (the product page's grid of lengths), each as addLine adds one, each its own
 * line: all or nothing, since the first line that cannot go in (an offer named twice, off sale, short of stock
 * beside what the cart holds) refuses the whole change, naming that line, before anything is written.
 */
export function addLines(
  held: HeldLines,
  edit: CartEdit,
  lines: readonly { offerId: number; quantity: number }[],
): void {
  const seen = new Set<number>();
  for (const [at, line] of lines.entries()) {
    if (seen.has(line.offerId))
      throw badRequest('Каждый вариант указывается один раз', {
        [`lines.${at}.offerId`]: 'Этот вариант уже указан',
      });
    seen.add(line.offerId);
  }
  for (const [at, line] of lines.entries()) addLine(held, edit, line.offerId, line.quantity, at);
}

/**
 * Adds up to `quantity` pieces of an offer, as many as its stock allows beside what the cart holds of it
 * already: a repeated order takes what there is where addLine refuses. Null when nothing can go in (the
 * offer is gone, not on sale or sold out, or the cart is full of other offers); else its stock and whether
 * fewer pieces than asked went in.
 */
export function addLineWithinStock(
  held: HeldLines,
  edit: CartEdit,
  offerId: number,
  quantity: number,
): { stock: number; limited: boolean } | null {
  const offer = held.offers.get(offerId);
  if (!offer?.onSale || offer.stock <= 0) return null;
  const had = held.lines.find((l) => l.offerId === offerId)?.quantity ?? 0;
  if (!had && held.lines.length >= MAX_LINES) return null;
  const wanted = Math.min(had + quantity, offer.stock, MAX_QUANTITY);
  // A cart already holding more than the stock now is left as it is: the cart page says so.
  if (wanted > had) putLine(held, edit, offerId, wanted);
  return { stock: offer.stock, limited: wanted < had + quantity };
}

/** The cart's line of this id; 404 for a line of another cart. */
function heldLine(held: HeldLines, lineId: number): StoredLine {
  const line = held.lines.find((l) => l.id === lineId);
  if (!line) throw notFound('В корзине нет такой строки');
  return line;
}

/** Sets a line's quantity, within stock; 404 for a line of another cart. */
export function setLineQuantity(held: HeldLines, edit: CartEdit, lineId: number, quantity: number): void {
  const line = heldLine(held, lineId);
  assertInStock(saleableOffer(held, line.offerId), quantity);
  line.quantity = quantity;
  edit.changed.add(line);
}

/** Removes a line; 404 for a line of another cart. */
export function removeLine(held: HeldLines, edit: CartEdit, lineId: number): void {
  const line = heldLine(held, lineId);
  held.lines.splice(held.lines.indexOf(line), 1);
  edit.changed.delete(line);
  edit.removed.push(line.id);
}

/** Sets fields of the cart's row. */
export const setCartFields =
  (fields: CartFields): CartDecision =>
  (_held, edit) => {
    edit.fields = { ...edit.fields, ...fields };
  };

/**
 * The statement's tail that writes a change's lines into the cart `c` (a CTE: the updated or new row; when it
 * is empty, nothing is written) and answers the cart's id and the ids of the new lines.
 */
const WRITE_LINES = sql`,
  added AS (
    INSERT INTO ${cartItems} (cart_id, offer_id, quantity, position)
    SELECT c.id, v.offer_id, v.quantity, v.position FROM c,
      unnest(${sql.placeholder('addedOffers')}::int[], ${sql.placeholder('addedQuantities')}::int[],
             ${sql.placeholder('addedPositions')}::int[]) AS v(offer_id, quantity, position)
    RETURNING id, offer_id),
  changed AS (
    UPDATE ${cartItems} SET quantity = v.quantity FROM c,
      unnest(${sql.placeholder('changedIds')}::int[], ${sql.placeholder('changedQuantities')}::int[])
        AS v(id, quantity)
    WHERE ${cartItems.id} = v.id AND ${cartItems.cartId} = c.id
    RETURNING ${cartItems.id}),
  removed AS (
    DELETE FROM ${cartItems} USING c
    WHERE ${cartItems.cartId} = c.id AND ${cartItems.id} = ANY(${sql.placeholder('removedIds')}::int[])
    RETURNING ${cartItems.id})
  SELECT (SELECT id FROM c) AS "cartId",
         coalesce((SELECT json_agg(json_build_object('id', id, 'offerId', offer_id)) FROM added), '[]') AS "added"`;

type Written = { cartId: number | null; added: { id: number; offerId: number }[] };

/** A change of an existing cart: its row updated (fields set or kept) only while it is the version read. */
const writeChange = prepared<Written>(
  'sales_cart_write',
  sql`WITH c AS (
    UPDATE ${carts} SET updated_at = now(),
      coupon_code = CASE WHEN ${sql.placeholder('setCoupon')}::boolean
                         THEN ${sql.placeholder('couponCode')}::text ELSE coupon_code END,
      bonus_points = CASE WHEN ${sql.placeholder('setPoints')}::boolean
                          THEN ${sql.placeholder('bonusPoints')}::int ELSE bonus_points END,
      destination = CASE WHEN ${sql.placeholder('setDestination')}::boolean
                         THEN ${sql.placeholder('destination')}::text::jsonb ELSE destination END
    WHERE ${carts.id} = ${sql.placeholder('cartId')}::int AND xmin = ${sql.placeholder('version')}::text::xid
    RETURNING id)${WRITE_LINES}`,
);

/** A new cart with what its first change decided; no row when the owner's cart was made meanwhile. */
const writeNewCart = prepared<Written>(
  'sales_cart_create',
  sql`WITH c AS (
    INSERT INTO ${carts} (token_hash, user_id, user_group_id, coupon_code, bonus_points, destination)
    VALUES (${sql.placeholder('tokenHash')}::text, ${sql.placeholder('userId')}::int,
            ${sql.placeholder('userGroupId')}::int, ${sql.placeholder('couponCode')}::text,
            ${sql.placeholder('bonusPoints')}::int, ${sql.placeholder('destination')}::text::jsonb)
    ON CONFLICT DO NOTHING
    RETURNING id)${WRITE_LINES}`,
);

/** The values of WRITE_LINES's placeholders. */
function lineValues(edit: CartEdit) {
  const added = [...edit.added];
  const changed = [...edit.changed];
  return {
    addedOffers: added.map(([l]) => l.offerId),
    addedQuantities: added.map(([l]) => l.quantity),
    addedPositions: added.map(([, position]) => position),
    changedIds: changed.map((l) => l.id),
    changedQuantities: changed.map((l) => l.quantity),
    removedIds: edit.removed,
  };
}

/** The values of the row's fields: the existing cart's write sets those the change named, a new cart all. */
function fieldValues({ fields }: CartEdit) {
  return {
    setCoupon: 'couponCode' in fields,
    couponCode: fields.couponCode ?? null,
    setPoints: 'bonusPoints' in fields,
    bonusPoints: fields.bonusPoints ?? 0,
    setDestination: 'destination' in fields,
    destination: fields.destination == null ? null : JSON.stringify(fields.destination),
  };
}

/** The new lines get the ids they were written with. */
function giveIds(edit: CartEdit, written: Written) {
  const idOf = new Map(written.added.map((l) => [l.offerId, l.id]));
  for (const line of edit.added.keys()) line.id = idOf.get(line.offerId)!;
}

/** A cart after a change: as written, its lines and their offers (priced from these), a guest's new token. */
export interface ChangedCart<T = void> {
  cart: StoredCart;
  held: HeldLines;
  /** Set only when the change made a guest's cart. */
  token: string | null;
  /** What the decision answered. */
  decided: T;
}

/** What changeCart does when the owner has no cart: makes one, refuses with 404, or answers null. */
export type WhenNoCart = 'create' | 'not_found' | 'nothing';

/** A change of the cart between reading it and writing: read and decide again. */
const RETRY = Symbol('retry');

/** Reads and decides again at most this many times, then waits for the cart's lock instead. */
const OPTIMISTIC_TRIES = 3;

/** Reads the cart, decides, writes: RETRY when the cart changed in between (or was made meanwhile). */
async function tryChange<T>(
  db: DbOrTx,
  owner: CartOwner,
  decide: CartDecision<T>,
  onNone: WhenNoCart,
  offerIds: readonly number[],
): Promise<ChangedCart<T> | null | typeof RETRY> {
  const read = await readCart(db, owner, offerIds);
  const edit = new CartEdit();
  if (read) {
    const decided = decide(read.held, edit, read.cart);
    const [written] = await writeChange(db, {
      cartId: read.cart.id,
      version: read.version,
      ...fieldValues(edit),
      ...lineValues(edit),
    });
    if (written!.cartId === null) return RETRY;
    giveIds(edit, written!);
    return { cart: { ...read.cart, ...edit.fields }, held: read.held, token: null, decided };
  }
  if (onNone === 'not_found') throw notFound('В корзине нет такой строки');
  if (onNone === 'nothing') return null;
  const empty: StoredCart = { id: 0, couponCode: null, bonusPoints: 0, destination: null };
  const held: HeldLines = { lines: [], offers: await offersOf(db, [...offerIds]) };
  const decided = decide(held, edit, empty);
  // A guest (or a token nobody holds a cart for: an old or made-up one) gets a new token: a visitor never
  // picks a hash.
  const token = 'guest' in owner || 'tokenHash' in owner ? randomBytes(32).toString('base64url') : null;
  const [written] = await writeNewCart(db, {
    tokenHash: token && hashOf(token),
    userId: 'userId' in owner ? owner.userId : null,
    userGroupId: 'userGroupId' in owner ? owner.userGroupId : null,
    ...fieldValues(edit),
    ...lineValues(edit),
  });
  // Two requests making the same account's cart at once meet at its unique index: the second reads the first's.
  if (written!.cartId === null) return RETRY;
  giveIds(edit, written!);
  return { cart: { ...empty, ...edit.fields, id: written!.cartId }, held, token, decided };
}

/**
 * Changes the owner's cart in two statements and no transaction: its row, lines and offers read at once
 * (readCart, with the offers `offerIds` about to go in), `decide` edits them in memory (a refusal writes
 * nothing), and all it decided is written in one statement that updates the cart's row only if the row is
 * still the version read (its `xmin`: every change of a cart, an order's included, updates its row). Another
 * change in between makes it read and decide again; after OPTIMISTIC_TRIES it takes the cart's lock and
 * runs in a transaction, so that a busy cart still gets its turn (changeLocked, which sign-in's merge calls
 * in its own transaction).
 */
export async function changeCart<T = void>(
  db: Db,
  owner: CartOwner,
  decide: CartDecision<T>,
  { onNone = 'create', offerIds = [] }: { onNone?: WhenNoCart; offerIds?: readonly number[] } = {},
): Promise<ChangedCart<T> | null> {
  for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
    const done = await tryChange(db, owner, decide, onNone, offerIds);
    if (done !== RETRY) return done;
  }
  return db.transaction((tx) => changeLocked(tx, owner, decide, onNone, offerIds));
}

/** The change with the cart's row locked first: nothing can change it between the read and the write. */
async function changeLocked<T>(
  tx: Tx,
  owner: CartOwner,
  decide: CartDecision<T>,
  onNone: WhenNoCart,
  offerIds: readonly number[],
): Promise<ChangedCart<T> | null> {
  await lockCart(tx, owner);
  const done = await tryChange(tx, owner, decide, onNone, offerIds);
  // Only a cart made by another transaction meanwhile: it is there now, and locked by this read.
  if (done === RETRY) return changeLocked(tx, owner, decide, onNone, offerIds);
  return done;
}

/**
 * Empties a cart its order was placed from, lines, promo code and points: two writes, not yet run, that the
 * order writes with its own rows (platform/db/together.ts). The row is updated (and its id returned) only
 * while it is still the `version` read: an empty answer means the cart changed meanwhile.
 */
export function emptyCartWrites(cartId: number, now: Date, version: string): { lines: SQL; cart: SQL } {
  return {
    lines: sql`DELETE FROM ${cartItems} WHERE cart_id = ${cartId}`,
    cart: sql`UPDATE ${carts} SET coupon_code = NULL, bonus_points = 0, updated_at = ${now.toISOString()}
              WHERE id = ${cartId} AND xmin = ${version}::text::xid RETURNING id`,
  };
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
 * capped by stock (at least one piece is kept: the cart page says what is short); the guest's coupon is kept
 * when the account's cart has none. Written as any change of the account's cart, in sign-in's transaction;
 * the guest's cart, locked first so that two sign-ins do not both take it, is deleted.
 */
export async function mergeGuestCart(tx: Tx, token: string | null, userId: number): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  const guestOwner = { tokenHash: hashOf(token) };
  await lockCart(tx, guestOwner);
  const guest = await readCart(tx, guestOwner);
  if (!guest) return;
  const theirs = guest.held.lines;
  await changeLocked(
    tx,
    { userId },
    (held, edit, cart) => {
      for (const line of theirs) {
        const had = held.lines.find((l) => l.offerId === line.offerId)?.quantity ?? 0;
        if (!had && held.lines.length >= MAX_LINES) continue;
        const stock = held.offers.get(line.offerId)?.stock ?? 0;
        putLine(held, edit, line.offerId, Math.min(had + line.quantity, MAX_QUANTITY, Math.max(stock, 1)));
      }
      if (!cart.couponCode && guest.cart.couponCode) edit.fields = { couponCode: guest.cart.couponCode };
    },
    'create',
    theirs.map((l) => l.offerId),
  );
  await tx.delete(carts).where(eq(carts.id, guest.cart.id));
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
