// sitemap.xml and robots.txt (ARCHITECTURE §6), generated from the demo shop's database.
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCategories } from '../generated/tables';
import { pagePath, robotsTxt, seoRoutes, sitemapIndexXml, urlsetXml } from '../src/domains/content/seo';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

describe('sitemap and robots text', () => {
  it('robots.txt keeps crawlers out of the admin, the API, the account and the cart', () => {
    expect(robotsTxt('https://shop.example')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /nuxt',
        'Disallow: /api',
        'Disallow: /profile',
        'Disallow: /cart',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('a urlset escapes and encodes its addresses', () => {
    const xml = urlsetXml('https://shop.example', [
      { path: '/catalog/a&b', lastmod: '2026-01-02', changefreq: 'daily', priority: 0.8 },
      { path: '/каталог' },
    ]);
    expect(xml).toContain(
      '<url><loc>https://shop.example/catalog/a&amp;b</loc><lastmod>2026-01-02</lastmod>' +
        '<changefreq>daily</changefreq><priority>0.8</priority></url>',
    );
    expect(xml).toContain('<loc>https://shop.example/%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('an index lists the numbered files', () => {
    const xml = sitemapIndexXml('https://shop.example', 2);
    expect(xml).toContain('<sitemap><loc>https://shop.example/sitemap-1.xml</loc></sitemap>');
    expect(xml).toContain('<sitemap><loc>https://shop.example/sitemap-2.xml</loc></sitemap>');
  });

  it('content pages map to their storefront routes', () => {
    expect(pagePath('company')).toBe('/company');
    expect(pagePath('consent')).toBe('/company/consent');
    expect(pagePath('activity')).toBe('/company/activity');
    expect(pagePath('payment-and-delivery/one_page')).toBe('/payment-and-delivery/one_page');
    expect(pagePath('where-buy')).toBe('/where-buy');
    expect(pagePath('privacy-policy')).toBe('/privacy-policy.pdf');
  });
});

describeOnDatabases('GET /sitemap.xml and /robots.txt on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(() => t.close());

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('robots.txt names the sitemap at the address the request came to', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'lash.test:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Sitemap: http://lash.test:8080/sitemap.xml');
    expect(res.body).toContain('Disallow: /nuxt');
  });

  it('sitemap.xml lists the static routes, categories, products, pages, articles and promotions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'lash.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urls = locs(res.body);
    const origin = 'http://lash.test';
    for (const path of [
      '/',
      '/catalog',
      '/catalog-new',
      '/promotions',
      '/company/reviews',
      '/company/interesting',
    ])
      expect(urls).toContain(`${origin}${path}`);
    expect(urls).toContain(`${origin}/catalog/resnitsy`);
    expect(urls).toContain(`${origin}/company`);
    expect(urls).toContain(`${origin}/company/consent`);
    expect(urls).toContain(`${origin}/privacy-policy.pdf`);
    expect(urls).toContain(`${origin}/payment-and-delivery/one_page`);
    expect(urls.some((u) => u.startsWith(`${origin}/company/interesting/`))).toBe(true);
    expect(urls.some((u) => u.startsWith(`${origin}/promotions/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);

    // A product's address is the one the search (and the product page) gives it.
    const search = await t.app.inject({ method: 'GET', url: '/api/products/search?perPage=100' });
    const products = search.json<{ data: { url: string }[]; meta: { total: number } }>();
    for (const p of products.data) expect(urls).toContain(`${origin}${p.url}`);
    expect(urls.filter((u) => u.includes('/product/')).length).toBe(products.meta.total);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('a switched-off category leaves the sitemap with its subcategories', async () => {
    await t.database.db
      .update(productCategories)
      .set({ active: false })
      .where(eq(productCategories.slug, 'kley'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'lash.test' } });
      const urls = locs(res.body);
      expect(urls).not.toContain('http://lash.test/catalog/kley');
      expect(urls).not.toContain('http://lash.test/catalog/kley-dlya-narashchivaniya');
      expect(urls).toContain('http://lash.test/catalog/resnitsy');
    } finally {
      await t.database.db
        .update(productCategories)
        .set({ active: true })
        .where(eq(productCategories.slug, 'kley'));
    }
  });

  it('SITE_URL wins over the request address; unknown numbered sitemaps answer 404', async () => {
    const app = Fastify({ logger: false });
    await app.register(seoRoutes({ db: t.database.db, siteUrl: 'https://lashline.example/' }));
    const robots = await app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'internal:3000' },
    });
    expect(robots.body).toContain('Sitemap: https://lashline.example/sitemap.xml');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(sitemap.body)[0]).toBe('https://lashline.example/');
    const missing = await app.inject({ method: 'GET', url: '/sitemap-3.xml' });
    expect(missing.statusCode).toBe(404);
    await app.close();
  });
});
