// The cart's shared words and shapes: what the cart's forms send (features/cart/cart-page.server.ts's action, features/cart/cart.server.ts)
// and answer, and how a line's characteristics are written.
import type { CartState } from '@shop/schemas';
import type { AnalyticsProduct } from '../../lib/analytics';

/** Where every cart form posts (add-to-cart buttons included). */
export const CART_PATH = '/cart';
/** The checkout page (features/checkout/checkout-page.tsx). */
export const CHECKOUT_PATH = '/cart/order';

/** The remove buttons of every line share one fetcher: the page shows the last removal's "Вернуть". */
export const REMOVE_FETCHER = 'cart-remove';

export type CartIntent =
  'add' | 'add-many' | 'undo' | 'update' | 'remove' | 'coupon' | 'coupon-remove' | 'bonuses';

export type CartLine = CartState['items'][number];

/** The answer of a cart form: the new cart, or the API's Russian refusal, with what the form sent. */
export interface CartActionResult {
  intent: CartIntent;
  ok: boolean;
  /** The refusal (null when it worked). */
  message: string | null;
  lineId: number | null;
  /** The offer added; of several (`add-many`), the one refused, if one was. */
  offerId: number | null;
  /** Pieces added (of every variant, for `add-many`). */
  quantity: number | null;
  /** `add-many`: how many variants went in. */
  variants?: number;
  /** The product's title as the form knew it (for the confirmation and the undo). */
  title: string | null;
  /** The unit price the form showed, kopecks (analytics). */
  price: number | null;
  cart: CartState | null;
}

export const ADDED = 'Добавлено в корзину';

// Characteristic values as the trade writes them: "D 0,07 11 мм" (DESIGN.md).
const COLOURS: Record<string, string> = {
  black: 'чёрный',
  'dark-brown': 'тёмно-коричневый',
  brown: 'коричневый',
  blue: 'синий',
  green: 'зелёный',
  purple: 'фиолетовый',
  burgundy: 'бордовый',
  copper: 'медный',
};

function attributeText(code: string, value: string): string {
  if (code === 'curl') return value === 'Lplus' ? 'L+' : value;
  if (code === 'thickness') return `${value.replace('.', ',')}`;
  if (code === 'length') return /^[\d.,-]+$/.test(value) ? `${value.replace('.', ',')}\u00a0мм` : value;
  if (code === 'colour' || code === 'color') return COLOURS[value] ?? value;
  let m = /^(\d+)ml$/.exec(value);
  if (m) return `${m[1]}\u00a0мл`;
  m = /^(\d+)pcs?$/.exec(value);
  if (m) return `${m[1]}\u00a0шт.`;
  m = /^(\d+)pairs?$/.exec(value);
  if (m) return `${m[1]}\u00a0пар`;
  return value;
}

const ORDER = ['curl', 'thickness', 'length', 'colour', 'color', 'volume', 'pack'];

/** { curl: 'D', thickness: '0.07', length: '11', colour: 'black' } → "D 0,07 11 мм, чёрный". */
export function formatAttributes(attributes: CartLine['attributes']): string {
  const entries = Object.entries(attributes).filter((e): e is [string, string] => Boolean(e[1]));
  entries.sort(([a], [b]) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    return (ia < 0 ? ORDER.length : ia) - (ib < 0 ? ORDER.length : ib);
  });
  const lash = entries.filter(([c]) => c === 'curl' || c === 'thickness' || c === 'length');
  const rest = entries.filter(([c]) => !(c === 'curl' || c === 'thickness' || c === 'length'));
  return [lash.map(([c, v]) => attributeText(c, v)).join(' '), ...rest.map(([c, v]) => attributeText(c, v))]
    .filter(Boolean)
    .join(', ');
}

/** A product's page by its slug: the storefront's /product/:slug sends the visitor to its address. */
export function productPath(slug: string): string {
  return `/product/${encodeURIComponent(slug)}`;
}

/** A cart line for Metrika's e-commerce events. */
export function lineAnalytics(line: CartLine, quantity = line.quantity): AnalyticsProduct {
  return {
    id: line.productId ?? line.offerId,
    title: line.title,
    price: line.unitPrice,
    variant: formatAttributes(line.attributes) || null,
    quantity,
  };
}

/**
 * «Добавлено в корзину: Ресницы Velora Silk, C 0,12 9 мм»: what went in, as the cart's line names it (the
 * server's word on which variant it took), else as the form knew it.
 */
export function addedMessage(line: CartLine | undefined, form: { title: string; variant?: string | null }) {
  const title = line?.title ?? form.title;
  const variant = line ? formatAttributes(line.attributes) : form.variant;
  return `${ADDED}: ${title}${variant ? `, ${variant}` : ''}`;
}
