// Yandex Metrika: goals, page hits and the e-commerce data layer (spec §1, §7; ARCHITECTURE §6).
//
// The counter is initialised with `ecommerce: 'dataLayer'`, so e-commerce events are objects pushed into
// window.dataLayer in Metrika's format (https://yandex.ru/support/metrica/ecommerce/data.html):
//   { ecommerce: { currencyCode: 'RUB', impressions: [...] } }
//   { ecommerce: { currencyCode: 'RUB', detail | add | remove | click: { products: [...] } } }
//   { ecommerce: { currencyCode: 'RUB', purchase: { actionField: { id }, products: [...] } } }
// Pushing works whether or not a counter is configured (Metrika reads the array when it starts);
// goals and hits need the counter and are skipped without one. Nothing here ever throws.

/** A product as the shop knows it; prices in kopecks like everywhere else. */
export interface AnalyticsProduct {
  id: number | string;
  title: string;
  /** The price paid for one item (the sale price), in kopecks. */
  price: number;
  /** Category title ("Чёрные ресницы"), or a path of titles "Ресницы/Чёрные ресницы". */
  category?: string | null;
  brand?: string | null;
  /** The chosen variant, e.g. "D 0,07 11 мм". */
  variant?: string | null;
  quantity?: number;
  /** 1-based position in a list. */
  position?: number;
  /** Name of the list the product was shown in ("Поиск", "Каталог", "Новинки"). */
  list?: string | null;
  coupon?: string | null;
}

/** One product in Metrika's format: price in roubles. */
export interface MetrikaProduct {
  id: string;
  name: string;
  price: number;
  brand?: string;
  category?: string;
  variant?: string;
  quantity?: number;
  position?: number;
  list?: string;
  coupon?: string;
}

export interface MetrikaPurchaseAction {
  id: string;
  revenue?: number;
  coupon?: string;
  goal_id?: number;
}

export type EcommerceEvent =
  | { ecommerce: { currencyCode: 'RUB'; impressions: MetrikaProduct[] } }
  | { ecommerce: { currencyCode: 'RUB'; click: { products: MetrikaProduct[] } } }
  | { ecommerce: { currencyCode: 'RUB'; detail: { products: MetrikaProduct[] } } }
  | { ecommerce: { currencyCode: 'RUB'; add: { products: MetrikaProduct[] } } }
  | { ecommerce: { currencyCode: 'RUB'; remove: { products: MetrikaProduct[] } } }
  | {
      ecommerce: {
        currencyCode: 'RUB';
        purchase: { actionField: MetrikaPurchaseAction; products: MetrikaProduct[] };
      };
    };

/** Goals the shop reaches (spec §7: the login, register and cart buttons). Set them up in Metrika. */
export type Goal = 'login' | 'register' | 'cart';

type Ym = (counterId: number, method: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    ym?: Ym;
  }
}

let counterId: number | null = null;

/** Called once the counter is on the page (features/shell/Metrika.tsx); null turns goals and hits off. */
export function setAnalyticsCounter(id: string | number | null): void {
  const n = id === null ? NaN : Number(id);
  counterId = Number.isInteger(n) && n > 0 ? n : null;
}

/** Kopecks → roubles with kopecks as decimals (Metrika expects a number in the currency). */
function rubles(kopecks: number): number {
  return Math.round(kopecks) / 100;
}

export function toMetrikaProduct(p: AnalyticsProduct): MetrikaProduct {
  const out: MetrikaProduct = { id: String(p.id), name: p.title, price: rubles(p.price) };
  if (p.brand) out.brand = p.brand;
  if (p.category) out.category = p.category;
  if (p.variant) out.variant = p.variant;
  if (p.quantity !== undefined) out.quantity = p.quantity;
  if (p.position !== undefined) out.position = p.position;
  if (p.list) out.list = p.list;
  if (p.coupon) out.coupon = p.coupon;
  return out;
}

function push(event: EcommerceEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

const products = (items: readonly AnalyticsProduct[]) => items.map(toMetrikaProduct);

/** Products shown in a list (catalogue page, search results, a home page section). */
export function trackImpressions(items: readonly AnalyticsProduct[], list?: string): void {
  if (items.length === 0) return;
  push({
    ecommerce: {
      currencyCode: 'RUB',
      impressions: products(items.map((p, i) => ({ list, position: i + 1, ...p }))),
    },
  });
}

/** A product in a list was clicked. */
export function trackClick(item: AnalyticsProduct): void {
  push({ ecommerce: { currencyCode: 'RUB', click: { products: products([item]) } } });
}

/** The product page was viewed. */
export function trackDetail(item: AnalyticsProduct): void {
  push({ ecommerce: { currencyCode: 'RUB', detail: { products: products([item]) } } });
}

/** Items went into the cart (quantity: how many were added). */
export function trackAdd(item: AnalyticsProduct): void {
  push({ ecommerce: { currencyCode: 'RUB', add: { products: products([{ quantity: 1, ...item }]) } } });
}

/** Items left the cart (quantity: how many were removed). */
export function trackRemove(item: AnalyticsProduct): void {
  push({ ecommerce: { currencyCode: 'RUB', remove: { products: products([{ quantity: 1, ...item }]) } } });
}

export interface PurchaseInput {
  /** The order number as the customer sees it. */
  orderId: string | number;
  /** The total paid, in kopecks; Metrika sums the products when absent. */
  revenue?: number;
  coupon?: string | null;
  items: readonly AnalyticsProduct[];
}

/** The order was placed (the success page). */
export function trackPurchase(order: PurchaseInput): void {
  const actionField: MetrikaPurchaseAction = { id: String(order.orderId) };
  if (order.revenue !== undefined) actionField.revenue = rubles(order.revenue);
  if (order.coupon) actionField.coupon = order.coupon;
  push({ ecommerce: { currencyCode: 'RUB', purchase: { actionField, products: products(order.items) } } });
}

function ym(method: string, ...args: unknown[]): void {
  if (typeof window === 'undefined' || counterId === null || typeof window.ym !== 'function') return;
  try {
    window.ym(counterId, method, ...args);
  } catch (error) {
    // Analytics must never break the shop.
    console.error('Metrika call failed:', error);
  }
}

/** A goal of the spec (buttons login, register, cart). */
export function reachGoal(goal: Goal, params?: Record<string, unknown>): void {
  if (params) ym('reachGoal', goal, params);
  else ym('reachGoal', goal);
}

/** A page view after a client-side navigation (the first view is counted by the counter itself). */
export function trackPageHit(url: string, options: { title?: string; referer?: string } = {}): void {
  ym('hit', url, options);
}
