// A cart as the customer sees it: the stored lines with what the catalogue says of their offers, priced by
// the one pricing engine (server/src/domains/pricing) with the customer's type and groups, the cart rules, the
// coupon, the bonus balance, the settings and the delivery and payment services, all read here and passed
// in. A line whose offer is gone, off sale or short of stock stays in the cart with its problem named, so
// the customer sees what changed; only the lines that can be ordered are priced.
import type { CartState } from '@shop/schemas';
import { eq, sql } from 'drizzle-orm';
import { coupons, users } from '../../../generated/tables';
import { isConnected, type PaymentServiceRow } from '../payments';
import { selectRows, type DbOrTx } from '../../platform/db';
import {
  normalizeCouponCode,
  priceCart,
  type CartPricing,
  type CouponEntry,
  type PricingCoupon,
  type PricingDelivery,
  type PricingLine,
  type PricingPayment,
} from '../pricing';
import { spendableOf } from './bonus-ledger';
import { offersOf, type OfferRow, type StoredLine } from './cart-lines';
import { pricingCustomer, type Viewer } from '../pricing';
import { readShopTerms, type ShopTerms } from './shop-terms';
import {
  packCart,
  quoteDelivery,
  type CarrierConfig,
  type DeliveryQuote,
  type Destination,
} from '../delivery';
import { quoted } from '@shop/schemas/rules/quotes';

/** Who is buying, for a coupon's per-customer limit: the account, and the phone and e-mail of the order. */
export interface BuyerContact {
  userId: number | null;
  /** As stored: +79991234567. */
  phone: string | null;
  /** Lower case. */
  email: string | null;
}

/**
 * The code, its coupon and its uses: all of them (usedCount, kept in step by the placing service) and this
 * buyer's, counted in coupon_usages by account, phone or e-mail, so that a guest is counted too. With
 * `lock` the coupon's row stays locked until the transaction ends: two orders using the last use of a
 * coupon are then counted one after the other.
 */
export async function couponEntry(
  db: DbOrTx,
  code: string | null,
  buyer: BuyerContact,
  { lock = false } = {},
): Promise<CouponEntry | null> {
  if (!code) return null;
  const normalized = normalizeCouponCode(code);
  const query = db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalized}`);
  const [coupon] = lock ? await query.for('update') : await query;
  let byCustomer = 0;
  const { userId, phone, email } = buyer;
  if (coupon && (userId !== null || phone || email)) {
    const [mine] = await selectRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM coupon_usages WHERE coupon_id = ${coupon.id} AND (
            user_id = ${userId ?? -1} OR phone = ${phone ?? ''} OR email = ${email ?? ''})`,
    );
    byCustomer = Number(mine?.n ?? 0);
  }
  return {
    code: normalized,
    // Rows as read: enum columns hold their schema's values (CHECK constraints); Drizzle types them as text.
    coupon: (coupon as PricingCoupon | undefined) ?? null,
    usage: { total: coupon?.usedCount ?? 0, byCustomer },
  };
}

/** The account's own phone and e-mail, for a coupon's per-customer limit before the order form is filled. */
async function accountContact(db: DbOrTx, viewer: Viewer | null): Promise<BuyerContact> {
  if (!viewer) return { userId: null, phone: null, email: null };
  const [user] = await db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.id));
  return { userId: viewer.id, phone: user?.phone ?? null, email: user?.email.toLowerCase() ?? null };
}

/**
 * Payment services the shop can take now: on delivery and by invoice always; an online one only when its
 * provider is connected (payments/providers.ts), rather than offered and left unpaid.
 */
const takeable = (p: PaymentServiceRow) => p.kind !== 'online' || isConnected(p);

/** Why a line cannot be ordered as it is, in Russian; null when it can. */
function lineProblem(row: OfferRow | undefined, quantity: number): string | null {
  if (!row) return 'Этого товара больше нет в каталоге: уберите его из корзины';
  if (!row.onSale) return 'Товар сейчас не продаётся: уберите его из корзины';
  if (row.stock <= 0) return 'Товар закончился на складе';
  if (quantity > row.stock) return `В наличии только ${row.stock} шт.: уменьшите количество`;
  return null;
}

/** The checkout's choices the cart is priced with; each optional (the cart page chooses nothing). */
export interface CartQuote {
  deliveryServiceId?: number | null;
  paymentServiceId?: number | null;
  /** The buyer's phone and e-mail from the order form (else the account's). */
  contact?: BuyerContact;
  /** Lock the coupon's row (placing an order). */
  lockCoupon?: boolean;
  /**
   * Price the delivery for a city by its carriers (the checkout, placing an order). Without it every service
   * has its flat price, and no carrier is asked (the cart page, the header's count).
   */
  carriers?: CarrierConfig;
  /** The city to price for, instead of the one the cart keeps. */
  destination?: Destination | null;
  /** The settings, rules and services as kept in memory (the cart, the checkout); else read now. */
  terms?: ShopTerms;
  now?: Date;
}

export interface PricedCart {
  view: Omit<CartState, 'cartToken'>;
  /** The engine's answer: receipt shares of the lines, the bonus point value… (what an order snapshots). */
  priced: CartPricing;
  /** The orderable lines with their catalogue rows. */
  lines: { line: StoredLine; offer: OfferRow }[];
}

/** The carrier a service's provider names, for the checkout (the others have no carrier of their own). */
const carrierName = (provider: string): 'cdek' | 'russian_post' | null =>
  provider === 'cdek' || provider === 'russian_post' ? provider : null;

/** What a cart holds: its lines, the promo code and the points asked for (a manager's order has no cart). */
export interface CartContents {
  lines: StoredLine[];
  couponCode: string | null;
  bonusPoints: number;
  /** The lines' offers when read with them (readCart); else read here. */
  offers?: ReadonlyMap<number, OfferRow>;
}

/** Prices cart contents for this viewer and these choices: the view, and the engine's whole answer. */
export async function priceContents(
  db: DbOrTx,
  contents: CartContents,
  viewer: Viewer | null,
  quote: CartQuote = {},
): Promise<PricedCart> {
  const now = quote.now ?? new Date();
  const stored = contents.lines;
  const offers =
    contents.offers ??
    (await offersOf(
      db,
      stored.map((l) => l.offerId),
    ));
  const problemOf = new Map(stored.map((l) => [l.id, lineProblem(offers.get(l.offerId), l.quantity)]));
  const orderable = stored.filter((l) => problemOf.get(l.id) === null);
  const pricingLines: PricingLine[] = orderable.map((l) => {
    const o = offers.get(l.offerId)!;
    return {
      offerId: l.offerId,
      productId: o.productId,
      categoryIds: o.categoryIds,
      title: o.title,
      basePrice: o.basePrice,
      salePrice: o.salePrice,
      quantity: l.quantity,
    };
  });
  // The buyer's phone and e-mail count only for a promo code's per-customer limit: read when there is one.
  const contact =
    quote.contact ??
    (contents.couponCode
      ? await accountContact(db, viewer)
      : { userId: viewer?.id ?? null, phone: null, email: null });
  const terms = quote.terms ?? readShopTerms(db);
  const [customer, settings, rules, coupon, delivery, payment] = await Promise.all([
    pricingCustomer(db, viewer),
    terms.settings(),
    terms.cartRules(),
    couponEntry(db, contents.couponCode, contact, { lock: quote.lockCoupon }),
    terms.deliveryServices(),
    terms.paymentServices(),
  ]);
  // Points past their expiry are not spendable (the engine takes the spendable balance).
  const balance = viewer ? await spendableOf(db, viewer.id, now) : 0;
  const destination = quote.destination ?? null;
  const quotes = quote.carriers
    ? await quoteDelivery(
        delivery,
        destination,
        packCart(
          orderable.map((l) => {
            const o = offers.get(l.offerId)!;
            const none = { weight: null, length: null, width: null, height: null };
            return { quantity: l.quantity, offer: o.size, category: o.categorySize ?? none };
          }),
          {
            weight: settings?.parcelWeight ?? 200,
            length: settings?.parcelLength ?? 20,
            width: settings?.parcelWidth ?? 15,
            height: settings?.parcelHeight ?? 5,
          },
        ),
        quote.carriers,
        now,
      )
    : new Map<number, DeliveryQuote>();
  // The carrier's (or the zone's) price takes the flat one's place; a service that does not go to the
  // city is not offered. The engine then applies free delivery on top, as for any price.
  const pricedDelivery = delivery
    .filter((d) => quotes.get(d.id)?.available !== false)
    .map((d) => ({ ...d, price: quotes.get(d.id)?.price ?? d.price }));
  const priced = priceCart({
    now,
    lines: pricingLines,
    customer,
    rules,
    coupon,
    bonuses: { balance, requested: contents.bonusPoints },
    settings: {
      minOrderTotal: settings?.minOrderTotal ?? 0,
      bonusEnabled: settings?.bonusEnabled ?? false,
      bonusMaxSpendPercent: settings?.bonusMaxSpendPercent ?? 0,
      bonusPointValue: settings?.bonusPointValue ?? 100,
      bonusAccrualPercent: settings?.bonusAccrualPercent ?? 0,
    },
    deliveryServices: pricedDelivery as PricingDelivery[],
    deliveryServiceId: quote.deliveryServiceId ?? null,
    paymentServices: payment.filter(takeable) as PricingPayment[],
    paymentServiceId: quote.paymentServiceId ?? null,
  });
  const deliveryOf = new Map(delivery.map((d) => [d.id, d]));
  const paymentOf = new Map(payment.map((p) => [p.id, p]));
  const pricedBy = new Map(priced.lines.map((l) => [l.offerId, l]));
  const items = stored.map((l) => {
    const o = offers.get(l.offerId);
    const p = pricedBy.get(l.offerId);
    const listPrice = o ? (o.salePrice ?? o.basePrice) : 0;
    return {
      id: l.id,
      offerId: l.offerId,
      productId: o?.productId ?? null,
      slug: o?.slug ?? null,
      title: o?.title ?? 'Товар снят с продажи',
      article: o?.article ?? null,
      attributes: o?.attributes ?? {},
      image: o?.image ?? null,
      quantity: l.quantity,
      stock: o?.stock ?? 0,
      available: !!o?.onSale && o.stock > 0,
      basePrice: o?.basePrice ?? 0,
      price: p?.price ?? listPrice,
      unitPrice: p?.unitPrice ?? listPrice,
      total: p?.total ?? 0,
      discountShare: p?.discountShare ?? 0,
      problem: problemOf.get(l.id) ?? null,
    };
  });
  const lineProblems = items
    .filter((i) => i.problem !== null)
    .map((i) => ({
      code: 'line',
      message: `${quoted(i.title)}: ${i.problem!}`,
      blocking: true,
      offerId: i.offerId,
    }));
  const paymentSelectedId = priced.payments.some((p) => p.id === quote.paymentServiceId)
    ? quote.paymentServiceId!
    : null;
  const view = {
    items,
    discounts: priced.discounts,
    coupon: priced.coupon,
    bonuses: priced.bonuses,
    delivery: {
      ...priced.delivery,
      destination: destination && {
        city: destination.city,
        region: destination.region,
        postalCode: destination.postalCode,
      },
      options: priced.delivery.options.map((o) => {
        const d = deliveryOf.get(o.id)!;
        const q = quotes.get(o.id);
        const { description, pickupAddress, minDays, maxDays } = d;
        return {
          ...o,
          description,
          pickupAddress,
          minDays,
          maxDays,
          carrier: carrierName(d.provider),
          priceSource: q?.source ?? 'flat',
          note: q?.note ?? null,
          dates: q?.dates ?? null,
          courierDays: q?.courierDays ?? [],
          timeSlots: q?.timeSlots ?? (d.kind === 'courier' ? d.timeSlots : []),
        };
      }),
    },
    payments: priced.payments.map((p) => ({ ...p, description: paymentOf.get(p.id)!.description })),
    paymentsOutOfReach: priced.paymentsOutOfReach,
    paymentSelectedId,
    totals: priced.totals,
    problems: [
      ...lineProblems,
      // A cart of lines that cannot be ordered is not "empty": its lines say what is wrong.
      ...priced.problems
        .filter((p) => !(p.code === 'empty_cart' && stored.length > 0))
        .map((p) => ({ ...p, offerId: null })),
    ],
    canOrder: priced.canOrder && lineProblems.length === 0 && stored.length > 0,
    count: stored.reduce((s, l) => s + l.quantity, 0),
  };
  return {
    view,
    priced,
    lines: orderable.map((line) => ({ line, offer: offers.get(line.offerId)! })),
  };
}
