// Order fields that the checkout's and the admin's order endpoints both declare: an order's number in a
// path and the Idempotency-Key header of placing an order. Not contracts: the domain's index leaves it out.

/** An order's number in a path. */
export const ORDER_NUMBER = { type: 'string', minLength: 1, maxLength: 32, 'x-label': 'Номер заказа' };

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
