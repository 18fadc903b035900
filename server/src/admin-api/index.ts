// Admin endpoints that are not generic CRUD, one plugin per area of the admin, all under /api/admin and
// guarded like the CRUD routes (requireAccess with a resource's x-access, or an explicit role list).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { ResourceDef } from '../crud/resource';
import type { Registry } from '../crud/service';
import type { Database } from '../db';
import { catalogRoutes } from './catalog';
import { historyRoutes } from './history';
import { mediaRoutes } from './media';
import { messagesRoutes } from './messages';
import { salesRoutes } from './sales';

export interface AdminApiContext {
  database: Database;
  registry: Registry;
  resources: ResourceDef[];
  config: Config;
}

export function adminApiRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    await app.register(mediaRoutes(ctx));
    await app.register(historyRoutes(ctx));
    await app.register(catalogRoutes(ctx));
    await app.register(salesRoutes(ctx));
    await app.register(messagesRoutes(ctx));
  };
}
