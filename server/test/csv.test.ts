// CSV through the real admin API on a real database: the export of a filtered list (BOM, `;`, Russian
// headers, enum labels, roubles with a comma, the role's access), and the product import (a preview with
// per-row Russian errors; all rows in one transaction, or nothing when any row is bad).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine, parseCsv } from '../src/crud/csv';
import { selectRows } from '../src/db';
import { signedInUser } from './accounts';
import { describeOnDatabases, startDemoShop, startTestApp, type TestApp } from './harness';

interface Report {
  valid: boolean;
  errors: string[];
  rows: { line: number; slug: string; article: string; action: string; errors: string[] }[];
  products: { create: number; update: number };
}

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
    const res = await call('POST', '/api/admin/products/import/preview', { csv: badFile });
    expect(res.statusCode).toBe(200);
    const report = res.json<{ data: Report }>().data;
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
    const res = await call('POST', '/api/admin/products/import', { csv: badFile });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: 'В файле есть ошибки: ничего не записано' } });
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
    const preview = await call('POST', '/api/admin/products/import/preview', { csv: file });
    expect(preview.json<{ data: Report }>().data).toMatchObject({
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
    const res = await call('POST', '/api/admin/products/import', { csv: file });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: 'Вариант «STALE-D-12»: в справочнике «Длина» нет значения «12»' },
    });
    // «Ресницы Fresh» was written first and passed its own save: the transaction took it back.
    expect({ count: await productCount(), stale: await stored(), history: await history() }).toEqual(before);
    const fresh = await call('GET', `/api/admin/products?filter=${encodeURIComponent('{"q":"Fresh"}')}`);
    expect(fresh.json()).toEqual([]);
  });

  it('refuses a file without the required columns, and the schema rules apply per row', async () => {
    const noPrice = await call('POST', '/api/admin/products/import/preview', {
      csv: 'Адрес (slug);Артикул\r\na;b',
    });
    expect(noPrice.json<{ data: Report }>().data.errors).toEqual(['Нет обязательной колонки «Цена»']);
    const badSlug = await call('POST', '/api/admin/products/import/preview', {
      csv: `${HEADER}\r\nНе Slug;Товар;;;;A-1;;;;100;;`,
    });
    const report = badSlug.json<{ data: Report }>().data;
    expect(report.valid).toBe(false);
    expect(report.rows[0]!.errors).toEqual([
      '«Адрес (slug)»: только строчные латинские буквы, цифры и дефисы между ними, например lashes-classic',
    ]);
  });

  it('imports a good file in one go, then updates by slug and article', async () => {
    const before = await productCount();
    const good = badFile.split('\r\n').slice(0, 3).join('\r\n');
    const res = await call('POST', '/api/admin/products/import', { csv: good });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Report }>().data.products).toEqual({ create: 1, update: 0 });
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
    const second = await call('POST', '/api/admin/products/import', { csv: again.join('\n') });
    expect(second.json<{ data: Report }>().data.products).toEqual({ create: 0, update: 1 });
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

  it('allows the import to a role that may edit products; adding one takes the right to create', async () => {
    const customer = await signedInUser(t, {
      email: 'buyer@test.local',
      name: 'Покупательница',
      role: 'customer',
      password: 'buyer-password-1',
    });
    const refused = await call('POST', '/api/admin/products/import', { csv: badFile }, customer.token);
    expect(refused.statusCode).toBe(403);
    // A manager changes prices and stock of products that exist, and adds none.
    const manager = await signedInUser(t, {
      email: 'manager@test.local',
      name: 'Менеджер',
      role: 'manager',
      password: 'manager-password-1',
    });
    const csv = `Адрес (slug);Артикул;Цена\r\nmanager-new;MGR-1;100`;
    const preview = await call('POST', '/api/admin/products/import/preview', { csv }, manager.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: Report }>().data.rows[0]!.errors).toContain(
      'Товара «manager-new» нет в каталоге, а добавлять товары вам недоступно',
    );
  });
});

describeOnDatabases('the products file round trip on $name', (target) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: t.adminToken }, payload });
  /** Every product as the admin API answers it, without what a write changes by itself. */
  const catalogue = async () => {
    const res = await get('/api/admin/products?range=[0,999]&sort=["id","ASC"]');
    return res.json<Record<string, unknown>[]>().map(({ updatedAt: _u, ...p }) => p);
  };
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
    const preview = await post('/api/admin/products/import/preview', { csv: file });
    const report = preview.json<{ data: Report }>().data;
    expect(report.rows.filter((r) => r.errors.length)).toEqual([]);
    expect(report.products).toEqual({ create: 0, update: before.length });
    const written = await post('/api/admin/products/import', { csv: file });
    expect(written.statusCode, written.body).toBe(200);
    expect(await catalogue()).toEqual(before);

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
    const res = await post('/api/admin/products/import', {
      csv: [header!, edited].map((r) => csvLine(r)).join(''),
    });
    expect(res.statusCode, res.body).toBe(200);
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
});
