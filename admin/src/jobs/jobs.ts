// Background jobs of the server (server/src/jobs): long work starts with a request that answers at once
// with the job, and the screen follows GET /api/admin/jobs/:id to its end (useJob).
import type { AdminJobView } from '@shop/schemas';
import { useCallback } from 'react';
import { callAdmin } from '../admin-api';
import { usePoll } from '../usePoll';

export type Job = AdminJobView;
export type JobKind = Job['kind'];

export const isOver = (job: Job) => job.status === 'done' || job.status === 'failed';

/** Your latest job of these kinds still running, so that a screen opened again follows it on. */
export const currentJob = (kinds: JobKind[]) =>
  callAdmin((api) => api.adminPlatform.currentJob({ kind: kinds.join(',') }));

/** The job followed until it is done or failed; null id follows nothing. */
export function useJob(id: number | null) {
  const load = useCallback(() => callAdmin((api) => api.adminPlatform.job(id!)), [id]);
  return usePoll(id === null ? null : load, isOver);
}
