// The desktop (dashboard), the order screen's read and print, coupon generation, bonus accruals and debits. Registered
// under /api/admin (index.ts), next to the generated CRUD routes; each endpoint checks the role against the
// x-access of the resource it works on.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from '../../platform/types';
import { adminOrderViewRoutes } from './admin-order-view';
import { bonusRoutes } from './bonus-routes';
import { couponRoutes } from './coupons';
import { dashboardRoutes } from './dashboard';
import { orderPrintRoutes } from './order-print';

export function salesRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    const { db } = ctx.database;
    await app.register(dashboardRoutes(db, ctx.registry));
    await app.register(couponRoutes(db, ctx.registry));
    await app.register(bonusRoutes(db, ctx.registry));
    await app.register(adminOrderViewRoutes(db, ctx.registry));
    await app.register(orderPrintRoutes(db, ctx.registry));
  };
}
