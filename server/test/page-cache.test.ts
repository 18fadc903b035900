// The guest page cache through the real server and storefront (the run's build, storefront-build.ts),
// the loaders calling the API in process: a guest's page is rendered once and then answered as
// kept; a guest with a cart is answered the kept page too (the browser shows the count), a visitor with a
// session never is, and no kept page holds anything of a visitor;
// a change the admin makes shows on the next page load (the trigger on every storefront table), a change
// to a table guests are not shown keeps the pages, and a rolled-back change keeps them too.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storefrontBuild } from './storefront-build';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { adminPost, fillCart, productWithOffer } from './shop-fixtures';

let buildDir = '';
beforeAll(async () => {
  buildDir = await storefrontBuild();
}, 300_000);

const BROWSER = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/136.0 Mobile Safari/537.36';

describeOnDatabases('guest page cache on $name', (target) => {
  let t: TestApp;
  let productUrl: string;
  let productId: number;
  let offerId: number;

  beforeAll(async () => {
    t = await startTestApp(target, { config: { storefrontBuildDir: buildDir } });
    const category = await adminPost(t, '/api/admin/product-categories', {
      slug: 'resnitsy',
      title: 'Ресницы',
    });
    expect(category.statusCode, category.body).toBe(201);
    ({ productId, offerId } = await productWithOffer(t, {
      price: 123_400,
      stock: 50,
      slug: 'velora-silk',
      title: 'Ресницы Velora Silk',
      categoryIds: [category.json<{ id: number }>().id],
    }));
    // /product/<slug> sends to the address in its category, the page's own.
    const moved = await t.app.inject({ method: 'GET', url: '/product/velora-silk' });
    expect(moved.statusCode).toBe(302);
    productUrl = String(moved.headers.location);
  }, 120_000);
  afterAll(() => t?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });

  it('a guest page is rendered once, then answered as kept with its validator, in every encoding', async () => {
    const first = await page(productUrl);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    expect(first.body).toMatch(/1\s?234/);
    const second = await page(productUrl, { 'accept-encoding': 'br' });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(first.headers.etag);
    const html = brotliDecompressSync(second.rawPayload).toString('utf8');
    expect(html).toBe(first.body);
    const gzip = await page(productUrl, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(html);
    expect(gzip.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(gzip.headers['cache-control']).toBe('no-cache');

    const unchanged = await page(productUrl, { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it("a kept page's policy allows exactly its inline scripts, by hash, and names no nonce", async () => {
    const res = await page(productUrl);
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(scriptSrc).not.toContain('nonce-');
    expect(scriptSrc).not.toContain('unsafe-inline');
    const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=/.test(m[1]!) && !m[1]!.includes('application/ld+json'),
    );
    expect(inline.length).toBeGreaterThanOrEqual(2);
    const { createHash } = await import('node:crypto');
    for (const m of inline)
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
  });

  it("no visitor is answered another's cart or session, and none of theirs is kept", async () => {
    // A guest with a cart: the page kept for every guest (the browser puts the count cookie's 3 in the
    // header), with nothing of the cart in it and no cookie set.
    const cart = await fillCart(t, [[offerId, 3]]);
    const token = String(cart['x-cart-token']);
    const withCart = await page(productUrl, { cookie: `cartToken=${token}; productCard=3` });
    expect(withCart.statusCode).toBe(200);
    expect(withCart.headers['x-page-cache']).toBe('hit');
    expect(withCart.headers['set-cookie']).toBeUndefined();
    expect(withCart.body).not.toContain('Корзина, 3');
    expect(withCart.body).not.toContain(token);
    // Their token without the count cookie (it lives a day, the token a month): rendered for them, and the
    // answer writes the count back, so their next page comes from the cache again.
    const countGone = await page(productUrl, { cookie: `cartToken=${token}` });
    expect(countGone.headers['x-page-cache']).toBeUndefined();
    expect(countGone.body).toContain('Корзина, 3 товара');
    expect(String(countGone.headers['set-cookie'])).toMatch(/productCard=3;/);
    // Their cart page is theirs alone.
    const cartPage = await page('/cart', { cookie: `cartToken=${token}; productCard=3` });
    expect(cartPage.headers['x-page-cache']).toBeUndefined();
    expect(cartPage.body).toContain('Ресницы Velora Silk');

    // A signed-in customer: their own page, with their address in the session data.
    const customer = await signedInUser(t, { email: 'kept-pages@test.local', password: 'password-123' });
    const signedIn = await page(productUrl, { cookie: `auth.token=${customer.token}` });
    expect(signedIn.headers['x-page-cache']).toBeUndefined();
    expect(signedIn.body).toContain('kept-pages@test.local');

    // The guest after them: the kept page, with neither the cart nor the customer in it.
    const guest = await page(productUrl, { cookie: '_ym_uid=123; productCard=0' });
    expect(guest.headers['x-page-cache']).toBe('hit');
    expect(guest.body).not.toContain('Корзина, 3');
    expect(guest.body).not.toContain('kept-pages@test.local');
    expect(guest.body).not.toContain(String(cart['x-cart-token']));
    expect(guest.body).not.toContain(customer.token);

    // Pages that never qualify, whoever asks: the cart, and the catch-all 404.
    expect((await page('/cart')).headers['x-page-cache']).toBeUndefined();
    expect((await page('/no-such-page')).headers['x-page-cache']).toBeUndefined();
  });

  it('a price the admin changes shows on the next page load', async () => {
    expect((await page(productUrl)).headers['x-page-cache']).toBe('hit');
    const product = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${productId}`,
      headers: { authorization: t.adminToken },
    });
    const body = product.json<{ offers: { id: number; basePrice: number }[] }>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${productId}`,
      headers: { authorization: t.adminToken },
      payload: { ...body, offers: body.offers.map((o) => ({ ...o, basePrice: 567_800 })) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The very next load: this process hears its own change before the write returns (on PostgreSQL its
    // pooled connections LISTEN too), other instances a moment later from their listening connection.
    const next = await page(productUrl);
    expect(next.body).toMatch(/5\s?678/);
    expect(next.body).not.toMatch(/1\s?234/);
  });

  it('hot reads are answered from kept, precompressed bytes, and follow a change at once', async () => {
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    for (const url of ['/api/categories/tree', '/api/site/settings', `/api/products/velora-silk`]) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      const br = await get(url, 'br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('Accept-Encoding');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')), url).toEqual(plain.json());
      const gzip = await get(url, 'gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')), url).toEqual(plain.json());
    }
    const added = await adminPost(t, '/api/admin/product-categories', { slug: 'klei', title: 'Клей' });
    expect(added.statusCode, added.body).toBe(201);
    const tree = await get('/api/categories/tree', 'br');
    expect(brotliDecompressSync(tree.rawPayload).toString('utf8')).toContain('"klei"');
  });

  it('a change guests are not shown keeps the pages; a rolled-back one too; any shown table drops them', async () => {
    await page(productUrl);
    expect((await page(productUrl)).headers['x-page-cache']).toBe('hit');
    await t.database.db.execute(sql`UPDATE users SET id = id WHERE false`);
    await t.database.db.execute(sql`UPDATE orders SET id = id WHERE false`);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET title = title WHERE false`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((done) => setTimeout(done, 200));
    expect((await page(productUrl)).headers['x-page-cache']).toBe('hit');

    // A statement touching no row of a shown table still says "changed": cheap, and never stale.
    await t.database.db.execute(sql`UPDATE settings SET id = id WHERE false`);
    expect((await page(productUrl)).headers['x-page-cache']).toBe('miss');
  });
});
