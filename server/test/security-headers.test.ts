// Security headers on every kind of answer (storefront pages, the API, /api/docs, the admin SPA, uploads),
// the storefront's nonce-based Content-Security-Policy, and Yandex's hosts only when the settings name a
// Metrika counter or a Maps key. On PGlite only: headers do not depend on the database. The storefront is
// built for this file into a temporary folder, so the pages tested are those of the current code.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontBuild } from './storefront-build';
import { settings } from '../generated/tables';
import { DB_TARGETS, startTestApp, type TestApp } from './harness';

/** A port nobody listens on now: the server rendering calls the API over HTTP, so the app must listen. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The directives of a policy, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/**
 * The <script> tags of a page that a browser runs: all but JSON-LD data blocks (type="application/ld+json"),
 * which CSP does not govern and React Router's <Meta> writes without a nonce (the root's own carries one).
 */
function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\btype="application\/ld\+json"/.test(tag));
}

/** The headers that every answer carries, whatever its area. */
function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['content-security-policy']).toBeTruthy();
  // Plain HTTP: no HSTS (a browser would then refuse a test server's plain address for a year).
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  let t: TestApp;
  let buildDir = '';
  const uploadsDir = mkdtempSync(join(tmpdir(), 'shop-uploads-'));
  // The admin's headers do not depend on its build: a page of the same shape stands in for it, so that the
  // test does not rely on an earlier `npm run build` (a clean CI checkout has none before the browser tests).
  const adminDistDir = mkdtempSync(join(tmpdir(), 'admin-dist-'));

  beforeAll(async () => {
    buildDir = await storefrontBuild();
    writeFileSync(
      join(adminDistDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/nuxt/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(join(uploadsDir, '2026/01'), { recursive: true });
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
      .png()
      .toFile(join(uploadsDir, '2026/01/red.png'));
    const port = await freePort();
    t = await startTestApp(DB_TARGETS[0]!, {
      uploadsDir,
      config: {
        storefrontBuildDir: buildDir,
        adminDistDir,
        port,
        baseUrlToApi: `http://127.0.0.1:${port}`,
        // Each answer rendered afresh: the nonce is what is tested here. Kept pages carry hashes instead
        // (page-cache.test.ts).
        pageCacheMb: 0,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    // The settings row the storefront reads (created by the admin's settings screen).
    expect((await adminGet('/api/admin/settings/current')).statusCode).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
    rmSync(adminDistDir, { recursive: true, force: true });
  });

  const adminGet = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } });
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0', ...headers } });
  const configure = (values: { analyticsCounterId?: string | null; mapsApiKey?: string | null }) =>
    t.database.db.update(settings).set(values);

  it('storefront page: a nonce policy, no inline script without it, a new nonce every time', async () => {
    const first = await page('/');
    expect(first.statusCode).toBe(200);
    expectCommonHeaders(first.headers);
    const policy = directives(first.headers['content-security-policy']);
    const script = policy.get('script-src')!;
    expect(script).toContain("'self'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    const nonces = script.filter((s) => s.startsWith("'nonce-"));
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0]!.slice("'nonce-".length, -1);
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src-elem')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);

    // Every script of the page carries this response's nonce: React Router's context and module loader,
    // scroll restoration (and the root's JSON-LD, though CSP does not govern data blocks).
    const scripts = executableScripts(first.body);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(first.body).toContain(`<script type="application/ld+json" nonce="${nonce}"`);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // …and the nonce appears nowhere but in nonce attributes (not in the page's data, which scripts read).
    const count = (text: string) => first.body.split(text).length - 1;
    expect(count(nonce)).toBe(count(`nonce="${nonce}"`));

    const second = await page('/');
    const again = directives(second.headers['content-security-policy']).get('script-src')!;
    expect(again.find((s) => s.startsWith("'nonce-"))).not.toBe(nonces[0]);
    expect(second.body).not.toContain(nonce);
  });

  it('Yandex Metrika and Maps hosts only when the settings name them', async () => {
    const yandex = (policy: Map<string, string[]>) =>
      [...policy.values()].flat().filter((s) => /yandex|yastatic/.test(s));

    await configure({ analyticsCounterId: null, mapsApiKey: null });
    const plain = directives((await page('/catalog')).headers['content-security-policy']);
    expect(yandex(plain)).toEqual([]);
    expect(plain.get('frame-src')).toEqual(["'none'"]);

    await configure({ analyticsCounterId: '12345678', mapsApiKey: null });
    const withMetrika = await page('/catalog');
    const metrika = directives(withMetrika.headers['content-security-policy']);
    expect(metrika.get('script-src')).toEqual(
      expect.arrayContaining(['https://mc.yandex.ru', 'https://yastatic.net']),
    );
    expect(metrika.get('img-src')).toContain('https://mc.yandex.ru');
    expect(metrika.get('connect-src')).toEqual(
      expect.arrayContaining(['https://mc.yandex.ru', 'wss://mc.yandex.ru']),
    );
    expect(metrika.get('frame-src')).toEqual(['blob:', 'https://mc.yandex.ru']);
    expect(yandex(metrika).some((s) => s.includes('api-maps'))).toBe(false);
    expect(metrika.get('script-src')).not.toContain("'unsafe-inline'");
    // The counter's inline snippet is on the page, and carries the nonce like every other script.
    const nonce = metrika
      .get('script-src')!
      .find((s) => s.startsWith("'nonce-"))!
      .slice(7, -1);
    expect(withMetrika.body).toContain('mc.yandex.ru/metrika/tag.js');
    for (const tag of executableScripts(withMetrika.body)) expect(tag).toContain(`nonce="${nonce}"`);

    await configure({ analyticsCounterId: null, mapsApiKey: 'maps-key' });
    const maps = directives((await page('/catalog')).headers['content-security-policy']);
    expect(maps.get('script-src')).toEqual(
      expect.arrayContaining(['https://api-maps.yandex.ru', 'https://*.maps.yandex.net']),
    );
    expect(maps.get('img-src')).toContain('https://*.maps.yandex.net');
    expect(maps.get('connect-src')).toContain('https://api-maps.yandex.ru');
    expect(maps.get('style-src-elem')).toEqual(["'self'", 'blob:']);
    expect(yandex(maps).some((s) => s.includes('mc.yandex'))).toBe(false);

    await configure({ analyticsCounterId: null, mapsApiKey: null });
    expect(yandex(directives((await page('/')).headers['content-security-policy'] as string))).toEqual([]);
  });

  it('over HTTPS (X-Forwarded-Proto from the trusted proxy): HSTS and upgrade-insecure-requests', async () => {
    const res = await page('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests'),
    ).toBe(true);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // From an address TRUST_PROXY does not name, the header is not believed.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers, errors and 404s: nothing may load, run or frame them', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/admin/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectCommonHeaders(res.headers);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('/api/docs: Swagger UI from its own files, no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    const policy = directives(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('/nuxt: the admin SPA with its own policy, scripts from its files only', async () => {
    for (const url of ['/nuxt/', '/nuxt/products/12']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectCommonHeaders(res.headers);
      const policy = directives(res.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('/uploads and /img: nosniff, the sandboxing policy, and others may show the pictures', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/2026/01/red.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const variant = await t.app.inject({ method: 'GET', url: '/img/320/2026/01/red.png' });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['x-content-type-options']).toBe('nosniff');
    expect(variant.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('storefront files and data requests get the closed policy too', async () => {
    for (const url of ['/favicon.svg', '/robots.txt', '/build-info.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectCommonHeaders(res.headers);
      expect(directives(res.headers['content-security-policy'] as string).get('default-src')).toEqual([
        "'none'",
      ]);
    }
  });
});
