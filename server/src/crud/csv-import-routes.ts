// GET /api/admin/products/import/columns → the file's columns (csv-products.ts; the export writes the same);
// POST /api/admin/products/import/preview { csv } → the report of every row, nothing written;
// POST /api/admin/products/import { csv } → the same check, then every product in one transaction, or 400
// with the report and nothing written. For a role that may both create and edit products.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductImportRequest } from '@shop/schemas';
import type { AdminApiContext } from '../types';
import { requireAccess } from '../accounts/guard';
import { api, envelope } from '../http/route-schemas';
import { analyseImport, writeImport } from './csv-import';
import { productCsvColumns } from './csv-products';
import { userContext } from './context';

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

/** A refused import: the usual error and, when the file was read, the report of every row. */
const REFUSED = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    data: api('product-import-report'),
  },
};

export function registerCsvImport(app: FastifyInstance, ctx: AdminApiContext) {
  const def = ctx.registry.get('products');
  if (!def) return;
  const { db } = ctx.database;
  // Checked before the body is read: a guest learns nothing about what it should hold. Adding a product
  // also takes the create right, and each field its x-access.write: the import checks both per row
  // (csv-import.ts), so a manager imports prices and stock, a content editor texts.
  const preValidation = requireAccess(def, 'edit');
  const tags = [def.label.many];
  const caller = (request: FastifyRequest) => userContext(db, ctx.registry, def, request.user!);
  const opts = (summary: string, refused?: object) => ({
    preValidation,
    bodyLimit: BODY_LIMIT,
    schema: {
      tags,
      summary,
      body: api('product-import-request'),
      response: { 200: envelope(api('product-import-report')), ...(refused ? { 400: refused } : {}) },
    },
  });

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
    opts('Проверка CSV-файла товаров: отчёт по каждой строке, ничего не записывается'),
    async (request) => {
      const { report } = await analyseImport(caller(request), (request.body as ProductImportRequest).csv);
      return { data: report };
    },
  );

  app.post(
    '/products/import',
    opts('Импорт CSV-файла товаров: всё в одной транзакции, или 400 с отчётом и ничего не записано', REFUSED),
    async (request, reply) => {
      const { report, plan } = await analyseImport(
        caller(request),
        (request.body as ProductImportRequest).csv,
      );
      if (!report.valid) {
        return reply.status(400).send({
          error: { code: 'bad_request', message: 'В файле есть ошибки: ничего не записано' },
          data: report,
        });
      }
      await writeImport(caller(request), plan);
      return { data: report };
    },
  );
}
