// GET /api/delivery/cities?q= (the checkout's city suggestions) and GET /api/delivery/services/{id}/points
// (a service's pickup points in a city). Suggestions come from the shop's list at once, and from СДЭК's city
// search when a СДЭК service is connected; the points from the carrier, cached (points.ts).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliveryCities, deliveryPoints } from '@shop/schemas/contracts/delivery';
import { deliveryServices } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { notFound } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import type { CarrierConfig } from './carriers';
import { destinationOf } from './cities';
import { pointsOf } from './points';
import { suggestCities } from './suggest';

export function deliveryRoutes(db: Db, config: CarrierConfig) {
  return async function plugin(app: FastifyInstance) {
    const limited = { config: { rateLimit: limitOf('delivery') } };
    serve(
      app,
      deliveryCities,
      async (request) => {
        const services = await db.select().from(deliveryServices).where(eq(deliveryServices.active, true));
        return { data: await suggestCities(request.query.q, services, config) };
      },
      limited,
    );
    serve(
      app,
      deliveryPoints,
      async (request) => {
        const [service] = await db
          .select()
          .from(deliveryServices)
          .where(and(eq(deliveryServices.id, request.params.id), eq(deliveryServices.active, true)));
        if (!service) throw notFound('Нет такого способа доставки');
        const to = destinationOf(request.query.city, request.query.postalCode);
        return { data: to ? await pointsOf(service, to, config) : { points: [], unavailable: false } };
      },
      limited,
    );
  };
}
