// Background jobs of the server (server/src/jobs): long work starts with a request that answers at once
// with the job, and the screen follows GET /api/admin/jobs/:id to its end (useJob).
import type { AdminJobView } from '@shop/schemas';
import { useCallback } from 'react';
import { getAdmin, postAdmin } from '../admin-api';
import { usePoll } from '../usePoll';

export type Job = AdminJobView;
export type JobKind = Job['kind'];

export const isOver = (job: Job) => job.status === 'done' || job.status === 'failed';

/** Starts the work behind `path` (POST, answered 202 with the job). */
export const startJob = (path: string, body: unknown) => postAdmin<Job>(path, body);

/** Your latest job of these kinds still running, so that a screen opened again follows it on. */
export const currentJob = (kinds: JobKind[]) => getAdmin<Job | null>(`/jobs/current?kind=${kinds.join(',')}`);

/** The job followed until it is done or failed; null id follows nothing. */
export function useJob(id: number | null) {
  const load = useCallback(() => getAdmin<Job>(`/jobs/${id}`), [id]);
  return usePoll(id === null ? null : load, isOver);
}
