// Password recovery for an address with an account and for one without, alternately: the two medians must
// be the same within noise, or the time of the answer tells who has an account (docs/security.md). The
// letter is written after the answer (server/src/platform/http/after-response.ts): the time between answers includes
// none of it, and each pair waits for that work before the next, so that it never overlaps a timed answer.
import { performance } from 'node:perf_hooks';
import type { App } from '../server/src/app';
import { users } from '../server/generated/tables';
import { median, p95 } from './util';

export interface RecoveryRow {
  name: string;
  status: number;
  median: number;
  p95: number;
}

export async function benchRecovery(
  { app, afterResponse, database }: Pick<App, 'app' | 'afterResponse' | 'database'>,
  requests: number,
): Promise<RecoveryRow[]> {
  const knownEmail = 'recovery@bench.example';
  await database.db.insert(users).values({ email: knownEmail, name: 'Анна', role: 'customer' });
  const runs = { known: [] as number[], unknown: [] as number[] };
  const status = { known: 0, unknown: 0 };
  const ask = async (kind: 'known' | 'unknown', i: number, timed: boolean) => {
    const email = kind === 'known' ? knownEmail : `nobody-${i}@bench.local`;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password/recovery',
      payload: { email },
      // An address of its own per request: the per-address limit is counted, never reached.
      remoteAddress: `10.9.${(i >> 8) & 255}.${i & 255}`,
    });
    if (timed) runs[kind].push(performance.now() - t0);
    status[kind] = res.statusCode;
    await afterResponse.idle();
  };
  for (let i = 0; i < 10; i++) await ask(i % 2 ? 'known' : 'unknown', 60_000 + i, false); // warm-up
  for (let i = 0; i < requests; i++) {
    // Which goes first alternates too: neither is always the one after a letter was written.
    const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const kind of order) await ask(kind, i, true);
  }
  return [
    { name: 'an address with an account', status: status.known, ...stats(runs.known) },
    { name: 'an address without one', status: status.unknown, ...stats(runs.unknown) },
  ];
}

const stats = (xs: number[]) => ({ median: median(xs), p95: p95(xs) });

export function printRecovery(rows: RecoveryRow[], requests: number, kind: string) {
  console.log(`\nPassword recovery: ${requests} requests per address kind, alternately, ${kind}\n`);
  console.log('| address | status | median ms | p95 ms |');
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.status} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`);
}
