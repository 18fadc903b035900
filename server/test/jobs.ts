// Background jobs through the admin API (server/src/jobs): start one, then follow GET /api/admin/jobs/:id
// until it is over, as the admin's screen does.
import type { AdminJobView } from '@shop/schemas';
import type { FastifyInstance } from 'fastify';

/** Waits for the job to end (done or failed), asking again and again; the test's own timeout bounds it. */
export async function jobEnd(app: FastifyInstance, id: number, token: string): Promise<AdminJobView> {
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${id}`,
      headers: { authorization: token },
    });
    if (res.statusCode !== 200) throw new Error(`GET /api/admin/jobs/${id}: ${res.statusCode} ${res.body}`);
    const job = res.json<{ data: AdminJobView }>().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * POSTs a request that starts a job and follows it to its end: `answer` is the POST's own answer (202 and the
 * job as it stood then), `job` the job at its end (null when the request was refused outright).
 */
export async function runJob(app: FastifyInstance, url: string, payload: object, token: string) {
  const answer = await app.inject({ method: 'POST', url, payload, headers: { authorization: token } });
  if (answer.statusCode !== 202) return { answer, started: null, job: null };
  const started = answer.json<{ data: AdminJobView }>().data;
  return { answer, started, job: await jobEnd(app, started.id, token) };
}
