// CSV through the real admin API on a real database: the export of a filtered list (BOM, `;`, Russian
// headers, enum labels, roubles with a comma, the role's access), and the product import (a preview with
// per-row Russian errors; all rows in one transaction, or nothing when any row is bad).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../generated/resources';
import { userContext } from '../src/platform/crud/context';
import { CSV_BOM, csvLine, parseCsv } from '../src/platform/crud/csv';
import { analyseImport, writeImport } from '../src/domains/catalog/product-import';
import { createRegistry } from '../src/platform/crud/routes';
import { selectRows } from '../src/platform/db';
import { signedInUser } from './accounts';
import { runJob } from './jobs';
import { describeOnDatabases, startDemoShop, startTestApp, type TestApp } from './harness';

const HEADER =
  'Адрес (slug);Название;Категории;Бренд;Хит;Артикул;Изгиб;Толщина;Длина;Цена;Цена со скидкой;Остаток';

describe('CSV text', () => {
  it('quotes what needs it and reads it back: separators, quotes, line breaks, formulas', () => {
    const values = ['просто', 'a;b', 'он сказал "да"', 'строка 1\nстрока 2', '=СУММ(A1)', ''];
    const line = csvLine(values);
    expect(line).toBe(`просто;"a;b";"он сказал ""да""";"строка 1\nстрока 2";'=СУММ(A1);\r\n`);
    const expected = [...values.slice(0, 4), "'=СУММ(A1)", ''];
    expect(parseCsv(`${CSV_BOM}${line}${line}`)).toEqual([expected, expected]);
  });

  it('reads comma- and tab-separated files and skips empty lines', () => {
    expect(parseCsv('a,b\r\n\r\n"1,5",2\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describeOnDatabases('CSV export and import on $name', (target) => {
  let t: TestApp;
  let content: string;
  const directoryIds: Record<string, number> = {};
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token ?? t.adminToken },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: number }>();
  };
  /** The import (or its check, `preview`) as a job followed to its end. */
  const importJob = (csv: string, preview = false, token?: string) =>
    runJob(t.app, `/api/admin/products/import${preview ? '/preview' : ''}`, { csv }, token ?? t.adminToken);
  const productCount = async () => {
    const res = await call('GET', '/api/admin/products?range=[0,0]');
    return Number(res.headers['content-range']!.toString().split('/')[1]);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ token: content } = await signedInUser(t, {
      email: 'content@test.local',
      name: 'Редактор',
      role: 'content',
      password: 'content-password-1',
    }));
    const brandDir = await ok('POST', '/api/admin/directories', { title: 'Бренд', code: 'brand' });
    await ok('POST', '/api/admin/directory-entries', {
      directoryId: brandDir.id,
      code: 'lovely',
      title: 'Lovely',
    });
    for (const [code, title, values] of [
      ['curl', 'Изгиб', ['C', 'D']],
      ['thickness', 'Толщина', ['0.07', '0.10']],
      ['length', 'Длина', ['10', '11']],
    ] as const) {
      const dir = await ok('POST', '/api/admin/directories', { title, code, useInOffers: true });
      directoryIds[code] = dir.id;
      for (const v of values)
        await ok('POST', '/api/admin/directory-entries', { directoryId: dir.id, code: v, title: v });
    }
    await ok('POST', '/api/admin/product-categories', { title: 'Ресницы', slug: 'resnitsy' });
    await ok('POST', '/api/admin/coupons', {
      code: 'SALE10',
      type: 'percent',
      value: 10,
      minOrderTotal: 129050,
    });
    await ok('POST', '/api/admin/coupons', { code: 'FREE', type: 'free_delivery', active: false });
    await ok('POST', '/api/admin/coupons', { code: 'MINUS500', type: 'fixed', value: 50000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports the filtered list for Excel: BOM, `;`, Russian headers and values', async () => {
    const filter = encodeURIComponent(JSON.stringify({ active: true }));
    const res = await call('GET', `/api/admin/coupons/export.csv?filter=${filter}&sort=["code","ASC"]`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="coupons-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body);
    const header = rows[0]!;
    expect(res.body.split('\r\n')[0]).toContain(';');
    expect(header).toContain('Код');
    expect(header).toContain('Минимальная сумма заказа');
    expect(rows).toHaveLength(3); // the inactive coupon is filtered out
    const row = Object.fromEntries(header.map((h, i) => [h, rows[2]![i]]));
    expect(row).toMatchObject({ Код: 'SALE10', Тип: 'Процент', 'Минимальная сумма заказа': '1290,50' });
    expect(row['Активен']).toBe('да');
  });

  it('writes a discount in the unit its type gives: a sum in roubles, a percentage with %', async () => {
    const res = await call('GET', `/api/admin/coupons/export.csv?sort=["code","ASC"]`);
    const [header, ...rows] = parseCsv(res.body);
    const size = header!.indexOf('Размер скидки');
    const code = header!.indexOf('Код');
    const byCode = Object.fromEntries(rows.map((r) => [r[code], r[size]]));
    // A free-delivery coupon has no size at all, rather than a «0» of no unit.
    expect(byCode).toEqual({ FREE: '', MINUS500: '500,00', SALE10: '10\u00a0%' });
  });

  it('answers the export with the list filter whitelist and x-access', async () => {
    const bad = await call('GET', `/api/admin/coupons/export.csv?filter=${encodeURIComponent('{"nope":1}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { message: 'Фильтр «nope» для раздела «Купоны» не поддерживается' },
    });
    // content may not see coupons at all, and so may not export them; products it may.
    expect((await call('GET', '/api/admin/coupons/export.csv', undefined, content)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/products/export.csv', undefined, content)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/coupons/export.csv' })).statusCode).toBe(
      401,
    );
  });

  const badFile = [
    HEADER,
    'lashes-silk;Ресницы Silk;resnitsy;Lovely;да;SILK-D-007-10;D;0.07;10;990;;5',
    'lashes-silk;;;;;SILK-D-007-11;D;0.07;11;990,5;890;5',
    'lashes-mink;Ресницы Mink;nope;NoBrand;может;MINK-X;X;0.07;10;девятьсот;;-1',
  ].join('\r\n');

  it('previews a file: every bad row is named with its errors in Russian, nothing is written', async () => {
    const before = await productCount();
    const { job } = await importJob(badFile, true);
    expect(job!.status).toBe('done');
    const report = job!.result!;
    expect(report.valid).toBe(false);
    expect(report.rows.map((r) => [r.line, r.errors.length > 0])).toEqual([
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(report.rows[2]!.errors).toEqual(
      expect.arrayContaining([
        '«Категории»: категория «nope» не найдена',
        '«Бренд»: бренд «NoBrand» не найден в справочнике',
        '«Хит»: ожидается «да» или «нет»',
        '«Изгиб»: значения «X» нет в справочнике',
        '«Цена»: ожидается сумма в рублях, например 1290,50',
        '«Остаток»: ожидается целое число не меньше 0',
      ]),
    );
    expect(await productCount()).toBe(before);
  });

  it('imports nothing when any row is bad', async () => {
    const before = await productCount();
    const { job } = await importJob(badFile);
    expect(job).toMatchObject({ status: 'failed', error: 'В файле есть ошибки: ничего не записано' });
    expect(job!.result!.rows.filter((r) => r.errors.length).map((r) => r.line)).toEqual([4]);
    expect(await productCount()).toBe(before);
  });

  // Every file above is refused by the check, before any write: only a file that passes it and then
  // fails in the middle of writing shows that the rows are written in one transaction.
  it('writes nothing when a product fails while writing, not even the products before it', async () => {
    // A stored variant whose length has since left the directory: the check reads the file's cells, not
    // the stored variants, so only the save (catalog/hooks.ts) refuses the product.
    const entry = await ok('POST', '/api/admin/directory-entries', {
      directoryId: directoryIds.length,
      code: '12',
      title: '12',
    });
    const stale = await ok('POST', '/api/admin/products', {
      title: 'Ресницы Stale',
      slug: 'lashes-stale',
      offers: [{ article: 'STALE-D-12', basePrice: 60000, stock: 2, attributes: { length: '12' } }],
    });
    const removed = await call('DELETE', `/api/admin/directory-entries/${entry.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const file = [
      HEADER,
      'lashes-fresh;Ресницы Fresh;resnitsy;Lovely;да;FRESH-C-010-10;C;0.10;10;500;;3',
      'lashes-fresh;;;;;FRESH-C-010-11;C;0.10;11;500;;3',
      'lashes-stale;Ресницы Stale, новые;;;;STALE-D-12;;;;700;;1',
    ].join('\r\n');
    const preview = await importJob(file, true);
    expect(preview.job!.result).toMatchObject({
      valid: true,
      products: { create: 1, update: 1 },
    });

    const stored = async () => (await call('GET', `/api/admin/products/${stale.id}`)).json<object>();
    const history = async () =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM history WHERE resource = 'products'`,
        )
      )[0]!.n;
    const before = { count: await productCount(), stale: await stored(), history: await history() };
    const { job } = await importJob(file);
    expect(job).toMatchObject({
      status: 'failed',
      error: 'Вариант «STALE-D-12»: в справочнике «Длина» нет значения «12»',
    });
    // «Ресницы Fresh» was written first and passed its own save: the transaction took it back.
    expect({ count: await productCount(), stale: await stored(), history: await history() }).toEqual(before);
    const fresh = await call('GET', `/api/admin/products?filter=${encodeURIComponent('{"q":"Fresh"}')}`);
    expect(fresh.json()).toEqual([]);
  });

  it('refuses a file without the required columns, and the schema rules apply per row', async () => {
    const noPrice = await importJob('Адрес (slug);Артикул\r\na;b', true);
    expect(noPrice.job!.result!.errors).toEqual(['Нет обязательной колонки «Цена»']);
    const badSlug = await importJob(`${HEADER}\r\nНе Slug;Товар;;;;A-1;;;;100;;`, true);
    const report = badSlug.job!.result!;
    expect(report.valid).toBe(false);
    expect(report.rows[0]!.errors).toEqual([
      '«Адрес (slug)»: только строчные латинские буквы, цифры и дефисы между ними, например lashes-classic',
    ]);
  });

  it('imports a good file in one go, then updates by slug and article', async () => {
    const before = await productCount();
    const good = badFile.split('\r\n').slice(0, 3).join('\r\n');
    const { job } = await importJob(good);
    expect(job!.status, job!.error ?? '').toBe('done');
    expect(job!.result!.products).toEqual({ create: 1, update: 0, unchanged: 0 });
    const list = await call('GET', `/api/admin/products?filter=${encodeURIComponent('{"q":"Silk"}')}`);
    const [product] = list.json<
      {
        id: number;
        title: string;
        isHit: boolean;
        categoryIds: number[];
        offers: Record<string, unknown>[];
      }[]
    >();
    expect(product).toMatchObject({ title: 'Ресницы Silk', isHit: true });
    expect(product!.offers).toMatchObject([
      {
        article: 'SILK-D-007-10',
        basePrice: 99000,
        salePrice: null,
        stock: 5,
        attributes: { curl: 'D', thickness: '0.07', length: '10' },
      },
      { article: 'SILK-D-007-11', basePrice: 99050, salePrice: 89000 },
    ]);
    // Again, with a new price for one offer and a new offer: the product is updated, not duplicated.
    const again = [
      HEADER,
      'lashes-silk;;;;;SILK-D-007-11;;;;1000;;7',
      'lashes-silk;;;;;SILK-C-010-11;C;0.10;11;1100;;1',
    ];
    const second = await importJob(again.join('\n'));
    expect(second.job!.result!.products).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(second.job!.result!.changes).toEqual({
      prices: 1,
      stock: 1,
      offerFields: 0,
      newOffers: 1,
      productFields: 0,
    });
    expect(await productCount()).toBe(before + 1);
    const stored = await call('GET', `/api/admin/products/${product!.id}`);
    expect(stored.json<{ offers: Record<string, unknown>[] }>().offers).toMatchObject([
      { article: 'SILK-D-007-10', basePrice: 99000 },
      { article: 'SILK-D-007-11', basePrice: 100000, stock: 7 },
      { article: 'SILK-C-010-11', basePrice: 110000 },
    ]);
    const history = await call('GET', `/api/admin/history?resource=products&recordId=${product!.id}`);
    expect(history.json<{ data: { action: string }[] }>().data.map((e) => e.action)).toEqual([
      'update',
      'create',
    ]);
  });

  it("keeps what changed between the check and the write: only the file's changes are written", async () => {
    const product = await ok('POST', '/api/admin/products', {
      title: 'Клей Race',
      slug: 'glue-race',
      offers: [{ article: 'RACE-1', basePrice: 10000, stock: 5 }],
    });
    const registry = createRegistry(resources);
    const ctx = userContext(t.database.db, registry, registry.get('products')!, {
      id: 1,
      name: 'Администратор',
      role: 'admin',
    });
    const { report, plan } = await analyseImport(ctx, `${HEADER}\r\nglue-race;;;;;RACE-1;;;;200;;5`);
    expect(report.changes).toMatchObject({ prices: 1, stock: 0 });
    // An order takes two while the import is on its way.
    await t.database.db.execute(sql`UPDATE product_offers SET stock = 3 WHERE article = 'RACE-1'`);
    await writeImport(ctx, plan);
    const stored = (await call('GET', `/api/admin/products/${product.id}`)).json<{
      offers: { basePrice: number; stock: number }[];
    }>();
    expect(stored.offers).toMatchObject([{ basePrice: 20000, stock: 3 }]);
  });

  it('allows the import to a role that may edit products; adding one takes the right to create', async () => {
    const customer = await signedInUser(t, {
      email: 'buyer@test.local',
      name: 'Покупательница',
      role: 'customer',
      password: 'buyer-password-1',
    });
    const { answer: refused } = await importJob(badFile, false, customer.token);
    expect(refused.statusCode).toBe(403);
    // A manager changes prices and stock of products that exist, and adds none.
    const manager = await signedInUser(t, {
      email: 'manager@test.local',
      name: 'Менеджер',
      role: 'manager',
      password: 'manager-password-1',
    });
    const csv = `Адрес (slug);Артикул;Цена\r\nmanager-new;MGR-1;100`;
    const preview = await importJob(csv, true, manager.token);
    expect(preview.answer.statusCode, preview.answer.body).toBe(202);
    expect(preview.job!.result!.rows[0]!.errors).toContain(
      'Товара «manager-new» нет в каталоге, а добавлять товары вам недоступно',
    );
  });
});

describeOnDatabases('the products file round trip on $name', (target) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } });
  /**
   * Every product as the admin API answers it, without what a write changes by itself (unless `withTimes`:
   * then a product the import wrote shows by its updatedAt).
   */
  const catalogue = async (withTimes = false) => {
    const res = await get('/api/admin/products?range=[0,999]&sort=["id","ASC"]');
    return res
      .json<Record<string, unknown>[]>()
      .map(({ updatedAt, ...p }) => (withTimes ? { ...p, updatedAt } : p));
  };
  const historyCount = async () =>
    (
      await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM history WHERE resource = 'products'`,
      )
    )[0]!.n;
  const importJob = (csv: string, preview = false) =>
    runJob(t.app, `/api/admin/products/import${preview ? '/preview' : ''}`, { csv }, t.adminToken);
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it("exports the products in the import's format, one row per offer, every offer attribute a column", async () => {
    const columns = (await get('/api/admin/products/import/columns')).json<{
      data: { code: string; header: string; directory?: boolean }[];
    }>().data;
    const exported = await get('/api/admin/products/export.csv');
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(exported.body);
    expect(header).toEqual(columns.map((c) => c.header));
    // The demo's offers are told apart by curl, thickness, length and colour: each is a column.
    expect(columns.filter((c) => c.directory).map((c) => c.header)).toEqual(
      expect.arrayContaining(['Изгиб', 'Толщина', 'Длина', 'Цвет']),
    );
    const offers = (await catalogue()).flatMap((p) => p.offers as unknown[]);
    expect(rows).toHaveLength(offers.length);
    const cell = (row: string[], header: string) => row[columns.findIndex((c) => c.header === header)];
    const colourful = rows.find((r) => cell(r, 'Цвет'));
    expect(colourful, 'a row with a colour').toBeDefined();
    expect(rows.every((r) => /^\d+(,\d\d)?$/.test(cell(r, 'Цена')!))).toBe(true);
  });

  it('imports its own export back unchanged, and one edited cell changes that one value', async () => {
    const before = await catalogue();
    const file = (await get('/api/admin/products/export.csv')).body;
    const preview = await importJob(file, true);
    const report = preview.job!.result!;
    expect(report.rows.filter((r) => r.errors.length)).toEqual([]);
    // Every value equals the stored one: nothing is an update, and the import writes nothing.
    expect(report.products).toEqual({ create: 0, update: 0, unchanged: before.length });
    expect(report.rows.every((r) => r.action === 'unchanged')).toBe(true);
    const historyBefore = await historyCount();
    const stamped = await catalogue(true);
    const written = await importJob(file);
    expect(written.job!.status, written.job!.error ?? '').toBe('done');
    expect(await catalogue(true)).toEqual(stamped);
    expect(await historyCount()).toBe(historyBefore);

    // The file as an administrator edits it in Excel: one offer's price, its colour named by the title.
    const [header, ...rows] = parseCsv(file);
    const at = (name: string) => header!.indexOf(name);
    const row = rows.find((r) => r[at('Цвет')])!;
    const colours = (await get('/api/admin/directories?range=[0,99]'))
      .json<{ id: number; code: string }[]>()
      .filter((d) => d.code === 'colour');
    const entries = (
      await get(`/api/admin/directory-entries?filter={"directoryId":${colours[0]!.id}}&range=[0,99]`)
    ).json<{ code: string; title: string }[]>();
    const other = entries.find((e) => e.code !== row[at('Цвет')])!;
    const edited = [...row];
    edited[at('Цена')] = '4321,50';
    edited[at('Цвет')] = other.title.toUpperCase();
    const { job } = await importJob([header!, edited].map((r) => csvLine(r)).join(''));
    expect(job!.status, job!.error ?? '').toBe('done');
    const after = await catalogue();
    const changed = after.flatMap((p) =>
      (p.offers as { article: string; basePrice: number; attributes: Record<string, string> }[]).filter(
        (o) => o.article === row[at('Артикул')],
      ),
    );
    expect(changed).toMatchObject([{ basePrice: 432150, attributes: { colour: other.code } }]);
    const untouched = (list: Record<string, unknown>[]) =>
      list.flatMap((p) =>
        (p.offers as { article: string }[]).filter((o) => o.article !== row[at('Артикул')]),
      );
    expect(untouched(after)).toEqual(untouched(before));
  });
  it('counts and writes only real changes: a whole file with two new prices updates those two', async () => {
    const file = (await get('/api/admin/products/export.csv')).body;
    const [header, ...rows] = parseCsv(file);
    const at = (name: string) => header!.indexOf(name);
    // Two offers of two different products get a new price; every other cell is as stored.
    const first = rows[0]!;
    const second = rows.find((r) => r[at('Адрес (slug)')] !== first[at('Адрес (slug)')])!;
    const priced = new Map([
      [first[at('Артикул')]!, '1111,10'],
      [second[at('Артикул')]!, '2222'],
    ]);
    const edited = rows.map((r) => {
      const price = priced.get(r[at('Артикул')]!);
      if (!price) return r;
      const copy = [...r];
      copy[at('Цена')] = price;
      return copy;
    });
    const csv = [header!, ...edited].map((r) => csvLine(r)).join('');

    const preview = await importJob(csv, true);
    const report = preview.job!.result!;
    expect(report.valid).toBe(true);
    expect(report.offers).toBe(rows.length);
    expect(report.changes).toEqual({ prices: 2, stock: 0, offerFields: 0, newOffers: 0, productFields: 0 });
    expect(report.products).toMatchObject({ create: 0, update: 2 });
    const updated = report.rows.filter((r) => r.action !== 'unchanged');
    expect(updated.map((r) => [r.article, r.action])).toEqual([
      [first[at('Артикул')], 'update'],
      [second[at('Артикул')], 'update'],
    ]);
    expect(updated[0]!.changes).toEqual([`Цена: ${first[at('Цена')]} → 1111,10`]);

    const stamped = await catalogue(true);
    const historyBefore = await historyCount();
    const { answer, started, job } = await importJob(csv);
    // The request answers with the job as it was queued, before any work on it.
    expect(answer.statusCode).toBe(202);
    expect(started).toMatchObject({ kind: 'products-import', status: 'queued', processed: 0, result: null });
    expect(job).toMatchObject({ status: 'done', error: null, result: { changes: report.changes } });
    expect(job!.result!.products).toEqual(report.products);
    // Two history rows, for the two products; every other product kept even its updatedAt.
    expect(await historyCount()).toBe(historyBefore + 2);
    const after = await catalogue(true);
    const changedIds = after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(stamped[i]));
    expect(changedIds).toHaveLength(2);
    const prices = after.flatMap((p) =>
      (p.offers as { article: string; basePrice: number }[])
        .filter((o) => priced.has(o.article))
        .map((o) => [o.article, o.basePrice]),
    );
    expect(new Map(prices as [string, number][])).toEqual(
      new Map([
        [first[at('Артикул')]!, 111110],
        [second[at('Артикул')]!, 222200],
      ]),
    );
  });

  it('refuses a bad file in Russian, writing nothing, whatever its size', async () => {
    const file = (await get('/api/admin/products/export.csv')).body;
    const [header, ...rows] = parseCsv(file);
    const at = (name: string) => header!.indexOf(name);
    // A good price on the first row and a bad one on the last: neither is written.
    const edited = rows.map((r, i) => {
      const copy = [...r];
      if (i === 0) copy[at('Цена')] = '7777';
      if (i === rows.length - 1) copy[at('Цена')] = 'дорого';
      return copy;
    });
    const stamped = await catalogue(true);
    const historyBefore = await historyCount();
    const { job } = await importJob([header!, ...edited].map((r) => csvLine(r)).join(''));
    expect(job).toMatchObject({ status: 'failed', error: 'В файле есть ошибки: ничего не записано' });
    expect(job!.result!.rows.filter((r) => r.errors.length)).toEqual([
      expect.objectContaining({
        line: rows.length + 1,
        errors: ['«Цена»: ожидается сумма в рублях, например 1290,50'],
      }),
    ]);
    const broken = await importJob(`${file}"не закрыта;`);
    expect(broken.job).toMatchObject({
      status: 'failed',
      result: { errors: ['Файл не читается как CSV: кавычка открыта и не закрыта до конца файла'] },
    });
    expect(await catalogue(true)).toEqual(stamped);
    expect(await historyCount()).toBe(historyBefore);
  });
});
