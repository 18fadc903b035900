// The 1C exchange (flows/exchange1c), the whole of a first day: a catalogue of N goods (10 000 by default),
// each with a picture of its own and two offers told apart by characteristics (curl, thickness), sent by the
// script acting as 1C (server/test/exchange1c-client.ts) through HTTP as 1C sends it: one zip of import.xml,
// offers.xml and the pictures in parts of file_limit, then import called until success. Goods (or offers) per
// second from the first import call to success, against a baseline measured in the same run: the same files
// only read (the streaming parser, no writes). Then the same package again (nothing changes), a changes-only
// package of prices and stock for a tenth of the offers, and the orders: taken by `query` and `success`, and
// 1C's document of changes back (its number and «Подтверждён» for each). The run checks what it measured:
// every good is a product with its picture and both offers, and every order taken has its 1C number.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { collectorOf } from '../server/src/flows/exchange1c/commerceml';
import { xmlEvents } from '../server/src/flows/exchange1c/xml-stream';
import { OneC } from '../server/test/exchange1c-client';
import sharp from 'sharp';
import { importXml, offersXml, zip, type Good, type Offer } from '../server/test/exchange1c-fixtures';

const USER = { email: 'bench-1c@shop.local', password: 'bench-1c-password' };

export interface ExchangeRow {
  name: string;
  items: number;
  ms: number;
  calls: number;
}

const pictureName = (i: number) => `import_files/${String(i % 100).padStart(2, '0')}/bench-${i}.jpg`;

/** A picture of its own for each good (a colour of its own: a different hash, stored once each). */
async function pictures(goods: number): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  for (let i = 0; i < goods; i++) {
    const background = { r: i % 256, g: Math.floor(i / 256) % 256, b: 128 };
    out[pictureName(i)] = await sharp({ create: { width: 120, height: 90, channels: 3, background } })
      .jpeg({ quality: 70 })
      .toBuffer();
  }
  return out;
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
      pictures: [pictureName(i)],
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

/** One exchange: the files sent (a zip or XML), then `import` of each XML file named, until success. */
async function exchange(
  app: FastifyInstance,
  files: [string, string | Buffer][],
  imported: string[] = files.map(([name]) => name),
): Promise<{ ms: number; calls: number }> {
  const onec = new OneC(app, 'catalog');
  const auth = await onec.checkauth(USER.email, USER.password);
  if (auth.lines[0] !== 'success') throw new Error(auth.body);
  await onec.init();
  for (const [name, data] of files) await onec.send(name, data);
  const start = performance.now();
  for (const name of imported) {
    const a = await onec.importFile(name, 100_000);
    if (a.lines[0] !== 'success') throw new Error(`${name}: ${a.body}`);
  }
  return { ms: performance.now() - start, calls: onec.imports.length };
}

/** Each of the timed import steps of one exchange, timed apart (the package's import.xml, then offers.xml). */
async function exchangeSteps(app: FastifyInstance, pkg: Buffer, steps: string[]) {
  const onec = new OneC(app, 'catalog');
  const auth = await onec.checkauth(USER.email, USER.password);
  if (auth.lines[0] !== 'success') throw new Error(auth.body);
  await onec.init();
  await onec.send('package.zip', pkg);
  const out: { ms: number; calls: number }[] = [];
  for (const name of steps) {
    const before = onec.imports.length;
    const start = performance.now();
    const a = await onec.importFile(name, 100_000);
    if (a.lines[0] !== 'success') throw new Error(`${name}: ${a.body}`);
    out.push({ ms: performance.now() - start, calls: onec.imports.length - before });
  }
  return out;
}

/** The orders: taken (query, success), then 1C's number and «Подтверждён» for each, sent back. */
async function orders(app: FastifyInstance) {
  const onec = new OneC(app, 'sale');
  await onec.checkauth(USER.email, USER.password);
  await onec.init();
  const start = performance.now();
  const doc = (await onec.call('query')).body;
  if ((await onec.call('success')).lines[0] !== 'success') throw new Error('success refused');
  const taken = performance.now() - start;
  const numbers = [...doc.matchAll(/<Документ>\s*<Ид>([^<]+)<\/Ид>/g)].map((m) => m[1]!);
  const changes = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10" ДатаФормирования="2026-11-29T12:00:00">
${numbers
  .map(
    (
      n,
      i,
    ) => `<Документ><Ид>${n}</Ид><Номер>${n}</Номер><ХозОперация>Заказ товара</ХозОперация><ЗначенияРеквизитов>
<ЗначениеРеквизита><Наименование>Номер по 1С</Наименование><Значение>УТ-${String(i + 1).padStart(5, '0')}</Значение></ЗначениеРеквизита>
<ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>Подтверждён</Значение></ЗначениеРеквизита>
</ЗначенияРеквизитов></Документ>`,
  )
  .join('\n')}
</КоммерческаяИнформация>`;
  // 1C's document is applied as it arrives (the older flow) or at `import`: timed from the sending.
  const back = performance.now();
  await onec.send('orders-1c.xml', changes);
  const a = await onec.importFile('orders-1c.xml', 100_000);
  if (a.lines[0] !== 'success') throw new Error(`orders-1c.xml: ${a.body}`);
  return { numbers, taken, back: performance.now() - back, calls: onec.imports.length };
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
  const pkg = zip({ 'import.xml': importFile, 'offers.xml': offersFile, ...(await pictures(goods)) });
  const rows: ExchangeRow[] = [];
  rows.push({
    name: 'baseline: reading import.xml and offers.xml (no writes)',
    items: goods,
    ms: await readOnly([importFile, offersFile]),
    calls: 0,
  });
  const [first, second] = await exchangeSteps(app, pkg, ['import.xml', 'offers.xml']);
  rows.push({ name: 'import.xml: new goods with a picture each → products', items: goods, ...first! });
  rows.push({
    name: 'offers.xml: offers with characteristics, prices, stock',
    items: offers.length,
    ...second!,
  });
  await checkImported(app, adminToken, goods);
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
  const sale = await orders(app);
  await checkOrders(app, adminToken, sale.numbers);
  await checkLog(app, adminToken);
  rows.push({
    name: 'orders taken by 1C (query, success)',
    items: sale.numbers.length,
    ms: sale.taken,
    calls: 0,
  });
  rows.push({
    name: 'orders changed by 1C (its number, «Подтверждён»)',
    items: sale.numbers.length,
    ms: sale.back,
    calls: sale.calls,
  });
  return rows;
}

async function adminGet<T>(
  app: FastifyInstance,
  token: string,
  url: string,
): Promise<{ body: T; total: number }> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  const total = Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1] ?? -1);
  return { body: res.json<T>(), total };
}

/** Every good is an active product with its picture and both offers, and its page answers. */
async function checkImported(app: FastifyInstance, token: string, goods: number) {
  const filter = encodeURIComponent(JSON.stringify({ q: 'Ресницы 1С для бенчмарка' }));
  const { body, total } = await adminGet<
    { slug: string; active: boolean; images: { url: string }[]; offers: { active: boolean }[] }[]
  >(app, token, `/api/admin/products?filter=${filter}&range=${encodeURIComponent('[0,99]')}`);
  if (total !== goods) throw new Error(`${total} products of ${goods} goods`);
  const wrong = body.find(
    (p) => !p.active || p.images.length !== 1 || p.offers.filter((o) => o.active).length !== 2,
  );
  if (wrong) throw new Error(`product ${wrong.slug} is not as its good: ${JSON.stringify(wrong)}`);
  const page = await app.inject({ method: 'GET', url: `/product/${body[0]!.slug}` });
  if (page.statusCode >= 400) throw new Error(`/product/${body[0]!.slug}: ${page.statusCode}`);
}

/** The exchange log: every exchange of the run (three of the catalogue, two of orders) with its steps. */
async function checkLog(app: FastifyInstance, token: string) {
  const runs = await adminGet<{ id: number; kind: string }[]>(
    app,
    token,
    `/api/admin/exchange1c-runs?range=${encodeURIComponent('[0,99]')}`,
  );
  if (runs.total < 5) throw new Error(`the log lists ${runs.total} exchanges of the 5 made`);
  for (const run of runs.body.slice(0, 5)) {
    const filter = encodeURIComponent(JSON.stringify({ runId: run.id, mode: 'import' }));
    const steps = await adminGet<unknown[]>(app, token, `/api/admin/exchange1c-steps?filter=${filter}`);
    if (run.kind === 'catalog' && steps.total < 1)
      throw new Error(`exchange ${run.id}: no import step in the log`);
  }
}

/** Every order taken is marked taken and has 1C's number. */
async function checkOrders(app: FastifyInstance, token: string, numbers: string[]) {
  if (!numbers.length) throw new Error('1C was given no orders');
  const onec = new OneC(app, 'sale');
  await onec.checkauth(USER.email, USER.password);
  await onec.init();
  if ((await onec.call('query')).body.includes('<Документ>'))
    throw new Error('orders given again after success');
  // The order's screen: its history names 1C's number.
  const view = await adminGet<unknown>(app, token, `/api/admin/orders/by-number/${numbers[0]}`);
  if (!JSON.stringify(view.body).includes('УТ-00001')) throw new Error(`order ${numbers[0]}: no 1C number`);
}

export function printExchange1c(rows: ExchangeRow[], goods: number, kind: string) {
  const base = rows[0]!.items / (rows[0]!.ms / 1000);
  console.log(
    `\n### 1C exchange: ${goods} goods with a picture and two offers each (${kind}), through HTTP as 1C sends them; then the orders\n`,
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
