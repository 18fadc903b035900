// Catalogue work beyond CRUD: bulk price and stock of products' offers, and moving categories in their
// two-level tree. Registered under /api/admin by admin-api/index.ts, next to the generated CRUD routes;
// each route is guarded by the x-access of the resource it changes.
import type { FastifyInstance } from 'fastify';
import { requireAccess } from '../auth/guard';
import { actorOf } from '../crud/history';
import { badRequest } from '../http/errors';
import type { AdminApiContext } from './index';
import { parseBulkOffers, updateOffersInBulk } from './catalog/bulk';
import { moveCategory, parseCategoryMove } from './catalog/tree';

export function catalogRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    const resource = (name: string) => {
      const def = ctx.registry.get(name);
      if (!def) throw new Error(`catalogRoutes: resource ${name} is not registered`);
      return def;
    };

    // Select products in the list → set the price, change it by a percentage, or set the stock of all
    // their offers; all or nothing.
    const products = resource('products');
    app.post('/products/bulk-offers', { preHandler: requireAccess(products, 'edit') }, async (request) => ({
      data: await updateOffersInBulk(ctx.database.db, parseBulkOffers(request.body), {
        products,
        actor: actorOf(request.user),
      }),
    }));

    // Drag a category: to another place among its siblings, or under another top-level category.
    const categories = resource('product-categories');
    app.post<{ Params: { id: string } }>(
      '/product-categories/:id/move',
      { preHandler: requireAccess(categories, 'edit') },
      async (request) => {
        const id = Number(request.params.id);
        if (!Number.isInteger(id) || id <= 0) throw badRequest('Неверный номер категории');
        const move = parseCategoryMove(request.body);
        return {
          data: await moveCategory(ctx.database.db, id, move, { categories, actor: actorOf(request.user) }),
        };
      },
    );
  };
}
