// An order's page (the account's /profile/orders/{number} and a guest's /orders/{number}?key=…): whose order
// it opens, what its forms post, what its action answers, how a return from the payment page reads, and the
// cart page's notice after «Повторить заказ». Its server work (loader, action): orders.server.ts.
import type { OrderRepeated, ProfileOrder } from '@shop/schemas';
import type { OrderedProduct } from './OrderDetails';
import { formatAttributes } from '../cart/cart';
import { placedOrderPath } from '../checkout/checkout';
import { GOODS, plural } from '../../lib/format';

/** The provider sends the customer back to the order's page with `?payment=return` (the server adds it). */
export const PAYMENT_PARAM = 'payment';
export const PAYMENT_RETURN = 'return';

/** Whose order a page opens: a guest's by its private link's key, or the signed-in customer's own (no key). */
export interface OrderAccess {
  number: string;
  key: string | null;
}

/** The order's page, where its forms post: a guest's private link or the account's page. */
export const orderPagePath = ({ number, key }: OrderAccess) => placedOrderPath(number, key);

/** The page as the provider's return address opens it: the payment is checked again on the way in. */
export function paymentReturnPath(access: OrderAccess): string {
  const path = orderPagePath(access);
  return `${path}${path.includes('?') ? '&' : '?'}${PAYMENT_PARAM}=${PAYMENT_RETURN}`;
}

/** The order page's loader data, the same for the account's page and a guest's. */
export interface OrderPageData {
  order: ProfileOrder;
  products: Record<number, OrderedProduct>;
  access: OrderAccess;
  /** Back from the payment page: what the check found (null on any other visit). */
  paymentReturn: PaymentOutcome | null;
}

/** What the order page's forms ask for (the form field `intent`). */
export type OrderIntent = 'pay' | 'cancel' | 'repeat';
export const ORDER_INTENTS: readonly OrderIntent[] = ['pay', 'cancel', 'repeat'];

/**
 * The page's action's answer when it leads nowhere else («Оплатить» goes to the payment page, «Повторить
 * заказ» to the cart): a refusal to show next to its button, or the order canceled.
 */
export interface OrderActionResult {
  intent: OrderIntent;
  ok: boolean;
  message: string;
}

/** What the check found when the customer came back from the payment page. */
export type PaymentOutcome = 'paid' | 'pending' | 'failed';

export function paymentOutcome(
  order: Pick<ProfileOrder, 'paymentKind' | 'paymentStatus' | 'paymentPending'>,
): PaymentOutcome | null {
  if (order.paymentKind !== 'online') return null;
  if (order.paymentStatus === 'paid') return 'paid';
  return order.paymentPending ? 'pending' : 'failed';
}

/** With JavaScript a pending payment is checked again this often, this many times (about a minute). */
export const PAYMENT_POLL_MS = 3000;
export const PAYMENT_POLL_TIMES = 20;

/**
 * The invoice PDF: a guest's straight from the API by the key; the account's through the storefront's own
 * address, which sends the sign-in token the API wants in a header (a link cannot send one).
 */
export function invoicePath({ number, key }: OrderAccess): string {
  const n = encodeURIComponent(number);
  return key
    ? `/api/orders/${n}/invoice.pdf?key=${encodeURIComponent(key)}`
    : `/profile/orders/${n}/invoice.pdf`;
}

/** The cart page's notice after «Повторить заказ»: the lines put in, and by name the ones left out. */
export interface RepeatNotice {
  number: string;
  added: number;
  /** "«Ресницы Lash» (D 0,07 11 мм)": nothing of it could be put in the cart (the first few). */
  skipped: string[];
  /** How many were left out in all. */
  skippedCount: number;
  /** Put in with fewer pieces than ordered: the name and the pieces in stock (the first few). */
  limited: { name: string; available: number }[];
}

/** Names shown at most in the notice; it travels in a cookie, and a long list says nothing more. */
const NOTICE_NAMES = 5;
const NAME_LENGTH = 120;

function lineName(line: { title: string; attributes: Record<string, string | undefined> }): string {
  const variant = formatAttributes(line.attributes);
  return `«${line.title}»${variant ? ` (${variant})` : ''}`.slice(0, NAME_LENGTH);
}

export function repeatNotice(number: string, answer: OrderRepeated): RepeatNotice {
  return {
    number,
    added: answer.added,
    skipped: answer.skipped.slice(0, NOTICE_NAMES).map(lineName),
    skippedCount: answer.skipped.length,
    limited: answer.limited
      .slice(0, NOTICE_NAMES)
      .map((l) => ({ name: lineName(l), available: l.available })),
  };
}

/** The notice's sentences: what went in, what is missing, what there is less of. */
export function repeatNoticeText(notice: RepeatNotice): { text: string; problems: string[] } {
  const text =
    notice.added > 0
      ? `В корзину добавлено ${notice.added} ${plural(notice.added, GOODS)} из заказа № ${notice.number}.`
      : `Товаров из заказа № ${notice.number} сейчас нет в продаже.`;
  const problems: string[] = [];
  if (notice.skippedCount) {
    const more = notice.skippedCount - notice.skipped.length;
    problems.push(`Нет в наличии: ${notice.skipped.join(', ')}${more > 0 ? ` и ещё ${more}` : ''}.`);
  }
  for (const l of notice.limited) problems.push(`${l.name}: в наличии только ${l.available} шт.`);
  return { text, problems };
}
