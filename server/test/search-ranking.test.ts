// The search's order beyond "found or not" and what it says it searched for, on the demo shop: a product
// that is what was asked for comes before one that only mentions it (клей: the glues before the jade
// stone «для клея»), what is in stock before what is not at equal relevance, and meta.searchedFor names
// the query as read when it was read otherwise than typed. With no filter (the live search) and with a price
// filter, which the read model applies to the matches before ranking them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { indexProducts } from '../src/domains/catalog/search/document';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

interface Found {
  data: { id: number; slug: string; title: string; inStock: boolean }[];
  meta: { total: number; searchedFor?: string | null };
}

// Without a filter and with one: both listings are ranked alike.
const PATHS = [
  { name: 'read model', extra: '' },
  { name: 'documents', extra: '&filter[priceMin]=1' },
];

const isGlue = (title: string) => /^клей/i.test(title);
const isJade = (title: string) => /^нефритовый камень/i.test(title);

describeOnDatabases('search ranking on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });
  const search = async (query: string, extra = '', perPage = 100) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?perPage=${perPage}&page=1&filter[search]=${encodeURIComponent(query)}${extra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Found>();
  };

  it.each(PATHS)('клей: every glue before the jade stones that are «для клея» ($name)', async ({ extra }) => {
    const { data } = await search('клей', extra);
    const titles = data.map((p) => p.title);
    const glues = titles.flatMap((title, i) => (isGlue(title) ? [i] : []));
    const stones = titles.flatMap((title, i) => (isJade(title) ? [i] : []));
    // Both kinds are found, or the order would prove nothing.
    expect(glues.length, titles.join(' | ')).toBeGreaterThan(3);
    expect(stones.length, titles.join(' | ')).toBeGreaterThan(0);
    expect(isGlue(titles[0]!), titles.slice(0, 3).join(' | ')).toBe(true);
    expect(Math.max(...glues), titles.join(' | ')).toBeLessThan(Math.min(...stones));
  });

  it('the live search (7 results, the word being typed) starts with glues too', async () => {
    for (const query of ['клей', 'кле'])
      expect(isGlue((await search(query, '', 7)).data[0]!.title), query).toBe(true);
  });

  it.each(PATHS)(
    'puts what is out of stock after what is in stock at equal relevance ($name)',
    async ({ extra }) => {
      const before = (await search('клей', extra)).data.filter((p) => isGlue(p.title));
      const first = before.find((p) => p.inStock)!;
      await t.database.db.execute(sql`UPDATE product_offers SET stock = 0 WHERE product_id = ${first.id}`);
      try {
        const after = (await search('клей', extra)).data.filter((p) => isGlue(p.title));
        const moved = after.find((p) => p.id === first.id)!;
        expect(moved.inStock).toBe(false);
        expect(after[0]!.id).not.toBe(first.id);
        // The glues (one «клей» in the title each: the same relevance) in stock first, then the others.
        const flags = after.map((p) => p.inStock);
        expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      } finally {
        await t.database.db.execute(sql`UPDATE product_offers SET stock = 10 WHERE product_id = ${first.id}`);
      }
    },
  );

  it('rebuilds the title documents a database had before the head weights (migration 0015)', async () => {
    const before = (await search('клей')).data.map((p) => p.id);
    await t.database.db.execute(sql`UPDATE products SET search_title = NULL`);
    expect(await indexProducts(t.database.db)).toBeGreaterThan(0);
    expect((await search('клей')).data.map((p) => p.id)).toEqual(before);
  });

  it('says what it searched for when it read the query otherwise', async () => {
    const cases: [query: string, searchedFor: string | null][] = [
      ['htcybws', 'ресницы'],
      ['рисницы', 'ресницы'],
      ['vtlyst wdtnyst htcybws', 'медные цветные ресницы'],
      ['клей ,hjdtq', 'клей бровей'],
      ['ресницы', null],
      ['клей', null],
      ['ресницы d 0,07', null],
      ['LB12', null],
    ];
    for (const [query, expected] of cases) {
      for (const { extra } of PATHS)
        expect((await search(query, extra, 7)).meta.searchedFor ?? null, query).toBe(expected);
    }
    // A word being typed in the other layout reads as its beginning.
    expect((await search('htcybw', '', 7)).meta.searchedFor).toBe('ресниц');
    // Without a search text the listing has no such field.
    const res = await t.app.inject({ method: 'GET', url: '/api/products/search?perPage=1' });
    expect(res.json<Found>().meta).not.toHaveProperty('searchedFor');
  });
});
