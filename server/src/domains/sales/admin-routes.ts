// The desktop (dashboard), orders a manager enters for a customer, the order screen's read, coupon generation, bonus accruals and debits, reviews and forms moderation, and
// the settings screen's read. Registered under /api/admin by admin-api.ts, next to the generated CRUD
// routes; each endpoint checks the role against the x-access of the resource it works on.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from '../../platform/types';
import { adminOrderRoutes } from '../../flows/checkout/admin-orders';
import { adminOrderViewRoutes } from './admin-order-view';
import { orderStatusRoutes } from '../../flows/order-status/order-status-routes';
import { bonusRoutes } from './bonus-routes';
import { couponRoutes } from './coupons';
import { dashboardRoutes } from './dashboard';
import { moderationRoutes } from '../forms/moderation';
import { settingsRoutes } from '../settings/admin-routes';

export function salesRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    const { db } = ctx.database;
    await app.register(dashboardRoutes(db, ctx.registry));
    await app.register(couponRoutes(db, ctx.registry));
    await app.register(bonusRoutes(db, ctx.registry));
    await app.register(moderationRoutes(db, ctx.registry));
    await app.register(settingsRoutes(db, ctx.registry));
    await app.register(adminOrderRoutes(db, ctx.registry, ctx.config));
    await app.register(adminOrderViewRoutes(db, ctx.registry));
    await app.register(orderStatusRoutes(db, ctx.registry, ctx.config));
  };
}
