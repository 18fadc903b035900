// The invoice PDF (invoice.ts) of an order paid by invoice, three ways: a guest's private link (the order
// link's key), a signed-in customer's own or their group's order, and the admin's order screen. Someone
// else's order, a wrong key and an order with no invoice all answer the same 404.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { orders } from '../../../generated/tables';
import { requireAccess, requireUser } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { failure, pathParams, recordId } from '../../platform/http/route-schemas';
import { renderPdf } from '../../platform/web/pdf';
import { invoiceDocument, loadInvoice } from './invoice';
import { LINK_KEY_QUERY, ORDER_NUMBER } from './order-access';
import { orderIdByLink } from './order-access';
import { ownerOf } from './profile-orders';

const PDF = {
  description: 'Счёт на оплату в PDF',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};
const NO_INVOICE = 'Заказа нет, он не ваш или оплачивается не по счёту';

const noInvoice = (number: string) => notFound(`Счёт на оплату заказа ${number} не найден`);

/**
 * The invoice of the order `orderId`, answered as a PDF to show in the browser; 404 when it has none. A
 * customer gets none for a canceled order (it is not to be paid); the staff still read it.
 */
async function sendInvoice(
  db: Db,
  reply: FastifyReply,
  orderId: number,
  number: string,
  reader: 'customer' | 'staff',
) {
  const data = await loadInvoice(db, orderId);
  if (!data) throw noInvoice(number);
  if (reader === 'customer') {
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (row?.status === 'canceled')
      throw notFound(`Заказ ${number} отменён: счёт по нему оплачивать не нужно`);
  }
  const pdf = await renderPdf(invoiceDocument(data));
  return (
    reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="schet-${data.number}.pdf"`)
      // A bank account and a buyer's details: never kept by a shared cache or the browser's history.
      .header('Cache-Control', 'private, no-store')
      .send(pdf)
  );
}

export function invoiceRoutes(db: Db, registry: Registry) {
  const ordersDef = resourceOf(registry, 'orders');
  return async function plugin(app: FastifyInstance) {
    app.get(
      '/orders/:number/invoice.pdf',
      {
        config: { rateLimit: limitOf('orderLink') },
        schema: {
          tags: ['Заказы'],
          summary: 'Счёт на оплату заказа организации по личной ссылке гостя',
          params: pathParams({ number: ORDER_NUMBER }),
          querystring: LINK_KEY_QUERY,
          response: { 200: PDF, 404: failure(`${NO_INVOICE}, или ключ не подходит`) },
        },
      },
      async (request, reply) => {
        const { number } = request.params as { number: string };
        const { key } = request.query as { key: string };
        const id = await orderIdByLink(db, number, key);
        if (id === null) throw noInvoice(number);
        return sendInvoice(db, reply, id, number, 'customer');
      },
    );

    app.get(
      '/profile/orders/:number/invoice.pdf',
      {
        preValidation: requireUser,
        schema: {
          tags: ['Личный кабинет'],
          summary: 'Счёт на оплату заказа организации (свой заказ или заказ группы: X-User-Group)',
          params: pathParams({ number: ORDER_NUMBER }),
          response: { 200: PDF, 401: failure('Требуется вход'), 404: failure(NO_INVOICE) },
        },
      },
      async (request, reply) => {
        const { number } = request.params as { number: string };
        const [row] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.number, number), ownerOf(request)));
        if (!row) throw noInvoice(number);
        return sendInvoice(db, reply, row.id, number, 'customer');
      },
    );

    app.get(
      '/admin/orders/:id/invoice.pdf',
      {
        // Who may read orders may read their invoices.
        preValidation: requireAccess(ordersDef, 'show'),
        schema: {
          tags: [ordersDef.label.many],
          summary: 'Счёт на оплату заказа организации',
          params: pathParams({ id: recordId('Номер заказа в базе') }),
          response: {
            200: PDF,
            401: failure('Требуется вход'),
            403: failure('Недостаточно прав'),
            404: failure('Заказа нет или он оплачивается не по счёту'),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, id));
        if (!row) throw notFound(`Заказ №${id} не найден`);
        return sendInvoice(db, reply, id, row.number, 'staff');
      },
    );
  };
}
