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
