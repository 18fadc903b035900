// The change history read endpoint, CSV export and import.
// Registered under /api/admin by admin-api/index.ts, next to the generated CRUD routes.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from './index';

export function historyRoutes(_ctx: AdminApiContext) {
  return async function plugin(_app: FastifyInstance) {};
}
