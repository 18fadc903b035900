// The one server: public API, admin API, OpenAPI docs, the admin SPA at /nuxt and the server-rendered
// storefront, on one port.
import fastifyCompress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { resources as generatedResources } from '../generated/resources';
import { server as accounts } from './domains/accounts';
import { ensureAdmin } from './domains/accounts';
import { server as catalog } from './domains/catalog';
import { indexProducts, vacuumSearchTables } from './domains/catalog';
import { server as content } from './domains/content';
import { server as delivery } from './domains/delivery';
import { server as feeds } from './domains/feeds';
import { server as forms } from './domains/forms';
import { server as messages } from './domains/messages';
import { ensureSystemTemplates } from './domains/messages';
import { server as payments } from './domains/payments';
import { server as privacy } from './domains/privacy';
import { server as sales } from './domains/sales';
import { server as settings } from './domains/settings';
import { joinGuestCart, server as flows } from './flows';
import { registerAuth } from './platform/auth/guard';
import { backupRoute } from './platform/backup/route';
import type { Config } from './platform/config';
import { historyRoutes } from './platform/crud/history-routes';
import { adminCrudRoutes, createRegistry } from './platform/crud/routes';
import type { ResourceDef } from './platform/crud/types';
import { openDatabase, type Database } from './platform/db';
import { migrate } from './platform/db/migrate';
import { readinessCheck } from './platform/db/readiness';
import { AfterResponse } from './platform/http/after-response';
import { registerDocs } from './platform/http/docs';
import { registerErrorHandler } from './platform/http/errors';
import { loggerOptions } from './platform/http/logging';
import { registerRateLimit } from './platform/http/rate-limit';
import { LazyCompilers, registerRouteSchemas } from './platform/http/route-schemas';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { jobRoutes } from './platform/jobs/routes';
import { JobRunner } from './platform/jobs/runner';
import { ShopMetrics } from './platform/metrics';
import { watchDatabase } from './platform/metrics/database';
import { metricsRoute, metricsServer, registerRequestMetrics } from './platform/metrics/http';
import type { ServerPart } from './platform/server-part';
import { createStorage, type FileStorage } from './platform/storage';
import type { ShopContext } from './platform/types';
import { adminPlugin } from './platform/web/admin';
import { imagesPlugin } from './platform/web/images';
import { PageCache, watchPageCache } from './platform/web/page-cache';
import { watchPublicData, type PublicData } from './platform/web/public-data';
import { storefrontPlugin } from './platform/web/storefront';
import { uploadsPlugin } from './platform/web/uploads';
import { seedDemo } from './seed/demo';
import type { DestinationStream } from 'pino';

/** The shop's domains and flows, each registering what its index.ts declares (platform/server-part.ts). */
const PARTS: ServerPart[] = [
  settings,
  privacy,
  messages,
  forms,
  accounts,
  catalog,
  content,
  feeds,
  payments,
  delivery,
  sales,
  flows,
];

export interface AppOptions {
  config: Config;
  /** An already open database (tests share one); otherwise opened from the config. */
  database?: Database;
  /** The app closes the database given above when it closes (main.ts opens it early, for the app alone). */
  closesDatabase?: boolean;
  /** The generated registration, or another one (the scratch-entity test). */
  resources?: ResourceDef[];
  /** More endpoints under /api, after the shop's own (the scratch-endpoint test adds one). */
  moreApi?: FastifyPluginAsync[];
  migrationsDir?: string;
  logger?: boolean;
  /** Where the log goes instead of stdout (a test reads what was logged). */
  logStream?: DestinationStream;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  /**
   * Every route registered, as method and URL (the /api/docs completeness test compares them), with the
   * contract it serves or the resource whose generic CRUD it is (the contract test).
   */
  routes: { method: string; url: string; contract?: string; crud?: string }[];
  /** Committed changes of what guests are shown, from any instance (the caches listen). */
  publicData: PublicData;
  /** Compiles the route schemas still waiting for a first request; answers how many (route-schemas.ts). */
  compilePendingSchemas(): number;
  /** Work the routes do after answering (password recovery's letter); `idle()` waits for it. */
  afterResponse: AfterResponse;
  /** Where uploaded pictures live (UPLOADS_DIR or the S3 bucket): the demo seeding writes there too. */
  storage: FileStorage;
  /** The series of GET /metrics (the scheduler, started by main.ts, counts its tasks here too). */
  metrics: ShopMetrics;
  /**
   * Starts the metrics' own server on METRICS_PORT, when set (it closes with the app); answers its
   * address, or null when there is none.
   */
  listenMetrics: () => Promise<string | null>;
}

export async function buildApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const resources = opts.resources ?? generatedResources;
  const compilers = new LazyCompilers();
  const app = Fastify({
    logger:
      opts.logger === false && !opts.logStream
        ? false
        : loggerOptions(config.logLevel, resources, opts.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    schemaController: compilers.schemaController,
  });
  const database =
    opts.database ??
    (await openDatabase({
      ...config,
      onIdleConnectionLost: (err) =>
        app.log.warn({ err }, 'PostgreSQL: an idle connection was lost; the pool opens another'),
    }));
  // First of the close hooks, so it runs last: the others (listeners, the read model) still use the database.
  if (!opts.database || opts.closesDatabase) app.addHook('onClose', () => database.close());
  const migrationsDir = opts.migrationsDir ?? config.migrationsDir;
  const ran = await migrate(database, migrationsDir);
  if (ran.length) app.log.info({ migrations: ran }, 'migrations applied');
  const publicData = await watchPublicData(database, resources);
  app.addHook('onClose', () => publicData.stop());

  registerErrorHandler(app);
  // Before every route: each answer is one observation (platform/metrics/http.ts).
  const metrics = new ShopMetrics();
  registerRequestMetrics(app, metrics);
  watchDatabase(metrics, database);
  if (config.metricsToken) metricsRoute(app, metrics, config.metricsToken);
  let metricsApp: FastifyInstance | null = null;
  app.addHook('onClose', async () => {
    await metricsApp?.close();
  });
  const afterResponse = new AfterResponse();
  afterResponse.register(app);
  const routes: App['routes'] = [];
  app.addHook('onRoute', (route) => {
    const { contract, crud } = route.config ?? {};
    for (const method of ([] as string[]).concat(route.method))
      routes.push({ method, url: route.url, ...(contract ? { contract } : {}), ...(crud ? { crud } : {}) });
  });
  registerRouteSchemas(app);
  // Before every route, so that every answer (API, pages, files, errors, 404s) gets them.
  await registerSecurityHeaders(app);
  // Before the routes: @fastify/swagger collects them as they are registered.
  await registerDocs(app);
  // Pages, scripts, styles and JSON go out compressed (brotli, else gzip): the storefront's HTML and scripts
  // are a fifth of their size on a phone's connection. Registered before every route so all of them get it;
  // images are already compressed and are left alone by content type.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerAuth(app, database.db);
  await registerRateLimit(app, database.db, { scale: config.rateLimitScale });
  const registry = createRegistry(resources);
  // Long admin work runs here in the background; any instance takes a job another one left (jobs/runner.ts).
  const jobs = new JobRunner(
    database.db,
    Object.fromEntries(PARTS.flatMap((part) => Object.entries(part.jobs?.(database.db, registry) ?? {}))),
    app.log,
    metrics,
  );
  jobs.start();
  app.addHook('preClose', () => jobs.stop());
  const storage = createStorage(config);
  const ctx: ShopContext = {
    database,
    registry,
    resources,
    config,
    jobs,
    storage,
    publicData,
    afterResponse,
    readiness: readinessCheck(database, migrationsDir, app.log),
    metrics,
    signedIn: joinGuestCart,
  };
  for (const part of PARTS) part.metrics?.(ctx);

  await app.register(
    async (api) => {
      for (const part of PARTS) if (part.api) await api.register(part.api(ctx));
      // Hand-written admin endpoints first: their fixed paths (/admin/coupons/generate) sit beside the
      // generated /admin/<resource>/:id ones.
      await api.register(
        async (admin) => {
          await admin.register(historyRoutes(ctx));
          await admin.register(jobRoutes(ctx.jobs));
          for (const part of PARTS) if (part.admin) await admin.register(part.admin(ctx));
        },
        { prefix: '/admin' },
      );
      const csvFormats = Object.fromEntries(PARTS.flatMap((part) => Object.entries(part.csvFormats ?? {})));
      await api.register(adminCrudRoutes(database, registry, resources, csvFormats), { prefix: '/admin' });
      for (const plugin of opts.moreApi ?? []) await api.register(plugin);
      // A mistyped API path answers JSON, never the storefront's page (its catch-all is less specific).
      const apiNotFound = (request: FastifyRequest, reply: FastifyReply) =>
        reply.status(404).send({
          error: { code: 'not_found', message: `Нет такого адреса API: ${request.method} ${request.url}` },
        });
      api.all('/*', { schema: { hide: true } }, apiNotFound);
      api.setNotFoundHandler(apiNotFound);
    },
    { prefix: '/api' },
  );

  await app.register(uploadsPlugin, { storage });
  // WebP variants of uploaded images at the spec's breakpoint widths (the storefront's <Picture>).
  await app.register(imagesPlugin, { storage });
  // GET /ops/backup, when BACKUP_TOKEN is set: npm run db:backup takes a running PGlite shop's backup here.
  await app.register(backupRoute({ database, config }));

  if (existsSync(join(config.adminDistDir, 'index.html')))
    await app.register(adminPlugin, { distDir: config.adminDistDir });
  for (const part of PARTS) if (part.site) await app.register(part.site(ctx));

  if (existsSync(join(config.storefrontBuildDir, 'server/index.js'))) {
    const pageCache = config.pageCacheMb
      ? new PageCache({ maxBytes: config.pageCacheMb * 1024 * 1024, ttlMs: config.pageCacheSeconds * 1000 })
      : null;
    if (pageCache) {
      publicData.onChange(() => pageCache.invalidate());
      watchPageCache(metrics, pageCache);
    }
    await app.register(storefrontPlugin, {
      buildDir: config.storefrontBuildDir,
      apiBaseURL: config.baseUrlToApi ?? `http://127.0.0.1:${config.port}`,
      // The API is this process unless BASE_URL_TO_API points elsewhere: loaders call it without HTTP.
      inProcessApi: !config.baseUrlToApi,
      pageCache,
    });
  }
  return {
    app,
    database,
    routes,
    publicData,
    compilePendingSchemas: () => compilers.compilePending(),
    afterResponse,
    storage,
    metrics,
    listenMetrics: async () => {
      if (config.metricsPort === null) return null;
      metricsApp ??= metricsServer(metrics, app.log);
      return metricsApp.listen({ port: config.metricsPort, host: config.metricsHost });
    },
  };
}

/** First-start work: the administrator account and, on an empty shop, the demo catalogue. */
export async function prepareData(
  app: FastifyInstance,
  database: Database,
  config: Config,
  storage: FileStorage,
) {
  await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword }, app.log);
  const templates = await ensureSystemTemplates(database.db);
  if (templates.mail || templates.sms) app.log.info(templates, 'system message templates created');
  let seeded: Record<string, number> | null = null;
  if (config.demoData) {
    seeded = await seedDemo(database.db, { storage });
    if (seeded) app.log.info(seeded, 'demo data created');
  }
  // Products stored before the search engine existed get their search documents once.
  const indexed = await indexProducts(database.db);
  if (indexed) app.log.info({ products: indexed }, 'search documents built');
  if (seeded || indexed) await vacuumSearchTables(database.db);
}
