// A placed order's public endpoints (server/src/flows/checkout/order-routes.ts, customer-order-routes.ts,
// repeat-order.ts): placing the cart as an order, a guest's private link to it, and what a customer does with
// it. A guest names the link's key; a signed-in customer's own order needs none.
import { api, contract, envelope, failure } from '../contract';
import {
  IDEMPOTENCY_HEADERS,
  LINK_KEY_QUERY,
  NO_ORDER,
  ORDER_NUMBER_PARAMS,
  REPEAT_SUMMARY,
  REPEATED,
} from './order-parts';

const TAGS = ['Заказы'];

export const orderPlace = contract({
  name: 'orders.place',
  method: 'POST',
  path: '/orders',
  tags: TAGS,
  summary: 'Оформить заказ из корзины (цены, скидки и остатки пересчитываются на сервере)',
  description:
    'Заголовок Idempotency-Key (8–128 символов) делает повторную отправку безопасной: тот же ключ ' +
    'от того же покупателя возвращает уже оформленный заказ (200) вместо нового.',
  headers: IDEMPOTENCY_HEADERS,
  body: api('order-place-request'),
  response: {
    200: { description: 'Заказ уже оформлен с этим Idempotency-Key', ...envelope(api('order-placed')) },
    201: { description: 'Заказ оформлен', ...envelope(api('order-placed')) },
    400: failure('Данные покупателя или адрес неверны'),
    409: failure(
      'Корзину нельзя оформить как есть: пуста, товара не хватает, промокод не действует, сумма изменилась',
    ),
    429: failure('Слишком много заказов с этого адреса'),
  },
});

export const orderByKey = contract({
  name: 'orders.byKey',
  method: 'GET',
  path: '/orders/:number',
  tags: TAGS,
  summary: 'Заказ по личной ссылке гостя (ключ из письма и со страницы «Заказ оформлен»)',
  params: ORDER_NUMBER_PARAMS,
  query: LINK_KEY_QUERY,
  response: { 200: envelope(api('profile-order')), 404: NO_ORDER },
});

export const orderPay = contract({
  name: 'orders.pay',
  method: 'POST',
  path: '/orders/:number/payments',
  tags: TAGS,
  summary: 'Оплатить заказ онлайн: начать платёж или вернуться к начатому',
  params: ORDER_NUMBER_PARAMS,
  body: api('order-access-request'),
  response: {
    201: envelope(api('order-payment-started')),
    404: NO_ORDER,
    409: failure('Заказ уже оплачен, отменён или оплачивается не онлайн'),
    502: failure('Платёжный сервис не ответил'),
  },
});

export const orderCheckPayment = contract({
  name: 'orders.checkPayment',
  method: 'POST',
  path: '/orders/:number/payments/check',
  tags: TAGS,
  summary: 'Проверить оплату у платёжного сервиса (покупатель вернулся со страницы оплаты)',
  description:
    'Состояние платежа читается у платёжного сервиса, а не из адреса страницы возврата; ' +
    'уведомление сервиса и эта проверка применяют оплату один раз.',
  params: ORDER_NUMBER_PARAMS,
  body: api('order-access-request'),
  response: { 200: envelope(api('profile-order')), 404: NO_ORDER },
});

export const orderCancel = contract({
  name: 'orders.cancel',
  method: 'POST',
  path: '/orders/:number/cancel',
  tags: TAGS,
  summary: 'Отменить свой новый заказ (пока он не оплачен и не подтверждён)',
  params: ORDER_NUMBER_PARAMS,
  body: api('order-cancel-request'),
  response: {
    200: envelope(api('profile-order')),
    404: NO_ORDER,
    409: failure('Заказ уже подтверждён или оплачен: отменить его может магазин'),
  },
});

export const orderRepeat = contract({
  name: 'orders.repeat',
  method: 'POST',
  path: '/orders/:number/repeat',
  tags: TAGS,
  summary: REPEAT_SUMMARY,
  description: 'Гость называет ключ личной ссылки на заказ; вошедший покупатель может не называть.',
  params: ORDER_NUMBER_PARAMS,
  body: api('order-access-request'),
  response: REPEATED,
});
