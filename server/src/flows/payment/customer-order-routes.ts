// What a customer does with a placed order, from its page (the account's or the guest's private link):
// pay it online (or resume the payment), have its payment checked on coming back from the provider, cancel
// it while it is new. The guest names the order's key in the body; a signed-in customer needs nothing more.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderCancel, orderCheckPayment, orderPay } from '@shop/schemas/contracts/sales/orders';
import { orders } from '../../../generated/tables';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { limitOf } from '../../platform/http/rate-limit';
import { startPayment, syncOrderPayments } from './attempts';
import { siteOrigin } from '../../domains/settings';
import { changeOrderStatus } from '../order-status/order-status';
import { findCustomerOrder } from '../../domains/sales';
import { orderUrlOf } from '../../domains/sales';
import { orderDetail } from '../../domains/sales';

export function customerOrderRoutes(db: Db, config: Pick<Config, 'siteUrl' | 'yookassaApiUrl'>) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      orderPay,
      async (request, reply) => {
        const { number } = request.params;
        const { key } = request.body;
        const id = await findCustomerOrder(db, request, number, key);
        const [order] = await db
          .select({ accessKey: orders.accessKey, userId: orders.userId })
          .from(orders)
          .where(eq(orders.id, id));
        // Back to the order's own page, marked so that it checks the payment at once. The provider
        // sends the customer to it unchanged.
        const page = orderUrlOf(number, order!.accessKey ?? '', order!.userId !== null && !key);
        const site = siteOrigin(config.siteUrl, request);
        const returnUrl = `${site}${page}${page.includes('?') ? '&' : '?'}payment=return`;
        const started = await startPayment(db, config, { orderId: id, returnUrl, site });
        return reply.status(201).send({ data: started });
      },
      { config: { rateLimit: limitOf('orderLink') } },
    );

    serve(
      app,
      orderCheckPayment,
      async (request) => {
        const { number } = request.params;
        const { key } = request.body;
        const id = await findCustomerOrder(db, request, number, key);
        await syncOrderPayments(db, config, id, { site: siteOrigin(config.siteUrl, request) });
        return { data: (await orderDetail(db, eq(orders.id, id)))! };
      },
      { config: { rateLimit: limitOf('paymentCheck') } },
    );

    serve(
      app,
      orderCancel,
      async (request) => {
        const { number } = request.params;
        const { key, reason } = request.body;
        const id = await findCustomerOrder(db, request, number, key);
        await changeOrderStatus(db, config, {
          orderId: id,
          action: 'cancel',
          role: 'customer',
          actor: { userId: request.user?.id ?? null, label: 'Покупатель' },
          comment: reason?.trim() || null,
          site: siteOrigin(config.siteUrl, request),
        });
        return { data: (await orderDetail(db, eq(orders.id, id)))! };
      },
      { config: { rateLimit: limitOf('orderLink') } },
    );
  };
}
