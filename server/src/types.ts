// Types the server's domains share: what the admin API's plugins are given.
import type { Config } from './config';
import type { Registry, ResourceDef } from './crud/types';
import type { Database } from './db';

/** What every plugin of the admin API (admin-api.ts) is given. */
export interface AdminApiContext {
  database: Database;
  registry: Registry;
  resources: ResourceDef[];
  config: Config;
}
