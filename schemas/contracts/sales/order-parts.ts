// Schema parts the sales contracts share, and the constants the server reads with them. Not contracts: this
// file is not re-exported by ./index (whose every export is an endpoint).
import { api, envelope, failure, pathParams } from '../contract';

/** An order's number in a path (also the admin's order screen's). */
export const ORDER_NUMBER = { type: 'string', minLength: 1, maxLength: 32, 'x-label': 'Номер заказа' };
export const ORDER_NUMBER_PARAMS = pathParams({ number: ORDER_NUMBER });
/** The key of a guest's private link, in the query of what a link opens. */
export const LINK_KEY_QUERY = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 64, 'x-label': 'Ключ ссылки' } },
};
export const NO_ORDER = failure('Заказа нет или ключ не подходит');
/** The most orders the admin prints at once (GET /api/admin/orders/print). */
export const PRINT_MAX = 50;

const KEY_RULE = 'Idempotency-Key — от 8 до 128 латинских букв, цифр и знаков _ . : -';
/** The Idempotency-Key header of the two ways to place an order (the checkout's and a manager's). */
export const IDEMPOTENCY_HEADERS = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 8,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_.:-]+$',
      'x-label': 'Заголовок Idempotency-Key',
      'x-messages': { minLength: KEY_RULE, maxLength: KEY_RULE, pattern: KEY_RULE },
    },
  },
};

export const REPEAT_SUMMARY = 'Повторить заказ: его товары — в корзину, сколько есть на складе';
export const REPEATED = {
  200: envelope(api('order-repeated')),
  404: NO_ORDER,
  429: failure('Слишком много запросов'),
};

/** The account pages' three lists of orders (spec §4: canceled and completed apart from the rest). */
export const ORDER_LISTS = ['active', 'completed', 'canceled'] as const;
