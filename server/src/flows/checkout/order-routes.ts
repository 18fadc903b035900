// POST /api/orders (the caller's cart becomes an order: place-order.ts) and GET /api/orders/{number}?key=…
// (a guest's private link to their order; signed-in customers read theirs under /api/profile/orders).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderPlaceRequest } from '@shop/schemas';
import { orders } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { consentContext } from '../../domains/privacy';
import { limitOf } from '../../platform/http/rate-limit';
import { api, envelope, failure, pathParams } from '../../platform/http/route-schemas';
import { siteOrigin } from '../../domains/settings';
import type { Config } from '../../platform/config';
import { ownerOf as cartOwnerOf } from '../../domains/sales';
import { placeOrder } from './place-order';
import { viewerOf } from '../../domains/pricing';
import { orderDetail } from '../../domains/sales';
import { findCustomerOrder, LINK_KEY_QUERY, ORDER_NUMBER } from '../../domains/sales';

const TAGS = ['Заказы'];
const KEY_RULE = 'Idempotency-Key — от 8 до 128 латинских букв, цифр и знаков _ . : -';
/** The Idempotency-Key header of the two ways to place an order (the checkout's and a manager's). */
export const IDEMPOTENCY_HEADERS = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 8,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_.:-]+$',
      'x-label': 'Заголовок Idempotency-Key',
      'x-messages': { minLength: KEY_RULE, maxLength: KEY_RULE, pattern: KEY_RULE },
    },
  },
};

/** The header as the route's schema checked it, or null when there is none. */
export const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : null;
};

export function orderRoutes(db: Db, config: Pick<Config, 'siteUrl'>) {
  return async function plugin(app: FastifyInstance) {
    app.post(
      '/orders',
      {
        config: { rateLimit: limitOf('order') },
        schema: {
          tags: TAGS,
          summary: 'Оформить заказ из корзины (цены, скидки и остатки пересчитываются на сервере)',
          description:
            'Заголовок Idempotency-Key (8–128 символов) делает повторную отправку безопасной: тот же ключ ' +
            'от того же покупателя возвращает уже оформленный заказ (200) вместо нового.',
          headers: IDEMPOTENCY_HEADERS,
          body: api('order-place-request'),
          response: {
            200: {
              description: 'Заказ уже оформлен с этим Idempotency-Key',
              ...envelope(api('order-placed')),
            },
            201: { description: 'Заказ оформлен', ...envelope(api('order-placed')) },
            400: failure('Данные покупателя или адрес неверны'),
            409: failure(
              'Корзину нельзя оформить как есть: пуста, товара не хватает, промокод не действует, сумма изменилась',
            ),
            429: failure('Слишком много заказов с этого адреса'),
          },
        },
      },
      async (request, reply) => {
        const who = consentContext(request);
        const { placed, repeated } = await placeOrder(
          db,
          {
            source: { kind: 'cart', owner: cartOwnerOf(request) },
            viewer: viewerOf(request),
            site: siteOrigin(config.siteUrl, request),
            idempotencyKey: idempotencyKeyOf(request),
            consent: { ip: who.ip, userAgent: who.userAgent },
          },
          request.body as OrderPlaceRequest,
        );
        return reply.status(repeated ? 200 : 201).send({ data: placed });
      },
    );

    app.get(
      '/orders/:number',
      {
        config: { rateLimit: limitOf('orderLink') },
        schema: {
          tags: TAGS,
          summary: 'Заказ по личной ссылке гостя (ключ из письма и со страницы «Заказ оформлен»)',
          params: pathParams({ number: ORDER_NUMBER }),
          querystring: LINK_KEY_QUERY,
          response: { 200: envelope(api('profile-order')), 404: failure('Заказа нет или ключ не подходит') },
        },
      },
      async (request) => {
        const { number } = request.params as { number: string };
        const { key } = request.query as { key: string };
        const id = await findCustomerOrder(db, request, number, key);
        return { data: (await orderDetail(db, eq(orders.id, id)))! };
      },
    );
  };
}
