// GET /api/admin/products/import/columns → the file's columns (csv-products.ts; the export writes the same);
// POST /api/admin/products/import/preview { csv } → 202 with a job (jobs/runner.ts) whose result is the
// report of every row and of what would change, nothing written;
// POST /api/admin/products/import { csv } → 202 with a job that checks the file again and writes its real
// changes in one transaction (done), or fails with the report and nothing written (csv-import-jobs.ts).
// The screen follows the job at GET /api/admin/jobs/:id. For a role that may both create and edit products.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AdminApiContext } from '../../platform/types';
import { requireAccess } from '../../platform/auth/guard';
import { serve, type ContractRequest } from '../../platform/http/contract';
import { importColumns, importProducts, previewImport } from '@shop/schemas/contracts/platform';
import type { JobKind } from '../../platform/jobs/runner';
import { productCsvColumns } from './csv-products';
import { actorOf } from '../../platform/crud/history';

/** A CSV file of a few thousand offers is well under this. */
const BODY_LIMIT = 20 * 1024 * 1024;

export function registerCsvImport(app: FastifyInstance, ctx: AdminApiContext) {
  const def = ctx.registry.get('products');
  if (!def) return;
  const { db } = ctx.database;
  // Checked before the body is read: a guest learns nothing about what it should hold. Adding a product
  // also takes the create right, and each field its x-access.write: the import checks both per row
  // (csv-import.ts), so a manager imports prices and stock, a content editor texts.
  const preValidation = requireAccess(def, 'edit');
  const start =
    (kind: JobKind) =>
    async (request: ContractRequest<'adminPlatform.importProducts'>, reply: FastifyReply) => {
      // Whoever starts it: the job writes with their rights, and only they follow it.
      const user = request.user!;
      const job = await ctx.jobs.submit(kind, request.body.csv, actorOf(user), 0);
      return reply.status(202).send({ data: job });
    };

  serve(app, importColumns, async () => ({ data: await productCsvColumns(db) }), { preValidation });
  serve(app, previewImport, start('products-import-preview'), { preValidation, bodyLimit: BODY_LIMIT });
  serve(app, importProducts, start('products-import'), { preValidation, bodyLimit: BODY_LIMIT });
}
