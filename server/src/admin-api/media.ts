// Uploads and images: POST /api/admin/uploads and what the image fields need.
// Registered under /api/admin by admin-api/index.ts, next to the generated CRUD routes.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from './index';

export function mediaRoutes(_ctx: AdminApiContext) {
  return async function plugin(_app: FastifyInstance) {};
}
