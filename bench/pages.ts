// The storefront section of `npm run bench`: for the home page, a category page and a product page,
// server-rendering throughput (several requests in flight, through Fastify's inject) next to the
// baseline GET /api/health under the same load, and the JavaScript each page loads (gzip bytes).
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { firstDownload } from '../storefront/first-download';
import { median, p95 } from './util';

export interface Page {
  name: string;
  url: string;
}

/** What a phone's Chrome sends: the storefront streams to browsers and sends bots the finished page. */
export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/136.0.0.0 Mobile Safari/537.36';

/** Stops the bench with the fix when the storefront's production build is missing. */
export function requireStorefrontBuild(buildDir: string) {
  if (existsSync(join(buildDir, 'server/index.js'))) return;
  console.error(
    `No storefront build in ${buildDir}: the storefront section renders the production build.\n` +
      'Run `npm run build` first (or pass --search-only).',
  );
  process.exit(1);
}

/** Home, the lashes category and the first product of that category (as the API lists it). */
export async function storefrontPages(app: FastifyInstance): Promise<Page[]> {
  const res = await app.inject('/api/products/search?filter[categorySlug]=resnitsy&perPage=1');
  const product = res.json<{ data: { url: string }[] }>().data[0];
  if (!product) throw new Error(`No product in the category resnitsy: ${res.statusCode} ${res.body}`);
  return [
    { name: 'home', url: '/' },
    { name: 'category', url: '/catalog/resnitsy' },
    { name: 'product', url: product.url },
  ];
}

export interface LoadRow extends Page {
  status: number;
  htmlBytes: number;
  rps: number;
  median: number;
  p95: number;
}

/** `requests` GETs of one address with `concurrency` of them in flight; each answer read to its end. */
async function load(app: FastifyInstance, page: Page, requests: number, concurrency: number) {
  const get = () => app.inject({ method: 'GET', url: page.url, headers: { 'user-agent': BROWSER_UA } });
  for (let i = 0; i < 20; i++) await get(); // warm-up
  const times: number[] = [];
  let status = 0;
  let htmlBytes = 0;
  let sent = 0;
  const worker = async () => {
    while (sent++ < requests) {
      const t0 = performance.now();
      const res = await get();
      times.push(performance.now() - t0);
      status = res.statusCode;
      htmlBytes = res.rawPayload.length;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const rps = requests / ((performance.now() - t0) / 1000);
  return { ...page, status, htmlBytes, rps, median: median(times), p95: p95(times) };
}

/** The baseline first, then each page, all under the same load. */
export async function benchPages(
  app: FastifyInstance,
  pages: Page[],
  requests: number,
  concurrency: number,
): Promise<LoadRow[]> {
  const rows = [await load(app, { name: 'baseline', url: '/api/health' }, requests, concurrency)];
  for (const page of pages) rows.push(await load(app, page, requests, concurrency));
  return rows;
}

export function printPages(rows: LoadRow[], requests: number, concurrency: number) {
  const base = rows[0]!;
  const ratio = (x: number, b: number) => `${(x / b).toFixed(x / b < 1 ? 3 : 1)}×`;
  console.log(
    `\nServer rendering: ${requests} requests per row, ${concurrency} in flight, full HTML (× = ratio to the baseline)\n`,
  );
  console.log('| page | address | status | HTML kB | req/s | × | median ms | × | p95 ms | × |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | \`${r.url}\` | ${r.status} | ${(r.htmlBytes / 1024).toFixed(1)} | ${r.rps.toFixed(0)} | ` +
        `${ratio(r.rps, base.rps)} | ${r.median.toFixed(2)} | ${ratio(r.median, base.median)} | ` +
        `${r.p95.toFixed(2)} | ${ratio(r.p95, base.p95)} |`,
    );
}

export interface ScriptRow extends Page {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** Sums the JavaScript a page loads before it works (storefront/first-download.ts), each file gzipped on its own. */
export async function pageScripts(app: FastifyInstance, page: Page): Promise<ScriptRow> {
  const html = (await app.inject({ url: page.url, headers: { 'user-agent': BROWSER_UA } })).body;
  const { files, rawBytes, gzipBytes } = await firstDownload(html, async (url) => {
    const res = await app.inject(url);
    return { status: res.statusCode, body: res.rawPayload };
  });
  return { ...page, files: files.length, rawBytes, gzipBytes };
}

export function printScripts(rows: ScriptRow[]) {
  console.log('\nJavaScript each page loads (every /assets/ module, gzip level 6 file by file)\n');
  console.log('| page | files | kB | kB gzip |');
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.files} | ${(r.rawBytes / 1024).toFixed(1)} | ${(r.gzipBytes / 1024).toFixed(1)} |`,
    );
}
