// The account's orders and bonus account (server/src/domains/sales/profile-orders.ts, repeat-order.ts): a
// representative acting for a group (X-User-Group) reads that group's orders, everyone else their own.
import { api, contract, envelope, failure, pageOf, pagingQuery, pathParams } from '../contract';
import { ORDER_LISTS, ORDER_NUMBER, REPEAT_SUMMARY, REPEATED } from './order-parts';

const CABINET = ['Личный кабинет'];

export const profileOrders = contract({
  name: 'profile.orders',
  method: 'GET',
  path: '/profile/orders',
  tags: CABINET,
  summary: 'Заказы покупателя (или группы, от имени которой он действует: X-User-Group)',
  query: pagingQuery(
    { default: 20, max: 100 },
    {
      status: {
        type: 'string',
        enum: ORDER_LISTS,
        default: 'active',
        description: 'active — в работе, completed — выполненные, canceled — отменённые',
        'x-label': 'Список',
        'x-messages': { enum: 'Ожидается active, canceled или completed' },
      },
    },
  ),
  response: { 200: pageOf({ type: 'array', items: api('profile-order') }) },
});

export const profileOrder = contract({
  name: 'profile.order',
  method: 'GET',
  path: '/profile/orders/:name',
  tags: CABINET,
  summary: 'Заказ покупателя с позициями',
  params: pathParams({ name: { type: 'string', minLength: 1, maxLength: 64, 'x-label': 'Номер заказа' } }),
  response: { 200: envelope(api('profile-order')) },
});

export const profileRepeatOrder = contract({
  name: 'profile.repeatOrder',
  method: 'POST',
  path: '/profile/orders/:name/repeat',
  tags: CABINET,
  summary: `${REPEAT_SUMMARY} (свой заказ или заказ группы: X-User-Group)`,
  params: pathParams({ name: ORDER_NUMBER }),
  response: { ...REPEATED, 401: failure('Требуется вход') },
});

export const profileProducts = contract({
  name: 'profile.products',
  method: 'GET',
  path: '/profile/products',
  tags: CABINET,
  summary:
    '«Мои товары»: варианты из заказов покупателя (или группы: X-User-Group), последняя покупка и что с ними сейчас',
  query: pagingQuery({ default: 50, max: 100 }),
  response: { 200: pageOf({ type: 'array', items: api('profile-product') }) },
});

export const profileProductsToCart = contract({
  name: 'profile.productsToCart',
  method: 'POST',
  path: '/profile/products/to-cart',
  tags: CABINET,
  summary: 'Отмеченные «Мои товары» — в корзину, каждый сколько позволяет остаток',
  body: api('profile-products-to-cart-request'),
  response: {
    200: envelope(api('order-repeated')),
    401: failure('Требуется вход'),
    429: failure('Слишком много запросов'),
  },
});

export const profileBonuses = contract({
  name: 'profile.bonuses',
  method: 'GET',
  path: '/profile/bonuses',
  tags: CABINET,
  summary: 'Бонусный счёт: баланс, участие в программе, история начислений и списаний',
  query: pagingQuery({ default: 20, max: 100 }),
  response: { 200: pageOf(api('profile-bonuses')) },
});
