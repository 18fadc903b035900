// The payment provider's notifications (server/src/flows/payment/notification-routes.ts) and the admin's check of
// a payment service's keys (server/src/domains/payments/admin-routes.ts).
import { contract, envelope, failure, idParams } from './contract';

/** The body is never trusted: it only names a payment, which is read again from the provider. */
export const yookassaNotification = contract({
  name: 'payments.yookassaNotification',
  external: true,
  method: 'POST',
  path: '/payments/yookassa/notifications',
  tags: ['Оплата'],
  summary: 'HTTP-уведомления ЮKassa о платежах и возвратах',
  body: {
    type: 'object',
    description: 'Тело уведомления ЮKassa; из него берётся только идентификатор платежа',
    properties: {
      type: { type: 'string', maxLength: 50 },
      event: { type: 'string', maxLength: 100 },
      object: {
        type: 'object',
        properties: {
          id: { type: 'string', maxLength: 100 },
          payment_id: { type: 'string', maxLength: 100 },
        },
      },
    },
  },
  response: {
    200: { type: 'object', properties: { ok: { type: 'boolean' } } },
    403: failure('Уведомление пришло не с адреса ЮKassa'),
    503: failure('ЮKassa не ответила на проверку платежа: уведомление будет повторено'),
  },
});

const KEY = { type: ['string', 'null'], maxLength: 200 };

/** «Проверить подключение» of a payment service's edit screen: the typed keys, or the stored ones. */
export const checkConnection = contract({
  name: 'adminPayments.checkConnection',
  method: 'POST',
  path: '/admin/payment-services/:id/check-connection',
  tags: ['Способы оплаты'],
  summary: 'Проверить ключи платёжного сервиса безвредным запросом к нему (ЮKassa: GET /me)',
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      provider: { type: 'string', maxLength: 50, 'x-label': 'Платёжный сервис' },
      credentials: {
        type: 'object',
        additionalProperties: false,
        properties: { shopId: KEY, secretKey: KEY },
        'x-label': 'Ключи доступа',
      },
    },
  },
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['ok', 'message'],
      properties: { ok: { type: 'boolean' }, message: { type: 'string' } },
    }),
  },
});
