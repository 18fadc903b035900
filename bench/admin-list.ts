// The admin products list (GET /api/admin/products, what react-admin's list screen calls) on a large
// catalogue: a sort, a filter, a full-text q and a deep page, each as a median and p95 over sequential
// requests and as a ratio to GET /api/health measured in the same run. `npm run bench -- --admin-list-only`
// runs this section alone (see docs/performance.md for the 100 000-product command).
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { median, p95 } from './util';

export interface AdminListRow {
  name: string;
  status: number;
  total: string;
  median: number;
  p95: number;
}

const filter = (f: object) => encodeURIComponent(JSON.stringify(f));

/** The list queries an administrator makes, from the first screen to a page deep in the catalogue. */
function cases(products: number): { name: string; url: string; auth: boolean }[] {
  const deep = Math.max(0, Math.floor(products * 0.9));
  return [
    { name: 'baseline: GET /api/health', url: '/api/health', auth: false },
    {
      name: 'first page (25, newest first, with offers)',
      url: '/api/admin/products?range=[0,24]',
      auth: true,
    },
    {
      name: 'sort by title',
      url: `/api/admin/products?sort=${filter(['title', 'ASC'])}&range=[0,24]`,
      auth: true,
    },
    {
      name: 'filter: hits, active',
      url: `/api/admin/products?filter=${filter({ isHit: true, active: true })}&range=[0,24]`,
      auth: true,
    },
    {
      name: 'full-text q="ресницы"',
      url: `/api/admin/products?filter=${filter({ q: 'ресницы' })}&range=[0,24]`,
      auth: true,
    },
    {
      name: 'q + filter + sort by title',
      url: `/api/admin/products?filter=${filter({ q: 'клей', active: true })}&sort=${filter(['title', 'ASC'])}&range=[0,24]`,
      auth: true,
    },
    {
      name: `deep page (rows ${deep}–${deep + 24}, by id)`,
      url: `/api/admin/products?sort=${filter(['id', 'ASC'])}&range=[${deep},${deep + 24}]`,
      auth: true,
    },
    {
      name: `deep page sorted by title (rows ${deep}–${deep + 24})`,
      url: `/api/admin/products?sort=${filter(['title', 'ASC'])}&range=[${deep},${deep + 24}]`,
      auth: true,
    },
  ];
}

export async function benchAdminList(
  app: FastifyInstance,
  token: string,
  products: number,
  requests: number,
): Promise<AdminListRow[]> {
  const rows: AdminListRow[] = [];
  for (const c of cases(products)) {
    const headers = c.auth ? { authorization: token } : {};
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: c.url, headers }); // warm-up
    const times: number[] = [];
    let status = 0;
    let total = '';
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url, headers });
      times.push(performance.now() - t0);
      status = res.statusCode;
      total = String(res.headers['content-range'] ?? '').split('/')[1] ?? '';
    }
    rows.push({ name: c.name, status, total, median: median(times), p95: p95(times) });
  }
  // The whole filtered list as CSV (every page of it): a few runs, as a file takes long on a large catalogue.
  const times: number[] = [];
  let status = 0;
  let lines = 0;
  const url = `/api/admin/products/export.csv?filter=${filter({ isHit: true })}`;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
    times.push(performance.now() - t0);
    status = res.statusCode;
    lines = res.body.split('\r\n').length - 2;
  }
  rows.push({
    name: 'CSV export of the hits (whole file, 3 runs)',
    status,
    total: String(lines),
    median: median(times),
    p95: Math.max(...times),
  });
  return rows;
}

export function printAdminList(rows: AdminListRow[], products: number, requests: number, kind: string): void {
  if (!rows.length) return;
  const base = rows[0]!.median;
  console.log(
    `\nAdmin products list: ${products} products, ${kind}, ${requests} sequential requests per row\n`,
  );
  console.log('| case | status | found | median ms | p95 ms | × baseline |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.status} | ${r.total || '—'} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / base).toFixed(1)} |`,
    );
}
