// The order screen's shipment (server/src/flows/shipping): hand the order to its delivery service's carrier
// (СДЭК), read the shipment's state, print the carrier's label. The state itself is followed by a periodic
// task, which moves the order to «Отправлен» and «Выполнен» on the carrier's word.
import { api, contract, envelope, failure, pathParams, recordId } from '../contract';

const TAGS = ['Заказы'];
const ORDER_ID = pathParams({ id: recordId('Номер заказа в базе') });

export const registerShipment = contract({
  name: 'adminSales.registerShipment',
  method: 'POST',
  path: '/admin/orders/:id/shipment',
  tags: TAGS,
  summary: 'Передать заказ в службу доставки (СДЭК): создать заявку на отправление',
  description:
    'Получатель, адрес или пункт выдачи, упаковки с товарами и наложенный платёж (при оплате при ' +
    'получении) берутся из заказа. Заказ должен быть подтверждён и, если он оплачивается заранее, оплачен; ' +
    'у заказа может быть одно действующее отправление.',
  params: ORDER_ID,
  response: {
    201: { description: 'Заявка отправлена в службу доставки', ...envelope(api('admin-shipment')) },
    401: failure('Требуется вход'),
    403: failure('Недостаточно прав'),
    404: failure('Заказа нет'),
    409: failure(
      'Заказ нельзя передать (отменён, не оплачен, уже передан, у доставки нет службы), или служба отказала',
    ),
    502: failure('Служба доставки не отвечает: повторите позже'),
  },
});

export const orderShipment = contract({
  name: 'adminSales.orderShipment',
  method: 'GET',
  path: '/admin/orders/:id/shipment',
  tags: TAGS,
  summary: 'Отправление заказа в службе доставки и можно ли передать заказ сейчас',
  params: ORDER_ID,
  response: {
    200: envelope(api('admin-order-shipment')),
    401: failure('Требуется вход'),
    403: failure('Недостаточно прав'),
    404: failure('Заказа нет'),
  },
});

export const shipmentLabel = contract({
  name: 'adminSales.shipmentLabel',
  method: 'GET',
  path: '/admin/orders/:id/shipment/label',
  tags: TAGS,
  summary: 'Этикетка (накладная) отправления для посылки, PDF службы доставки',
  params: ORDER_ID,
  response: {
    200: {
      description: 'Этикетка в PDF',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
    401: failure('Требуется вход'),
    403: failure('Недостаточно прав'),
    404: failure('Заказа нет, или он не передан в службу доставки'),
    409: failure('Служба доставки отказала'),
    502: failure('Служба доставки не отвечает или ещё не подготовила этикетку: повторите позже'),
  },
  produces: 'application/pdf',
});
