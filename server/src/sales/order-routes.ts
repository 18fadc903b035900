// POST /api/orders (the caller's cart becomes an order: place-order.ts) and GET /api/orders/{number}?key=…
// (a guest's private link to their order; signed-in customers read theirs under /api/profile/orders).
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderByKey, orderPlace } from '@shop/schemas/contracts/sales/orders';
import { orders } from '../../generated/tables';
import type { Db } from '../db';
import { consentContext } from '../forms/consents';
import { serve } from '../http/contract';
import { notFound } from '../http/errors';
import { limitOf } from '../http/rate-limit';
import { siteOrigin } from '../settings/shop-values';
import type { Config } from '../config';
import { ownerOf as cartOwnerOf } from './cart-store';
import { placeOrder } from './place-order';
import { viewerOf } from './pricing-inputs';
import { orderDetail, ownerOf } from './profile-orders';

// The shared schema parts, for the server's other routes that still declare their own (the admin's order).
export { IDEMPOTENCY_HEADERS, ORDER_NUMBER } from '@shop/schemas/contracts/sales/order-parts';

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
    serve(
      app,
      orderPlace,
      async (request, reply) => {
        const who = consentContext(request);
        const { placed, repeated } = await placeOrder(
          db,
          {
            source: { kind: 'cart', owner: cartOwnerOf(request) },
            viewer: viewerOf(request),
            site: siteOrigin(config.siteUrl, request),
            idempotencyKey: request.headers['idempotency-key'] ?? null,
            consent: { ip: who.ip, userAgent: who.userAgent },
          },
          request.body,
        );
        return reply.status(repeated ? 200 : 201).send({ data: placed });
      },
      { config: { rateLimit: limitOf('order') } },
    );

    serve(
      app,
      orderByKey,
      async (request) => {
        const { number } = request.params;
        const id = await findCustomerOrder(db, request, number, request.query.key);
        return { data: (await orderDetail(db, eq(orders.id, id)))! };
      },
      { config: { rateLimit: limitOf('orderLink') } },
    );
  };
}
