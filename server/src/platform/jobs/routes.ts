// GET /api/admin/jobs/:id: a background job (runner.ts) as its starter follows it: stage, progress, result or
// error. GET /api/admin/jobs/current?kind=a,b: the starter's latest job of those kinds not over yet, so that a
// screen opened again (the page was closed or reloaded) follows it on. A job is shown only to whoever
// started it: another user's number answers 404, as a missing one does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guard';
import { notFound } from '../http/errors';
import { api, envelope, idParams } from '../http/route-schemas';
import type { JobQueue } from '../types';
import type { JobKind } from './runner';

const KINDS: JobKind[] = ['products-import-preview', 'products-import'];

export function jobRoutes(jobs: JobQueue) {
  return async function plugin(app: FastifyInstance) {
    const tags = ['Фоновые задачи'];
    app.get(
      '/jobs/current',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Незавершённая фоновая задача этих видов, запущенная вами (или null)',
          querystring: {
            type: 'object',
            additionalProperties: false,
            required: ['kind'],
            properties: {
              kind: {
                type: 'string',
                description: 'Виды через запятую: products-import-preview,products-import',
                pattern: `^(${KINDS.join('|')})(,(${KINDS.join('|')}))*$`,
                maxLength: 200,
                'x-label': 'Вид задачи',
              },
            },
          },
          response: { 200: envelope({ anyOf: [{ type: 'null' }, api('admin-job')] }) },
        },
      },
      async (request: FastifyRequest) => {
        const kinds = (request.query as { kind: string }).kind.split(',') as JobKind[];
        return { data: await jobs.current(kinds, request.user!.id) };
      },
    );
    app.get(
      '/jobs/:id',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Фоновая задача: ход, результат или ошибка',
          params: idParams,
          response: { 200: envelope(api('admin-job')) },
        },
      },
      async (request: FastifyRequest) => {
        const job = await jobs.get((request.params as { id: number }).id, request.user!.id);
        if (!job) throw notFound('Задача не найдена');
        return { data: job };
      },
    );
  };
}
