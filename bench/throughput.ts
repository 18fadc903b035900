// Throughput over real HTTP, the way the budgets of docs/performance.md are stated: autocannon in a worker
// thread (its own core) keeps `connections` requests in flight against the listening server for a few
// seconds per row, as a browser would ask (keep-alive, `Accept-Encoding: gzip, deflate, br`). Two baselines
// are measured in the same run on the same server, through the same hooks: a bare JSON route, and a static
// copy of the product page (precompressed, served by @fastify/static as the build's files are). Each row
// is reported as a ratio to its baseline.
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { BROWSER_UA } from './pages';

export const BARE_ROUTE = '/bench/bare';
export const STATIC_PAGE = '/bench/static/product.html';

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': BROWSER_UA };

/** The two baselines' routes; call before the app is ready (the first inject or listen). */
export async function registerBaselines(app: FastifyInstance, staticDir: string): Promise<void> {
  app.get(BARE_ROUTE, async () => ({ ok: true }));
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/bench/static/',
    preCompressed: true,
    decorateReply: false,
  });
}

/** The product page as a guest gets it, written as a static file with its .br and .gz beside it. */
export async function writeStaticCopy(app: FastifyInstance, productUrl: string, staticDir: string) {
  const res = await app.inject({
    method: 'GET',
    url: productUrl,
    headers: { 'user-agent': BROWSER_HEADERS['user-agent'] },
  });
  if (res.statusCode !== 200) throw new Error(`${productUrl} answered ${res.statusCode}`);
  const html = res.rawPayload;
  writeFileSync(join(staticDir, 'product.html'), html);
  writeFileSync(
    join(staticDir, 'product.html.br'),
    brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(staticDir, 'product.html.gz'), gzipSync(html, { level: 9 }));
}

export interface ThroughputCase {
  name: string;
  url: string;
  /** Which baseline the row is compared with. */
  versus: 'bare' | 'static';
  headers?: Record<string, string>;
}

export interface ThroughputRow extends ThroughputCase {
  rps: number;
  p50: number;
  p97_5: number;
  errors: number;
  non2xx: number;
  kbPerRequest: number;
}

async function measure(base: string, c: ThroughputCase, seconds: number, connections: number) {
  const result = await autocannon({
    url: base + c.url,
    connections,
    duration: seconds,
    workers: 1,
    headers: { ...BROWSER_HEADERS, ...c.headers },
  });
  return {
    ...c,
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    kbPerRequest: result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0,
  };
}

/** The two baselines first, then every case; a short warm-up of each before it is measured. */
export async function benchThroughput(
  base: string,
  cases: ThroughputCase[],
  seconds: number,
  connections: number,
): Promise<ThroughputRow[]> {
  const all: ThroughputCase[] = [
    { name: 'baseline: bare JSON route', url: BARE_ROUTE, versus: 'bare' },
    { name: 'baseline: static product page', url: STATIC_PAGE, versus: 'static' },
    ...cases,
  ];
  const rows: ThroughputRow[] = [];
  for (const c of all) {
    await measure(base, c, 1, connections);
    rows.push(await measure(base, c, seconds, connections));
  }
  return rows;
}

export function printThroughput(rows: ThroughputRow[], seconds: number, connections: number) {
  const baseline = {
    bare: rows.find((r) => r.url === BARE_ROUTE)!,
    static: rows.find((r) => r.url === STATIC_PAGE)!,
  };
  console.log(
    `\nThroughput over HTTP: autocannon, ${connections} connections, ${seconds} s per row, as a phone's browser ` +
      'asks (× = requests per second against the baseline named)\n',
  );
  console.log('| case | req/s | × baseline | p50 ms | p97.5 ms | kB/answer | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = r.rps / baseline[r.versus].rps;
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${(ratio * 100).toFixed(1)} % of ${r.versus} | ${r.p50} | ${r.p97_5} | ` +
        `${r.kbPerRequest.toFixed(1)} | ${r.errors} | ${r.non2xx} |`,
    );
  }
}

/**
 * The cookies of a guest whose cart holds one piece of the product at productUrl (its first offer in
 * stock), made through the API as "В корзину" makes it: `cartToken` (HttpOnly in a browser) and
 * `productCard`, the count the header shows.
 */
export async function guestCartCookie(app: FastifyInstance, productUrl: string): Promise<string> {
  const slug = productUrl.split('/').at(-1)!;
  const card = await app.inject({ method: 'GET', url: `/api/products/${slug}` });
  const offer = card
    .json<{ data: { offers: { id: number; inStock: boolean }[] } }>()
    .data.offers.find((o) => o.inStock);
  if (!offer) throw new Error(`bench throughput: ${productUrl} has no offer in stock`);
  const added = await app.inject({
    method: 'POST',
    url: '/api/cart/items',
    payload: { offerId: offer.id, quantity: 1 },
  });
  const cart = added.json<{ data: { cartToken: string; count: number } }>().data;
  if (added.statusCode !== 200 || !cart.cartToken)
    throw new Error(`bench throughput: the cart answered ${added.statusCode} ${added.body}`);
  return `cartToken=${encodeURIComponent(cart.cartToken)}; productCard=${cart.count}`;
}
