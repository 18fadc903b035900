// GET /metrics through the real server on both databases: closed without the token (and absent without
// token or port), served on a port of its own, and after some traffic the series say what happened, in
// Prometheus's text format: a request under its route's pattern (never its address), a storefront page
// under its page's pattern, a page-cache hit, a message waiting in the outbox, a background job and
// scheduled tasks run and failed, a round of payment reconciliation, the database's connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../src/domains/messages/outbox';
import { loadConfig } from '../src/platform/config';
import { startScheduler } from '../src/platform/jobs/scheduler';
import { READING_MAX_AGE_MS } from '../src/platform/metrics';
import { shopTasks } from '../src/tasks';
import { DB_TARGETS, describeOnDatabases, startTestApp, type TestApp } from './harness';
import { runJob } from './jobs';
import { storefrontBuild } from './storefront-build';
import { testConfig } from './test-config';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const BROWSER = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/136.0 Mobile Safari/537.36';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format (0.0.4), strictly: every line a comment or a sample, or the test fails. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of m[2]?.matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)",?/g) ?? [])
      labels[name!] = value!;
    samples.push({ name: m[1]!, labels, value: m[3] === '+Inf' ? Infinity : Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample of this name whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

let buildDir = '';
beforeAll(async () => {
  buildDir = await storefrontBuild();
}, 300_000);

describeOnDatabases('metrics on $name', (target) => {
  let t: TestApp;
  let portAddress: string;

  beforeAll(async () => {
    t = await startTestApp(target, {
      config: { storefrontBuildDir: buildDir, metricsToken: TOKEN, metricsPort: 0 },
    });
    portAddress = (await t.listenMetrics())!;
  }, 60_000);
  afterAll(() => t?.close());

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(res.body);
  };

  it('answers 401 without the token or with another one, and the series with it', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-the-same-kind',
      TOKEN,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('shop_');
    }
    const samples = await scrape();
    // prom-client's default process series are there too.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('serves the same series on its own port, without a token, on 127.0.0.1', async () => {
    expect(new URL(portAddress).hostname).toBe('127.0.0.1');
    const res = await fetch(`${portAddress}/metrics`);
    expect(res.status).toBe(200);
    const samples = parseMetrics(await res.text());
    expect(valueOf(samples, 'shop_payment_reconcile_runs_total')).toBe(0);
    // Only /metrics there: the shop's API is not reachable through the metrics' port.
    expect((await fetch(`${portAddress}/api/health`)).status).toBe(404);
  });

  it('counts a request under its route’s pattern, never under its address', async () => {
    const slug = 'no-such-product-4711';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${slug}?from=${i}` });
      expect(res.statusCode).toBe(404);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const samples = await scrape();
    const route = (labels: Record<string, string>) =>
      valueOf(samples, 'shop_http_request_duration_seconds_count', labels);
    expect(route({ route: '/api/products/:slug', method: 'GET', status_class: '4xx' })).toBe(3);
    expect(route({ route: '/api/health', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(
      valueOf(samples, 'shop_http_request_duration_seconds_bucket', {
        route: '/api/health',
        status_class: '2xx',
        le: '+Inf',
      }),
    ).toBe(1);
    const sum = valueOf(samples, 'shop_http_request_duration_seconds_sum', { route: '/api/health' })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(10);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(slug)))).toBe(false);
  });

  it('counts the storefront’s pages by their page’s pattern, and the page cache’s hits', async () => {
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, 'accept-encoding': 'br' } });
    const first = await page('/');
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    const second = await page('/');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect((await page('/no/such/page-4712')).statusCode).toBe(404);
    const samples = await scrape();
    expect(valueOf(samples, 'shop_page_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'shop_page_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'shop_page_cache_pages')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'shop_page_cache_bytes')).toBeGreaterThan(1000);
    const count = (route: string, status_class: string) =>
      valueOf(samples, 'shop_http_request_duration_seconds_count', { route, method: 'GET', status_class });
    expect(count('storefront:/', '2xx')).toBe(2);
    expect(count('storefront:/*', '4xx')).toBe(1);
    expect(samples.some((s) => s.labels.route === '/*')).toBe(false);
    expect(samples.some((s) => s.labels.route?.includes('4712'))).toBe(false);
  });

  it('counts messages waiting in the outbox, read at most once per few seconds', async () => {
    const queued = () =>
      enqueueEmail(t.database.db, { to: 'buyer@example.ru', subject: 'Заказ', html: '<p>Заказ</p>' });
    await queued();
    await new Promise((r) => setTimeout(r, READING_MAX_AGE_MS + 100));
    const samples = await scrape();
    const waiting = valueOf(samples, 'shop_outbox_messages', { state: 'queued' })!;
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'shop_outbox_messages', { state: 'failed' })).toBe(0);
    expect(valueOf(samples, 'shop_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'shop_background_jobs', { status: 'queued' })).toBe(0);
    expect(valueOf(samples, 'shop_scrape_reading_failures_total', { reading: 'outbox' })).toBe(0);
    // A second message right after: the scrape answers the reading it took a moment ago (one query for a
    // storm of scrapes), and the next one after READING_MAX_AGE_MS sees it.
    await queued();
    expect(valueOf(await scrape(), 'shop_outbox_messages', { state: 'queued' })).toBe(waiting);
    await new Promise((r) => setTimeout(r, READING_MAX_AGE_MS + 100));
    expect(valueOf(await scrape(), 'shop_outbox_messages', { state: 'queued' })).toBe(waiting + 1);
  }, 20_000);

  it('counts background jobs, scheduled tasks and payment reconciliation by name', async () => {
    const { job } = await runJob(
      t.app,
      '/api/admin/products/import/preview',
      { csv: '"not;a;file\r\n' },
      t.adminToken,
    );
    expect(job).not.toBeNull();
    const config = testConfig(null);
    const housekeeping = shopTasks(t.database, config, t.app.log, t.metrics, t.storage).find(
      (task) => task.name === 'housekeeping',
    )!;
    let ran = 0;
    const scheduler = startScheduler(
      [
        housekeeping,
        {
          name: 'failing',
          everyMs: 60_000,
          run: () => {
            ran++;
            return Promise.reject(new Error('a failure the test asked for'));
          },
        },
      ],
      t.app.log,
      t.metrics,
    );
    for (let waited = 0; ran === 0 && waited < 5_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    const samples = await scrape();
    expect(valueOf(samples, 'shop_background_job_runs_total', { kind: 'products-import-preview' })).toBe(1);
    expect(valueOf(samples, 'shop_background_job_runs_total', { kind: 'products-import' })).toBe(0);
    expect(valueOf(samples, 'shop_task_runs_total', { task: 'housekeeping' })).toBe(1);
    expect(valueOf(samples, 'shop_task_failures_total', { task: 'housekeeping' })).toBe(0);
    expect(valueOf(samples, 'shop_task_runs_total', { task: 'failing' })).toBe(1);
    expect(valueOf(samples, 'shop_task_failures_total', { task: 'failing' })).toBe(1);
    const lastSuccess = valueOf(samples, 'shop_task_last_success_timestamp_seconds', {
      task: 'housekeeping',
    })!;
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    expect(valueOf(samples, 'shop_task_last_success_timestamp_seconds', { task: 'failing' })).toBeUndefined();
    expect(valueOf(samples, 'shop_payment_reconcile_runs_total')).toBe(1);
    expect(valueOf(samples, 'shop_payment_reconcile_found_total')).toBe(0);
  });

  it('shows the database’s connections', async () => {
    const samples = await scrape();
    if (target.name === 'postgres') {
      expect(valueOf(samples, 'shop_db_pool_max_connections')).toBe(10);
      expect(valueOf(samples, 'shop_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'shop_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'shop_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(valueOf(samples, 'shop_db_pglite_pending_calls')).toBe(0);
      expect(valueOf(samples, 'shop_db_pglite_open_transactions')).toBe(0);
    }
  });
});

describe('metrics without a token or a port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DB_TARGETS[0]!, { config: { storefrontBuildDir: buildDir } });
  }, 60_000);
  afterAll(() => t?.close());

  it('are not served at all: /metrics is a page that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('shop_');
    expect(await t.listenMetrics()).toBeNull();
  });
});

describe('the metrics settings', () => {
  it('refuse a guessable token and the shop’s own port', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be a port/);
    const config = loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' });
    expect(config).toMatchObject({ metricsToken: TOKEN, metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({})).toMatchObject({ metricsToken: null, metricsPort: null });
  });
});
