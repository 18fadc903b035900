// npm run bench: latency of the main read paths on the demo shop, each as a median over many requests
// and as a ratio to a trivial baseline route (GET /api/health) measured in the same run, so that the
// figures compare across machines. Password recovery for a known and an unknown address (bench/recovery.ts).
// Then the storefront pages (bench/pages.ts): server-rendering
// throughput and the JavaScript each loads; the live search over a mix of queries (bench/search.ts); and
// Lighthouse's mobile scores of the pages (bench/lighthouse.ts). Needs `npm run build` (the storefront's
// production build) unless --search-only; run with NODE_ENV=production.
// Options:
//   --requests N         requests per row of the main table (default 300)
//   --products N         generated products added on top of the demo shop, up to N in all (default: none)
//   --data-dir DIR       an existing PGlite folder (e.g. filled by `npm run seed -- --products 100000`)
//                        instead of a fresh in-memory database
//   --search-requests N  requests per search query (default 50)
//   --search-only        the search section alone
//   --admin-list-only    the admin products list section alone (bench/admin-list.ts)
//   --admin-list-requests N  requests per row of that section (default 50)
//   --messages-only      the messages section alone (bench/messages.ts)
//   --lighthouse-only    the Lighthouse section alone (home, category, product and cart, with the JavaScript
//                        each loads; needs the build)
//   --catalog-only       the catalogue section alone (bench/catalog-scale.ts: counts, listing, search, 10 in flight)
//   --cart-only          the cart section alone (bench/cart.ts: 20 clients at once)
//   --delivery-only      the checkout with carriers alone (bench/delivery.ts: slow carriers, cached answers)
//   --feed-only          the YML feed alone (bench/feed.ts: its build time at --feed-products, validated); in a
//                        full run it comes last, as its products would change the other sections' catalogue
//   --feed-products N    products in the feed's catalogue, the demo's included (default 10000; --quick: the demo)
//   --feed-runs N        builds measured (default 3)
//   --exchange1c-only    the 1C exchange alone (bench/exchange1c.ts: a catalogue imported through the protocol)
//   --exchange-goods N   goods in that catalogue, two offers each (default 10000)
//   --letters N          e-mails delivered in that section (default 300)
//   --subscribers N      recipients of its mailing (default 10000)
//   --ssr-requests N     requests per page in the server-rendering table (default 300)
//   --concurrency N      requests in flight there (default 10)
//   --no-lighthouse      skip Lighthouse (about 15 s per page and run)
//   --lighthouse-runs N  Lighthouse runs per page, the median reported (default 1)
//   --lighthouse-reports DIR  also write each run's HTML report there
//   --throughput-seconds N  seconds per row of the HTTP throughput section (bench/throughput.ts; default 5)
//   --throughput-only    the storefront pages and the HTTP throughput section alone
//   --no-memory          skip the memory and cold start section (bench/memory.ts: its own server process)
//   --build-dir DIR      the storefront's production build (default storefront/build)
//   --quick              every section, few requests and no Lighthouse or memory: the smoke test's run
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/src/app';
import { ensureAdmin } from '../server/src/domains/accounts/bootstrap';
import { loadConfig } from '../server/src/platform/config';
import { indexProducts } from '../server/src/domains/catalog/search/document';
import { seedDemo } from '../server/src/seed/demo';
import { benchLighthouse, printLighthouse } from './lighthouse';
import {
  type Page,
  benchPages,
  pageScripts,
  printPages,
  printScripts,
  requireStorefrontBuild,
  storefrontPages,
} from './pages';
import { products } from '../server/generated/tables';
import { benchAdminList, printAdminList } from './admin-list';
import { benchSearch, printSearch } from './search';
import { addProducts } from '../server/src/seed/catalog';
import { benchCart, printCart } from './cart';
import { BENCH_CDEK_KEYS, benchDelivery, printDelivery } from './delivery';
import { startFakeCdek } from '../server/test/fake-cdek';
import { startFakeRussianPost } from '../server/test/fake-russian-post';
import { benchCatalog, benchReadModel, printCatalog, printReadModel } from './catalog-scale';
import { benchFeed, printFeed } from './feed';
import { benchMessages, printMessages } from './messages';
import { benchExchange1c, printExchange1c } from './exchange1c';
import { benchRecovery, printRecovery } from './recovery';
import {
  benchThroughput,
  guestCartCookie,
  printThroughput,
  registerBaselines,
  writeStaticCopy,
} from './throughput';
import { benchMemory, type MemoryResult } from './memory';
import { freePort, median, p95 } from './util';

const QUICK = process.argv.includes('--quick');
/** A number option; --quick takes its own small default where it gives one. */
const arg = (name: string, dflt: number, quick = dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : QUICK ? quick : dflt;
};
const textArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const REQUESTS = arg('requests', 300, 20);
const PRODUCTS = arg('products', 0);
const SEARCH_REQUESTS = arg('search-requests', 50, 3);
const ADMIN_LIST_ONLY = process.argv.includes('--admin-list-only');
const ADMIN_LIST_REQUESTS = arg('admin-list-requests', 50, 3);
const SEARCH_ONLY = process.argv.includes('--search-only');
const MESSAGES_ONLY = process.argv.includes('--messages-only');
const CART_ONLY = process.argv.includes('--cart-only');
const DELIVERY_ONLY = process.argv.includes('--delivery-only');
const CATALOG_ONLY = process.argv.includes('--catalog-only');
const THROUGHPUT_ONLY = process.argv.includes('--throughput-only');
const LIGHTHOUSE_ONLY = process.argv.includes('--lighthouse-only');
const FEED_ONLY = process.argv.includes('--feed-only');
const FEED_PRODUCTS = arg('feed-products', 10_000, 0);
const FEED_RUNS = arg('feed-runs', 3, 1);
const EXCHANGE_ONLY = process.argv.includes('--exchange1c-only');
const EXCHANGE_GOODS = arg('exchange-goods', 10_000, 300);
const LETTERS = arg('letters', 300, 10);
const SUBSCRIBERS = arg('subscribers', 10_000, 100);
const DATA_DIR = textArg('data-dir');
const SSR_REQUESTS = arg('ssr-requests', 300, 20);
const THROUGHPUT_SECONDS = arg('throughput-seconds', 5, 1);
const CONCURRENCY = arg('concurrency', 10);
const ONLY =
  SEARCH_ONLY ||
  ADMIN_LIST_ONLY ||
  MESSAGES_ONLY ||
  CART_ONLY ||
  CATALOG_ONLY ||
  DELIVERY_ONLY ||
  THROUGHPUT_ONLY ||
  LIGHTHOUSE_ONLY ||
  FEED_ONLY ||
  EXCHANGE_ONLY;
/** The storefront's pages: their SSR table and the HTTP throughput section. */
const PAGES = !ONLY || THROUGHPUT_ONLY;
const LIGHTHOUSE = LIGHTHOUSE_ONLY || (!ONLY && !QUICK && !process.argv.includes('--no-lighthouse'));
const MEMORY = !ONLY && !QUICK && !process.argv.includes('--no-memory');
const BUILD_DIR = textArg('build-dir');
const LIGHTHOUSE_RUNS = arg('lighthouse-runs', 1);
const LIGHTHOUSE_REPORTS = textArg('lighthouse-reports');

const defaults = { ...loadConfig({}), ...(BUILD_DIR ? { storefrontBuildDir: resolve(BUILD_DIR) } : {}) };
if (PAGES || LIGHTHOUSE_ONLY) requireStorefrontBuild(defaults.storefrontBuildDir);
const uploadsDir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
// The carriers are local servers that speak their protocols (bench/delivery.ts makes them slow).
const [cdekFake, postFake] = await Promise.all([
  startFakeCdek({ ...BENCH_CDEK_KEYS }),
  startFakeRussianPost({}),
]);
const config = {
  ...defaults,
  // Known before the app is built: the storefront's loaders call the API at this very server.
  port: await freePort(),
  dataDir: DATA_DIR ? resolve(DATA_DIR) : 'memory',
  databaseUrl: process.env.DATABASE_URL || null,
  demoData: false,
  logLevel: 'silent',
  uploadsDir,
  // Every request comes from 127.0.0.1: the limits are still counted (their cost is measured), never reached.
  rateLimitScale: 1000,
  cdekApiUrl: cdekFake.url,
  cdekTestApiUrl: cdekFake.url,
  russianPostApiUrl: postFake.url,
};
const built = await buildApp({ config, logger: false });
const { app, database } = built;
const staticDir = mkdtempSync(join(tmpdir(), 'bench-static-'));
if (PAGES) await registerBaselines(app, staticDir);
await seedDemo(database.db, { storage: built.storage });
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
  { name: 'SSR home page (a guest: from the page cache)', url: '/' },
];

await app.listen({ port: config.port, host: '127.0.0.1' });
const rows: { name: string; median: number; p95: number; status: number }[] = [];
for (const c of ONLY ? [] : cases) {
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
if (!ONLY) printRecovery(await benchRecovery(built, REQUESTS), REQUESTS, database.kind);
if (!ONLY || ADMIN_LIST_ONLY) {
  const count = await database.db.$count(products);
  printAdminList(
    await benchAdminList(app, token, count, ADMIN_LIST_REQUESTS),
    count,
    ADMIN_LIST_REQUESTS,
    database.kind,
  );
}
const pages = PAGES ? await storefrontPages(app) : [];
if (pages.length) {
  printPages(await benchPages(app, pages, SSR_REQUESTS, CONCURRENCY), SSR_REQUESTS, CONCURRENCY);
  const scripts = [];
  for (const page of pages) scripts.push(await pageScripts(app, page));
  printScripts(scripts);
}
if (pages.length) {
  const product = pages.find((p) => p.name === 'product')!;
  await writeStaticCopy(app, product.url, staticDir);
  const guest = (page: Page) => ({
    name: `SSR ${page.name}, guest (page cache)`,
    url: page.url,
    versus: 'static' as const,
  });
  // A guest with a real cart (its token and count cookies, as the browser holds them): the page cache
  // answers it too, the badge coming from the count cookie in the browser.
  const cartCookie = await guestCartCookie(app, product.url);
  const withCart = (page: Page) => ({
    name: `SSR ${page.name}, guest with a cart (page cache)`,
    url: page.url,
    versus: 'static' as const,
    headers: { cookie: cartCookie },
  });
  // A session takes the page past the cache: the render every miss pays.
  const rendered = (page: Page) => ({
    name: `SSR ${page.name}, signed in (rendered)`,
    url: page.url,
    versus: 'static' as const,
    headers: { cookie: `auth.token=${encodeURIComponent(token)}` },
  });
  const slug = product.url.split('/').at(-1)!;
  printThroughput(
    await benchThroughput(
      `http://127.0.0.1:${config.port}`,
      [
        { name: '`GET /api/health` (one SELECT 1)', url: '/api/health', versus: 'bare' },
        { name: 'categories tree', url: '/api/categories/tree', versus: 'bare' },
        { name: 'site settings', url: '/api/site/settings', versus: 'bare' },
        { name: 'product card', url: `/api/products/${slug}`, versus: 'bare' },
        ...pages.map(guest),
        ...pages.map(withCart),
        ...pages.map(rendered),
      ],
      THROUGHPUT_SECONDS,
      CONCURRENCY,
    ),
    THROUGHPUT_SECONDS,
    CONCURRENCY,
  );
}
if (!ONLY || SEARCH_ONLY) printSearch(await benchSearch(app, database.db, SEARCH_REQUESTS), SEARCH_REQUESTS);
if (!ONLY || CATALOG_ONLY) printReadModel(await benchReadModel(database));
if (!ONLY || CATALOG_ONLY)
  printCatalog(
    await benchCatalog(app, SEARCH_REQUESTS, CONCURRENCY),
    SEARCH_REQUESTS,
    CONCURRENCY,
    await database.db.$count(products),
    database.kind,
  );
if (!ONLY || CART_ONLY) printCart(await benchCart(app, token), 20, 50, database.kind);
if (!ONLY || DELIVERY_ONLY) {
  const [clients, rounds] = QUICK ? [3, 3] : [10, 30];
  printDelivery(
    await benchDelivery(app, token, { cdek: cdekFake, post: postFake }, clients, rounds),
    clients,
    rounds,
    database.kind,
  );
}
if (!ONLY || MESSAGES_ONLY)
  printMessages(
    await benchMessages(app, database, config, token, {
      letters: LETTERS,
      subscribers: SUBSCRIBERS,
      runs: 3,
    }),
    database.kind,
  );
if (LIGHTHOUSE) {
  // The cart too: a phone's visitor reaches it as often as a product (a guest's, from the page cache).
  const audited = [...(pages.length ? pages : await storefrontPages(app)), { name: 'cart', url: '/cart' }];
  // With --lighthouse-only the scripts table above is not printed: the same figures for the audited pages,
  // deterministic where Lighthouse's scores are not.
  if (!pages.length) {
    const scripts = [];
    for (const page of audited) scripts.push(await pageScripts(app, page));
    printScripts(scripts);
  }
  printLighthouse(
    await benchLighthouse(`http://127.0.0.1:${config.port}`, audited, LIGHTHOUSE_RUNS, LIGHTHOUSE_REPORTS),
    LIGHTHOUSE_RUNS,
  );
}
// Last: its generated products would change the catalogue the sections above measure.
if (!ONLY || FEED_ONLY) printFeed(await benchFeed(app, database, FEED_PRODUCTS, FEED_RUNS), database.kind);
// Last: it adds its catalogue to the shop the sections above measured.
if (!ONLY || EXCHANGE_ONLY)
  printExchange1c(await benchExchange1c(app, token, EXCHANGE_GOODS), EXCHANGE_GOODS, database.kind);
await app.close();
await Promise.all([cdekFake.close(), postFake.close()]);
rmSync(uploadsDir, { recursive: true, force: true });
rmSync(staticDir, { recursive: true, force: true });
if (MEMORY)
  printMemory(
    await benchMemory({
      requests: 2000,
      env: { ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
    }),
  );

function printMemory(r: MemoryResult) {
  console.log(
    '\nThe server as its own process (`npm run serve`: node server/dist/main.js), bench/memory.ts\n',
  );
  console.log('| measure | value |');
  console.log('|---|---|');
  const rows: [string, string][] = [
    [
      'first start (migrations, demo shop)',
      r.firstStartMs === null ? '—' : `${(r.firstStartMs / 1000).toFixed(1)} s`,
    ],
    [
      'baseline: a bare Node.js HTTP server, spawn → first 200 (RSS)',
      `${(r.bareStartMs / 1000).toFixed(2)} s (${r.bareRssMb.toFixed(0)} MB)`,
    ],
    [
      'cold start → first 200 of /api/health (median of 3; budget ≤ 3 s)',
      `${(r.coldStartHealthMs / 1000).toFixed(2)} s`,
    ],
    ['cold start → first 200 of the home page (median of 3)', `${(r.coldStartHomeMs / 1000).toFixed(2)} s`],
    ['RSS after start (budget ≤ 250 MB)', `${r.rssAfterStartMb.toFixed(0)} MB`],
    ['RSS after 2 000 mixed requests', `${r.rssAfterLoadMb.toFixed(0)} MB`],
    ['peak RSS (budget ≤ 350 MB)', `${r.rssPeakMb.toFixed(0)} MB`],
    ['mixed load, 10 in flight', `${r.loadRps.toFixed(0)} req/s`],
    ['/api/health alone', `${r.healthRpsAlone.toFixed(0)} req/s`],
    [
      '/api/health beside 4 clients searching',
      `${r.healthRpsBesideSearch.toFixed(0)} req/s (searches ${r.searchRpsBesideHealth.toFixed(0)} req/s)`,
    ],
  ];
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
}
