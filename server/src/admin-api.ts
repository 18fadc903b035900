// Admin endpoints that are not generic CRUD, one plugin per area of the admin, all under /api/admin and
// guarded like the CRUD routes (requireAccess with a resource's x-access, or an explicit role list).
import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog/admin-routes';
import { historyRoutes } from './crud/history-routes';
import { mediaRoutes } from './content/uploads';
import { messagesRoutes } from './messages/admin-routes';
import { paymentAdminRoutes } from './payments/admin-routes';
import { salesRoutes } from './sales/admin-routes';
import { jobRoutes } from './jobs/routes';
import type { AdminApiContext } from './types';

export function adminApiRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    await app.register(mediaRoutes(ctx));
    await app.register(historyRoutes(ctx));
    await app.register(catalogRoutes(ctx));
    await app.register(salesRoutes(ctx));
    await app.register(messagesRoutes(ctx));
    await app.register(paymentAdminRoutes(ctx));
    await app.register(jobRoutes(ctx.jobs));
  };
}
