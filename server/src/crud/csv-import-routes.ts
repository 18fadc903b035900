// POST /api/admin/products/import/preview { csv } → the report of every row, nothing written;
// POST /api/admin/products/import { csv } → the same check, then every product in one transaction, or 400
// with the report and nothing written. For a role that may both create and edit products.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from '../admin-api/index';
import { requireAccess } from '../auth/guard';
import { badRequest } from '../http/errors';
import { analyseImport, IMPORT_COLUMNS, writeImport } from './csv-import';
import { actorOf } from './history';

/** A CSV file of a few thousand offers is well under this. */
const BODY_LIMIT = 20 * 1024 * 1024;

function csvOf(body: unknown): string {
  const csv = (body as { csv?: unknown } | null)?.csv;
  if (typeof csv !== 'string' || csv.trim() === '') throw badRequest('Выберите CSV-файл для загрузки');
  return csv;
}

export function registerCsvImport(app: FastifyInstance, ctx: AdminApiContext) {
  const def = ctx.registry.get('products');
  if (!def) return;
  const { db } = ctx.database;
  const canCreate = requireAccess(def, 'create');
  const canEdit = requireAccess(def, 'edit');
  const opts = { preHandler: [canCreate, canEdit], bodyLimit: BODY_LIMIT };

  app.get('/products/import/columns', { preHandler: [canCreate, canEdit] }, async () => ({
    data: IMPORT_COLUMNS,
  }));

  app.post('/products/import/preview', opts, async (request) => {
    const { report } = await analyseImport(db, def, csvOf(request.body));
    return { data: report };
  });

  app.post('/products/import', opts, async (request, reply) => {
    const { report, plan } = await analyseImport(db, def, csvOf(request.body));
    if (!report.valid) {
      return reply.status(400).send({
        error: { code: 'bad_request', message: 'В файле есть ошибки: ничего не записано' },
        data: report,
      });
    }
    await writeImport(db, ctx.registry, def, plan, actorOf(request.user));
    return { data: report };
  });
}
