// The admin SPA (admin/dist, built by Vite with base /nuxt/) at /nuxt:
//   /nuxt                  → 301 to /nuxt/
//   /nuxt/, /nuxt/<file>   → the built files; hashed assets (/nuxt/assets/*) cached for a year as immutable
//                            and answered as the build compressed them (.br, .gz), index.html never
//                            cached, so a new build is picked up at once
//   /nuxt/products/12 ...  → index.html: react-admin routes deep links in the browser
//   /nuxt/missing.js       → 404: a missing file with an extension is not a page
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

export const ADMIN_BASE = '/nuxt';

// X-Frame-Options and the admin's Content-Security-Policy come with every answer (http/security-headers.ts).
const INDEX_HEADERS = {
  'cache-control': 'no-cache',
  'content-type': 'text/html; charset=utf-8',
};

function setCacheHeaders(reply: FastifyReply, path: string): void {
  if (path.endsWith('.html')) {
    reply.header('cache-control', 'no-cache');
  } else if (/[/\\]assets[/\\]/.test(path)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('cache-control', 'public, max-age=3600');
  }
}

export async function adminPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = join(opts.distDir, 'index.html');

  app.get(ADMIN_BASE, (_request, reply) => reply.redirect(`${ADMIN_BASE}/`, 301));

  // Its own encapsulated context under /nuxt, so that its not-found handler (deep links) covers only /nuxt/*.
  await app.register(
    async (scope) => {
      if (!existsSync(indexFile)) {
        scope.get('/*', (_request, reply) =>
          reply
            .status(503)
            .type('text/plain; charset=utf-8')
            .send('Администрирование не собрано: выполните npm run build -w @shop/admin'),
        );
        return;
      }
      // The build compressed the hashed assets once (storefront/scripts/precompress.mjs, run by the admin's
      // build too): the .br or .gz beside a file is sent as it is, never compressed per request.
      await scope.register(fastifyStatic, {
        root: opts.distDir,
        prefix: '/',
        preCompressed: true,
        decorateReply: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
      scope.setNotFoundHandler(async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        const isRead = request.method === 'GET' || request.method === 'HEAD';
        if (!isRead || extname(pathname) !== '') {
          return reply.status(404).type('text/plain; charset=utf-8').send('Файл не найден');
        }
        return reply
          .status(200)
          .headers(INDEX_HEADERS)
          .send(await readFile(indexFile));
      });
    },
    { prefix: ADMIN_BASE },
  );
}
