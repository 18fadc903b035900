// An order's page (the account's /profile/orders/{number} and a guest's /orders/{number}?key=…): whose order
// it opens, what its forms post, what its action answers, how a return from the payment page reads. Its server work (loader, action): orders.server.ts.
import type { ProfileOrder } from '@shop/schemas';
import type { OrderedProduct } from './OrderDetails';

/** A guest's private order page (the key is in the letter too); a signed-in customer's account page. */
export function placedOrderPath(number: string, key: string | null): string {
  return key
    ? `/orders/${encodeURIComponent(number)}?key=${encodeURIComponent(key)}`
    : `/profile/orders/${encodeURIComponent(number)}`;
}

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
