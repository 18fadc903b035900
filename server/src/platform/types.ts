// Types the server's domains share: what their endpoints are built with.
import type { Config } from './config';
import type { Registry, ResourceDef } from './crud/types';
import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from './db';
import type { Readiness } from './db/readiness';
import type { AdminJobView } from '@shop/schemas';
import type { Actor } from './crud/types';
import type { AfterResponse } from './http/after-response';
import type { ShopMetrics } from './metrics';
import type { PublicData } from './web/public-data';
import type { FileStorage } from './storage';

/** What every plugin of the admin API (admin-api.ts) is given. */
export interface AdminApiContext {
  database: Database;
  registry: Registry;
  resources: ResourceDef[];
  config: Config;
  /** Long admin work in the background (jobs/runner.ts). */
  jobs: JobQueue;
  /** Where uploaded pictures and their variants live (storage/index.ts): UPLOADS_DIR or a bucket. */
  storage: FileStorage;
}

/** What every domain's endpoints are built with (platform/server-part.ts). */
export interface ShopContext extends AdminApiContext {
  /** Committed changes of what guests are shown (the caches listen). */
  publicData: PublicData;
  /** Work a route does after it has answered (password recovery's letter). */
  afterResponse: AfterResponse;
  /** Whether this instance can serve now (the database answers, migrations applied): db/readiness.ts. */
  readiness: () => Promise<Readiness>;
  /** The series GET /metrics answers (platform/metrics). */
  metrics: ShopMetrics;
  /** What else happens when someone signs in or registers (the composition gives it: flows/sign-in.ts). */
  signedIn: SignedInHook;
}

/** Runs inside the sign-in's (or the registration's) transaction. */
export type SignedInHook = (tx: Tx, request: FastifyRequest, userId: number) => Promise<void>;

/** Queues long admin work and reads how it goes: what a domain's endpoints need of the job runner. */
export interface JobQueue {
  submit(kind: AdminJobView['kind'], input: string, actor: Actor, total: number): Promise<AdminJobView>;
  get(id: number, userId: number | null): Promise<AdminJobView | null>;
  current(kinds: AdminJobView['kind'][], userId: number): Promise<AdminJobView | null>;
}
