// Requests as series, and GET /metrics. Every answer, of every route, 404s and errors included, is one
// observation in the onResponse hook, labelled by the route's pattern ('/api/products/:slug'), never the
// address: visitors make up addresses, and each new label value would be a new series kept forever. The
// storefront's pages all go through one catch-all route; the storefront names the page's own pattern
// (`labelRoute`), so they count by page kind too.
//
// /metrics is closed to the public in one of two ways (docs/deployment.md, "Watching it run"): a bearer
// token on the shop's own port (METRICS_TOKEN), or a port of its own that only the monitoring network
// reaches (METRICS_PORT on METRICS_HOST). Without either it does not exist.
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ShopMetrics } from './index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route label of this request when its route's pattern says too little (the storefront's '/*'). */
    metricsRoute: string | null;
  }
}

/** The label of a request no route matched: one value for every made-up address. */
const UNMATCHED = 'unmatched';

/** Counts every request of `app` (register it before the routes' plugins). */
export function registerRequestMetrics(app: FastifyInstance, metrics: ShopMetrics): void {
  app.decorateRequest('metricsRoute', null);
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    metrics.httpDuration.observe(
      {
        route: request.metricsRoute ?? (request.is404 ? UNMATCHED : request.routeOptions.url) ?? UNMATCHED,
        method: request.method,
        status_class: `${Math.floor(status / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Names the request's route for the series: one of a bounded set of values (a page's pattern). */
export function labelRoute(request: FastifyRequest, route: string): void {
  request.metricsRoute = route;
}

/** GET /metrics on `app`: with `token`, only for `Authorization: Bearer <token>`; without, for anyone. */
export function metricsRoute(app: FastifyInstance, metrics: ShopMetrics, token: string | null): void {
  const expected = token === null ? null : digest(token);
  app.get(
    '/metrics',
    // Prometheus asks every few seconds: two info lines a scrape would drown the log.
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (expected) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!timingSafeEqual(digest(given), expected))
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer realm="metrics"')
            .send({ error: { code: 'unauthorized', message: 'Нужен токен метрик (METRICS_TOKEN)' } });
      }
      const { contentType, body } = await metrics.text();
      return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
    },
  );
}

/** Equal-length digests, so that the comparison takes the same time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The metrics' own server, for METRICS_PORT: /metrics alone, no token (the port's network is its guard).
 * Not listening yet: the caller listens.
 */
export function metricsServer(metrics: ShopMetrics, log: FastifyBaseLogger): FastifyInstance {
  let requests = 0;
  const app = Fastify({
    loggerInstance: log.child({ server: 'metrics' }),
    // Its own ids, so that an error logged here is never taken for the shop's request of the same number.
    genReqId: () => `metrics-${++requests}`,
  });
  metricsRoute(app, metrics, null);
  return app;
}
