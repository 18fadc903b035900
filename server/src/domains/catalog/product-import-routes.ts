// GET /api/admin/products/import/columns → the file's columns (csv-products.ts; the export writes the same);
// POST /api/admin/products/import/preview { csv } → 202 with a job (jobs/runner.ts) whose result is the
// report of every row and of what would change, nothing written;
// POST /api/admin/products/import { csv } → 202 with a job that checks the file again and writes its real
// changes in one transaction (done), or fails with the report and nothing written (csv-import-jobs.ts).
// The screen follows the job at GET /api/admin/jobs/:id. For a role that may both create and edit products.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProductImportRequest } from '@shop/schemas';
import type { AdminApiContext } from '../../platform/types';
import { requireAccess } from '../../platform/auth/guard';
import { api, envelope } from '../../platform/http/route-schemas';
import type { JobKind } from '../../platform/jobs/runner';
import { productCsvColumns } from './csv-products';
import { actorOf } from '../../platform/crud/history';

/** A CSV file of a few thousand offers is well under this. */
const BODY_LIMIT = 20 * 1024 * 1024;

const COLUMNS = envelope({
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'header', 'help'],
    properties: {
      code: { type: 'string' },
      header: { type: 'string', description: "The column's header in the file" },
      help: { type: 'string', description: 'What the column holds, in Russian' },
      directory: { type: 'boolean', description: "A directory's column: an offer attribute, by entry code" },
    },
  },
});

export function registerCsvImport(app: FastifyInstance, ctx: AdminApiContext) {
  const def = ctx.registry.get('products');
  if (!def) return;
  const { db } = ctx.database;
  // Checked before the body is read: a guest learns nothing about what it should hold. Adding a product
  // also takes the create right, and each field its x-access.write: the import checks both per row
  // (csv-import.ts), so a manager imports prices and stock, a content editor texts.
  const preValidation = requireAccess(def, 'edit');
  const tags = [def.label.many];
  const opts = (summary: string) => ({
    preValidation,
    bodyLimit: BODY_LIMIT,
    schema: {
      tags,
      summary,
      body: api('product-import-request'),
      response: { 202: envelope(api('admin-job')) },
    },
  });
  const start = (kind: JobKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { csv } = request.body as ProductImportRequest;
    // Whoever starts it: the job writes with their rights, and only they follow it.
    const user = request.user!;
    const job = await ctx.jobs.submit(kind, csv, actorOf(user), 0);
    return reply.status(202).send({ data: job });
  };

  app.get(
    '/products/import/columns',
    {
      preValidation,
      schema: { tags, summary: 'Колонки CSV-файла импорта товаров', response: { 200: COLUMNS } },
    },
    async () => ({ data: await productCsvColumns(db) }),
  );

  app.post(
    '/products/import/preview',
    opts('Проверка CSV-файла товаров в фоне: задача с отчётом по каждой строке, ничего не записывается'),
    start('products-import-preview'),
  );

  app.post(
    '/products/import',
    opts('Импорт CSV-файла товаров в фоне: задача пишет только изменения, в одной транзакции, или ничего'),
    start('products-import'),
  );
}
