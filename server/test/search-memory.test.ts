// A search text answered by the read model (read-model/search.ts, search/ts-rank.ts) finds and orders the
// products exactly as the SQL of search/query.ts does (sqlSearchPage, kept as the reference and for the texts
// the model does not hold): the same pages, in every order and with filters, for every word of the
// vocabulary, their beginnings, typos, the other layout, two words, the lash notation and articles; and
// ts_rank computed in JavaScript equals PostgreSQL's to the last bit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { parseProductFilters } from '../src/domains/catalog/product-filters';
import { categoryIdsOf, loadReferenceData } from '../src/domains/catalog/read-model/load';
import { sqlSearchPage, TOTAL_CAP } from '../src/domains/catalog/catalog-routes';
import { readSearch } from '../src/domains/catalog/search/readings';
import {
  bindQuery,
  operandsOf,
  parseOwnTsvector,
  parseTsquery,
  rankQuery,
  tsRank,
} from '../src/domains/catalog/search/ts-rank';
import type { SortName } from '../src/domains/catalog/read-model/catalog-index';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

interface Found {
  data: { id: number }[];
  meta: { total: number; totalCapped: boolean; searchedFor?: string | null };
}

/** Latin letters as they sit on a Russian keyboard (the other layout). */
const LAYOUT: Record<string, string> = Object.fromEntries(
  [...'йцукенгшщзхъфывапролджэячсмитьбю'].map((ru, i) => [ru, "qwertyuiop[]asdfghjkl;'zxcvbnm,."[i]!]),
);
const otherLayout = (word: string) => [...word].map((ch) => LAYOUT[ch] ?? ch).join('');

describeOnDatabases('search from memory on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(() => t.close());
  let ref: Awaited<ReturnType<typeof loadReferenceData>> | undefined;

  async function expectSameAsSql(text: string, extra = '', sort: SortName | null = null, page = 1) {
    const query = `filter[search]=${encodeURIComponent(text)}${extra}${sort ? `&sort=${sort}` : ''}`;
    const res = await t.app.inject(`/api/products/search?perPage=12&page=${page}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json<Found>();
    const db = t.database.db;
    ref ??= await loadReferenceData(db);
    const parsed = parseProductFilters(Object.fromEntries(new URLSearchParams(query)));
    const f = parsed.categorySlug
      ? { ...parsed, categoryIds: categoryIdsOf(ref, parsed.categorySlug) }
      : parsed;
    const reading = await readSearch(db, text);
    const want = await sqlSearchPage(db, f, f.values.size ? ref.dirs : [], reading, {
      sort,
      page,
      perPage: 12,
    });
    const what = `«${text}»${extra}${sort ? ` by ${sort}` : ''}, page ${page}`;
    expect(
      got.data.map((r) => r.id),
      what,
    ).toEqual(want.ids);
    expect(Math.min(got.meta.total, TOTAL_CAP), what).toBe(want.total);
    expect(got.meta.searchedFor ?? null, what).toBe(reading.shown);
  }

  const vocabulary = async () => {
    const words = await selectRows<{ word: string }>(
      t.database.db,
      sql`SELECT word FROM search_words WHERE main AND length(word) >= 3 ORDER BY word`,
    );
    expect(words.length).toBeGreaterThan(50);
    return words.map((w) => w.word);
  };

  it('every word of the vocabulary', async () => {
    for (const word of await vocabulary()) await expectSameAsSql(word);
  });

  it('beginnings of words, typos and the other layout', async () => {
    const texts = new Set<string>();
    for (const [i, word] of (await vocabulary()).entries()) {
      texts.add(word.slice(0, 3));
      if (i % 4 !== 0) continue;
      if (word.length >= 5) texts.add(`${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`);
      texts.add(otherLayout(word));
    }
    for (const text of texts) await expectSameAsSql(text);
  });

  it('two words, the lash notation, numbers and articles, with filters and in every order', async () => {
    const [article] = await selectRows<{ article: string }>(
      t.database.db,
      sql`SELECT o.article FROM product_offers o JOIN products p ON p.id = o.product_id
          WHERE o.active AND p.active AND o.article <> '' ORDER BY o.id LIMIT 1`,
    );
    const [category] = await selectRows<{ slug: string }>(
      t.database.db,
      sql`SELECT c.slug FROM product_categories c WHERE c.active
          ORDER BY (SELECT count(*) FROM products p WHERE c.id = ANY(p.category_ids)) DESC LIMIT 1`,
    );
    const texts = [
      'клей для ресниц',
      'ресницы черные',
      'ресниц d 0,07',
      'D 0,07 11',
      'd 0.1',
      '0,07',
      'пинцет изогн',
      'рисницы',
      'htcybws',
      'lash',
      'состав для ламинирования',
      article!.article,
      article!.article.slice(0, 4),
    ];
    for (const text of texts) {
      await expectSameAsSql(text);
      await expectSameAsSql(text, '', null, 2);
      for (const sort of ['popular', 'new', 'price', '-price'] as const)
        await expectSameAsSql(text, '', sort);
      await expectSameAsSql(text, '&filter[inStock]=1');
      await expectSameAsSql(text, `&filter[categorySlug]=${category!.slug}`);
      await expectSameAsSql(text, '&filter[priceMin]=50000&filter[priceMax]=300000');
    }
  });

  it('ts_rank in JavaScript equals PostgreSQL’s for every product document and query', async () => {
    const db = t.database.db;
    const docs = await selectRows<{ id: number; title: string | null }>(
      db,
      sql`SELECT id, search_title::text AS title FROM products ORDER BY id`,
    );
    const queries = [
      'клей & ресниц',
      "'ресниц':* | 'клей'",
      "'черн' & 'ресниц':* & 'd'",
      "'lash':* & 'клей'",
      'пинцет',
    ];
    for (const text of queries) {
      const rows = await selectRows<{ id: number; q: string; r: number | null }>(
        db,
        sql`SELECT p.id, ${text}::tsquery::text AS q, ts_rank(p.search_title, ${text}::tsquery) AS r
            FROM products p ORDER BY p.id`,
      );
      const tree = parseTsquery(rows[0]!.q)!;
      expect(tree, text).not.toBeNull();
      const rank = rankQuery(tree);
      for (const [i, row] of rows.entries()) {
        const doc = parseOwnTsvector(docs[i]!.title);
        const want = row.r === null ? null : Math.fround(Number(row.r));
        expect(tsRank(doc, rank), `${text} on ${docs[i]!.title}`).toBe(want);
        // The same with the query bound to the document's lexemes (how the read model ranks every match).
        const bound = doc && bindQuery(rank, operandsOf(tree), doc.lexemes);
        expect(bound && tsRank(doc, bound), `${text} on ${docs[i]!.title}, bound`).toBe(doc ? want : null);
      }
    }
  });
});
