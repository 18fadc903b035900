// Serves the production build of the storefront from the API's own process (STACK.md, "One process"):
// hashed assets from disk, every other address rendered by React Router on the server.
//
// Register it with `app.register(storefrontPlugin, …)`, never by calling it directly: it removes the body
// parsers, and only Fastify's encapsulation keeps that change away from the API routes.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { InProcessTransport } from '@shop/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { labelRoute } from '../metrics/http';
import { isGuestRequest, renderForCache, sendCachedPage, storefrontPages } from './guest-pages';
import type { PageCache } from './page-cache';

export interface StorefrontPluginOptions {
  /** The storefront's build folder (storefront/build), holding client/ and server/index.js. */
  buildDir: string;
  /** Absolute API address the loaders call during SSR (the storefront's AppLoadContext.apiBaseURL). */
  apiBaseURL: string;
  /** The API is this very server: loaders call it through Fastify's inject, with no HTTP in between. */
  inProcessApi: boolean;
  /** Guests' whole pages, or null to render every request. */
  pageCache: PageCache | null;
}

/** What every loader and action receives; mirrors the AppLoadContext declared in storefront/app/load-context.ts. */
interface StorefrontLoadContext {
  [key: string]: unknown;
  apiBaseURL: string;
  apiTransport?: InProcessTransport;
  requestCookie: string | undefined;
  clientIp: string;
  /** This response's Content-Security-Policy nonce: fresh for every request, never reused or stored. */
  cspNonce: string;
  /** Render the whole page before sending anything (a page to keep), as for bots. */
  completePage?: boolean;
}

export async function storefrontPlugin(app: FastifyInstance, opts: StorefrontPluginOptions): Promise<void> {
  // The server half of the build (React, the routes) loads after the start, not during it: the process answers
  // its health check sooner, and it loads as soon as the server listens, before the first visitor; a page
  // asked before that waits for it. A failed load is logged and tried again by the next page.
  let loading: Promise<LoadedStorefront> | null = null;
  const storefront = () =>
    (loading ??= loadStorefront(opts.buildDir).catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  app.addHook('onListen', async () => {
    storefront().catch((err: unknown) => app.log.error({ err }, 'the storefront build did not load'));
  });
  const clientDir = join(opts.buildDir, 'client');

  // File names under /assets/ carry a content hash: a new build means new names, so cache them for good.
  // The build compressed them once (storefront/scripts/precompress.mjs): the .br or .gz beside a file is sent
  // as it is, so no asset is compressed per request.
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '1y',
    preCompressed: true,
    decorateReply: false,
  });
  // The other public files (favicon, documents) get one exact route each, listed when the server starts;
  // no wildcard, so every other address falls through to the SSR handler below.
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**'],
    decorateReply: false,
  });

  // The build now deployed, for open tabs' hourly "is there a new version?" check (storefront
  // lib/app-version.ts compares it with the version their page was loaded with). Never cached.
  app.get('/build-info.json', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ version: (await storefront()).build.assets.version }),
  );

  // React Router reads form posts itself from the raw stream: Fastify must leave the body unread
  // (its default parsers would consume JSON and answer 415 to form posts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // The loaders' API calls as requests of this server, through every hook an HTTP request passes (auth,
  // rate limits, validation), minus the socket: about 60 µs a call instead of 300 over loopback. They are
  // addressed to the page's own host and scheme, so addresses the API builds from its request (a payment's
  // return address, links in letters without SITE_URL) are the visitor's, as from the browser.
  const apiTransportFor =
    (request: FastifyRequest): InProcessTransport =>
    async ({ method, url, headers, body }) => {
      const answer = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...headers, host: request.host, 'x-forwarded-proto': request.protocol },
        ...(body === undefined ? {} : { payload: body }),
      });
      return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
    };
  const contextOf = (request: FastifyRequest, cookie: string | undefined): StorefrontLoadContext => ({
    apiBaseURL: opts.apiBaseURL,
    ...(opts.inProcessApi ? { apiTransport: apiTransportFor(request) } : {}),
    requestCookie: cookie,
    // The visitor's address (past the trusted proxies): the API calls of this render come from this
    // process, and the API's abuse limits must count the visitor, not the storefront.
    clientIp: request.ip,
    // 128 random bits: the page's inline scripts (React Router's hydration data, the Metrika snippet)
    // carry it and the policy allows no other inline script (storefront/app/entry.server.tsx).
    cspNonce: randomBytes(16).toString('base64'),
  });

  const cache = opts.pageCache;
  app.all('/*', async (request, reply) => {
    const { handleRequest, pageOf } = await storefront();
    const page = pageOf(request.url);
    // Counted by the page's pattern, not by the catch-all's '/*' (platform/metrics/http.ts).
    labelRoute(request, `storefront:${page.pattern}`);
    if (cache && request.method === 'GET' && page.guestCache && isGuestRequest(request.headers.cookie)) {
      const key = `${request.protocol}://${request.host}${request.url}`;
      const hit = cache.lookup(key);
      const kept =
        hit ??
        (await cache.fill(key, () =>
          renderForCache(
            handleRequest(toWebRequest(request, reply, { forCache: true }), {
              ...contextOf(request, undefined),
              completePage: true,
            }),
          ),
        ));
      if (kept) return sendCachedPage(request, reply, cache, kept, hit ? 'hit' : 'miss');
    }
    const response = await handleRequest(
      toWebRequest(request, reply),
      contextOf(request, request.headers.cookie),
    );
    // Fastify 5 sends a Web Response as it is: status, headers (several Set-Cookie too) and the streamed body.
    return reply.send(response);
  });
}

interface LoadedStorefront {
  build: ServerBuild;
  handleRequest: ReturnType<typeof createRequestHandler>;
  /** An address's page: its route pattern, and whether a guest may be served it from the page cache. */
  pageOf: ReturnType<typeof storefrontPages>;
}

async function loadStorefront(buildDir: string): Promise<LoadedStorefront> {
  const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
  return {
    build,
    handleRequest: createRequestHandler(build, process.env.NODE_ENV),
    pageOf: storefrontPages(build),
  };
}

/** The Fastify request as a Web Request, aborted when the visitor goes away before the answer is complete. */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  /** forCache: without the visitor's cookies, and not aborted when that visitor leaves (others may wait for it). */
  options: { forCache?: boolean } = {},
): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || (options.forCache && name === 'cookie')) continue;
    if (Array.isArray(value)) {
      for (const item of value) headers.append(name, item);
    } else {
      headers.set(name, value);
    }
  }

  const controller = new AbortController();
  if (!options.forCache)
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });

  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    // A streamed body requires half-duplex mode in Node's fetch implementation.
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}
