// npx tsx bench/csv-import.ts [--runs N] [--postgres URL]: the demo shop's products
// exported as CSV (one row per offer), then re-imported with two prices changed, N times; prints the
// medians of the preview and of the import, from the request until the job is done.
import { performance } from 'node:perf_hooks';
import { startDemoShop } from '../server/test/harness';
import { median } from './util';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 5);
const t = await startDemoShop({
  name: arg('--postgres') ? 'postgres' : 'pglite',
  url: arg('--postgres') ?? null,
});
const headers = { authorization: t.adminToken };
const exported = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers });
const lines = exported.body.split('\r\n');
console.log(`file: ${lines.length - 2} rows`);
/** Starts the job and waits until it is over: the time an administrator waits for the result. */
async function untilDone(url: string, csv: string) {
  const started = await t.app.inject({ method: 'POST', url, headers, payload: { csv } });
  if (started.statusCode !== 202) throw new Error(started.body);
  let job = started.json<{ data: { id: number; status: string; result: unknown } }>().data;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((r) => setTimeout(r, 20));
    job = (await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${job.id}`, headers })).json<{
      data: typeof job;
    }>().data;
  }
  if (job.status !== 'done') throw new Error(JSON.stringify(job));
  return job;
}
const preview: number[] = [];
const write: number[] = [];
for (let run = 0; run < runs; run++) {
  // Two prices change each run: the first two offers' prices go up by a rouble.
  const cols = lines[0]!.split(';');
  const price = cols.indexOf('Цена');
  for (const i of [1, 2]) {
    const cells = lines[i]!.split(';');
    cells[price] = String(Number(cells[price]!.replace(',', '.')) + 1);
    lines[i] = cells.join(';');
  }
  const csv = lines.join('\r\n');
  let start = performance.now();
  const checked = await untilDone('/api/admin/products/import/preview', csv);
  preview.push(performance.now() - start);
  if (run === 0) console.log(JSON.stringify((checked.result as { changes: unknown }).changes));
  start = performance.now();
  await untilDone('/api/admin/products/import', csv);
  write.push(performance.now() - start);
}
console.log(`preview median ${median(preview).toFixed(0)} ms`, preview.map((x) => x.toFixed(0)).join(' '));
console.log(`import median ${median(write).toFixed(0)} ms`, write.map((x) => x.toFixed(0)).join(' '));
await t.close();
