// POST /api/orders (the caller's cart becomes an order: place-order.ts) and GET /api/orders/{number}?key=…
// (a guest's private link to their order; signed-in customers read theirs under /api/profile/orders).
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderPlaceRequest } from '@shop/schemas';
import { orders } from '../../generated/tables';
import type { Db } from '../db';
import { consentContext } from '../forms/consents';
import { notFound } from '../http/errors';
import { limitOf } from '../http/rate-limit';
import { api, envelope, failure, pathParams } from '../http/route-schemas';
import { siteOrigin } from '../settings/shop-values';
import type { Config } from '../config';
import { ownerOf as cartOwnerOf } from './cart-store';
import { placeOrder } from './place-order';
import { viewerOf } from './pricing-inputs';
import { orderDetail, ownerOf } from './profile-orders';

const TAGS = ['Заказы'];
/** An order's number in a path; the key of a guest's private link in its query. */
export const ORDER_NUMBER = { type: 'string', minLength: 1, maxLength: 32, 'x-label': 'Номер заказа' };
export const LINK_KEY_QUERY = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 64, 'x-label': 'Ключ ссылки' } },
};

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

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The id of the order a guest's private link opens, or null: a wrong key and a missing order answer alike,
 * so the link tells nothing of other orders. Also the invoice's link (invoice-routes.ts).
 */
export async function orderIdByLink(db: Db, number: string, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id, accessKey: orders.accessKey })
    .from(orders)
    .where(eq(orders.number, number));
  return row?.accessKey && sameKey(row.accessKey, key) ? row.id : null;
}

/**
 * The order a customer may act on: with the private key of the guest's link (whoever holds it), or else one
 * of the signed-in customer's own orders (or their group's). Anything else is 404 alike: the answer tells
 * nothing of other people's orders.
 */
export async function findCustomerOrder(
  db: Db,
  request: FastifyRequest,
  number: string,
  key: string | null | undefined,
): Promise<number> {
  if (key) {
    const id = await orderIdByLink(db, number, key);
    if (id !== null) return id;
  } else if (request.user) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.number, number), ownerOf(request)));
    if (row) return row.id;
  }
  throw notFound(`Заказ ${number} не найден`);
}

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
