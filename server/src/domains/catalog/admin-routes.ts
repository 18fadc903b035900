// Catalogue work beyond CRUD: bulk price and stock of products' offers, and moving categories in their
// two-level tree. Registered under /api/admin by admin-api.ts, next to the generated CRUD routes;
// each route is guarded by the x-access of the resource it changes.
import type { FastifyInstance } from 'fastify';
import { registerCsvImport } from './product-import-routes';
import type { AdminBulkOffersRequest, AdminCategoryMoveRequest } from '@shop/schemas';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { api, envelope, idParams } from '../../platform/http/route-schemas';
import type { AdminApiContext } from '../../platform/types';
import { bulkOffersInput, updateOffersInBulk } from './bulk-offers';
import { moveCategory } from './category-tree';

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
    app.post(
      '/products/bulk-offers',
      {
        preValidation: requireAccess(products, 'edit'),
        schema: {
          tags: [products.label.many],
          summary:
            'Цена и остаток всех вариантов выбранных товаров: новая цена, изменение в процентах, остаток',
          body: api('admin-bulk-offers-request'),
          response: {
            200: envelope({
              type: 'object',
              additionalProperties: false,
              required: ['products', 'offers'],
              properties: {
                products: { type: 'integer', description: 'Сколько товаров изменено' },
                offers: { type: 'integer', description: 'Сколько их вариантов изменено' },
              },
            }),
          },
        },
      },
      async (request) => ({
        data: await updateOffersInBulk(
          userContext(ctx.database.db, ctx.registry, products, request.user!),
          bulkOffersInput(request.body as AdminBulkOffersRequest),
        ),
      }),
    );

    // Drag a category: to another place among its siblings, or under another top-level category.
    const categories = resource('product-categories');
    app.post(
      '/product-categories/:id/move',
      {
        preValidation: requireAccess(categories, 'edit'),
        schema: {
          tags: [categories.label.many],
          summary: 'Перенос категории: новое место среди соседних или под другую категорию верхнего уровня',
          params: idParams,
          body: api('admin-category-move-request'),
          response: {
            200: envelope({
              type: 'object',
              additionalProperties: false,
              required: ['id', 'parentId', 'position'],
              properties: {
                id: { type: 'integer' },
                parentId: { type: ['integer', 'null'] },
                position: { type: 'integer', description: 'Место среди соседних, с 0' },
              },
            }),
          },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const { parentId, position } = request.body as AdminCategoryMoveRequest;
        const move = { parentId: parentId ?? null, position };
        return {
          data: await moveCategory(
            userContext(ctx.database.db, ctx.registry, categories, request.user!),
            id,
            move,
          ),
        };
      },
    );
  };
}
