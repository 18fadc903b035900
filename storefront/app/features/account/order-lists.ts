import type { ProfileOrder } from '@shop/schemas';

/** The three lists of /profile/orders (spec §4: canceled and completed apart from the current ones). */
export type OrderListKind = 'active' | 'completed' | 'canceled';

export const ORDER_TABS: { kind: OrderListKind; label: string; path: string; empty: string }[] = [
  { kind: 'active', label: 'Текущие', path: '/profile/orders', empty: 'Текущих заказов нет' },
  {
    kind: 'completed',
    label: 'Выполненные',
    path: '/profile/orders/completed',
    empty: 'Выполненных заказов пока нет',
  },
  {
    kind: 'canceled',
    label: 'Отменённые',
    path: '/profile/orders/canceled',
    empty: 'Отменённых заказов нет',
  },
];

export const ORDERS_PER_PAGE = 10;

/** The colour family of a status badge: waiting, on its way, done, canceled. */
export function statusTone(status: ProfileOrder['status']): 'wait' | 'go' | 'done' | 'off' {
  if (status === 'completed') return 'done';
  if (status === 'canceled') return 'off';
  if (status === 'shipped' || status === 'paid') return 'go';
  return 'wait';
}

export const orderPath = (number: string) => `/profile/orders/${encodeURIComponent(number)}`;

/** 12500 → "12 500": points grouped the way formatMoney groups roubles (the same text on server and browser). */
export function formatPoints(points: number): string {
  const sign = points < 0 ? '\u2212' : '';
  return sign + String(Math.abs(points)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/**
 * The payment's state beside the order's status badge, or null when the badge already says it: an order
 * whose status is «Оплачен» never reads «Оплачен · Оплачен».
 */
export function paymentNote(order: Pick<ProfileOrder, 'statusLabel' | 'paymentStatusLabel'>): string | null {
  const same = order.paymentStatusLabel.trim().toLowerCase() === order.statusLabel.trim().toLowerCase();
  return same ? null : order.paymentStatusLabel;
}

/**
 * A bonus entry's reason, or null when it only repeats what the entry already shows (its kind and its
 * order's link): «Оплата заказа · заказ № 1042 · Оплата заказа № 1042» says the same thing three times.
 */
export function bonusReason(entry: { kindLabel: string; reason: string | null; orderNumber: string | null }) {
  const reason = entry.reason?.trim();
  if (!reason) return null;
  // The text without its order's number («№ 1042» or «№1042») and the closing dot.
  const number = entry.orderNumber ? new RegExp(`№\\s?${entry.orderNumber.replace(/\W/g, '\\$&')}`) : null;
  const bare = (text: string) =>
    (number ? text.replace(number, '') : text)
      .replace(/[\s.]+$/, '')
      .trim()
      .toLowerCase();
  return bare(reason) === bare(entry.kindLabel) ? null : reason;
}
