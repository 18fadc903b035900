// POST /api/orders (the caller's cart becomes an order: place-order.ts) and GET /api/orders/{number}?key=…
// (a guest's private link to their order; signed-in customers read theirs under /api/profile/orders).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderByKey, orderPlace } from '@shop/schemas/contracts/sales/orders';
import { orders } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { consentContext, keptConsentTextVersion } from '../../domains/privacy';
import type { PublicData } from '../../platform/web/public-data';
import { serve } from '../../platform/http/contract';
import { limitOf } from '../../platform/http/rate-limit';
import { siteOrigin } from '../../domains/settings';
import type { Config } from '../../platform/config';
import type { CarrierConfig } from '../../domains/delivery';
import { keptShopTerms, ownerOf as cartOwnerOf } from '../../domains/sales';
import { placeOrder } from './place-order';
import { viewerOf } from '../../domains/pricing';
import { orderDetail } from '../../domains/sales';
import { findCustomerOrder } from '../../domains/sales';

// The shared schema parts, for the server's other routes that still declare their own (the admin's order).
export { IDEMPOTENCY_HEADERS, ORDER_NUMBER } from '@shop/schemas/contracts/sales/order-parts';

/** The header as the route's schema checked it, or null when there is none. */
export const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : null;
};

export function orderRoutes(db: Db, config: Pick<Config, 'siteUrl'> & CarrierConfig, publicData: PublicData) {
  // What every order reads and rarely changes, kept in memory until it does.
  const kept = {
    terms: keptShopTerms(publicData, db),
    consentTextVersion: keptConsentTextVersion(publicData, db),
  };
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
            carriers: config,
            kept,
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
