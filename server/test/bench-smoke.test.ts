// `npm run bench -- --quick` must keep working: every section runs (few requests, no Lighthouse, no
// separate-process memory run) against the run's storefront build (storefront-build.ts), and prints its tables. The figures
// themselves are not judged here: budgets live in the benchmark (docs/performance.md), never in tests.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { storefrontBuild } from './storefront-build';

const ROOT = resolve(import.meta.dirname, '../..');
it('npm run bench -- --quick runs every section and prints its tables', async () => {
  const buildDir = await storefrontBuild();
  const out = execFileSync('npx', ['tsx', 'bench/run.ts', '--quick', '--build-dir', buildDir], {
    cwd: ROOT,
    // The bench makes its own in-memory database: a PostgreSQL of the environment is not its business here.
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '' },
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  for (const title of [
    'sequential requests per row',
    'Password recovery',
    'Admin products list',
    'Server rendering:',
    'Throughput over HTTP',
    'Live search',
    'Catalogue',
    'YML feed',
  ])
    expect(out, title).toContain(title);
  // Every row answered: no status of 500 or more, no error or non-2xx under load, no NaN for a figure.
  expect(out).not.toContain('NaN');
  for (const table of tablesOf(out)) {
    for (const column of ['status', 'errors', 'non-2xx']) {
      const at = table.header.indexOf(column);
      if (at < 0) continue;
      for (const row of table.rows) {
        if (column === 'status') expect(Number(row[at]), row.join(' | ')).toBeLessThan(500);
        else expect(row[at], row.join(' | ')).toBe('0');
      }
    }
  }
  expect(out).toMatch(/baseline: static product page \| \d+/);
}, 300_000);

/** The Markdown tables the bench prints: each header's cells and its rows' cells. */
function tablesOf(out: string): { header: string[]; rows: string[][] }[] {
  const tables: { header: string[]; rows: string[][] }[] = [];
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const lines = out.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('|') || !lines[i + 1]?.startsWith('|---')) continue;
    const table = { header: cells(lines[i]!), rows: [] as string[][] };
    for (i += 2; lines[i]?.startsWith('|'); i++) table.rows.push(cells(lines[i]!));
    tables.push(table);
  }
  return tables;
}
