// The one server: public API, admin API, OpenAPI docs, the admin SPA at /nuxt and the server-rendered
// storefront, on one port.
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { resources as generatedResources } from '../generated/resources';
import { adminSessionRoutes } from './domains/accounts/admin-session';
import { authRoutes } from './domains/accounts/auth-routes';
import { ensureAdmin } from './domains/accounts/bootstrap';
import { registerAuth } from './platform/auth/guard';
import type { Config } from './platform/config';
import { adminApiRoutes } from './admin-api';
import { adminCrudRoutes, createRegistry } from './platform/crud/routes';
import { productImportJobs } from './domains/catalog/product-import-jobs';
import { JobRunner } from './platform/jobs/runner';
import { openDatabase, type Database } from './platform/db';
import { PageCache } from './platform/web/page-cache';
import { watchPublicData, type PublicData } from './platform/web/public-data';
import { migrate } from './platform/db/migrate';
import { registerDocs } from './platform/http/docs';
import type { DestinationStream } from 'pino';
import { AfterResponse } from './platform/http/after-response';
import { loggerOptions } from './platform/http/logging';
import { registerErrorHandler } from './platform/http/errors';
import { registerRateLimit } from './platform/http/rate-limit';
import { LazyCompilers, registerRouteSchemas } from './platform/http/route-schemas';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { ensureSystemTemplates } from './domains/messages/system-templates';
import { catalogRoutes } from './domains/catalog/catalog-routes';
import { catalogPageRoutes } from './domains/catalog/catalog-pages';
import { productPageRoutes } from './domains/catalog/product-page';
import { contentRoutes } from './domains/content/content-routes';
import { captchaRoutes } from './domains/forms/captcha';
import { feedbackRoutes } from './domains/forms/form-routes';
import { stockNoticeRoutes } from './domains/catalog/stock-notices';
import { newsletterOneClickRoutes, newsletterRoutes } from './domains/messages/newsletter';
import { profileRoutes } from './domains/accounts/profile';
import { profileSubscriptionRoutes } from './domains/accounts/profile-subscriptions';
import { cartRoutes } from './domains/sales/cart-routes';
import { invoiceRoutes } from './domains/sales/invoice-routes';
import { orderRoutes } from './flows/checkout/order-routes';
import { customerOrderRoutes } from './flows/payment/customer-order-routes';
import { repeatOrderRoutes } from './domains/sales/repeat-order';
import { paymentNotificationRoutes } from './flows/payment/notification-routes';
import { siteRoutes } from './flows/site-state';
import { indexProducts, vacuumSearchTables } from './domains/catalog/search/document';
import { seedDemo } from './seed/demo';
import { adminPlugin } from './platform/web/admin';
import { imagesPlugin } from './platform/web/images';
import { privacyPolicyRoutes } from './domains/privacy/privacy-policy';
import { seoRoutes } from './domains/content/seo';
import { storefrontPlugin } from './platform/web/storefront';
import { uploadsStaticOptions } from './platform/web/uploads';
import type { ResourceDef } from './platform/crud/types';

export interface AppOptions {
  config: Config;
  /** An already open database (tests share one); otherwise opened from the config. */
  database?: Database;
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
  if (!opts.database) app.addHook('onClose', () => database.close());
  const ran = await migrate(database, opts.migrationsDir ?? config.migrationsDir);
  if (ran.length) app.log.info({ migrations: ran }, 'migrations applied');
  const publicData = await watchPublicData(database, resources);
  app.addHook('onClose', () => publicData.stop());

  registerErrorHandler(app);
  const afterResponse = new AfterResponse();
  afterResponse.register(app);
  const routes: App['routes'] = [];
  app.addHook('onRoute', (route) => {
    const { contract, crud } = route.config ?? {};
    for (const method of ([] as string[]).concat(route.method))
      routes.push({ method, url: route.url, ...(contract ? { contract } : {}), ...(crud ? { crud } : {}) });
  });
  registerRouteSchemas(app, compilers);
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
  const jobs = new JobRunner(database.db, { ...productImportJobs(database.db, registry) }, app.log);
  jobs.start();
  app.addHook('preClose', () => jobs.stop());

  await app.register(
    async (api) => {
      await api.register(authRoutes(database.db, { siteUrl: config.siteUrl, afterResponse }), {
        prefix: '/auth',
      });
      // The admin area's sign-in into an HttpOnly cookie, with its CSRF token (accounts/admin-session.ts).
      await api.register(adminSessionRoutes(database.db), { prefix: '/auth/admin' });
      await api.register(profileRoutes(database.db, config));
      await api.register(catalogRoutes(database.db, publicData));
      await api.register(catalogPageRoutes(database.db));
      await api.register(productPageRoutes(database.db, publicData));
      await api.register(siteRoutes(database, publicData));
      await api.register(contentRoutes(database.db));
      await api.register(captchaRoutes(database.db, config.captchaTestAnswer));
      await api.register(feedbackRoutes(database.db, config));
      await api.register(stockNoticeRoutes(database.db));
      await api.register(newsletterRoutes(database.db, config));
      await api.register(profileSubscriptionRoutes(database.db, config));
      await api.register(cartRoutes(database.db));
      await api.register(orderRoutes(database.db, config));
      await api.register(customerOrderRoutes(database.db, config));
      await api.register(repeatOrderRoutes(database.db));
      await api.register(paymentNotificationRoutes(database.db, config));
      // The invoice PDF of an order paid by invoice: by the guest's link, in the cabinet and in the admin.
      await api.register(invoiceRoutes(database.db, registry));
      // Hand-written admin endpoints first: their fixed paths (/admin/coupons/generate) sit beside the
      // generated /admin/<resource>/:id ones.
      await api.register(adminApiRoutes({ database, registry, resources, config, jobs }), {
        prefix: '/admin',
      });
      await api.register(adminCrudRoutes(database, registry, resources), { prefix: '/admin' });
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

  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, uploadsStaticOptions(config.uploadsDir));
  // WebP variants of uploaded images at the spec's breakpoint widths (the storefront's <Picture>).
  await app.register(imagesPlugin, { uploadsDir: config.uploadsDir });

  if (existsSync(join(config.adminDistDir, 'index.html')))
    await app.register(adminPlugin, { distDir: config.adminDistDir });
  // sitemap.xml and robots.txt from the database, ahead of the storefront's catch-all.
  await app.register(seoRoutes({ db: database.db, siteUrl: config.siteUrl }));
  await app.register(privacyPolicyRoutes(database.db));
  // A mail client's one-click unsubscribe posts to the letter's link, the storefront's page address.
  await app.register(newsletterOneClickRoutes(database.db));

  if (existsSync(join(config.storefrontBuildDir, 'server/index.js'))) {
    const pageCache = config.pageCacheMb
      ? new PageCache({ maxBytes: config.pageCacheMb * 1024 * 1024, ttlMs: config.pageCacheSeconds * 1000 })
      : null;
    if (pageCache) publicData.onChange(() => pageCache.invalidate());
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
  };
}

/** First-start work: the administrator account and, on an empty shop, the demo catalogue. */
export async function prepareData(app: FastifyInstance, database: Database, config: Config) {
  await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword }, app.log);
  const templates = await ensureSystemTemplates(database.db);
  if (templates.mail || templates.sms) app.log.info(templates, 'system message templates created');
  let seeded: Record<string, number> | null = null;
  if (config.demoData) {
    seeded = await seedDemo(database.db, { uploadsDir: config.uploadsDir });
    if (seeded) app.log.info(seeded, 'demo data created');
  }
  // Products stored before the search engine existed get their search documents once.
  const indexed = await indexProducts(database.db);
  if (indexed) app.log.info({ products: indexed }, 'search documents built');
  if (seeded || indexed) await vacuumSearchTables(database.db);
}
