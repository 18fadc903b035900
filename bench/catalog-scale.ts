// The catalogue section of `npm run bench` (`--catalog-only`): what a category page asks the API, under
// load. Filter counts (GET /api/products/facets), the listing (GET /api/products/search, 20 per page, the
// sorts and a characteristic filter) and the live search mix of bench/search.ts (7 per page), each request
// sent `requests` times with `concurrency` in flight through app.inject: medians and p95 per row and per
// group. The budgets (100 000 products on PostgreSQL, 10 in flight, issue 28): counts with one and with two
// characteristics chosen p95 ≤ 50 ms, listing p95 ≤ 25 ms, live search p95 ≤ 30 ms. Before the rows, the
// catalogue's read model is built once more apart (benchReadModel): how long from PostgreSQL, how much memory.
import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Database } from '../server/src/platform/db';
import { CatalogReadModel } from '../server/src/domains/catalog/read-model/live';
import { compile, facets } from '../server/src/domains/catalog/read-model/queries';
import { memorySearch, relevancePage, searchSlots } from '../server/src/domains/catalog/read-model/search';
import { readSearch } from '../server/src/domains/catalog/search/readings';
import { parseProductFilters } from '../server/src/domains/catalog/product-filters';
import { SEARCH_MIX } from './search';
import { median, p95 } from './util';

interface Row {
  group: 'baseline' | 'facets' | 'listing' | 'search';
  name: string;
  url: string;
  times: number[];
  total: string;
}

/** Sends `requests` GETs of `url`, `concurrency` at a time; the time of each. */
async function load(app: FastifyInstance, url: string, requests: number, concurrency: number) {
  const times: number[] = [];
  let next = 0;
  let body = '';
  const worker = async () => {
    while (next < requests) {
      next++;
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      body = res.body;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { times, body };
}

function totalOf(body: string): string {
  if (!body.startsWith('{"data"')) return '';
  const json = JSON.parse(body) as {
    data?: { total?: number };
    meta?: { total: number; totalCapped?: boolean };
  };
  if (json.meta) return `${json.meta.totalCapped ? '>' : ''}${json.meta.total}`;
  return String(json.data?.total ?? '');
}

export async function benchCatalog(app: FastifyInstance, requests: number, concurrency: number) {
  const cat = 'filter[categorySlug]=resnitsy';
  const cases: Omit<Row, 'times' | 'total'>[] = [
    // One SELECT 1 under the same load: how busy the machine is.
    { group: 'baseline', name: 'GET /api/health', url: '/api/health' },
    { group: 'facets', name: 'category', url: `/api/products/facets?${cat}` },
    { group: 'facets', name: 'category, in stock', url: `/api/products/facets?${cat}&filter[inStock]=1` },
    { group: 'facets', name: 'category, curl D', url: `/api/products/facets?${cat}&filter[curl]=D` },
    {
      group: 'facets',
      name: 'category, curl D, 0,10 mm',
      url: `/api/products/facets?${cat}&filter[curl]=D&filter[thickness]=0.10`,
    },
    {
      group: 'facets',
      name: 'category, curl C or D, 0,10 mm, in stock',
      url: `/api/products/facets?${cat}&filter[curl]=C,D&filter[thickness]=0.10&filter[inStock]=1`,
    },
    { group: 'listing', name: 'popular', url: `/api/products/search?${cat}&perPage=20` },
    { group: 'listing', name: 'popular, page 5', url: `/api/products/search?${cat}&perPage=20&page=5` },
    { group: 'listing', name: 'new', url: `/api/products/search?${cat}&perPage=20&sort=new` },
    { group: 'listing', name: 'price', url: `/api/products/search?${cat}&perPage=20&sort=price` },
    { group: 'listing', name: '-price', url: `/api/products/search?${cat}&perPage=20&sort=-price` },
    {
      group: 'listing',
      name: 'in stock',
      url: `/api/products/search?${cat}&perPage=20&filter[inStock]=1`,
    },
    { group: 'listing', name: 'curl D', url: `/api/products/search?${cat}&perPage=20&filter[curl]=D` },
    ...SEARCH_MIX.map(([kind, query]) => ({
      group: 'search' as const,
      name: `${kind}: ${query}`,
      url: `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent(query)}`,
    })),
  ];
  const rows: Row[] = [];
  for (const c of cases) {
    await load(app, c.url, concurrency, concurrency); // warm-up
    const { times, body } = await load(app, c.url, requests, concurrency);
    rows.push({ ...c, times, total: totalOf(body) });
  }
  return rows;
}

/** A full collection of garbage, when it can be had (V8's flag, set at run time). */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export interface ReadModelFigures {
  products: number;
  buildMs: number;
  /** Growth of the heap and array buffers the built model holds. */
  heapMb: number;
  /** Bytes of its typed arrays alone. */
  arraysMb: number;
  /** Cold requests' work (coldFigures). */
  cold: [string, number][];
}

/** Builds the catalogue's read model from the database once more, apart: its time and memory. */
export async function benchReadModel(database: Database): Promise<ReadModelFigures> {
  collectGarbage();
  const before = process.memoryUsage();
  const model = new CatalogReadModel(database);
  const t0 = performance.now();
  await model.ready();
  const buildMs = performance.now() - t0;
  collectGarbage();
  const after = process.memoryUsage();
  const stats = model.stats();
  const mb = (n: number) => n / 2 ** 20;
  return {
    products: stats.products,
    buildMs,
    heapMb: mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers),
    arraysMb: mb(stats.bytes),
    cold: await coldFigures(database, model),
  };
}

export function printReadModel(r: ReadModelFigures) {
  console.log(
    `\nCatalogue read model: ${r.products.toLocaleString('en')} products built from the database in ` +
      `${r.buildMs.toFixed(0)} ms; memory ${r.heapMb.toFixed(1)} MB (typed arrays ${r.arraysMb.toFixed(1)} MB)`,
  );
  console.log('\nCold, one at a time (nothing kept: the first ask after a change), median of 5:\n');
  console.log('| request | ms |\n|---|---|');
  for (const [name, ms] of r.cold) console.log(`| ${name} | ${ms.toFixed(1)} |`);
}

/**
 * What the read model computes for a request when nothing is kept (the model is told it changed before each
 * try): a search's reading in PostgreSQL, its matches and order; a category's filter counts.
 */
async function coldFigures(database: Database, model: CatalogReadModel): Promise<[string, number][]> {
  const out: [string, number][] = [];
  const time = async (name: string, run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      (await model.ready()).index.version++;
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    out.push([name, median(times)]);
  };
  for (const text of ['ресницы', 'клей', 'пинцет изогнутый', 'ресницы D 0,07 10мм'])
    await time(`search «${text}»: reading, matches, order`, async () => {
      const reading = await readSearch(database.db, text);
      const { index, ref } = await model.ready();
      const search = memorySearch(reading);
      if (!search) return;
      const compiled = compile(index, {
        f: parseProductFilters({}),
        dirs: ref.dirs,
        brandIds: () => undefined,
        searchIds: searchSlots(index, ref, search),
      });
      relevancePage(index, ref, compiled, search, 1, 7);
    });
  const cat = { 'filter[categorySlug]': 'resnitsy' };
  for (const [name, q] of [
    ['counts: category', cat],
    ['counts: category, curl D', { ...cat, 'filter[curl]': 'D' }],
    ['counts: category, curl D, 0,10 mm', { ...cat, 'filter[curl]': 'D', 'filter[thickness]': '0.10' }],
  ] as const)
    await time(name, async () => {
      const { index, ref, compiled } = await model.filters(q);
      facets(index, compiled, ref.dirs, ref.entries);
    });
  return out;
}

export function printCatalog(
  rows: Row[],
  requests: number,
  concurrency: number,
  products: number,
  kind: string,
) {
  console.log(
    `\nCatalogue at ${products.toLocaleString('en')} products (${kind}): ${requests} requests per row, ${concurrency} in flight\n`,
  );
  console.log('| group | case | total | median ms | p95 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.group} | ${r.name} | ${r.total} | ${median(r.times).toFixed(1)} | ${p95(r.times).toFixed(1)} |`,
    );
  for (const group of ['facets', 'listing', 'search'] as const) {
    const all = rows.filter((r) => r.group === group).flatMap((r) => r.times);
    console.log(`| **${group}, all** | | | **${median(all).toFixed(1)}** | **${p95(all).toFixed(1)}** |`);
  }
}
