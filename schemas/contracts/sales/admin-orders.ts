// The admin's order endpoints: a manager places an order for a customer, the order screen reads one order
// whole and changes it only through the order services (status actions, refunds, lines, the manager's
// comment). Orders are history: the generic CRUD never writes them.
import { api, contract, envelope, failure, pathParams } from '../contract';
import { IDEMPOTENCY_HEADERS, ORDER_NUMBER, PRINT_MAX } from './order-parts';

const TAGS = ['Заказы'];
const ORDER_ID = pathParams({ id: { type: 'integer', minimum: 1, 'x-label': 'ID заказа' } });
const PAYMENT_SERVICE_SILENT = 'Платёжный сервис не ответил, вернул ли он деньги: повторите позже';

export const placeOrder = contract({
  name: 'adminSales.placeOrder',
  method: 'POST',
  path: '/admin/orders/place',
  tags: TAGS,
  summary: 'Оформить заказ за покупателя (через тот же сервис, что и корзина)',
  headers: IDEMPOTENCY_HEADERS,
  body: api('admin-order-place-request'),
  response: {
    200: {
      description: 'Заказ уже оформлен с этим Idempotency-Key',
      ...envelope(api('admin-order-placed')),
    },
    201: { description: 'Заказ оформлен', ...envelope(api('admin-order-placed')) },
    400: failure('Артикулы, покупатель, адрес или контакты неверны'),
    409: failure(
      'Заказ нельзя оформить: товара не хватает, промокод не действует, доставка или оплата недоступны',
    ),
  },
});

export const quoteOrder = contract({
  name: 'adminSales.quoteOrder',
  method: 'POST',
  path: '/admin/orders/quote',
  tags: TAGS,
  summary: 'Сколько будет стоить заказ за покупателя: тот же расчёт, что при оформлении, ничего не меняя',
  description:
    'Цены, скидки покупателя и правила корзины, промокод, баллы и выбранная доставка — тем же расчётом, ' +
    'что у POST /admin/orders/place; total из ответа можно прислать туда как expectedTotal.',
  body: api('admin-order-quote-request'),
  response: {
    200: envelope(api('admin-order-quote')),
    400: failure('Артикулы, покупатель или количество неверны'),
  },
});

export const orderByNumber = contract({
  name: 'adminSales.orderByNumber',
  method: 'GET',
  path: '/admin/orders/by-number/:number',
  tags: TAGS,
  summary: 'Заказ по номеру для экрана заказа: позиции, покупатель, доставка, оплата, история, действия',
  params: pathParams({ number: ORDER_NUMBER }),
  response: {
    200: envelope(api('admin-order-view')),
    404: failure('Заказа с таким номером нет'),
  },
});

export const printOrders = contract({
  name: 'adminSales.printOrders',
  method: 'GET',
  path: '/admin/orders/print',
  tags: TAGS,
  summary: 'Выбранные заказы для печати: упаковочный лист каждого и счёт на оплату, если он есть',
  description: `Заказы по ID через запятую (не больше ${PRINT_MAX}), в том порядке, в каком названы.`,
  query: {
    type: 'object',
    required: ['ids'],
    properties: {
      ids: {
        type: 'string',
        // Up to nine digits each: every id fits PostgreSQL's integer.
        pattern: `^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,${PRINT_MAX - 1}}$`,
        'x-label': 'Заказы',
        'x-messages': { pattern: `Перечислите ID заказов через запятую, не больше ${PRINT_MAX}` },
      },
    },
  },
  response: {
    200: envelope({ type: 'array', items: api('admin-order-print') }),
    400: failure('ID заказов не перечислены через запятую или их больше 50'),
    404: failure('Одного из заказов нет'),
  },
});

export const changeOrderStatus = contract({
  name: 'adminSales.changeOrderStatus',
  method: 'POST',
  path: '/admin/orders/:id/actions',
  tags: TAGS,
  summary: 'Сменить статус заказа: подтвердить, отметить оплату, отправить, выполнить, отменить',
  description:
    'Переходы проверяет сервер (server/src/domains/sales/order-rules.ts). Отмена оплаченного заказа говорит, ' +
    'что с деньгами (refund): вернуть через платёжный сервис (онлайн, по умолчанию), записать возврат ' +
    'вручную с суммой или оставить у магазина; отмена возвращает товары на склад, купон и баллы. ' +
    'Оплата по счёту отмечается с датой и суммой поступления (payment).',
  params: ORDER_ID,
  body: api('admin-order-action-request'),
  response: {
    200: envelope(api('admin-order-action-result')),
    400: failure('Не указан трек-номер, причина отмены, судьба денег или дата и сумма оплаты'),
    404: failure('Заказа нет'),
    409: failure('Из этого статуса так нельзя, или платёжный сервис не вернул деньги'),
    503: failure(PAYMENT_SERVICE_SILENT),
  },
});

export const refundOrder = contract({
  name: 'adminSales.refundOrder',
  method: 'POST',
  path: '/admin/orders/:id/refunds',
  tags: TAGS,
  summary: 'Вернуть деньги за позиции заказа или записать возврат вручную, не отменяя заказ',
  description:
    'Позиции (и количество) — через платёжный сервис с чеком возврата или вручную, по желанию с ' +
    'возвратом на склад; без позиций — сумма, возвращённая вручную. Сумма не больше оплаченного ' +
    'за вычетом уже возвращённого.',
  params: ORDER_ID,
  body: api('admin-order-refund-request'),
  response: {
    200: envelope(api('admin-order-refund-result')),
    400: failure('Позиции не из заказа, количество или сумма больше оплаченного'),
    404: failure('Заказа нет'),
    409: failure('Возвращать нечего, или платёжный сервис не вернул деньги'),
    503: failure(PAYMENT_SERVICE_SILENT),
  },
});

export const changeOrderLines = contract({
  name: 'adminSales.changeOrderLines',
  method: 'PUT',
  path: '/admin/orders/:id/lines',
  tags: TAGS,
  summary: 'Изменить состав неоплаченного заказа (пересчёт цен, скидок и остатков)',
  params: ORDER_ID,
  body: api('admin-order-lines-request'),
  response: {
    200: envelope(api('admin-order-lines-result')),
    404: failure('Заказа нет'),
    409: failure('Заказ оплачен или отправлен, товара не хватает, купон больше не действует'),
  },
});

export const setManagerComment = contract({
  name: 'adminSales.setManagerComment',
  method: 'PUT',
  path: '/admin/orders/:id/manager-comment',
  tags: TAGS,
  summary: 'Сохранить комментарий менеджера к заказу',
  params: ORDER_ID,
  body: api('admin-order-comment-request'),
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['managerComment', 'updatedAt'],
      properties: {
        managerComment: { type: ['string', 'null'] },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    }),
    404: failure('Заказа нет'),
    409: failure('Заказ изменился, пока был открыт экран'),
  },
});
