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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

export interface StorefrontPluginOptions {
  /** The storefront's build folder (storefront/build), holding client/ and server/index.js. */
  buildDir: string;
  /** Absolute API address the loaders call during SSR (the storefront's AppLoadContext.apiBaseURL). */
  apiBaseURL: string;
}

/** What every loader and action receives; mirrors the AppLoadContext declared in storefront/app/load-context.ts. */
interface StorefrontLoadContext {
  [key: string]: unknown;
  apiBaseURL: string;
  requestCookie: string | undefined;
  clientIp: string;
  /** This response's Content-Security-Policy nonce: fresh for every request, never reused or stored. */
  cspNonce: string;
}

export async function storefrontPlugin(app: FastifyInstance, opts: StorefrontPluginOptions): Promise<void> {
  const build = (await import(pathToFileURL(join(opts.buildDir, 'server/index.js')).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  const clientDir = join(opts.buildDir, 'client');

  // File names under /assets/ carry a content hash: a new build means new names, so cache them for good.
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '1y',
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
    reply.header('Cache-Control', 'no-store').send({ version: build.assets.version }),
  );

  // React Router reads form posts itself from the raw stream: Fastify must leave the body unread
  // (its default parsers would consume JSON and answer 415 to form posts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.all('/*', async (request, reply) => {
    const context: StorefrontLoadContext = {
      apiBaseURL: opts.apiBaseURL,
      requestCookie: request.headers.cookie,
      // The visitor's address (past the trusted proxies): the API calls of this render come from this
      // process, and the API's abuse limits must count the visitor, not the storefront.
      clientIp: request.ip,
      // 128 random bits: the page's inline scripts (React Router's hydration data, the Metrika snippet)
      // carry it and the policy allows no other inline script (storefront/app/entry.server.tsx).
      cspNonce: randomBytes(16).toString('base64'),
    };
    const response = await handleRequest(toWebRequest(request, reply), context);
    // Fastify 5 sends a Web Response as it is: status, headers (several Set-Cookie too) and the streamed body.
    return reply.send(response);
  });
}

/** The Fastify request as a Web Request, aborted when the visitor goes away before the answer is complete. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) headers.append(name, item);
    } else {
      headers.set(name, value);
    }
  }

  const controller = new AbortController();
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
