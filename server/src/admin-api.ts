// Admin endpoints that are not generic CRUD, one plugin per area of the admin, all under /api/admin and
// guarded like the CRUD routes (requireAccess with a resource's x-access, or an explicit role list).
import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './domains/catalog/admin-routes';
import { historyRoutes } from './platform/crud/history-routes';
import { mediaRoutes } from './domains/content/uploads';
import { messagesRoutes } from './domains/messages/admin-routes';
import { paymentAdminRoutes } from './domains/payments/admin-routes';
import { salesRoutes } from './domains/sales/admin-routes';
import { jobRoutes } from './platform/jobs/routes';
import type { AdminApiContext } from './platform/types';

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
