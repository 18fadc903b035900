// The 1C exchange (flows/exchange1c): a catalogue of N goods (10 000 by default), each with two offers told
// apart by characteristics (curl, thickness), sent by the script acting as 1C (server/test/exchange1c-client.ts)
// through HTTP as 1C sends it: a zip in parts of file_limit, then import called until success. Goods (or
// offers) per second from the first import call to success, against a baseline measured in the same run: the
// same files only read (the streaming parser, no writes). Then the same package again (nothing changes) and
// a changes-only package of prices and stock for a tenth of the offers.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { collectorOf } from '../server/src/flows/exchange1c/commerceml';
import { xmlEvents } from '../server/src/flows/exchange1c/xml-stream';
import { OneC } from '../server/test/exchange1c-client';
import { importXml, offersXml, type Good, type Offer } from '../server/test/exchange1c-fixtures';

const USER = { email: 'bench-1c@shop.local', password: 'bench-1c-password' };

export interface ExchangeRow {
  name: string;
  items: number;
  ms: number;
  calls: number;
}

function catalogue(goods: number) {
  const curls = ['C', 'D', 'L'];
  const list: Good[] = [];
  const offers: Offer[] = [];
  for (let i = 0; i < goods; i++) {
    list.push({
      id: `bench-good-${i}`,
      name: `Ресницы 1С для бенчмарка ${i}`,
      article: `B1C-${i}`,
      groups: [`bench-group-${i % 20}`],
      description: `Товар ${i} из 1С.\n\nДве характеристики: изгиб и толщина.`,
      properties: { 'bench-brand': 'bench-brand-1' },
    });
    for (const [j, thickness] of ['0,07', '0,10'].entries())
      offers.push({
        id: `bench-good-${i}#ch-${j}`,
        characteristics: { Изгиб: curls[i % 3]!, Толщина: thickness },
        prices: { 'pt-retail': 500 + (i % 700), 'pt-wholesale': 400 },
        quantity: i % 17,
      });
  }
  const importFile = importXml(
    {},
    {
      groups: [
        {
          id: 'bench-root',
          name: 'Бенчмарк 1С',
          children: Array.from({ length: 20 }, (_, g) => ({
            id: `bench-group-${g}`,
            name: `Раздел 1С ${g}`,
          })),
        },
      ],
      properties: [{ id: 'bench-brand', name: 'Производитель', values: { 'bench-brand-1': 'Бренд 1С' } }],
      goods: list,
    },
  );
  return { importFile, offers, offersFile: offersXml({}, offers) };
}

async function exchange(
  app: FastifyInstance,
  files: [string, string][],
): Promise<{ ms: number; calls: number }> {
  const onec = new OneC(app, 'catalog');
  const auth = await onec.checkauth(USER.email, USER.password);
  if (auth.lines[0] !== 'success') throw new Error(auth.body);
  await onec.init();
  for (const [name, data] of files) await onec.send(name, data);
  const start = performance.now();
  for (const [name] of files) {
    const a = await onec.importFile(name, 100_000);
    if (a.lines[0] !== 'success') throw new Error(`${name}: ${a.body}`);
  }
  return { ms: performance.now() - start, calls: onec.imports.length };
}

/** Reading the files alone: what every import step does before it writes. */
async function readOnly(files: string[]): Promise<number> {
  const start = performance.now();
  for (const text of files) {
    const bytes = Buffer.from(text);
    async function* parts() {
      for (let at = 0; at < bytes.length; at += 256 * 1024) yield bytes.subarray(at, at + 256 * 1024);
    }
    for await (const e of xmlEvents(parts(), collectorOf(['catalog', 'offers']))) void e;
  }
  return performance.now() - start;
}

export async function benchExchange1c(
  app: FastifyInstance,
  adminToken: string,
  goods: number,
): Promise<ExchangeRow[]> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { authorization: adminToken },
    payload: { ...USER, name: 'Обмен 1С (бенчмарк)', role: 'exchange1c' },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const { importFile, offers, offersFile } = catalogue(goods);
  const rows: ExchangeRow[] = [];
  rows.push({
    name: 'baseline: reading import.xml and offers.xml (no writes)',
    items: goods,
    ms: await readOnly([importFile, offersFile]),
    calls: 0,
  });
  const first = await exchange(app, [['import.xml', importFile]]);
  rows.push({ name: 'import.xml: new goods → products', items: goods, ...first });
  const second = await exchange(app, [['offers.xml', offersFile]]);
  rows.push({
    name: 'offers.xml: offers with characteristics, prices, stock',
    items: offers.length,
    ...second,
  });
  const again = await exchange(app, [
    ['import.xml', importFile],
    ['offers.xml', offersFile],
  ]);
  rows.push({ name: 'the same package again (nothing changes)', items: goods, ...again });
  const changed = offers
    .filter((_, i) => i % 10 === 0)
    .map((o) => ({ id: o.id, prices: { 'pt-retail': 999 }, quantity: 1 }));
  const delta = await exchange(app, [['offers.xml', offersXml({ onlyChanges: true }, changed)]]);
  rows.push({
    name: 'changes only: prices and stock of a tenth of the offers',
    items: changed.length,
    ...delta,
  });
  return rows;
}

export function printExchange1c(rows: ExchangeRow[], goods: number, kind: string) {
  const base = rows[0]!.items / (rows[0]!.ms / 1000);
  console.log(
    `\n### 1C exchange: ${goods} goods with two offers each (${kind}), through HTTP as 1C sends them\n`,
  );
  console.log('| case | items | import calls | seconds | items per second | × baseline |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const rate = r.items / (r.ms / 1000);
    console.log(
      `| ${r.name} | ${r.items} | ${r.calls} | ${(r.ms / 1000).toFixed(1)} | ${rate.toFixed(0)} | ${(rate / base).toFixed(3)} |`,
    );
  }
}
