// The page cache's own rules, without a server: least recently used pages go first past the memory bound,
// old pages are not served, a render begun before a change is not kept, ten misses make one render, and
// the encoding and policy of a kept page.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PageCache,
  cachedPage,
  policyWithScriptHashes,
  preferredEncoding,
  type CachedPage,
} from '../src/platform/web/page-cache';
import { isGuestRequest } from '../src/platform/web/guest-pages';
import { keptUntilChange, type PublicData, type PublicDataListener } from '../src/platform/web/public-data';

/** The change signal without a database: the tests say when something changed. */
function fakePublicData() {
  const listeners = new Set<PublicDataListener>();
  const publicData: PublicData = {
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed: (table) => listeners.forEach((listener) => listener(table)),
    stop: async () => undefined,
  };
  return publicData;
}

const page = (html: string, storedAt = Date.now()) =>
  cachedPage(200, [['content-type', 'text/html']], Buffer.from(html), storedAt);
const keep = (cache: PageCache, key: string, made: CachedPage) => cache.fill(key, async () => made);

describe('page cache', () => {
  it('drops the least recently used pages past its bound, and pages older than its age', async () => {
    let now = 0;
    const one = page('x'.repeat(10_000), 0);
    const size = one.br.length + 512;
    const cache = new PageCache({ maxBytes: size * 2, ttlMs: 1_000, now: () => now });
    await keep(cache, '/a', one);
    await keep(cache, '/b', page('y'.repeat(10_000), 0));
    expect(cache.lookup('/a')).toBe(one); // /a is now the most recent
    await keep(cache, '/c', page('z'.repeat(10_000), 0));
    expect(cache.lookup('/b')).toBeUndefined();
    expect(cache.lookup('/a')).toBe(one);
    expect(cache.stats().pages).toBe(2);
    now = 1_001;
    expect(cache.lookup('/a')).toBeUndefined();
  });

  it('keeps no page whose render began before a change, and renders once for simultaneous misses', async () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 60_000 });
    let release!: () => void;
    let renders = 0;
    const render = () =>
      new Promise<CachedPage>((done) => {
        renders++;
        release = () => done(page('<p>old</p>'));
      });
    const waiting = Array.from({ length: 10 }, () => cache.fill('/', render));
    cache.invalidate();
    release();
    const pages = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(cache.lookup('/')).toBeUndefined();
    await keep(cache, '/', page('<p>new</p>'));
    expect(cache.lookup('/')).toBeDefined();
  });

  it('answers brotli, gzip or plain HTML as the client accepts', async () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 60_000 });
    const made = page('<p>Ресницы</p>');
    expect(brotliDecompressSync(cache.body(made, 'br')).toString()).toBe('<p>Ресницы</p>');
    expect(gunzipSync(cache.body(made, 'gzip')).toString()).toBe('<p>Ресницы</p>');
    expect(cache.body(made, 'identity').toString()).toBe('<p>Ресницы</p>');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
  });

  it("replaces the render's nonce by the hashes of the page's inline scripts", () => {
    const html =
      '<script nonce="n1">a()</script><script type="module" nonce="n1" src="/x.js"></script><script nonce="n1">b()</script>';
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(
      policyWithScriptHashes("default-src 'self'; script-src 'self' 'nonce-n1'; object-src 'none'", html),
    ).toBe(`default-src 'self'; script-src 'self' ${hash('a()')} ${hash('b()')}; object-src 'none'`);
    expect(policyWithScriptHashes("script-src 'self' 'nonce-n1'", '<p></p>')).toBe("script-src 'self'");
  });

  it('takes a request for a guest only without cookies of its own', () => {
    expect(isGuestRequest(undefined)).toBe(true);
    expect(isGuestRequest('_ym_uid=1; _ga=GA1.1; productCard=0')).toBe(true);
    expect(isGuestRequest('_ym_uid=1; auth.token=abc')).toBe(false);
    expect(isGuestRequest('auth.group=3')).toBe(false);
    expect(isGuestRequest('orderRepeated=1')).toBe(false);
  });

  it('takes a guest with a cart for a guest while the count cookie is there for the badge', () => {
    expect(isGuestRequest('cartToken=abc; productCard=2')).toBe(true);
    expect(isGuestRequest('_ym_uid=1; productCard=0; cartToken=abc')).toBe(true);
    // The count outlived by its token, a count without a cart, a count the browser cannot read: rendered.
    expect(isGuestRequest('cartToken=abc')).toBe(false);
    expect(isGuestRequest('productCard=2')).toBe(false);
    expect(isGuestRequest('cartToken=abc; productCard=two')).toBe(false);
    expect(isGuestRequest('cartToken=; productCard=0')).toBe(false);
    // A cart beside a session or a representative's group is theirs, with their prices: rendered.
    expect(isGuestRequest('cartToken=abc; productCard=2; auth.token=xyz')).toBe(false);
    expect(isGuestRequest('cartToken=abc; productCard=2; auth.group=3')).toBe(false);
    expect(isGuestRequest('cartToken=abc; productCard=2; orderRepeated=e30')).toBe(false);
  });
});

describe('kept until change', () => {
  it('reads once until the data changes, never keeps a failure, and keeps at most maxEntries keys', async () => {
    const publicData = fakePublicData();
    let reads = 0;
    let fail = false;
    const read = keptUntilChange(
      publicData,
      async (key) => {
        reads++;
        if (fail) throw new Error('database gone');
        return `${key}:${reads}`;
      },
      { maxEntries: 2 },
    );
    expect(await read('a')).toBe('a:1');
    expect(await read('a')).toBe('a:1');
    publicData.changed('products');
    expect(await read('a')).toBe('a:2');
    await read('b');
    await read('c'); // a is dropped: the oldest of three
    expect(await read('a')).toBe('a:5');
    fail = true;
    publicData.changed(null);
    await expect(read('a')).rejects.toThrow('database gone');
    fail = false;
    expect(await read('a')).toBe('a:7');
  });
});
