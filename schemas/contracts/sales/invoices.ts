// The invoice PDF of an order paid by invoice (server/src/domains/sales/invoice-routes.ts), three ways: a guest's
// private link, a signed-in customer's own or their group's order, and the admin's order screen. Someone
// else's order, a wrong key and an order with no invoice all answer the same 404.
import { contract, failure, pathParams, recordId } from '../contract';
import { LINK_KEY_QUERY, ORDER_NUMBER_PARAMS } from './order-parts';

const PDF = {
  description: 'Счёт на оплату в PDF',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};
const NO_INVOICE = 'Заказа нет, он не ваш или оплачивается не по счёту';

export const orderInvoicePdf = contract({
  name: 'orders.invoicePdf',
  method: 'GET',
  path: '/orders/:number/invoice.pdf',
  tags: ['Заказы'],
  summary: 'Счёт на оплату заказа организации по личной ссылке гостя',
  params: ORDER_NUMBER_PARAMS,
  query: LINK_KEY_QUERY,
  response: { 200: PDF, 404: failure(`${NO_INVOICE}, или ключ не подходит`) },
  produces: 'application/pdf',
});

export const profileInvoicePdf = contract({
  name: 'profile.invoicePdf',
  method: 'GET',
  path: '/profile/orders/:number/invoice.pdf',
  tags: ['Личный кабинет'],
  summary: 'Счёт на оплату заказа организации (свой заказ или заказ группы: X-User-Group)',
  params: ORDER_NUMBER_PARAMS,
  response: { 200: PDF, 401: failure('Требуется вход'), 404: failure(NO_INVOICE) },
  produces: 'application/pdf',
});

export const adminOrderInvoicePdf = contract({
  name: 'adminSales.invoicePdf',
  method: 'GET',
  path: '/admin/orders/:id/invoice.pdf',
  tags: ['Заказы'],
  summary: 'Счёт на оплату заказа организации',
  params: pathParams({ id: recordId('Номер заказа в базе') }),
  response: {
    200: PDF,
    401: failure('Требуется вход'),
    403: failure('Недостаточно прав'),
    404: failure('Заказа нет или он оплачивается не по счёту'),
  },
  produces: 'application/pdf',
});
