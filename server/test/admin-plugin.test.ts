// The admin SPA at /nuxt: files, cache headers, the build's compressed assets, deep links and the redirect.
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPlugin } from '../src/platform/web/admin';

const SCRIPT = 'console.log("admin")';
// What the admin's build writes beside each hashed asset (storefront/scripts/precompress.mjs).
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT);
const INDEX = '<!doctype html><html lang="ru"><title>Администрирование</title><div id="root"></div></html>';

describe('adminPlugin', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'admin-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), SCRIPT_BR);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz'), SCRIPT_GZ);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    await app.register(adminPlugin, { distDir: dist });
    // Another part of the app (the storefront) has its own catch-all and not-found handler.
    app.get('/*', (_request, reply) => reply.send('storefront'));
    app.setNotFoundHandler((_request, reply) => reply.status(404).send('site 404'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('redirects /nuxt to /nuxt/', async () => {
    const res = await app.inject('/nuxt');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/nuxt/');
  });

  it('answers index.html at /nuxt/ without caching', async () => {
    const res = await app.inject('/nuxt/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await app.inject('/nuxt/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("admin")');
  });

  it('answers a hashed asset as the build compressed it, for the encoding the client accepts', async () => {
    for (const [accept, encoding, bytes] of [
      ['gzip, deflate, br', 'br', SCRIPT_BR],
      ['gzip', 'gzip', SCRIPT_GZ],
      ['identity', undefined, Buffer.from(SCRIPT)],
    ] as const) {
      const res = await app.inject({
        url: '/nuxt/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      // The stored file's bytes: nothing compressed for this request.
      expect(res.rawPayload.equals(bytes), accept).toBe(true);
    }
  });

  it('serves other files with a short cache', async () => {
    const res = await app.inject('/nuxt/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers index.html for deep links of the SPA', async () => {
    for (const url of ['/nuxt/products', '/nuxt/products/12/show', '/nuxt/login?redirect=1']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers 404 for a missing file with an extension', async () => {
    for (const url of ['/nuxt/assets/index-missing.js', '/nuxt/robots.txt']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe('Файл не найден');
    }
  });

  it('leaves the rest of the site alone', async () => {
    expect((await app.inject('/catalog')).body).toBe('storefront');
    expect((await app.inject('/nuxtery')).body).toBe('storefront');
  });
});

describe('adminPlugin without a build', () => {
  it('says how to build the admin', async () => {
    const app = Fastify();
    await app.register(adminPlugin, { distDir: join(tmpdir(), 'no-such-admin-dist') });
    const res = await app.inject('/nuxt/');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build -w @shop/admin');
    await app.close();
  });
});
