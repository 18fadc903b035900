// The YML feed section of `npm run bench` (--feed-only alone): the feed's build time for a catalogue of
// --feed-products products (default 10 000, generated on top of the demo shop as `npm run seed` does), against
// a baseline measured in the same run on the same catalogue: GET /sitemap.xml, which also reads every product
// and writes XML. Then what a robot's repeated request costs (a 304, and the kept gzip bytes), and the
// validator of the tests (server/test/yml-validator.ts) run over the whole feed: it must find no error.
import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../server/src/platform/db';
import { addProducts } from '../server/src/seed/catalog';
import { validateYml } from '../server/test/yml-validator';
import { median } from './util';

export interface FeedBenchResult {
  products: number;
  seedMs: number;
  sitemapMs: number;
  buildMs: number[];
  notModifiedMs: number;
  keptMs: number;
  offers: number;
  bytes: number;
  gzipBytes: number;
  brBytes: number;
  validateMs: number;
  errors: string[];
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

export async function benchFeed(
  app: FastifyInstance,
  database: Database,
  products: number,
  runs: number,
): Promise<FeedBenchResult> {
  const [count, seedMs] = await timed(() => addProducts(database.db, products));
  const get = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/yml.xml', headers: { 'accept-encoding': 'gzip', ...headers } });
  const sitemap: number[] = [];
  const build: number[] = [];
  let last = await get(); // warm-up: the sanitiser's first load, the pricing inputs
  for (let run = 0; run < runs; run++) {
    sitemap.push((await timed(() => app.inject({ method: 'GET', url: '/sitemap.xml' })))[1]);
    // A product saved: the feed's next request builds it again (the change notification).
    await database.exec('UPDATE products SET title = title WHERE id = (SELECT min(id) FROM products)');
    let ms: number;
    [last, ms] = await timed(() => get());
    if (last.statusCode !== 200) throw new Error(`GET /yml.xml: ${last.statusCode} ${last.body}`);
    build.push(ms);
  }
  const etag = String(last.headers.etag);
  const repeat = async (headers: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push((await timed(() => get(headers)))[1]);
    return median(times);
  };
  const notModifiedMs = await repeat({ 'if-none-match': etag });
  const keptMs = await repeat({});
  const br = await get({ 'accept-encoding': 'br' });
  const xml = gunzipSync(last.rawPayload);
  const [report, validateMs] = await timed(async () => validateYml(xml));
  return {
    products: count,
    seedMs,
    sitemapMs: median(sitemap),
    buildMs: build,
    notModifiedMs,
    keptMs,
    offers: report.offers,
    bytes: xml.length,
    gzipBytes: last.rawPayload.length,
    brBytes: br.rawPayload.length,
    validateMs,
    errors: report.errors,
  };
}

export function printFeed(r: FeedBenchResult, kind: string) {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\nYML feed (GET /yml.xml) over ${r.products.toLocaleString('en')} products, ${r.offers.toLocaleString('en')} offers, ${kind}` +
      ` (generating the products took ${(r.seedMs / 1000).toFixed(0)} s)\n`,
  );
  console.log('| case | median ms | × baseline |');
  console.log('|---|---|---|');
  const row = (name: string, ms: number) =>
    console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / r.sitemapMs).toFixed(1)} |`);
  row('baseline: GET /sitemap.xml (every product read, XML written)', r.sitemapMs);
  row(
    `feed built after a product change (${r.buildMs.length} runs: ${r.buildMs.map((ms) => ms.toFixed(0)).join(', ')})`,
    median(r.buildMs),
  );
  row('the same feed again (kept gzip bytes)', r.keptMs);
  row('If-None-Match: 304', r.notModifiedMs);
  console.log(
    `\nsize ${mb(r.bytes)}, gzip ${mb(r.gzipBytes)}, brotli ${mb(r.brBytes)}; validator (server/test/yml-validator.ts) ` +
      `${(r.validateMs / 1000).toFixed(1)} s: ${r.errors.length ? `${r.errors.length} errors, the first: ${r.errors[0]}` : 'valid'}`,
  );
}
