// Memory and cold start of the real server process (`npm run serve` as production runs it: the compiled
// server/dist/main.js with plain node), which the in-process bench cannot see: RSS after start with the demo
// shop, RSS after a mixed load, and the time from spawning the process to the first 200 of /api/health and of
// the home page (the median of three starts), each beside a bare Node.js HTTP server started the same way. It also measures how
// much a heavy query blocks other requests: /api/health throughput while other clients run searches.
//
//   import { benchMemory } from './memory';
//   const r = await benchMemory({ requests: 2000 });   // about 1–2 minutes on 2 cores
//
// `npx tsx bench/memory.ts [--requests N] [--data-dir DIR]` runs it alone and prints the result (on PostgreSQL
// with DATABASE_URL set).
// It needs the production build (`npm run build`) for the storefront pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './util';

export interface MemoryOptions {
  /** Mixed GETs (category, search, product, home) after the start; default 2 000. */
  requests?: number;
  /** Requests in flight during the load; default 10. */
  concurrency?: number;
  /** A prepared PGlite folder; default: a new temporary one, filled with the demo shop by a first start. */
  dataDir?: string;
  /** Extra environment for the server (e.g. DATABASE_URL, PGLITE_SHARED_BUFFERS). */
  env?: Record<string, string>;
  /** Seconds of /api/health load alone and then beside searches; default 5 each. */
  blockingSeconds?: number;
}

export interface MemoryResult {
  /** The baseline: a bare Node.js HTTP server, spawn → first 200, and its RSS a second later. */
  bareStartMs: number;
  bareRssMb: number;
  /** Only when the bench made its own folder: the first start, which runs migrations and the demo shop. */
  firstStartMs: number | null;
  /** Spawn → first 200 of /api/health, then of `/`, on a prepared database: the median of three starts. */
  coldStartHealthMs: number;
  coldStartHomeMs: number;
  rssAfterStartMb: number;
  rssAfterLoadMb: number;
  /** The process's peak RSS (VmHWM) over the whole run. */
  rssPeakMb: number;
  loadRps: number;
  /** /api/health requests per second alone, and while 4 other clients send searches. */
  healthRpsAlone: number;
  healthRpsBesideSearch: number;
  searchRpsBesideHealth: number;
}

const ROOT = resolve(import.meta.dirname, '..');
const SEARCHES = ['ресницы', 'клей', 'пинцет изогнутый', 'lash', 'htcybws', 'velora silk', 'C 0.10', 'рес'];

export async function benchMemory(opts: MemoryOptions = {}): Promise<MemoryResult> {
  const requests = opts.requests ?? 2000;
  const concurrency = opts.concurrency ?? 10;
  const ownDir = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'shop-memory-'));
  const dataDir = opts.dataDir ?? join(ownDir!, 'data');
  const env: Record<string, string> = { DATA_DIR: dataDir, ...opts.env };
  if (ownDir) env.UPLOADS_DIR ??= join(ownDir, 'uploads');
  try {
    let firstStartMs: number | null = null;
    if (ownDir) {
      const first = await startServer(env);
      firstStartMs = first.healthMs;
      await first.stop();
    }
    const bare = await startBareNode();
    // Three cold starts, the median taken; the third stays up for the rest.
    const starts: Running[] = [];
    for (let i = 0; i < 3; i++) {
      if (i) await starts[i - 1]!.stop();
      starts.push(await startServer(env));
    }
    const server = starts[2]!;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    try {
      await sleep(1000); // let start-up work (first indexing, timers) settle before reading RSS
      const rssAfterStartMb = rssMb(server.pid);
      const urls = await mixedUrls(server.base);
      const t0 = performance.now();
      await runLoad(requests, concurrency, (i) => get(server.base + urls[i % urls.length]!));
      const loadRps = requests / ((performance.now() - t0) / 1000);
      const rssAfterLoadMb = rssMb(server.pid);
      const seconds = opts.blockingSeconds ?? 5;
      const healthRpsAlone = await rateFor(seconds, 10, () => get(server.base + '/api/health'));
      let stop = false;
      let searches = 0;
      const searchers = Array.from({ length: 4 }, async (_, c) => {
        for (let i = c; !stop; i++, searches++)
          await get(server.base + searchUrl(SEARCHES[i % SEARCHES.length]!));
      });
      const s0 = performance.now();
      const healthRpsBesideSearch = await rateFor(seconds, 10, () => get(server.base + '/api/health'));
      stop = true;
      await Promise.all(searchers);
      const searchRpsBesideHealth = searches / ((performance.now() - s0) / 1000);
      return {
        firstStartMs,
        bareStartMs: bare.startMs,
        bareRssMb: bare.rssMb,
        coldStartHealthMs: median(starts.map((s) => s.healthMs)),
        coldStartHomeMs: median(starts.map((s) => s.homeMs)),
        rssAfterStartMb,
        rssAfterLoadMb,
        rssPeakMb: peakMb(server.pid),
        loadRps,
        healthRpsAlone,
        healthRpsBesideSearch,
        searchRpsBesideHealth,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const searchUrl = (q: string) =>
  `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent(q)}`;

function status(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field + ':'));
  return Number(line?.match(/(\d+)/)?.[1] ?? NaN) / 1024;
}
const rssMb = (pid: number) => status(pid, 'VmRSS');
const peakMb = (pid: number) => status(pid, 'VmHWM');

async function get(url: string): Promise<number> {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`${url}: ${res.status}`);
  return res.status;
}

async function runLoad(n: number, concurrency: number, one: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await one(next++);
    }),
  );
}

async function rateFor(seconds: number, concurrency: number, one: () => Promise<unknown>): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await one();
        done++;
      }
    }),
  );
  return done / seconds;
}

/** Category pages, searches, product pages and the home page, as a shopper's visit mixes them. */
async function mixedUrls(base: string): Promise<string[]> {
  const res = await fetch(base + '/api/products/search?filter[categorySlug]=resnitsy&perPage=20');
  const products = ((await res.json()) as { data: { url: string }[] }).data.map((p) => p.url);
  const urls: string[] = [];
  for (let i = 0; i < 20; i++) {
    urls.push(i % 5 === 0 ? '/' : '/catalog/resnitsy');
    urls.push(searchUrl(SEARCHES[i % SEARCHES.length]!));
    urls.push(products[i % products.length]!);
    urls.push(`/api/products/search?filter[categorySlug]=resnitsy&perPage=20&page=${(i % 3) + 1}`);
  }
  return urls;
}

interface Running {
  pid: number;
  base: string;
  healthMs: number;
  homeMs: number;
  stop(): Promise<void>;
}

/** What `npm run serve` runs (`NODE_ENV=production node [options] server/dist/main.js`), made by `npm run build`. */
const SERVE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } })
  .scripts.serve;
const SERVE_ARGS = SERVE.replace(/^NODE_ENV=production node /, '').split(' ');
const SERVED = SERVE_ARGS.at(-1)!;

/** The baseline: a bare Node.js HTTP server answering 200, spawned and awaited the same way. */
async function startBareNode(): Promise<{ startMs: number; rssMb: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, r) => r.end('{}')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(20);
  }
  const startMs = performance.now() - t0;
  await sleep(1000);
  const rss = rssMb(child.pid!);
  child.kill('SIGTERM');
  await exited;
  return { startMs, rssMb: rss };
}

/** Spawns `node server/dist/main.js` as `npm run serve` does (the server's own pid, not npm's) and waits for it. */
async function startServer(env: Record<string, string>): Promise<Running> {
  if (!existsSync(join(ROOT, SERVED))) throw new Error(`${SERVED} is missing: run npm run build first`);
  const port = await freePort();
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, SERVE_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  const until = async (path: string) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(base + path).then(
        async (r) => (await r.arrayBuffer(), r.status === 200),
        () => false,
      );
      if (ok) return performance.now() - t0;
      await sleep(20);
    }
  };
  const healthMs = await until('/api/health');
  const homeMs = await until('/');
  return {
    pid: child.pid!,
    base,
    healthMs,
    homeMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const result = await benchMemory({
    requests: arg('--requests') ? Number(arg('--requests')) : undefined,
    dataDir: arg('--data-dir'),
    // On PostgreSQL when DATABASE_URL is set (an empty database gets the demo shop at the first start).
    ...(process.env.DATABASE_URL ? { env: { DATABASE_URL: process.env.DATABASE_URL } } : {}),
  });
  console.table(
    Object.entries(result).map(([k, v]: [string, number | null]) => ({
      measure: k,
      value: v === null ? null : Math.round(v),
    })),
  );
}
