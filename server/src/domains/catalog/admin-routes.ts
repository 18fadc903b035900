// Catalogue work beyond CRUD: bulk price and stock of products' offers, and moving categories in their
// two-level tree. Registered under /api/admin by admin-api.ts, next to the generated CRUD routes;
// each route is guarded by the x-access of the resource it changes.
import type { FastifyInstance } from 'fastify';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { serve } from '../../platform/http/contract';
import {
  moveCategory as moveCategoryContract,
  updateOffersInBulk as updateOffersContract,
} from '@shop/schemas/contracts/catalog';
import type { AdminApiContext } from '../../platform/types';
import { bulkOffersInput, updateOffersInBulk } from './bulk-offers';
import { moveCategory } from './category-tree';
import { registerCsvImport } from './product-import-routes';

export function catalogRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    // The products' CSV import: check, then a background job (product-import-routes.ts).
    registerCsvImport(app, ctx);
    const resource = (name: string) => {
      const def = ctx.registry.get(name);
      if (!def) throw new Error(`catalogRoutes: resource ${name} is not registered`);
      return def;
    };
    // Each route checks the role before the input: a guest learns nothing about what a body should be.

    // Select products in the list → set the price, change it by a percentage, or set the stock of all
    // their offers; all or nothing.
    const products = resource('products');
    serve(
      app,
      updateOffersContract,
      async (request) => ({
        data: await updateOffersInBulk(
          userContext(ctx.database.db, ctx.registry, products, request.user!),
          bulkOffersInput(request.body),
        ),
      }),
      { preValidation: requireAccess(products, 'edit') },
    );

    // Drag a category: to another place among its siblings, or under another top-level category.
    const categories = resource('product-categories');
    serve(
      app,
      moveCategoryContract,
      async (request) => {
        const { parentId, position } = request.body;
        const move = { parentId: parentId ?? null, position };
        return {
          data: await moveCategory(
            userContext(ctx.database.db, ctx.registry, categories, request.user!),
            request.params.id,
            move,
          ),
        };
      },
      { preValidation: requireAccess(categories, 'edit') },
    );
  };
}
