// The «Новый заказ» form's pure parts: the form values → POST /api/admin/orders/place's body (only the address
// fields the chosen delivery asks for) and POST /api/admin/orders/quote's (the same fields as placing prices
// with), the Idempotency-Key of one filled form, a customer's contacts for the form, the lines a picked variant
// or a past order adds, and an article's offer in a product record of the admin API (also the order screen's
// «Добавить товар»).
import type { AdminOrderPlaceRequest, AdminOrderQuoteRequest } from '@shop/schemas';

export type DeliveryKind = 'courier' | 'pickup_point' | 'post' | 'self_pickup';

export type AddressField = 'deliveryCity' | 'deliveryPostalCode' | 'deliveryAddress' | 'deliveryPickupPoint';

/** The address fields each kind of delivery needs (the server requires the same). */
export const ADDRESS_FIELDS: Record<DeliveryKind, readonly AddressField[]> = {
  courier: ['deliveryCity', 'deliveryAddress'],
  post: ['deliveryCity', 'deliveryPostalCode', 'deliveryAddress'],
  pickup_point: ['deliveryCity', 'deliveryPickupPoint'],
  self_pickup: [],
};

const ALL_ADDRESS_FIELDS: readonly AddressField[] = [
  'deliveryCity',
  'deliveryPostalCode',
  'deliveryAddress',
  'deliveryPickupPoint',
];

export function isDeliveryKind(kind: unknown): kind is DeliveryKind {
  return typeof kind === 'string' && kind in ADDRESS_FIELDS;
}

/** The address fields to show and send: those of the kind, or all of them while it is not known. */
export function addressFieldsOf(kind: unknown): readonly AddressField[] {
  return isDeliveryKind(kind) ? ADDRESS_FIELDS[kind] : ALL_ADDRESS_FIELDS;
}

/** What the form holds: inputs give strings, numbers, null or nothing. */
export interface PlaceOrderValues {
  userId?: number | null;
  lines?: { article?: string | null; quantity?: number | null }[] | null;
  couponCode?: string | null;
  bonusPoints?: number | null;
  customerName?: string | null;
  customerPhone?: string | null;
  customerEmail?: string | null;
  deliveryServiceId?: number | null;
  paymentServiceId?: number | null;
  deliveryCity?: string | null;
  deliveryPostalCode?: string | null;
  deliveryAddress?: string | null;
  deliveryPickupPoint?: string | null;
  organizationId?: number | null;
  comment?: string | null;
  managerComment?: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown) => text(v) || null;

/**
 * The request of the filled form: texts trimmed, empty ones null, rows without an article left out, and of the
 * address only the fields the delivery's kind needs (one typed for another delivery is not sent). What is
 * missing or wrong is the server's to name, in Russian, per field.
 */
export function placeOrderRequest(values: PlaceOrderValues, kind: unknown): AdminOrderPlaceRequest {
  const lines = (values.lines ?? [])
    .map((l) => ({ article: text(l?.article), quantity: Number(l?.quantity ?? 1) }))
    .filter((l) => l.article);
  const body: AdminOrderPlaceRequest = {
    userId: values.userId || null,
    lines: lines as AdminOrderPlaceRequest['lines'],
    couponCode: orNull(values.couponCode),
    bonusPoints: values.userId && values.bonusPoints ? values.bonusPoints : 0,
    customerName: text(values.customerName),
    customerPhone: text(values.customerPhone),
    customerEmail: orNull(values.customerEmail),
    deliveryServiceId: values.deliveryServiceId as number,
    paymentServiceId: values.paymentServiceId as number,
    organizationId: (values.userId && values.organizationId) || null,
    comment: orNull(values.comment),
    managerComment: orNull(values.managerComment),
  };
  for (const field of addressFieldsOf(kind)) body[field] = orNull(values[field]);
  return body;
}

/**
 * What the live total is priced with: the same customer, lines, promo code, points, delivery and payment as
 * placeOrderRequest sends, the city only when the delivery's kind asks for one (as placing prices it), and
 * the phone and e-mail for a promo code's per-customer limit. Null while there is no line to price.
 */
export function quoteRequest(values: PlaceOrderValues, kind: unknown): AdminOrderQuoteRequest | null {
  const placed = placeOrderRequest(values, kind);
  if (!placed.lines.length) return null;
  const fields = addressFieldsOf(kind);
  return {
    userId: placed.userId,
    lines: placed.lines,
    couponCode: placed.couponCode,
    bonusPoints: placed.bonusPoints,
    customerPhone: orNull(values.customerPhone),
    customerEmail: placed.customerEmail,
    deliveryServiceId: values.deliveryServiceId || null,
    paymentServiceId: values.paymentServiceId || null,
    deliveryCity: fields.includes('deliveryCity') ? orNull(values.deliveryCity) : null,
    deliveryPostalCode: fields.includes('deliveryPostalCode') ? orNull(values.deliveryPostalCode) : null,
  };
}

export type FormLine = { article: string; quantity: number };

/** The form's lines with `quantity` more of `article`: added to its line when there is one, else a new line. */
export function addLine(lines: readonly FormLine[], article: string, quantity: number): FormLine[] {
  const wanted = article.trim();
  if (!wanted || !(quantity > 0)) return [...lines];
  if (lines.some((l) => l.article === wanted))
    return lines.map((l) => (l.article === wanted ? { ...l, quantity: l.quantity + quantity } : l));
  return [...lines, { article: wanted, quantity }];
}

/** An order record of the admin API, as far as «Повторить прошлый заказ» reads it. */
export interface PastOrder {
  number?: string;
  items?: { article?: string | null; quantity?: number }[];
}

/** A past order's lines for the form: by article (a line without one — a product gone — is left out), merged. */
export function linesOfOrder(order: PastOrder): FormLine[] {
  let lines: FormLine[] = [];
  for (const item of order.items ?? [])
    if (item.article && item.quantity) lines = addLine(lines, item.article, item.quantity);
  return lines;
}

/** A variant as the quote names it («Изгиб: D, Толщина: 0,07 мм»), from the product page's titled attributes. */
export function variantText(attributes: readonly { title: string; valueTitle: string }[]): string {
  return attributes.map((a) => `${a.title}: ${a.valueTitle}`).join(', ');
}

/**
 * A new Idempotency-Key (the server takes 8–128 of [A-Za-z0-9_.:-]): 128 random bits in hex. getRandomValues,
 * not randomUUID, which browsers give only on https and localhost.
 */
export function newIdempotencyKey(
  fill: (bytes: Uint8Array) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  const bytes = fill(new Uint8Array(16));
  return `admin-order-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A user record of the admin API, as far as the form reads it. */
export interface CustomerRecord {
  name?: string | null;
  lastName?: string | null;
  middleName?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** «Анна Смирнова» (name and last name, as the order is addressed). */
export function customerFullName(user: CustomerRecord): string {
  return [user.name, user.lastName].map(text).filter(Boolean).join(' ');
}

/** The order's contacts from the chosen customer's account. */
export function customerContacts(user: CustomerRecord) {
  return {
    customerName: customerFullName(user),
    customerPhone: text(user.phone),
    customerEmail: text(user.email),
  };
}

/** «Анна Смирнова — anna@example.ru» in the customer autocomplete. */
export function customerOption(user: CustomerRecord): string {
  const name = customerFullName(user);
  const contact = text(user.email) || text(user.phone);
  return name && contact ? `${name} — ${contact}` : name || contact;
}

/** A product record of the admin API with its offers, as far as the lookup reads it. */
export interface ProductRecord {
  id: number;
  title: string;
  active?: boolean;
  offers?: {
    id: number;
    article: string;
    basePrice: number;
    salePrice?: number | null;
    stock?: number;
    active?: boolean;
  }[];
}

export interface FoundOffer {
  /** The catalogue offer (what an order line is made of). */
  offerId: number;
  article: string;
  productId: number;
  title: string;
  /** The catalogue's price of one, kopecks: the sale price when there is one. */
  price: number;
  stock: number;
  /** The product and the offer are on sale. */
  active: boolean;
}

/** The offer of this article among the product's (the same text as the server matches, trimmed). */
export function offerOf(product: ProductRecord, article: string): FoundOffer | null {
  const wanted = article.trim();
  const offer = (product.offers ?? []).find((o) => o.article === wanted);
  if (!offer) return null;
  return {
    offerId: offer.id,
    article: offer.article,
    productId: product.id,
    title: product.title,
    price: offer.salePrice ?? offer.basePrice,
    stock: offer.stock ?? 0,
    active: product.active !== false && offer.active !== false,
  };
}
