// Types the server's domains share: what the admin API's plugins are given.
import type { Config } from './config';
import type { Registry, ResourceDef } from './crud/types';
import type { Database } from './db';
import type { JobRunner } from './jobs/runner';

/** What every plugin of the admin API (admin-api.ts) is given. */
export interface AdminApiContext {
  database: Database;
  registry: Registry;
  resources: ResourceDef[];
  config: Config;
  /** Long admin work in the background (jobs/runner.ts). */
  jobs: JobRunner;
}
