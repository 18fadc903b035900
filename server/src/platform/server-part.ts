// What a domain (or the flows) adds to the server, declared in its index.ts and registered by app.ts, which
// loops over the parts: endpoints under /api and /api/admin, routes outside /api, CSV formats of its
// resources, kinds of background jobs, series read when /metrics is scraped. A new domain is a folder with an index.ts and one line in app.ts.
import type { FastifyPluginAsync } from 'fastify';
import type { CsvFormat } from './crud/routes';
import type { Registry } from './crud/types';
import type { Db } from './db';
import type { JobHandler, JobKind } from './jobs/runner';
import type { ShopContext } from './types';

export interface ServerPart {
  /** Its endpoints under /api (each path is its contract's, from /api on). */
  api?(ctx: ShopContext): FastifyPluginAsync;
  /** Its endpoints under /api/admin, registered before the generic CRUD (a fixed path wins over /:id). */
  admin?(ctx: ShopContext): FastifyPluginAsync;
  /** Its routes outside /api, ahead of the storefront's pages (sitemap.xml, a PDF, a mail client's post). */
  site?(ctx: ShopContext): FastifyPluginAsync;
  /** Resources whose CSV export is a format of their own (platform/crud/routes.ts). */
  csvFormats?: Record<string, CsvFormat>;
  /** Kinds of long admin work it runs in the background (platform/jobs/runner.ts). */
  jobs?(db: Db, registry: Registry): Partial<Record<JobKind, JobHandler>>;
  /** Its series for GET /metrics, added to `ctx.metrics` (read at scrape time: the outbox's backlog). */
  metrics?(ctx: ShopContext): void;
}
