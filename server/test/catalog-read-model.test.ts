// The catalogue's read model (server/src/domains/catalog/read-model): the filters' counts and the listings
// it answers from memory equal what the SQL over the offers says (product-filters.ts facetsFromOffers and
// productWhere), for every category, with "В наличии", with one and two characteristics, a brand, a price
// range and the flags, in every order; on the demo shop and after each kind of write: the admin's CRUD,
// bulk offers, SQL that skips the application (an order taking stock), deleting, a thousand products at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import type { ProductFacets } from '@shop/schemas';
import { selectRows } from '../src/platform/db';
import {
  facetsFromOffers,
  parseProductFilters,
  productWhere,
  type ProductFilters,
} from '../src/domains/catalog/product-filters';
import { categoryIdsOf, loadReferenceData } from '../src/domains/catalog/read-model/load';
import { SORTS, TOTAL_CAP } from '../src/domains/catalog/catalog-routes';
import { describeOnDatabases, itRaces, startDemoShop, type TestApp } from './harness';

describeOnDatabases('catalogue read model on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(() => t.close());

  const facets = async (query: string) => {
    const res = await t.app.inject(`/api/products/facets?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ProductFacets }>().data;
  };
  const listing = async (query: string) => {
    const res = await t.app.inject(`/api/products/search?perPage=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: number }[]; meta: { total: number; totalCapped: boolean } }>();
  };

  /** The filters of `query` as the SQL reads them. */
  async function sqlFilters(query: string): Promise<ProductFilters> {
    const f = parseProductFilters(Object.fromEntries(new URLSearchParams(query)));
    const ref = await loadReferenceData(t.database.db);
    return f.categorySlug ? { ...f, categoryIds: categoryIdsOf(ref, f.categorySlug) } : f;
  }

  /** The filters' counts and the listing in each of `sorts` of `query`: memory and SQL agree. */
  async function expectQueryAgrees(query: string, sorts = Object.keys(SORTS)) {
    const db = t.database.db;
    const f = await sqlFilters(query);
    const { dirs } = await loadReferenceData(db);
    expect(await facets(query), `facets of ${query || 'the catalogue'}`).toEqual(
      await facetsFromOffers(db, f, dirs),
    );
    for (const sort of sorts) {
      const byPrice = sort === 'price' || sort === '-price';
      const rows = await selectRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM products p
          ${byPrice ? sql`JOIN catalog_product_keys k ON k.product_id = p.id` : sql``}
          WHERE ${productWhere(f, dirs)} ORDER BY ${sql.raw(SORTS[sort]!)}`,
      );
      const got = await listing(`${query}&sort=${sort}`);
      expect(
        got.data.map((r) => r.id),
        `${sort} listing of ${query}`,
      ).toEqual(rows.slice(0, 100).map((r) => r.id));
      expect(got.meta).toMatchObject({ total: rows.length, totalCapped: false });
    }
  }

  /**
   * Every category (and the whole catalogue), with and without the stock filter (by popularity, every order
   * for the whole catalogue); and in the largest one every kind of filter, the values taken from its own
   * facets.
   */
  async function expectCountsAgree() {
    const slugs = await selectRows<{ slug: string }>(t.database.db, sql`SELECT slug FROM product_categories`);
    for (const slug of [null, ...slugs.map((r) => r.slug)])
      for (const inStock of [false, true])
        await expectQueryAgrees(
          [slug ? `filter[categorySlug]=${slug}` : '', inStock ? 'filter[inStock]=1' : '']
            .filter(Boolean)
            .join('&'),
          slug ? ['popular'] : undefined,
        );
    const cat = 'filter[categorySlug]=resnitsy';
    const { groups, price } = await facets(cat);
    const pick = (g: number, v: number) => {
      const group = groups[g];
      const value = group?.values[v];
      return group && value ? `filter[${group.code}]=${value.code}` : '';
    };
    const mid = Math.round(((price.min ?? 0) + (price.max ?? 0)) / 2);
    const combos = [
      pick(0, 0),
      `${pick(0, 0)},${groups[0]?.values[1]?.code ?? ''}`,
      `${pick(0, 0)}&${pick(1, 0)}`,
      `${pick(0, 1)}&${pick(1, 1)}&filter[inStock]=1`,
      `${pick(0, 0)}&${pick(1, 0)}&${pick(2, 0)}`,
      `filter[priceMin]=${mid}`,
      `filter[priceMax]=${mid}&${pick(1, 0)}`,
      `filter[priceMin]=${price.min ?? 0}&filter[priceMax]=${mid}&${pick(0, 0)}&filter[inStock]=1`,
      'filter[isNew]=1',
      'filter[isHit]=1&filter[inStock]=1',
      'filter[brand]=nonexistent',
      'filter[curl]=nonexistent',
    ];
    for (const combo of combos) await expectQueryAgrees(`${cat}&${combo}`);
    const brand = (await facets('')).groups.find((g) => g.code === 'brand');
    if (brand?.values[0]) await expectQueryAgrees(`filter[brand]=${brand.values[0].code}&${pick(0, 0)}`);
  }

  const admin = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: t.adminToken }, payload });
  it('counts the demo shop as the offers do', async () => {
    const all = await facets('filter[categorySlug]=resnitsy');
    expect(all.total).toBeGreaterThan(10);
    expect(all.groups.map((g) => g.code)).toContain('curl');
    await expectCountsAgree();
  });

  it('counts a characteristic with another one only on one and the same offer', async () => {
    const db = t.database.db;
    // Curl D exists only as 0.10 (sold out), thickness 0.07 only as curl C: "D and 0,07" is none of them.
    const [cat] = await selectRows<{ id: number }>(
      db,
      sql`SELECT id FROM product_categories WHERE slug = 'chernye-resnitsy'`,
    );
    const [p] = await selectRows<{ id: number }>(
      db,
      sql`INSERT INTO products (title, slug, active, category_ids)
          VALUES ('Ресницы на одном предложении', 'odno-predlozhenie', true, ${`{${cat!.id}}`}::int[])
          RETURNING id`,
    );
    await db.execute(sql`INSERT INTO product_offers (product_id, position, article, base_price, stock, attributes)
      VALUES (${p!.id}, 1, 'SAME-1', 90000, 5, '{"curl": "C", "thickness": "0.07"}'),
             (${p!.id}, 2, 'SAME-2', 80000, 0, '{"curl": "D", "thickness": "0.10"}')`);
    const ids = async (query: string) => (await listing(query)).data.map((r) => r.id);
    expect(await ids('filter[curl]=D&filter[thickness]=0.10')).toContain(p!.id);
    expect(await ids('filter[curl]=D&filter[thickness]=0.07')).not.toContain(p!.id);
    expect(await ids('filter[curl]=D&filter[inStock]=1')).not.toContain(p!.id);
    // In stock it has, and D with 0,10 it has, but not on an offer in stock.
    expect(await ids('filter[inStock]=1')).toContain(p!.id);
    expect(await ids('filter[curl]=D&filter[thickness]=0.10&filter[inStock]=1')).not.toContain(p!.id);
    expect(await ids('filter[curl]=C&filter[priceMax]=85000')).not.toContain(p!.id);
    // Cheaper and dearer offers than the range, none within it.
    expect(await ids('filter[priceMin]=85000&filter[priceMax]=86000')).not.toContain(p!.id);
    expect(await ids('filter[priceMin]=85000&filter[priceMax]=95000')).toContain(p!.id);
    const cat2 = 'filter[categorySlug]=chernye-resnitsy';
    for (const combo of [
      'filter[curl]=D',
      'filter[curl]=D&filter[inStock]=1',
      'filter[thickness]=0.07',
      'filter[curl]=D&filter[thickness]=0.07',
      'filter[curl]=C,D&filter[thickness]=0.10',
      'filter[curl]=C,D&filter[thickness]=0.10&filter[inStock]=1',
      'filter[priceMax]=85000&filter[curl]=C',
      'filter[priceMin]=85000&filter[thickness]=0.10',
      'filter[priceMin]=85000&filter[priceMax]=86000',
      'filter[priceMin]=79000&filter[priceMax]=81000&filter[inStock]=1',
    ])
      await expectQueryAgrees(`${cat2}&${combo}`);
  });

  it('stays right after the admin edits a product and its offers, and deletes one', async () => {
    const [p] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT p.id FROM products p WHERE p.active AND 1 = (SELECT count(*) FROM product_categories c
          WHERE c.id = ANY(p.category_ids) AND c.slug = 'chernye-resnitsy')
          AND (SELECT count(*) FROM product_offers o WHERE o.product_id = p.id AND o.active) > 1
          ORDER BY p.id LIMIT 1`,
    );
    const before = await facets('filter[categorySlug]=resnitsy&filter[inStock]=1');
    const got = await admin('GET', `/api/admin/products/${p!.id}`);
    const product = got.json<{ offers: { stock: number; attributes: Record<string, string> }[] }>();
    // Every offer sold out, another curl on the first, a new brand-less category: the counts follow.
    const offers = product.offers.map((o, i) => ({
      ...o,
      stock: 0,
      attributes: i === 0 ? { ...o.attributes, curl: 'M' } : o.attributes,
    }));
    const res = await admin('PUT', `/api/admin/products/${p!.id}`, { ...product, offers });
    expect(res.statusCode, res.body).toBe(200);
    expect((await facets('filter[categorySlug]=resnitsy&filter[inStock]=1')).total).toBe(before.total - 1);
    await expectCountsAgree();

    expect((await admin('DELETE', `/api/admin/products/${p!.id}`)).statusCode).toBeLessThan(300);
    await expectCountsAgree();
  });

  it('stays right after bulk offers, a product switched off and SQL that skips the application', async () => {
    const ids = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM products WHERE active ORDER BY id LIMIT 5`,
    );
    const bulk = await admin('POST', '/api/admin/products/bulk-offers', {
      ids: ids.map((r) => r.id),
      price: { mode: 'percent', value: -10 },
      stock: 0,
    });
    expect(bulk.statusCode, bulk.body).toBeLessThan(300);
    await expectCountsAgree();
    // An order taking the last unit, as its SQL does; a product switched off and moved.
    await t.database.db.execute(sql`UPDATE product_offers SET stock = 0
      WHERE id = (SELECT min(id) FROM product_offers WHERE stock > 0 AND active)`);
    await t.database.db.execute(sql`UPDATE products SET active = false WHERE id = ${ids[0]!.id}`);
    await t.database.db.execute(sql`UPDATE products SET category_ids = '{7}', is_new = NOT is_new
      WHERE id = ${ids[1]!.id}`);
    await t.database.db.execute(sql`DELETE FROM product_offers WHERE product_id = ${ids[2]!.id}`);
    await expectCountsAgree();
  });

  itRaces(
    target,
    'counts a product once when two transactions sell out two of its offers at once',
    async () => {
      const offers = await selectRows<{ id: number }>(
        t.database.db,
        sql`SELECT o.id FROM product_offers o JOIN products p ON p.id = o.product_id
          WHERE p.active AND o.active AND o.stock > 0 AND o.product_id = (
            SELECT product_id FROM product_offers WHERE active AND stock > 0
            GROUP BY product_id HAVING count(*) = 2 ORDER BY product_id LIMIT 1)
          ORDER BY o.id LIMIT 2`,
      );
      expect(offers).toHaveLength(2);
      // The first takes its offer's last unit and keeps its transaction open while the second takes the other's.
      let firstTook!: () => void;
      const took = new Promise<void>((resolve) => (firstTook = resolve));
      await Promise.all([
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE product_offers SET stock = 0 WHERE id = ${offers[0]!.id}`);
          firstTook();
          await tx.execute(sql`SELECT pg_sleep(0.5)`);
        }),
        took.then(() =>
          t.database.db.execute(sql`UPDATE product_offers SET stock = 0 WHERE id = ${offers[1]!.id}`),
        ),
      ]);
      await expectCountsAgree();
    },
  );

  it("keeps the search's documents in memory current: a renamed product is found by its new title only", async () => {
    const [p] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM products WHERE active ORDER BY id DESC LIMIT 1`,
    );
    const search = async (text: string) =>
      (await t.app.inject(`/api/products/search?perPage=7&filter[search]=${encodeURIComponent(text)}`))
        .json<{ data: { id: number }[] }>()
        .data.map((r) => r.id);
    const product = (await admin('GET', `/api/admin/products/${p!.id}`)).json<Record<string, unknown>>();
    const res = await admin('PUT', `/api/admin/products/${p!.id}`, { ...product, title: 'Пинцет Аврора' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await search('аврора')).toEqual([p!.id]);
    await t.database.db.execute(sql`UPDATE products SET active = false WHERE id = ${p!.id}`);
    expect(await search('аврора')).toEqual([]);
  });

  describe("the listing's total", () => {
    const list = async (query: string) =>
      (await t.app.inject(`/api/products/search?perPage=5&${query}`)).json<{
        data: unknown[];
        meta: { total: number; totalCapped: boolean };
      }>().meta;
    const exact = async (where: string) =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM products p WHERE p.active AND ${sql.raw(where)}`,
        )
      )[0]!.n;

    it('is exact from the read model on a category page, with and without the stock filter', async () => {
      expect(await list('filter[categorySlug]=kley')).toMatchObject({
        total: await exact(`category_ids && '{7,8,9}'`),
        totalCapped: false,
      });
      expect((await list('filter[categorySlug]=kley&filter[inStock]=1')).total).toBe(
        await exact(`category_ids && '{7,8,9}' AND EXISTS (SELECT 1 FROM product_offers o
          WHERE o.product_id = p.id AND o.active AND o.stock > 0)`),
      );
    });

    it('is exact from the read model; PostgreSQL counts a search up to the cap, and says so above it', async () => {
      expect(await list('filter[search]=клей')).toMatchObject({ totalCapped: false });
      // More products than the cap: copies of one, found by a word of their title (the read model counts
      // them) and with a word of their description (which only PostgreSQL holds: it counts up to the cap).
      await t.database.db
        .execute(sql`INSERT INTO products (title, slug, active, category_ids, search_vector, search_title)
        SELECT 'Жираф ' || g, 'zhiraf-' || g, true, '{22}',
          setweight(to_tsvector('russian', 'жираф'), 'A') || '~бегемот'::tsvector,
          setweight(to_tsvector('russian', 'жираф'), 'A')
        FROM generate_series(1, ${TOTAL_CAP + 1}) g`);
      await t.database.db.execute(
        sql`INSERT INTO search_words (word, lexeme, main) VALUES ('жираф', 'жираф', true), ('бегемот', 'бегемот', false)
            ON CONFLICT DO NOTHING`,
      );
      expect(await list('filter[search]=жираф')).toMatchObject({ total: TOTAL_CAP + 1, totalCapped: false });
      expect(await list(`filter[search]=${encodeURIComponent('жираф бегемот')}`)).toMatchObject({
        total: TOTAL_CAP,
        totalCapped: true,
      });
      // A category page still counts them exactly.
      expect(await list('filter[categorySlug]=aksessuary')).toMatchObject({ totalCapped: false });
      expect((await list('filter[categorySlug]=aksessuary')).total).toBeGreaterThan(TOTAL_CAP);
      await expectCountsAgree();
    });
  });
});
