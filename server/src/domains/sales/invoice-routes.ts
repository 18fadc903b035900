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
import { serve } from '../../platform/http/contract';
import { limitOf } from '../../platform/http/rate-limit';
import {
  adminOrderInvoicePdf,
  orderInvoicePdf,
  profileInvoicePdf,
} from '@shop/schemas/contracts/sales/invoices';
import { renderPdf } from '../../platform/web/pdf';
import { invoiceDocument, loadInvoice } from './invoice';
import { orderIdByLink } from './order-access';
import { ownerOf } from './profile-orders';

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
    serve(
      app,
      orderInvoicePdf,
      async (request, reply) => {
        const { number } = request.params;
        const id = await orderIdByLink(db, number, request.query.key);
        if (id === null) throw noInvoice(number);
        return sendInvoice(db, reply, id, number, 'customer');
      },
      { config: { rateLimit: limitOf('orderLink') } },
    );

    serve(
      app,
      profileInvoicePdf,
      async (request, reply) => {
        const { number } = request.params;
        const [row] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.number, number), ownerOf(request)));
        if (!row) throw noInvoice(number);
        return sendInvoice(db, reply, row.id, number, 'customer');
      },
      { preValidation: requireUser },
    );

    serve(
      app,
      adminOrderInvoicePdf,
      async (request, reply) => {
        const { id } = request.params;
        const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, id));
        if (!row) throw notFound(`Заказ №${id} не найден`);
        return sendInvoice(db, reply, id, row.number, 'staff');
      },
      // Who may read orders may read their invoices.
      { preValidation: requireAccess(ordersDef, 'show') },
    );
  };
}
