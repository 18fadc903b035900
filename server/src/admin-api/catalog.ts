// Catalogue work beyond CRUD: offer generation, bulk price and stock, category ordering, directories.
// Registered under /api/admin by admin-api/index.ts, next to the generated CRUD routes.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from './index';

export function catalogRoutes(_ctx: AdminApiContext) {
  return async function plugin(_app: FastifyInstance) {};
}
