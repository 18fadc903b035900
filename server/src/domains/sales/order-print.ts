// GET /api/admin/orders/print: the chosen orders for the admin's print page (packing lists and invoices). Each
// order as its screen reads it (admin-order-view.ts: lines with articles and variants, the customer, the
// delivery address and the comments), and its invoice's texts from the invoice's own builder (invoice.ts
// invoiceSheet, the same as the PDF's). For the roles that may open orders, as their invoices.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminOrderPrint } from '@shop/schemas';
import { printOrders } from '@shop/schemas/contracts/sales/admin-orders';
import { orders } from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { adminOrderView } from './admin-order-view';
import { invoiceSheet, loadInvoice } from './invoice';
import type { ActorRole } from './order-rules';

/** The orders `ids` names, in that order (each once); 404 naming the first that is not there. */
export async function ordersToPrint(db: Db, ids: number[], role: ActorRole): Promise<AdminOrderPrint[]> {
  const out: AdminOrderPrint[] = [];
  for (const id of [...new Set(ids)]) {
    const order = await adminOrderView(db, eq(orders.id, id), role);
    if (!order) throw notFound(`Заказ №${id} не найден`);
    const invoice = await loadInvoice(db, id);
    out.push({ order, invoice: invoice && invoiceSheet(invoice) });
  }
  return out;
}

export function orderPrintRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'orders');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      printOrders,
      async (request) => ({
        data: await ordersToPrint(db, request.query.ids.split(',').map(Number), request.user!.role),
      }),
      // Who may open an order may print it, and its invoice.
      { preValidation: requireAccess(def, 'show') },
    );
  };
}
