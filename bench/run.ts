// npm run bench: latency of the main read paths on the demo shop, each as a median over many requests
// and as a ratio to a trivial baseline route (GET /api/health) measured in the same run, so that the
// figures compare across machines. Then the live search over a mix of queries (bench/search.ts).
// Options:
//   --requests N         requests per row of the main table (default 300)
//   --products N         generated products added on top of the demo shop, up to N in all (default: none)
//   --data-dir DIR       an existing PGlite folder (e.g. filled by `npm run seed -- --products 100000`)
//                        instead of a fresh in-memory database
//   --search-requests N  requests per search query (default 50)
//   --search-only        the search section alone
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/src/app';
import { ensureAdmin } from '../server/src/auth/bootstrap';
import { loadConfig } from '../server/src/config';
import { indexProducts } from '../server/src/search/document';
import { seedDemo } from '../server/src/seed/demo';
import { addProducts, benchSearch, printSearch } from './search';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const textArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const REQUESTS = arg('requests', 300);
const PRODUCTS = arg('products', 0);
const SEARCH_REQUESTS = arg('search-requests', 50);
const SEARCH_ONLY = process.argv.includes('--search-only');
const DATA_DIR = textArg('data-dir');

const uploadsDir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
const config = {
  ...loadConfig({}),
  dataDir: DATA_DIR ? resolve(DATA_DIR) : 'memory',
  databaseUrl: process.env.DATABASE_URL || null,
  demoData: false,
  logLevel: 'silent',
  uploadsDir,
};
const { app, database } = await buildApp({ config, logger: false });
await seedDemo(database.db, { uploadsDir });
if (PRODUCTS) await addProducts(database.db, PRODUCTS);
// A database seeded before search existed gets its documents first.
await indexProducts(database.db);
await ensureAdmin(database.db, { email: 'bench@local', password: 'bench-password' }, app.log);
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { login: 'bench@local', password: 'bench-password' },
});
const token = login.json<{ data: { token: string } }>().data.token;

const q = (s: string) => encodeURIComponent(s);
const cases: { name: string; url: string; auth?: boolean }[] = [
  { name: 'baseline: GET /api/health', url: '/api/health' },
  { name: 'category tree', url: '/api/categories/tree' },
  {
    name: 'live search (7, "ресницы")',
    url: `/api/products/search?perPage=7&page=1&filter[search]=${q('ресницы')}`,
  },
  {
    name: 'category page (20, by popularity)',
    url: '/api/products/search?filter[categorySlug]=resnitsy&perPage=20',
  },
  { name: 'admin list: products (25, with offers)', url: '/api/admin/products?range=[0,24]', auth: true },
  {
    name: 'admin list: products, q="клей"',
    url: `/api/admin/products?filter=${q('{"q":"клей"}')}`,
    auth: true,
  },
  { name: 'admin one product', url: '/api/admin/products/1', auth: true },
  { name: 'SSR home page (loaders over HTTP)', url: '/' },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

await app.listen({ port: 0, host: '127.0.0.1' });
const rows: { name: string; median: number; p95: number; status: number }[] = [];
for (const c of SEARCH_ONLY ? [] : cases) {
  const times: number[] = [];
  let status = 0;
  const headers = c.auth ? { authorization: token } : {};
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: c.url, headers }); // warm-up
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: c.url, headers });
    times.push(performance.now() - t0);
    status = res.statusCode;
  }
  rows.push({ name: c.name, median: median(times), p95: p95(times), status });
}
if (rows.length) {
  const base = rows[0]!.median;
  console.log(
    `\n${REQUESTS} sequential requests per row, ${database.kind}, NODE_ENV=${process.env.NODE_ENV ?? 'development'}\n`,
  );
  console.log('| case | status | median ms | p95 ms | × baseline |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.status} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / base).toFixed(1)} |`,
    );
}
printSearch(await benchSearch(app, database.db, SEARCH_REQUESTS), SEARCH_REQUESTS);
await app.close();

rmSync(uploadsDir, { recursive: true, force: true });
