// What a customer does with a placed order, from its page (the account's or the guest's private link):
// pay it online (or resume the payment), have its payment checked on coming back from the provider, cancel
// it while it is new. The guest names the order's key in the body; a signed-in customer needs nothing more.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderAccessRequest, OrderCancelRequest } from '@shop/schemas';
import { orders } from '../../../generated/tables';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { limitOf } from '../../platform/http/rate-limit';
import { api, envelope, failure, pathParams } from '../../platform/http/route-schemas';
import { startPayment, syncOrderPayments } from './attempts';
import { siteOrigin } from '../../domains/settings';
import { changeOrderStatus } from '../order-status/order-status';
import { ORDER_NUMBER } from '../../domains/sales';
import { findCustomerOrder } from '../../domains/sales';
import { orderUrlOf } from '../../domains/sales';
import { orderDetail } from '../../domains/sales';

const TAGS = ['Заказы'];
const PARAMS = pathParams({ number: ORDER_NUMBER });

export function customerOrderRoutes(db: Db, config: Pick<Config, 'siteUrl' | 'yookassaApiUrl'>) {
  return async function plugin(app: FastifyInstance) {
    app.post(
      '/orders/:number/payments',
      {
        config: { rateLimit: limitOf('orderLink') },
        schema: {
          tags: TAGS,
          summary: 'Оплатить заказ онлайн: начать платёж или вернуться к начатому',
          params: PARAMS,
          body: api('order-access-request'),
          response: {
            201: envelope(api('order-payment-started')),
            404: failure('Заказа нет или ключ не подходит'),
            409: failure('Заказ уже оплачен, отменён или оплачивается не онлайн'),
            502: failure('Платёжный сервис не ответил'),
          },
        },
      },
      async (request, reply) => {
        const { number } = request.params as { number: string };
        const { key } = (request.body ?? {}) as OrderAccessRequest;
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
    );

    app.post(
      '/orders/:number/payments/check',
      {
        config: { rateLimit: limitOf('paymentCheck') },
        schema: {
          tags: TAGS,
          summary: 'Проверить оплату у платёжного сервиса (покупатель вернулся со страницы оплаты)',
          description:
            'Состояние платежа читается у платёжного сервиса, а не из адреса страницы возврата; ' +
            'уведомление сервиса и эта проверка применяют оплату один раз.',
          params: PARAMS,
          body: api('order-access-request'),
          response: { 200: envelope(api('profile-order')), 404: failure('Заказа нет или ключ не подходит') },
        },
      },
      async (request) => {
        const { number } = request.params as { number: string };
        const { key } = (request.body ?? {}) as OrderAccessRequest;
        const id = await findCustomerOrder(db, request, number, key);
        await syncOrderPayments(db, config, id, { site: siteOrigin(config.siteUrl, request) });
        return { data: (await orderDetail(db, eq(orders.id, id)))! };
      },
    );

    app.post(
      '/orders/:number/cancel',
      {
        config: { rateLimit: limitOf('orderLink') },
        schema: {
          tags: TAGS,
          summary: 'Отменить свой новый заказ (пока он не оплачен и не подтверждён)',
          params: PARAMS,
          body: api('order-cancel-request'),
          response: {
            200: envelope(api('profile-order')),
            404: failure('Заказа нет или ключ не подходит'),
            409: failure('Заказ уже подтверждён или оплачен: отменить его может магазин'),
          },
        },
      },
      async (request) => {
        const { number } = request.params as { number: string };
        const { key, reason } = (request.body ?? {}) as OrderCancelRequest;
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
    );
  };
}
