// The YML feed for Yandex Market and Direct (server/src/domains/feeds) served by the shop: the demo shop's feed
// passes the validator (yml-validator.ts), an offer per variant with the guest's prices and a page address that
// selects it; ETag and 304, gzip and brotli; off is a 404, another address, HTTP Basic auth; a price change
// reaches the feed at once (and another instance's feed within a minute, on PostgreSQL); what is left out is
// named in the admin's state.
import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, selectRows } from '../src/platform/db';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';
import { adminPost, request } from './shop-fixtures';
import { testConfig } from './test-config';
import { assertValidYml } from './yml-validator';

const HOST = 'lash.test';

interface FeedState {
  enabled: boolean;
  url: string;
  protected: boolean;
  build: {
    offers: number;
    products: number;
    warningsTotal: number;
    reasons: { reason: string; count: number }[];
    warnings: { reason: string; text: string; productId: number | null; offerId: number | null }[];
  };
}

/** The body as text, unpacked from whatever encoding the answer has. */
function bodyOf(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  return res.rawPayload;
}

/** The <offer> elements of a feed, each as its text, by id. */
function offersOf(xml: string): Map<number, string> {
  return new Map([...xml.matchAll(/<offer id="(\d+)"[\s\S]*?<\/offer>/g)].map((m) => [Number(m[1]), m[0]]));
}

describeOnDatabases('the YML feed on $name', (target) => {
  let t: TestApp;
  let settingsId: number;
  beforeAll(async () => {
    t = await startDemoShop(target);
    const current = await request(t, 'GET', '/api/admin/settings/current', { authorization: t.adminToken });
    settingsId = current.json<{ data: { record: { id: number } } }>().data.record.id;
  });
  afterAll(() => t.close());

  const feed = (headers: Record<string, string> = {}, url = '/yml.xml') =>
    t.app.inject({ method: 'GET', url, headers: { host: HOST, 'accept-encoding': 'gzip', ...headers } });
  const setSettings = async (patch: object) => {
    const res = await request(
      t,
      'PUT',
      `/api/admin/settings/${settingsId}`,
      { authorization: t.adminToken },
      patch,
    );
    expect(res.statusCode, res.body).toBe(200);
  };
  const state = async () => {
    const res = await request(t, 'GET', '/api/admin/feeds/yml', { authorization: t.adminToken, host: HOST });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: FeedState }>().data;
  };

  it("the demo shop's feed passes the validator, an offer per variant of every product that has one", async () => {
    const res = await feed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    const xml = bodyOf(res);
    const report = assertValidYml(xml);
    const [expected] = await selectRows<{ offers: number; products: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS offers, count(DISTINCT p.id)::int AS products
          FROM product_offers o JOIN products p ON p.id = o.product_id WHERE o.active AND p.active`,
    );
    // The demo's products all have a brand, pictures and an active category: nothing is left out.
    expect(report.offers).toBe(expected!.offers);
    const s = await state();
    expect(s).toMatchObject({ enabled: true, url: `http://${HOST}/yml.xml`, protected: false });
    expect(s.build).toMatchObject({
      offers: expected!.offers,
      products: expected!.products,
      warningsTotal: 0,
    });
    // The same document in every encoding.
    const br = await feed({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(bodyOf(br).equals(xml)).toBe(true);
    const plain = await feed({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(xml)).toBe(true);
  });

  it('a product of several variants: its id as group_id, params with units, the guest prices, a page per variant', async () => {
    const [product] = await selectRows<{ id: number; slug: string }>(
      t.database.db,
      sql`SELECT p.id, p.slug FROM products p JOIN product_offers o ON o.product_id = p.id
          WHERE p.active AND o.active AND o.sale_price IS NOT NULL AND o.attributes ? 'thickness'
          GROUP BY p.id HAVING count(*) > 2 ORDER BY p.id LIMIT 1`,
    );
    const page = (await request(t, 'GET', `/api/products/${product!.slug}`)).json<{
      data: {
        url: string;
        brand: { title: string };
        offers: { id: number; article: string; basePrice: number; salePrice: number; stock: number }[];
      };
    }>().data;
    const offers = offersOf(bodyOf(await feed()).toString('utf8'));
    for (const offer of page.offers) {
      const xml = offers.get(offer.id)!;
      expect(xml, `offer ${offer.id}`).toBeDefined();
      expect(xml).toContain(`group_id="${product!.id}"`);
      expect(xml).toContain(`available="${offer.stock > 0}"`);
      expect(xml).toContain(`<url>http://${HOST}${page.url}?offer=${offer.id}</url>`);
      // As the product page shows them to a guest: the price to pay, and the base price struck through.
      expect(xml).toContain(`<price>${offer.salePrice / 100}</price>`);
      expect(xml).toContain(`<oldprice>${offer.basePrice / 100}</oldprice>`);
      expect(xml).toContain(`<vendor>${page.brand.title}</vendor>`);
      expect(xml).toContain(`<vendorCode>${offer.article}</vendorCode>`);
      expect(xml).toMatch(/<param name="Толщина" unit="мм">0\.\d+<\/param>/);
      expect(xml).toMatch(/<param name="Изгиб">[A-Z+]+<\/param>/);
      expect(xml).toContain(`<count>${offer.stock}</count>`);
      expect(xml).toMatch(new RegExp(`<picture>http://${HOST}/uploads/[^<\\s]+</picture>`));
    }
  });

  it('answers 304 to the ETag it gave while the catalogue stays the same, and a new feed after a price change', async () => {
    const first = await feed();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await feed({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A change of something the feed does not show keeps it.
    await t.database.db.execute(sql`UPDATE users SET name = name WHERE id = (SELECT min(id) FROM users)`);
    expect((await feed({ 'if-none-match': etag })).statusCode).toBe(304);

    const [offer] = await selectRows<{ id: number; product_id: number }>(
      t.database.db,
      sql`SELECT o.id, o.product_id FROM product_offers o JOIN products p ON p.id = o.product_id
          WHERE o.active AND p.active ORDER BY o.id LIMIT 1`,
    );
    const product = await request(t, 'GET', `/api/admin/products/${offer!.product_id}`, {
      authorization: t.adminToken,
    });
    const body = product.json<{ offers: { id: number; basePrice: number; salePrice: number | null }[] }>();
    const saved = await request(
      t,
      'PUT',
      `/api/admin/products/${offer!.product_id}`,
      { authorization: t.adminToken },
      {
        ...body,
        offers: body.offers.map((o) =>
          o.id === offer!.id ? { ...o, basePrice: 987_650, salePrice: null } : o,
        ),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await feed({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const xml = offersOf(bodyOf(changed).toString('utf8')).get(offer!.id)!;
    expect(xml).toContain('<price>9876.50</price>');
    expect(xml).not.toContain('<oldprice>');
  });

  it('is a 404 while off, is served at another address, and keeps building for the admin', async () => {
    await setSettings({ ymlEnabled: false });
    expect((await feed()).statusCode).toBe(404);
    const s = await state();
    expect(s.enabled).toBe(false);
    expect(s.build.offers).toBeGreaterThan(0);
    await setSettings({ ymlEnabled: true, ymlPath: '/market-feed_1.xml' });
    expect((await feed()).statusCode).toBe(404);
    const moved = await feed({}, '/market-feed_1.xml');
    expect(moved.statusCode).toBe(200);
    assertValidYml(bodyOf(moved));
    expect((await state()).url).toBe(`http://${HOST}/market-feed_1.xml`);
    // The sitemap is still its own.
    expect((await t.app.inject({ url: '/sitemap.xml', headers: { host: HOST } })).body).toContain('<urlset');
    const bad = await request(
      t,
      'PUT',
      `/api/admin/settings/${settingsId}`,
      { authorization: t.adminToken },
      {
        ymlPath: '/../etc/passwd',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Адрес вида /yml.xml');
    await setSettings({ ymlPath: '/yml.xml' });
  });

  it('asks for the login and password the settings give (HTTP Basic), and never shows the password', async () => {
    await setSettings({ ymlUser: 'market', ymlPassword: 'секрет-фида' });
    const without = await feed();
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toMatch(/^Basic realm=/);
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
    expect((await feed({ authorization: basic('market', 'не тот') })).statusCode).toBe(401);
    expect((await feed({ authorization: basic('marke', 'tсекрет-фида') })).statusCode).toBe(401);
    const right = await feed({ authorization: basic('market', 'секрет-фида') });
    expect(right.statusCode).toBe(200);
    assertValidYml(bodyOf(right));
    expect((await state()).protected).toBe(true);
    const current = await request(t, 'GET', '/api/admin/settings/current', { authorization: t.adminToken });
    expect(current.body).not.toContain('секрет-фида');
    expect(current.json<{ data: { secrets: { ymlPassword: boolean } } }>().data.secrets.ymlPassword).toBe(
      true,
    );
    await setSettings({ ymlUser: null, ymlPassword: null });
    expect((await feed()).statusCode).toBe(200);
  });

  it('leaves out what Market would refuse, says why, and escapes what it keeps', async () => {
    const [brand] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT e.id FROM directory_entries e JOIN directories d ON d.id = e.directory_id
          WHERE d.code = 'brand' ORDER BY e.id LIMIT 1`,
    );
    const [category] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM product_categories WHERE parent_id IS NOT NULL AND active ORDER BY id LIMIT 1`,
    );
    const base = {
      categoryIds: [category!.id],
      brandId: brand!.id,
      images: [{ url: '/uploads/demo/feed test.webp', alt: 'фото' }],
      description: '<p>Клей & праймер <b>вместе</b> ]]> <script>alert(1)</script></p>',
    };
    const make = async (slug: string, title: string, extra: object, offers: object[]) => {
      const res = await adminPost(t, '/api/admin/products', { slug, title, ...base, ...extra, offers });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number; offers: { id: number }[] }>();
    };
    const kept = await make('feed-escaped', 'Клей "Супер" & <Сильный>', {}, [
      { article: 'FEED-ESC-1', basePrice: 50_000, stock: 2, attributes: { volume: '5ml' } },
      { article: 'FEED-ESC-2', basePrice: 90_000, stock: 0, attributes: { volume: '10ml' } },
      // The same characteristics as the first: a duplicate Market would merge.
      { article: 'FEED-ESC-3', basePrice: 50_000, stock: 1, attributes: { volume: '5ml' } },
    ]);
    const noBrand = await make('feed-no-brand', 'Без бренда', { brandId: null }, [
      { article: 'FEED-NB-1', basePrice: 10_000, stock: 1 },
    ]);
    const noPicture = await make('feed-no-picture', 'Без картинки', { images: [] }, [
      { article: 'FEED-NP-1', basePrice: 10_000, stock: 1 },
    ]);
    const hidden = await make('feed-hidden-category', 'В выключенной категории', { categoryIds: [] }, [
      { article: 'FEED-NC-1', basePrice: 10_000, stock: 1 },
    ]);

    const xml = bodyOf(await feed());
    assertValidYml(xml);
    const offers = offersOf(xml.toString('utf8'));
    const first = offers.get(kept.offers[0]!.id)!;
    expect(first).toContain('<name>Клей &quot;Супер&quot; &amp; &lt;Сильный&gt;, 5 мл</name>');
    expect(first).toContain('<param name="Объём" unit="мл">5</param>');
    expect(first).toContain('<picture>http://lash.test/uploads/demo/feed%20test.webp</picture>');
    // The admin's HTML cleaned (its text escaped, the script gone) inside CDATA.
    expect(first).toContain(
      '<description><![CDATA[<p>Клей &amp; праймер <b>вместе</b> ]]&gt; </p>]]></description>',
    );
    expect(first).not.toContain('<script');
    expect(offers.get(kept.offers[1]!.id)).toContain('available="false"');
    for (const id of [
      kept.offers[2]!.id,
      noBrand.offers[0]!.id,
      noPicture.offers[0]!.id,
      hidden.offers[0]!.id,
    ])
      expect(offers.has(id), `offer ${id}`).toBe(false);

    const s = await state();
    const reasons = (productId: number) =>
      s.build.warnings.filter((w) => w.productId === productId).map((w) => [w.reason, w.offerId]);
    expect(reasons(kept.id)).toEqual([['same_params', kept.offers[2]!.id]]);
    expect(reasons(noBrand.id)).toEqual([['no_brand', null]]);
    expect(reasons(noPicture.id)).toEqual([['no_picture', null]]);
    expect(reasons(hidden.id)).toEqual([['no_category', null]]);
    expect(s.build.warnings.find((w) => w.productId === noBrand.id)?.text).toBe('Не указан бренд');
    expect(s.build.reasons).toEqual(
      expect.arrayContaining([{ reason: 'no_brand', text: 'Не указан бренд', count: 1 }]),
    );
  });

  it('a product left out changes the warnings, not the document: the robot still gets 304', async () => {
    const etag = String((await feed()).headers.etag);
    const res = await adminPost(t, '/api/admin/products', {
      slug: 'feed-left-out-alone',
      title: 'Только без бренда',
      categoryIds: [],
      offers: [{ article: 'FEED-ALONE-1', basePrice: 10_000, stock: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect((await feed({ 'if-none-match': etag })).statusCode).toBe(304);
    const s = await state();
    expect(s.build.warnings.filter((w) => w.productId === id).map((w) => w.reason)).toEqual(['no_category']);
  });

  it('shows its state to the staff of the catalogue only', async () => {
    expect((await request(t, 'GET', '/api/admin/feeds/yml')).statusCode).toBe(401);
  });

  if (target.name === 'postgres')
    it('reaches another instance within a minute of a price change', async () => {
      const url = (t.database as { url?: string | null }).url!;
      const database = await openDatabase({ databaseUrl: url, dataDir: 'memory' });
      const other = await buildApp({
        config: testConfig(url),
        database,
        closesDatabase: true,
        logger: false,
      });
      try {
        const fromOther = async () =>
          bodyOf(
            await other.app.inject({ url: '/yml.xml', headers: { host: HOST, 'accept-encoding': 'gzip' } }),
          );
        const [offer] = await selectRows<{ id: number }>(
          t.database.db,
          sql`SELECT o.id FROM product_offers o JOIN products p ON p.id = o.product_id
              WHERE o.active AND p.active ORDER BY o.id LIMIT 1`,
        );
        expect(offersOf((await fromOther()).toString('utf8')).get(offer!.id)).toBeDefined();
        // Through this instance's database connection: the other one hears it from PostgreSQL alone.
        await t.database.db.execute(
          sql`UPDATE product_offers SET base_price = 123400, sale_price = NULL WHERE id = ${offer!.id}`,
        );
        const deadline = Date.now() + 60_000;
        let xml = '';
        while (Date.now() < deadline) {
          xml = offersOf((await fromOther()).toString('utf8')).get(offer!.id) ?? '';
          if (xml.includes('<price>1234</price>')) break;
          await new Promise((done) => setTimeout(done, 100));
        }
        expect(xml).toContain('<price>1234</price>');
      } finally {
        await other.app.close();
      }
    }, 90_000);
});
