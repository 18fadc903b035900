// Types the server's domains share: what the admin API's plugins are given.
import type { Config } from './config';
import type { Registry, ResourceDef } from './crud/types';
import type { Database } from './db';
import type { AdminJobView } from '@shop/schemas';
import type { Actor } from './crud/types';

/** What every plugin of the admin API (admin-api.ts) is given. */
export interface AdminApiContext {
  database: Database;
  registry: Registry;
  resources: ResourceDef[];
  config: Config;
  /** Long admin work in the background (jobs/runner.ts). */
  jobs: JobQueue;
}

/** Queues long admin work and reads how it goes: what a domain's endpoints need of the job runner. */
export interface JobQueue {
  submit(kind: AdminJobView['kind'], input: string, actor: Actor, total: number): Promise<AdminJobView>;
  get(id: number, userId: number | null): Promise<AdminJobView | null>;
  current(kinds: AdminJobView['kind'][], userId: number): Promise<AdminJobView | null>;
}
