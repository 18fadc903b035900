// The search section of `npm run bench`: the live search (GET /api/products/search, 7 per page) over a
// mix of what visitors type — common words, brands, typos, the wrong keyboard layout, transliteration,
// lash notation, articles, words being typed, description-only words and nonsense — each query sent
// many times; the median and p95 over every request of the mix, and per query.
import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';
import { productOffers, products } from '../server/generated/tables';
import type { Db } from '../server/src/platform/db';
import { median, p95 } from './util';

/** The queries of the mix (bench/catalog-scale.ts sends them too). */
export const SEARCH_MIX: [kind: string, query: string][] = [
  ['common word', 'ресницы'],
  ['common word', 'клей'],
  ['two words', 'пинцет изогнутый'],
  ['brand', 'miralash'],
  ['brand and line', 'velora silk'],
  ['morphology', 'клеем для ресниц'],
  ['typo', 'рисницы'],
  ['typo', 'пенцет для объема'],
  ['layout ru→en', 'htcybws'],
  ['layout en→ru', 'ьшкфдфыр'],
  ['transliteration', 'миралаш'],
  ['notation', 'ресницы D 0,07 10мм'],
  ['notation', 'сс 0.1 12 mm'],
  ['typing', 'рес'],
  ['typing', 'гидрогел'],
  ['description only', 'гиалуроновая кислота'],
  ['nonsense', 'жирафы'],
];

export interface SearchRow {
  kind: string;
  query: string;
  median: number;
  p95: number;
  total: number;
}

export async function benchSearch(
  app: FastifyInstance,
  db: Db,
  requests: number,
): Promise<{ rows: SearchRow[]; median: number; p95: number; products: number }> {
  // An article that exists, in lower case, and its first part (all the variants of its product).
  const [a] = await db.select({ article: productOffers.article }).from(productOffers).limit(1);
  const mix = [...SEARCH_MIX];
  if (a) mix.push(['article', a.article.toLowerCase()], ['article prefix', a.article.split('-')[0]!]);
  const all: number[] = [];
  const rows: SearchRow[] = [];
  for (const [kind, query] of mix) {
    const url = `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent(query)}`;
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url }); // warm-up
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      total = res.json<{ meta: { total: number } }>().meta.total;
    }
    all.push(...times);
    rows.push({ kind, query, median: median(times), p95: p95(times), total });
  }
  return { rows, median: median(all), p95: p95(all), products: await db.$count(products) };
}

export function printSearch(result: Awaited<ReturnType<typeof benchSearch>>, requests: number) {
  console.log(
    `\nLive search (perPage=7) over ${result.products.toLocaleString('en')} products, ${requests} requests per query\n`,
  );
  console.log('| query | kind | found | median ms | p95 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of result.rows)
    console.log(`| ${r.query} | ${r.kind} | ${r.total} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`);
  console.log(`| **the whole mix** | | | **${result.median.toFixed(2)}** | **${result.p95.toFixed(2)}** |`);
}
