// The desktop (dashboard), coupon generation, bonus accruals and debits, reviews and forms moderation.
// Registered under /api/admin by admin-api/index.ts, next to the generated CRUD routes.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from './index';

export function salesRoutes(_ctx: AdminApiContext) {
  return async function plugin(_app: FastifyInstance) {};
}
