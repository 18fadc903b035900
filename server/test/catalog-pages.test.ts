// The catalogue and product pages' API on the demo shop: a category with its breadcrumbs, the listing's
// filters and their counts (one WHERE builder for both), the product page and reviews held for moderation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCategory, ProductFacets, ProductPage, SearchProduct } from '@shop/schemas';
import { selectRows } from '../src/platform/db';
import { signedInUser } from './accounts';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

interface Listing {
  data: SearchProduct[];
  meta: { total: number; page: number; perPage: number };
}

describeOnDatabases('catalogue pages API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(() => t.close());
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const listing = (query: string) => get<Listing>(`/api/products/search?perPage=100&${query}`);
  const facets = async (query: string) =>
    (await get<{ data: ProductFacets }>(`/api/products/facets?${query}`)).data;

  describe('GET /api/catalog/categories/:slug', () => {
    it('answers a subcategory with its parent, the breadcrumbs and SEO fields', async () => {
      const { data } = await get<{ data: CatalogCategory }>('/api/catalog/categories/chernye-resnitsy');
      expect(data).toMatchObject({
        title: 'Чёрные ресницы',
        slug: 'chernye-resnitsy',
        description: expect.any(String),
        seoTitle: expect.stringContaining('Чёрные ресницы'),
        image: { url: expect.stringMatching(/^\/uploads\//) },
        parent: { slug: 'resnitsy', title: 'Ресницы' },
        ancestors: [{ slug: 'resnitsy' }],
        children: [],
      });
    });

    it('answers a top category with its subcategories in their order', async () => {
      const { data } = await get<{ data: CatalogCategory }>('/api/catalog/categories/resnitsy');
      expect(data.parent).toBeNull();
      expect(data.ancestors).toEqual([]);
      expect(data.children.map((c) => c.slug)).toEqual([
        'chernye-resnitsy',
        'korichnevye-resnitsy',
        'tsvetnye-resnitsy',
        'miks-dlin',
        'easy-fan',
      ]);
      expect(Object.keys(data.children[0]!).sort()).toEqual(['id', 'image', 'slug', 'title']);
    });

    it('answers 404 in JSON for an unknown slug and for a switched-off category or one below it', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: '/api/catalog/categories/no-such-thing' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Категория не найдена' } });

      await t.database.db.execute(sql`UPDATE product_categories SET active = false WHERE slug = 'pintsety'`);
      try {
        for (const slug of ['pintsety', 'pryamye-pintsety']) {
          const res = await t.app.inject({ method: 'GET', url: `/api/catalog/categories/${slug}` });
          expect(res.statusCode, slug).toBe(404);
        }
        // The listing of a switched-off category is empty too.
        expect((await listing('filter[categorySlug]=pryamye-pintsety')).meta.total).toBe(0);
      } finally {
        await t.database.db.execute(sql`UPDATE product_categories SET active = true WHERE slug = 'pintsety'`);
      }
    });
  });

  describe('listing filters and facets', () => {
    const scope = 'filter[categorySlug]=resnitsy';

    it('lists the filterable directories with the values found in the scope, in directory order', async () => {
      const f = await facets(scope);
      expect(f.groups.map((g) => g.code)).toEqual(['curl', 'thickness', 'length', 'colour', 'brand']);
      const curl = f.groups.find((g) => g.code === 'curl')!;
      expect(curl.title).toBe('Изгиб');
      expect(curl.values.map((v) => v.code)).toEqual(['B', 'C', 'CC', 'D', 'DD', 'L', 'Lplus', 'M']);
      expect(curl.values.find((v) => v.code === 'Lplus')?.title).toBe('L+');
      const colour = f.groups.find((g) => g.code === 'colour')!;
      expect(colour.values.find((v) => v.code === 'black')?.hex).toMatch(/^#[0-9a-f]{6}$/);
      // Glue has no curl: the glue category shows no curl filter, and no volume (not a catalogue filter).
      const glue = await facets('filter[categorySlug]=kley');
      expect(glue.groups.map((g) => g.code)).not.toContain('curl');
      expect(glue.groups.map((g) => g.code)).not.toContain('volume');
      expect(f.total).toBe((await listing(scope)).meta.total);
    });

    it('counts each value as the listing would show it with that value chosen', async () => {
      const chosen = `${scope}&filter[thickness]=0.07&filter[inStock]=1`;
      const f = await facets(chosen);
      expect(f.total).toBe((await listing(chosen)).meta.total);
      const curl = f.groups.find((g) => g.code === 'curl')!;
      for (const v of curl.values.slice(0, 4)) {
        const shown = await listing(`${chosen}&filter[curl]=${v.code}`);
        expect(v.count, `curl ${v.code}`).toBe(shown.meta.total);
      }
      // Its own group left out: the chosen thickness's siblings still count (OR within a group).
      const thickness = f.groups.find((g) => g.code === 'thickness')!;
      expect(thickness.values.find((v) => v.code === '0.07')).toMatchObject({ selected: true });
      const other = thickness.values.find((v) => v.code !== '0.07' && v.count > 0)!;
      const both = await listing(`${scope}&filter[thickness]=0.07,${other.code}&filter[inStock]=1`);
      expect(both.meta.total).toBeGreaterThan(f.total);
      const brand = f.groups.find((g) => g.code === 'brand')!;
      const withBrand = await listing(`${chosen}&filter[brand]=${brand.values[0]!.code}`);
      expect(brand.values[0]!.count).toBe(withBrand.meta.total);
      expect(f.inStock).toBe(f.total);
    });

    it('filters by characteristics on one and the same in-stock offer', async () => {
      const res = await listing(
        `${scope}&filter[curl]=D&filter[thickness]=0.07&filter[length]=11&filter[inStock]=1`,
      );
      expect(res.meta.total).toBeGreaterThan(0);
      const ids = res.data.map((p) => p.id);
      const offers = await selectRows<{ product_id: number; n: number }>(
        t.database.db,
        sql`SELECT product_id, count(*)::int AS n FROM product_offers
            WHERE product_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) AND active AND stock > 0
              AND attributes->>'curl' = 'D' AND attributes->>'thickness' = '0.07' AND attributes->>'length' = '11'
            GROUP BY product_id`,
      );
      expect(offers.length).toBe(ids.length);
    });

    it('filters by the price to pay, by brand, by ids, and by novelty', async () => {
      const f = await facets(scope);
      expect(f.price.min).toBeGreaterThan(0);
      expect(f.price.max).toBeGreaterThan(f.price.min!);
      const mid = Math.round((f.price.min! + f.price.max!) / 2);
      const cheap = await listing(`${scope}&filter[priceMax]=${mid}&sort=price`);
      expect(cheap.meta.total).toBeGreaterThan(0);
      expect(cheap.data.every((p) => p.salePrice <= mid)).toBe(true);
      const dear = await listing(`${scope}&filter[priceMin]=${mid + 1}`);
      expect(cheap.meta.total + dear.meta.total).toBeGreaterThanOrEqual(f.total);

      const miralash = await listing('filter[brand]=miralash');
      expect(miralash.meta.total).toBeGreaterThan(0);
      const brands = await selectRows<{ code: string }>(
        t.database.db,
        sql`SELECT DISTINCT e.code FROM products p JOIN directory_entries e ON e.id = p.brand_id
            WHERE p.id IN (${sql.join(
              miralash.data.map((p) => sql`${p.id}`),
              sql`, `,
            )})`,
      );
      expect(brands).toEqual([{ code: 'miralash' }]);

      const some = (await listing(scope)).data.slice(0, 3).map((p) => p.id);
      const byIds = await listing(`filter[ids]=${some.join(',')}`);
      expect(byIds.data.map((p) => p.id).sort()).toEqual([...some].sort());

      const fresh = await listing('filter[isNew]=1');
      expect(fresh.data.every((p) => p.isNew)).toBe(true);
      expect((await facets('')).isNew).toBe(fresh.meta.total);
    });

    it('sorts by price both ways and by novelty', async () => {
      const up = (await listing(`${scope}&sort=price`)).data.map((p) => p.salePrice);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      const down = (await listing(`${scope}&sort=-price`)).data.map((p) => p.salePrice);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      const page2 = await get<Listing>(`/api/products/search?${scope}&perPage=10&page=2&sort=price`);
      expect(page2.data.map((p) => p.salePrice)).toEqual(up.slice(10, 20));
    });

    it('ignores unknown directory codes and refuses malformed values', async () => {
      const all = await listing(scope);
      expect((await listing(`${scope}&filter[utm_source]=promo`)).meta.total).toBe(all.meta.total);
      for (const query of [
        'filter[priceMin]=abc',
        'filter[priceMax]=-1',
        'filter[inStock]=yes',
        'filter[curl]=%3Cscript%3E',
        'filter[ids]=1,x',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/products/search?${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ error: { message: string } }>().error.message).toMatch(/[а-я]/);
        const f = await t.app.inject({ method: 'GET', url: `/api/products/facets?${query}` });
        expect(f.statusCode, query).toBe(400);
      }
    });

    it('counts a search query the same way as the search results', async () => {
      const q = `filter[search]=${encodeURIComponent('клей')}`;
      const f = await facets(q);
      expect(f.total).toBeGreaterThan(0);
      expect(f.total).toBe((await listing(q)).meta.total);
    });
  });

  describe('GET /api/products/:slug', () => {
    let slug: string;
    let productId: number;
    beforeAll(async () => {
      const [row] = await selectRows<{ id: number; slug: string }>(
        t.database.db,
        sql`SELECT p.id, p.slug FROM products p JOIN product_categories c ON c.id = p.category_ids[1]
            WHERE c.slug = 'chernye-resnitsy' AND p.active ORDER BY p.id LIMIT 1`,
      );
      slug = row!.slug;
      productId = row!.id;
    });

    it('answers the product with breadcrumbs, brand, options and offers with their titles', async () => {
      const { data } = await get<{ data: ProductPage }>(`/api/products/${slug}`);
      expect(data).toMatchObject({
        id: productId,
        slug,
        url: `/catalog/chernye-resnitsy/product/${slug}`,
        primaryCategory: { slug: 'chernye-resnitsy' },
        breadcrumbs: [{ slug: 'resnitsy' }, { slug: 'chernye-resnitsy' }],
        brand: { code: expect.any(String), title: expect.any(String), country: expect.any(String) },
        images: expect.arrayContaining([
          { url: expect.stringMatching(/^\/uploads\//), alt: expect.any(String) },
        ]),
      });
      expect(data.description).toContain('<p>');
      expect(data.options.map((o) => o.code)).toEqual(['curl', 'thickness', 'length', 'colour']);
      expect(data.options[0]!.title).toBe('Изгиб');
      expect(data.options.find((o) => o.code === 'colour')!.values[0]!.hex).toMatch(/^#/);
      expect(data.offers.length).toBeGreaterThan(1);
      const offer = data.offers[0]!;
      expect(offer).toMatchObject({
        article: expect.any(String),
        basePrice: expect.any(Number),
        salePrice: expect.any(Number),
        stock: expect.any(Number),
        active: true,
      });
      expect(offer.inStock).toBe(offer.stock > 0);
      expect(offer.attributes.map((a) => a.code)).toEqual(['curl', 'thickness', 'length', 'colour']);
      expect(offer.attributes.find((a) => a.code === 'thickness')).toMatchObject({
        title: 'Толщина',
        valueTitle: expect.stringMatching(/^0,\d+ мм$/),
      });
      expect(offer.basePrice).toBeGreaterThanOrEqual(offer.salePrice);
    });

    it('summarises only published reviews', async () => {
      const rows = await selectRows<{ rating: number }>(
        t.database.db,
        sql`SELECT rating FROM product_reviews WHERE product_id = ${productId} AND status = 'published'`,
      );
      const { data } = await get<{ data: ProductPage }>(`/api/products/${slug}`);
      expect(data.rating.count).toBe(rows.length);
      expect(data.rating.distribution.reduce((a, b) => a + b, 0)).toBe(rows.length);
      expect(data.reviews.length).toBe(Math.min(rows.length, 50));
      if (rows.length) {
        const mean = rows.reduce((a, r) => a + r.rating, 0) / rows.length;
        expect(data.rating.average).toBeCloseTo(mean, 1);
      } else {
        expect(data.rating.average).toBeNull();
      }
    });

    it('answers 404 in JSON for an unknown or switched-off product', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: '/api/products/no-such-product' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Товар не найден' } });
      await t.database.db.execute(sql`UPDATE products SET active = false WHERE id = ${productId}`);
      try {
        const off = await t.app.inject({ method: 'GET', url: `/api/products/${slug}` });
        expect(off.statusCode).toBe(404);
      } finally {
        await t.database.db.execute(sql`UPDATE products SET active = true WHERE id = ${productId}`);
      }
    });
  });

  describe('POST /api/products/:slug/reviews', () => {
    let slug: string;
    let token: string;
    beforeAll(async () => {
      const [row] = await selectRows<{ slug: string }>(
        t.database.db,
        sql`SELECT slug FROM products WHERE active ORDER BY id DESC LIMIT 1`,
      );
      slug = row!.slug;
      ({ token } = await signedInUser(t, {
        email: 'reviewer@test.local',
        name: 'Анна',
        lastName: 'смирнова',
        password: 'reviewer-pass-1',
      }));
    });
    const post = (body: unknown, headers: Record<string, string> = { authorization: token }, to = slug) =>
      t.app.inject({ method: 'POST', url: `/api/products/${to}/reviews`, headers, payload: body as object });

    it('answers 401 to a guest', async () => {
      const res = await post({ rating: 5, text: 'Отличные ресницы' }, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    });

    it('refuses a bad review with Russian messages per field', async () => {
      const res = await post({ rating: 6, text: ' а ' });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { message: string; fields: Record<string, string> } }>();
      expect(body.error.fields).toEqual({ rating: 'Не больше 5', text: 'Не короче 3 символов' });
      expect(body.error.message).toContain('«Оценка»');
      expect((await post({ text: 'Хорошо' })).json()).toMatchObject({
        error: { fields: { rating: 'Обязательное поле' } },
      });
      expect((await post({ rating: 5, text: 'Хорошо', status: 'published' })).statusCode).toBe(400);
    });

    it('stores a review for moderation, shows it once published, and takes one per customer', async () => {
      expect(
        (await post({ rating: 5, text: 'Хорошо' }, { authorization: token }, 'no-such')).statusCode,
      ).toBe(404);
      const res = await post({
        rating: 4,
        text: '  Мягкие, держат изгиб.  ',
        advantages: 'Цена',
        disadvantages: '',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, status } = res.json<{ data: { id: number; status: string } }>().data;
      expect(status).toBe('pending');
      const [stored] = await selectRows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT author_name, rating, text, advantages, disadvantages, status, user_id FROM product_reviews WHERE id = ${id}`,
      );
      expect(stored).toMatchObject({
        author_name: 'Анна С.',
        rating: 4,
        text: 'Мягкие, держат изгиб.',
        advantages: 'Цена',
        disadvantages: null,
        status: 'pending',
      });
      const before = (await get<{ data: ProductPage }>(`/api/products/${slug}`)).data;
      expect(before.reviews.some((r) => r.id === id)).toBe(false);

      await t.database.db.execute(sql`UPDATE product_reviews SET status = 'published' WHERE id = ${id}`);
      const after = (await get<{ data: ProductPage }>(`/api/products/${slug}`)).data;
      expect(after.reviews[0]).toMatchObject({
        id,
        authorName: 'Анна С.',
        rating: 4,
        verifiedPurchase: false,
      });
      expect(after.rating.count).toBe(before.rating.count + 1);

      const again = await post({ rating: 5, text: 'Ещё раз' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { message: 'Вы уже оставили отзыв об этом товаре' } });
    });
  });

  it('describes the new endpoints in OpenAPI', async () => {
    const doc = await get<{ paths: Record<string, object>; components: { schemas: Record<string, object> } }>(
      '/api/docs/json',
    );
    for (const path of [
      '/api/products/facets',
      '/api/products/{slug}',
      '/api/products/{slug}/reviews',
      '/api/catalog/categories/{slug}',
    ])
      expect(doc.paths).toHaveProperty([path]);
    expect(doc.components.schemas).toHaveProperty('ProductPage');
  });
});
