// Placing an order: the caller's cart becomes an order, all or nothing. Everything is priced again here by
// the pricing engine from what is stored (the client's sums are never used, only compared); the stock is taken
// with a condition (stock.ts), the coupon's use and the bonus spending are written, the order and its lines
// snapshot every price, the cart is emptied and the letters are queued. The order and every row that goes
// with it are written by one statement (platform/db/together.ts), which PostgreSQL undoes as a whole when an
// offer is short or the cart changed: a guest's order without a promo code or points needs no transaction,
// so no offer's row is held while an answer travels back here (docs/performance.md, "Cart").
//
// The cart is read first, with its row's version, as a change of the cart reads it (cart-store.ts): the write
// empties it only while it is still that version, else everything is undone and the cart read again, so a
// line added meanwhile is ordered or stays in the cart, and a second submission of the same cart finds it
// empty. A promo code, points spent and a manager's order take a transaction and their locks in one order:
// the customer's row (their bonus balance), the coupon's row (its limits), then in the write the cart's row
// and the offers by id. A repeated Idempotency-Key answers the order it made (found by the emptied cart, or by
// the key's unique index); the key is kept per cart owner, so one visitor's key never finds another's order.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { OrderPlaced, OrderPlaceRequest } from '@shop/schemas';
import {
  bonusTransactions,
  couponUsages,
  coupons,
  deliveryServices,
  orderItems,
  orders,
  userOrganizations,
} from '../../../generated/tables';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { storedPhone } from '@shop/schemas';
import { consentTextVersion as readConsentTextVersion, consentWrite } from '../../domains/privacy';
import { wakeOutbox } from '../../domains/messages';
import { WriteRefused, writeTogether } from '../../platform/db/together';
import { ApiError, badRequest } from '../../platform/http/errors';
import { isUniqueViolation } from '../../domains/accounts';
import { emptyCartWrites, lockCustomer, readCart } from '../../domains/sales';
import { termsNow, type CartOwner, type ShopTerms, type StoredCart } from '../../domains/sales';
import { priceContents, type CartContents, type CartQuote, type PricedCart } from '../../domains/sales';
import { orderEventWrite, orderUrlOf } from '../../domains/sales';
import { orderLetterTemplates, orderLettersWrite } from '../../domains/sales';
import { newOrderKeys } from '../../domains/sales';
import type { Viewer } from '../../domains/pricing';
import { stockTake } from '../../domains/sales';
import { findPoint, destinationOf, type CarrierConfig, type Destination } from '../../domains/delivery';

/**
 * Where the order's lines come from: the caller's own cart (the checkout), or what a manager typed in for a
 * customer (the admin's «Новый заказ»: no cart is touched, no consent is recorded for the customer).
 */
export type OrderSource =
  | { kind: 'cart'; owner: CartOwner }
  | {
      kind: 'manager';
      contents: CartContents;
      /** The staff member: the scope of the Idempotency-Key. */
      actorId: number;
      managerComment: string | null;
      /** Runs in the order's transaction once it exists (the admin's history row). */
      onPlaced?: (tx: Tx, orderId: number) => Promise<void>;
    };

/** The checkout's request; a manager's order may have no e-mail, and its consent is not the form's. */
/** A text the customer may leave out: absent (the checkout's form) or null (the admin's). */
type Optional = string | null | undefined;
export type PlaceInput = Omit<
  OrderPlaceRequest,
  | 'customerEmail'
  | 'consent'
  | 'deliveryCity'
  | 'deliveryPostalCode'
  | 'deliveryAddress'
  | 'deliveryPickupPoint'
  | 'deliveryDate'
  | 'deliveryTimeSlot'
  | 'comment'
> & {
  customerEmail?: Optional;
  deliveryCity?: Optional;
  deliveryPostalCode?: Optional;
  deliveryAddress?: Optional;
  deliveryPickupPoint?: Optional;
  deliveryDate?: Optional;
  deliveryTimeSlot?: Optional;
  comment?: Optional;
};

export interface PlaceOrderContext {
  source: OrderSource;
  /** Whom the order is priced for and belongs to (the customer), or null for a guest. */
  viewer: Viewer | null;
  /** The site's origin, for the links in the letters. */
  site: string;
  /** The Idempotency-Key header, or null. */
  idempotencyKey: string | null;
  /** Who gave the consent (152-FZ): IP and browser. */
  consent: { ip: string | null; userAgent: string | null };
  /** The carriers' addresses and time box: delivery is priced for the order's city as the checkout showed it. */
  carriers: CarrierConfig;
  /**
   * The settings, rules and services and the consent text's version as kept in memory (the checkout);
   * else read in the order's transaction.
   */
  kept?: { terms: ShopTerms; consentTextVersion: () => Promise<string> };
  now?: Date;
}

export interface PlaceOrderResult {
  /** The order's id (the admin opens it). */
  orderId: number;
  placed: OrderPlaced;
  /** The Idempotency-Key had already placed this order. */
  repeated: boolean;
}

/** The error the checkout shows when the cart cannot be ordered as it is: every reason, one per line. */
export class CartNotOrderable extends ApiError {
  constructor(public readonly reasons: string[]) {
    super(409, 'cart_problems', reasons.join(' '));
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function sourceScope(source: OrderSource): string {
  if (source.kind === 'manager') return `manager:${source.actorId}`;
  const { owner } = source;
  if ('userId' in owner) return `user:${owner.userId}`;
  if ('userGroupId' in owner) return `group:${owner.userGroupId}`;
  if ('tokenHash' in owner) return `cart:${owner.tokenHash}`;
  return 'guest';
}

async function placedByKey(
  db: Db | Tx,
  keyHash: string,
): Promise<{ orderId: number; placed: OrderPlaced } | null> {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      total: orders.total,
      accessKey: orders.accessKey,
      userId: orders.userId,
      paymentKind: sql<
        OrderPlaced['paymentKind']
      >`(SELECT kind FROM payment_services WHERE id = ${orders.paymentServiceId})`,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, keyHash));
  if (!row) return null;
  const placed = {
    number: row.number,
    total: row.total,
    paymentKind: row.paymentKind,
    accessKey: row.accessKey ?? '',
    orderUrl: orderUrlOf(row.number, row.accessKey ?? '', row.userId !== null),
  };
  return { orderId: row.id, placed };
}

const DELIVERY_NEEDS: Record<string, (keyof PlaceInput)[]> = {
  courier: ['deliveryCity', 'deliveryAddress'],
  post: ['deliveryCity', 'deliveryPostalCode', 'deliveryAddress'],
  pickup_point: ['deliveryCity', 'deliveryPickupPoint'],
  self_pickup: [],
};
const NEED_MESSAGES: Partial<Record<keyof PlaceInput, string>> = {
  deliveryCity: 'Укажите город',
  deliveryPostalCode: 'Укажите индекс: шесть цифр',
  deliveryAddress: 'Укажите адрес: улицу, дом и квартиру',
  deliveryPickupPoint: 'Выберите пункт выдачи',
};

/** The address fields the chosen delivery needs, filled; only those are stored. */
function deliveryFields(kind: string, input: PlaceInput) {
  const needs = DELIVERY_NEEDS[kind] ?? [];
  const missing = Object.fromEntries(
    needs.filter((k) => !String(input[k] ?? '').trim()).map((k) => [k, NEED_MESSAGES[k]!]),
  );
  if (Object.keys(missing).length)
    throw badRequest(`Заполните адрес доставки: ${Object.values(missing).join('; ').toLowerCase()}`, missing);
  const take = (k: keyof PlaceInput) => (needs.includes(k) ? String(input[k]).trim() : null);
  return {
    deliveryCity: take('deliveryCity'),
    deliveryPostalCode: take('deliveryPostalCode'),
    deliveryAddress: take('deliveryAddress'),
    deliveryPickupPoint: take('deliveryPickupPoint'),
  };
}

/** Every reason the priced cart cannot become this order; empty when it can. */
export function reasonsNotToPlace(quote: PricedCart, expectedTotal?: number): string[] {
  const { view } = quote;
  const reasons = view.problems.filter((p) => p.blocking).map((p) => p.message);
  // A code the customer typed is never dropped silently: a code that no longer works stops the order.
  if (view.coupon?.state === 'rejected')
    reasons.push(`${view.coupon.message} Уберите промокод, чтобы оформить заказ без него.`);
  if (view.delivery.selectedId === null && !reasons.length) reasons.push('Выберите способ доставки');
  if (view.paymentSelectedId === null && !reasons.length) reasons.push('Выберите способ оплаты');
  if (!reasons.length && expectedTotal !== undefined && expectedTotal !== view.totals.total)
    reasons.push('Сумма заказа изменилась, пока вы его оформляли: проверьте её и подтвердите заказ ещё раз.');
  return reasons;
}

/** The order's sums as the pricing engine gave them: what placing stores, and editing its lines again. */
export function orderSums({ priced }: PricedCart) {
  const { totals } = priced;
  return {
    itemsTotal: totals.goods,
    discountTotal: totals.discounts,
    discounts: priced.discounts
      .filter((d) => d.amount > 0 || d.deliverySaving > 0)
      .map((d) => ({ title: d.title, amount: d.amount || d.deliverySaving })),
    deliveryPrice: totals.delivery,
    bonusSpent: priced.bonuses.spent,
    bonusPointValue: priced.bonuses.pointValue,
    total: totals.total,
  };
}

/** The order's lines, every price snapshotted from the pricing engine's answer. */
export async function insertOrderItems(tx: Tx, orderId: number, quote: PricedCart): Promise<void> {
  await orderItemsWrite(tx, orderId, quote);
}

/** The order's lines' insert, not yet run (placing an order writes it with the order). */
function orderItemsWrite(tx: DbOrTx, orderId: number, quote: PricedCart) {
  const offerOf = new Map(quote.lines.map(({ offer }) => [offer.offerId, offer]));
  return tx.insert(orderItems).values(
    quote.priced.lines.map((l, position) => {
      const offer = offerOf.get(l.offerId)!;
      return {
        orderId,
        position,
        productId: l.productId,
        offerId: l.offerId,
        title: l.title,
        article: offer.article,
        attributes: offer.attributes ?? {},
        listPrice: l.price,
        price: l.unitPrice,
        quantity: l.quantity,
        total: l.total,
        discountShare: l.discountShare,
        bonusShare: l.bonusShare,
        payable: l.payable,
      };
    }),
  );
}

/** One use of the coupon by the order: counted in its limits (coupon_usages) and its used count. */
export async function useCoupon(
  tx: Tx,
  code: string,
  usage: { orderId: number; userId: number | null; phone: string; email: string | null },
): Promise<void> {
  await writeTogether(tx, couponUseWrites(tx, code, usage));
}

/** The coupon's use as two writes of a statement (placing an order makes them part of its own). */
function couponUseWrites(
  tx: DbOrTx,
  code: string,
  usage: { orderId: number; userId: number | null; phone: string; email: string | null },
): SQLWrapper[] {
  const coupon = sql`upper(${coupons.code}) = ${code}`;
  return [
    tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(coupon),
    tx.insert(couponUsages).values({
      couponId: sql`(SELECT ${coupons.id} FROM ${coupons} WHERE ${coupon})`,
      ...usage,
    }),
  ];
}

/** Gives the order's coupon use back (a cancel, an edit of its lines): its limits count one use less. */
export async function releaseCouponUse(tx: Tx, orderId: number): Promise<void> {
  const [usage] = await tx
    .delete(couponUsages)
    .where(eq(couponUsages.orderId, orderId))
    .returning({ couponId: couponUsages.couponId });
  if (usage)
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, usage.couponId));
}

/**
 * The city the order's delivery is priced for: the one typed in the order (with its index), else the one
 * the cart keeps. A city the checkout resolved is resolved the same way here, so the price is the same.
 */
function destinationFor(cart: StoredCart | null, input: PlaceInput): Destination | null {
  const typed = input.deliveryCity?.trim()
    ? destinationOf(input.deliveryCity, input.deliveryPostalCode)
    : null;
  return typed ?? cart?.destination ?? null;
}

/**
 * Prices the order once outside the transaction, so that the carriers' answers are in their caches. Only a
 * city is priced by carriers: without one there is nothing to warm.
 */
async function warmDelivery(
  db: Db,
  contents: CartContents,
  viewer: Viewer | null,
  input: PlaceInput,
  options: CartQuote,
): Promise<void> {
  if (!options.destination) return;
  // Only the carriers' answers matter here: the promo code and the points are priced in the transaction.
  await priceContents(db, { ...contents, couponCode: null, bonusPoints: 0 }, viewer, options);
  const code = input.deliveryPickupPoint?.trim();
  if (code && options.destination && input.deliveryServiceId) {
    const [service] = await db
      .select()
      .from(deliveryServices)
      .where(eq(deliveryServices.id, input.deliveryServiceId));
    if (service) await findPoint(service, options.destination, code, options.carriers!);
  }
}

type ChosenDelivery = PricedCart['view']['delivery']['options'][number];

/**
 * What the customer chose within the delivery: the pickup point (one of the carrier's in the city, stored
 * with its address and hours; typed by hand only when the carrier cannot list them now), the courier's
 * day and time (among those offered).
 */
async function deliveryChoice(
  tx: DbOrTx,
  delivery: ChosenDelivery,
  input: PlaceInput,
  destination: Destination | null,
  carriers: CarrierConfig,
) {
  let deliveryPoint: { code: string; name: string | null; address: string; workTime: string | null } | null =
    null;
  const code = input.deliveryPickupPoint?.trim();
  if (delivery.kind === 'pickup_point' && code && destination && delivery.carrier) {
    const [service] = await tx.select().from(deliveryServices).where(eq(deliveryServices.id, delivery.id));
    const { point, checked } = await findPoint(service!, destination, code, carriers);
    if (checked && !point)
      throw badRequest(`В городе ${destination.city} нет такого пункта выдачи: выберите пункт из списка`, {
        deliveryPickupPoint: 'Выберите пункт выдачи из списка',
      });
    if (point)
      deliveryPoint = {
        code: point.code,
        name: point.name,
        address: point.address,
        workTime: point.workTime,
      };
  }
  let deliveryDate: string | null = null;
  let deliveryTimeSlot: string | null = null;
  if (delivery.kind === 'courier') {
    const date = input.deliveryDate?.trim() || null;
    const slot = input.deliveryTimeSlot?.trim() || null;
    // Without a day (an order taken by phone, an older client) the courier calls to agree on one.
    if (date && !delivery.courierDays.some((d) => d.date === date))
      throw badRequest('Выберите день доставки из предложенных', { deliveryDate: 'Выберите день доставки' });
    if (slot && !delivery.timeSlots.includes(slot))
      throw badRequest('Выберите время доставки из предложенных', {
        deliveryTimeSlot: 'Выберите время доставки',
      });
    deliveryDate = date;
    deliveryTimeSlot = slot;
  }
  return { deliveryPoint, deliveryDate, deliveryTimeSlot };
}

/** The delivery as the order's letters say it: «СДЭК — пункт выдачи: Казань, ул. Баумана, 19 · Забрать с 2 декабря». */
function deliveryLine(
  delivery: ChosenDelivery,
  chosen: {
    deliveryPoint: { address: string } | null;
    deliveryDate: string | null;
    deliveryTimeSlot: string | null;
  },
): string {
  const where = chosen.deliveryPoint ? `: ${chosen.deliveryPoint.address}` : '';
  const day = chosen.deliveryDate
    ? delivery.courierDays.find((d) => d.date === chosen.deliveryDate)?.label
    : null;
  const when = day
    ? `${day}${chosen.deliveryTimeSlot ? `, ${chosen.deliveryTimeSlot}` : ''}`
    : (delivery.dates?.text ?? null);
  return `${delivery.title}${where}${when ? ` · ${when}` : ''}`;
}

/** The cart changed between its read and the order's write (platform/db/together.ts): read it again. */
class CartChangedMeanwhile extends Error {}
/** The order's write found an offer short (and was undone): what is left is read once it is. */
class StockShort extends Error {
  constructor(public readonly stock: NonNullable<ReturnType<typeof stockTake>>) {
    super('An offer of the order is short of stock');
  }
}
/** Reads of a cart that keeps changing before its order is refused (a person never changes it this fast). */
const ORDER_TRIES = 3;

export async function placeOrder(
  db: Db,
  ctx: PlaceOrderContext,
  input: PlaceInput,
): Promise<PlaceOrderResult> {
  const phone = storedPhone(input.customerPhone);
  if (!phone)
    throw badRequest('Введите номер телефона полностью, например +7 999 123-45-67', {
      customerPhone: 'Введите номер телефона полностью',
    });
  const keyHash = ctx.idempotencyKey ? sha256(`${sourceScope(ctx.source)}|${ctx.idempotencyKey}`) : null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeFromRead(db, ctx, input, { phone, keyHash });
    } catch (error) {
      if (error instanceof CartChangedMeanwhile) {
        if (attempt < ORDER_TRIES) continue;
        throw new CartNotOrderable([
          'Корзина менялась, пока вы оформляли заказ: проверьте её и подтвердите заказ ещё раз.',
        ]);
      }
      // The order of this key was placed meanwhile (another submission, the cart filled again): the unique
      // index stops the second one, which answers the first.
      if (keyHash && isUniqueViolation(error)) {
        const done = await placedByKey(db, keyHash);
        if (done) return { ...done, repeated: true };
      }
      throw error;
    }
  }
}

/**
 * One try: the cart read (its lines, their offers, the row's version) and the letters' templates first, then
 * the order priced and written in one statement with its stock and the emptied cart, undone as a whole when
 * the cart is no longer the version read (CartChangedMeanwhile) or an offer is short (OutOfStock); in a
 * transaction only when something must stay locked meanwhile (`locks`).
 */
async function placeFromRead(
  db: Db,
  ctx: PlaceOrderContext,
  input: PlaceInput,
  { phone, keyHash }: { phone: string; keyHash: string | null },
): Promise<PlaceOrderResult> {
  const email = input.customerEmail?.trim() || null;
  const { source, viewer } = ctx;
  const now = ctx.now ?? new Date();
  const [read, templates] = await Promise.all([
    source.kind === 'cart' ? readCart(db, source.owner) : null,
    orderLetterTemplates(db),
  ]);
  const destination = destinationFor(read?.cart ?? null, input);
  // The kept copies read now, not in the transaction: a copy gone stale meanwhile would be read again
  // outside it, which on PGlite waits for the transaction to end.
  const [terms, consentTextVersion] = ctx.kept
    ? await Promise.all([termsNow(ctx.kept.terms), ctx.kept.consentTextVersion()])
    : [undefined, undefined];
  const quoteOptions = {
    deliveryServiceId: input.deliveryServiceId,
    paymentServiceId: input.paymentServiceId,
    carriers: ctx.carriers,
    destination,
    terms,
    now,
  };
  const contents =
    source.kind === 'manager'
      ? source.contents
      : read && { ...read.held, couponCode: read.cart.couponCode, bonusPoints: read.cart.bonusPoints };
  if (!contents?.lines.length) {
    // The cart emptied by the order of this key: the repeat answers it.
    const done = keyHash && source.kind === 'cart' ? await placedByKey(db, keyHash) : null;
    if (done) return { ...done, repeated: true };
    throw new CartNotOrderable([
      source.kind === 'cart'
        ? 'Корзина пуста: добавьте товары, чтобы оформить заказ'
        : 'Добавьте в заказ хотя бы один товар',
    ]);
  }
  // The carriers are asked before the transaction, not in it: its locks are never held while a carrier
  // thinks. Their answers are cached, so the pricing in the transaction finds them at once.
  await warmDelivery(db, contents, viewer, input, quoteOptions);
  // Only what holds a lock takes a transaction: a manager's order (its key looked up, its history row), a
  // promo code (its row keeps its limits), points spent (the customer's row keeps the balance). Else the
  // order is its one write, which PostgreSQL commits or undoes as a whole, and no offer's row is held while
  // an answer travels back to this process.
  const locks =
    source.kind === 'manager' ||
    contents.couponCode !== null ||
    (viewer !== null && contents.bonusPoints > 0);
  const place = async (q: DbOrTx): Promise<PlaceOrderResult> => {
    // A manager's key is looked up at once; a cart's order emptied the cart (above) or meets the unique index.
    if (keyHash && source.kind === 'manager') {
      const done = await placedByKey(q, keyHash);
      if (done) return { ...done, repeated: true };
    }
    // Locks the customer's row: a second order spending the same points waits for this one.
    if (viewer && contents.bonusPoints > 0) await lockCustomer(q, viewer.id);
    const quote = await priceContents(q, contents, viewer, {
      ...quoteOptions,
      contact: { userId: viewer?.id ?? null, phone, email: email?.toLowerCase() ?? null },
      lockCoupon: true,
    });
    const reasons = reasonsNotToPlace(quote, input.expectedTotal);
    if (reasons.length) throw new CartNotOrderable(reasons);
    const { view, priced } = quote;
    const delivery = view.delivery.options.find((o) => o.id === view.delivery.selectedId)!;
    const payment = view.payments.find((p) => p.id === view.paymentSelectedId)!;
    const address = deliveryFields(delivery.kind, input);
    const chosen = await deliveryChoice(q, delivery, input, destination, ctx.carriers);

    let organizationId: number | null = null;
    if (input.organizationId) {
      const [org] = viewer
        ? await q
            .select({ id: userOrganizations.id })
            .from(userOrganizations)
            .where(
              and(eq(userOrganizations.id, input.organizationId), eq(userOrganizations.userId, viewer.id)),
            )
        : [];
      if (!org)
        throw badRequest('Такой организации нет в вашем профиле', {
          organizationId: 'Выберите организацию',
        });
      organizationId = org.id;
    }
    if (payment.kind === 'invoice' && organizationId === null)
      throw badRequest('Для оплаты по счёту выберите организацию-покупателя из профиля', {
        organizationId: 'Выберите организацию',
      });

    const { id: orderId, number } = await newOrderKeys(q, now);
    const accessKey = randomBytes(24).toString('base64url');
    const { totals } = priced;
    const orderUrl = orderUrlOf(number, accessKey, viewer !== null);
    // The order and every row that goes with it, written in one statement (platform/db/together.ts).
    const writes: SQLWrapper[] = [
      q.insert(orders).values({
        id: orderId,
        number,
        userId: viewer?.id ?? null,
        userGroupId: viewer?.actingGroupId ?? null,
        organizationId,
        customerName: input.customerName.trim(),
        customerPhone: phone,
        customerEmail: email,
        deliveryServiceId: delivery.id,
        ...address,
        ...chosen,
        deliveryEstimate: delivery.dates?.range ?? null,
        deliveryPriceSource: delivery.priceSource,
        ...orderSums(quote),
        paymentServiceId: payment.id,
        couponCode: view.coupon?.state === 'applied' ? view.coupon.code : null,
        comment: input.comment?.trim() || null,
        managerComment: source.kind === 'manager' ? source.managerComment : null,
        accessKey,
        idempotencyKey: keyHash,
        createdAt: now,
        updatedAt: now,
      }),
      orderItemsWrite(q, orderId, quote),
      orderEventWrite(q, {
        orderId,
        kind: 'placed',
        to: 'new',
        paymentStatus: 'unpaid',
        actor:
          source.kind === 'manager'
            ? { userId: source.actorId, label: 'Магазин' }
            : { userId: viewer?.id ?? null, label: 'Покупатель' },
        comment: source.kind === 'manager' ? 'Заказ принят менеджером' : null,
        at: now,
      }),
    ];
    if (viewer && priced.bonuses.spent > 0)
      writes.push(
        q.insert(bonusTransactions).values({
          userId: viewer.id,
          amount: -priced.bonuses.spent,
          kind: 'spending',
          orderId,
          reason: `Оплата заказа № ${number}`,
        }),
      );
    // The cart's row updated only while it is the version read: else nothing is written (below).
    const cartEmptied = read ? emptyCartWrites(read.cart.id, now, read.version) : null;
    if (cartEmptied) {
      // The customer's own form: their consent (152-FZ), and the cart they ordered is emptied.
      writes.push(
        consentWrite(q, {
          purpose: 'personal_data',
          source: 'order',
          userId: viewer?.id ?? null,
          email,
          phone,
          ...ctx.consent,
          textVersion: consentTextVersion ?? (await readConsentTextVersion(q)),
        }),
        cartEmptied.lines,
      );
    }
    const letters = await orderLettersWrite(
      q,
      {
        site: ctx.site,
        orderId,
        number,
        userId: viewer?.id ?? null,
        customerName: input.customerName.trim(),
        phone,
        email,
        orderUrl,
        // A manager took the order: the shop needs no letter about it.
        notifyShop: source.kind === 'cart',
        delivery: deliveryLine(delivery, chosen),
        payment: payment.title,
        total: totals.total,
        lines: priced.lines,
        shop: await terms?.settings(),
      },
      templates,
    );
    if (letters) writes.push(letters);
    const coupon = view.coupon?.state === 'applied' ? view.coupon : null;
    if (coupon)
      writes.push(
        ...couponUseWrites(q, coupon.code, {
          orderId,
          userId: viewer?.id ?? null,
          phone,
          email: email?.toLowerCase() ?? null,
        }),
      );
    // The stock in the same statement: every order for the same offer waits on its row from there to the
    // commit. The statement is undone as a whole (WriteRefused, below) unless every offer was taken and the
    // cart was still the version read (a line added in another tab, another submission's order).
    const stock = stockTake(
      quote.lines.map(({ line }) => ({ offerId: line.offerId, quantity: line.quantity })),
    )!;
    writes.push(stock.touch);
    await writeTogether<{ emptied?: unknown[]; taken: unknown[] }>(
      q,
      writes,
      cartEmptied ? { emptied: cartEmptied.cart, taken: stock.take } : { taken: stock.take },
      { emptied: cartEmptied ? 1 : undefined, taken: stock.offers },
    ).catch((error: unknown) => {
      if (error instanceof WriteRefused && error.write === 'emptied') throw new CartChangedMeanwhile();
      if (error instanceof WriteRefused && error.write === 'taken') throw new StockShort(stock);
      throw error;
    });
    if (letters) wakeOutbox();
    // A manager's order always runs in a transaction (`locks`).
    if (source.kind === 'manager') await source.onPlaced?.(q as Tx, orderId);
    return {
      orderId,
      placed: { number, total: totals.total, paymentKind: payment.kind, orderUrl, accessKey },
      repeated: false,
    };
  };
  try {
    return locks ? await db.transaction(place) : await place(db);
  } catch (error) {
    // Read after the write was undone (and its transaction, if any, rolled back).
    if (error instanceof StockShort) throw await error.stock.short(db);
    throw error;
  }
}
