// GET /api/admin/jobs/:id: a background job (runner.ts) as its starter follows it: stage, progress, result or
// error. GET /api/admin/jobs/current?kind=a,b: the starter's latest job of those kinds not over yet, so that a
// screen opened again (the page was closed or reloaded) follows it on. A job is shown only to whoever
// started it: another user's number answers 404, as a missing one does.
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard';
import { serve } from '../http/contract';
import { notFound } from '../http/errors';
import { currentJob, job as jobContract, JOB_KINDS } from '@shop/schemas/contracts/platform';
import type { JobQueue } from '../types';

export function jobRoutes(jobs: JobQueue) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      currentJob,
      async (request) => {
        // The query's pattern lets through only known kinds, comma-separated.
        const asked = request.query.kind.split(',');
        const kinds = JOB_KINDS.filter((kind) => asked.includes(kind));
        return { data: await jobs.current(kinds, request.user!.id) };
      },
      { preValidation: requireUser },
    );
    serve(
      app,
      jobContract,
      async (request) => {
        const job = await jobs.get(request.params.id, request.user!.id);
        if (!job) throw notFound('Задача не найдена');
        return { data: job };
      },
      { preValidation: requireUser },
    );
  };
}
