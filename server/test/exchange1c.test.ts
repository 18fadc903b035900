// The 1C exchange driven by a script acting as 1C (exchange1c-client.ts) through HTTP, on both databases:
// sign-in and cookie, the catalogue (groups, properties, goods with pictures, offers with characteristics,
// prices of the configured type, stock), zip, split packages, namespaces and BOM, changes-only, a re-sent
// part, a broken package changing nothing; the orders out (query, repeated without success, success) and
// their statuses back; the log in the admin.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { OneC } from './exchange1c-client';
import { importXml, LASH_OFFERS, LASHES, offersXml, picture, restsXml, zip } from './exchange1c-fixtures';
import { countRows } from './shop-fixtures';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

const ONEC = { email: 'onec@test.local', password: 'onec-password-1' };

describeOnDatabases('the 1C exchange on $name', (target) => {
  let t: TestApp;
  const admin = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  type Product = {
    id: number;
    title: string;
    slug: string;
    active: boolean;
    categoryIds: number[];
    brandId: number | null;
    description: string | null;
    images: { url: string }[];
    offers: {
      id: number;
      article: string;
      basePrice: number;
      stock: number;
      active: boolean;
      attributes: Record<string, string>;
    }[];
  };
  const productByTitle = async (title: string) => {
    const list = await admin<Product[]>(
      `/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`,
    );
    const found = list.find((p) => p.title === title);
    return found ? admin<Product>(`/api/admin/products/${found.id}`) : null;
  };

  beforeAll(async () => {
    t = await startTestApp(target, { config: { exchange1cStepMs: 1 } });
    await signedInUser(t, { ...ONEC, role: 'exchange1c', name: 'Обмен 1С' });
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses a wrong password, a user without the role and a call without the cookie, in text for 1C', async () => {
    const onec = new OneC(t.app, 'catalog');
    const wrong = await onec.checkauth(ONEC.email, 'nope');
    expect(wrong.status).toBe(200);
    expect(wrong.contentType).toMatch(/^text\/plain/);
    expect(wrong.lines[0]).toBe('failure');
    expect(wrong.lines[1]).toBe('Неверный логин или пароль');
    const notRole = await new OneC(t.app, 'catalog').checkauth('admin@test.local', 'admin-password-1');
    expect(notRole.lines).toEqual(['failure', expect.stringContaining('нет роли «Обмен с 1С»'), '']);
    const noCookie = await onec.call('init', { cookie: null });
    expect(noCookie.lines[0]).toBe('failure');
    expect(noCookie.lines[1]).toContain('cookie');
    const stale = await onec.call('init', { cookie: 'shop_1c_exchange=deadbeef' });
    expect(stale.lines[0]).toBe('failure');
  });

  it('imports a zipped catalogue with pictures, then its offers, and the product is on the storefront', async () => {
    const onec = new OneC(t.app, 'catalog', '/1c_exchange.php');
    const auth = await onec.checkauth(ONEC.email, ONEC.password);
    expect(auth.lines.slice(0, 2)).toEqual(['success', 'shop_1c_exchange']);
    await onec.init();
    expect(onec.zip).toBe(true);
    const pkg = zip({
      'import.xml': importXml({}, LASHES),
      'offers.xml': offersXml({}, LASH_OFFERS),
      'import_files/ab/pic-1.jpg': await picture(200, 30, 30),
    });
    await onec.send('/tmp/v8_1C/upload/1c/webdata/package.zip', pkg, 700);
    const imported = await onec.importFile('import.xml');
    expect(imported.lines[0], imported.body).toBe('success');
    expect(onec.imports.some((a) => a.startsWith('progress'))).toBe(true);
    const offers = await onec.importFile('offers.xml');
    expect(offers.lines[0], offers.body).toBe('success');

    const p = (await productByTitle('Ресницы Лэш Би 1С чёрные'))!;
    expect(p).not.toBeNull();
    expect(p.active).toBe(true);
    expect(p.description).toBe('<p>Мягкие ресницы.</p><p>Для классики &amp; объёма</p>');
    expect(p.images).toHaveLength(1);
    expect(p.images[0]!.url).toMatch(/^\/uploads\/1c\/.+\.jpg$/);
    expect(p.offers.map((o) => [o.basePrice, o.stock, o.active, o.attributes]).sort()).toEqual([
      [89000, 12, true, expect.objectContaining({ tolshchina: '0.07' })],
      [91050, 3, true, expect.objectContaining({ tolshchina: '0.10' })],
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${p.slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Ресницы Лэш Би 1С чёрные');
  });

  /** What a package may change: the products' and offers' rows, the history, categories and directories. */
  const footprint = async () => {
    const rows = await Promise.all(
      ['products', 'product_offers', 'history', 'product_categories', 'directories', 'directory_entries'].map(
        (table) => countRows(t, table),
      ),
    );
    const stamps = await t.database.db.execute(sql`SELECT max(updated_at)::text AS at FROM products`);
    return { rows, stamps: JSON.stringify(stamps) };
  };
  /** A whole catalogue exchange: checkauth, init, the files (plain), import of each in order. */
  const exchangeFiles = async (files: [string, string | Buffer][], part?: number) => {
    const onec = new OneC(t.app, 'catalog');
    expect((await onec.checkauth(ONEC.email, ONEC.password)).lines[0]).toBe('success');
    await onec.init();
    const answers: string[] = [];
    for (const [name, data] of files) {
      await onec.send(name, data, part);
      answers.push((await onec.importFile(name)).body);
    }
    return answers;
  };

  it('imports the same package twice: the second changes nothing', async () => {
    const before = await footprint();
    const answers = await exchangeFiles([
      ['import.xml', importXml({}, LASHES)],
      ['offers.xml', offersXml({}, LASH_OFFERS)],
      ['import_files/ab/pic-1.jpg', await picture(200, 30, 30)],
    ]);
    // The picture came after the goods that name it: the first import says so and keeps the stored one.
    expect(
      answers.every((a) => a.startsWith('success')),
      answers.join(' | '),
    ).toBe(true);
    expect(await footprint()).toEqual(before);
  });

  it('reads split packages, namespaces with a prefix, none, a BOM, and 2.10 rests per warehouse', async () => {
    const p = (await productByTitle('Клей 1С быстрый'))!;
    const glue = p.offers[0]!;
    const answers = await exchangeFiles(
      [
        [
          'import0_1.xml',
          importXml(
            { namespace: 'urn:1C.ru:commerceml_205', prefix: 'cml:', version: '2.05', onlyChanges: true },
            { goods: [LASHES.goods[1]!] },
          ),
        ],
        [
          'offers0_1.xml',
          offersXml({ namespace: null, bom: true, onlyChanges: true }, [{ id: 'good-2', quantity: 1 }], {
            priceTypes: false,
          }),
        ],
        [
          'prices0_1.xml',
          offersXml({ namespace: 'urn:1C.ru:commerceml_210', onlyChanges: true }, [
            { id: 'good-2', prices: { 'pt-retail': 1650, 'pt-wholesale': 1200 } },
          ]),
        ],
        ['rests0_1.xml', restsXml({ bom: true }, { 'good-2': [4, 5] })],
      ],
      300,
    );
    expect(answers.map((a) => a.split('\n')[0])).toEqual(['success', 'success', 'success', 'success']);
    const after = (await productByTitle('Клей 1С быстрый'))!;
    expect(after.offers).toEqual([
      expect.objectContaining({ id: glue.id, basePrice: 165000, stock: 9, active: true }),
    ]);
  });

  it('keeps what a changes-only package leaves out, and hides what a full one no longer has', async () => {
    const renamed = { ...LASHES.goods[0]!, name: 'Ресницы Лэш Би 1С чёрные матовые' };
    await exchangeFiles([['import.xml', importXml({ onlyChanges: true }, { goods: [renamed] })]]);
    expect((await productByTitle('Ресницы Лэш Би 1С чёрные матовые'))?.active).toBe(true);
    expect((await productByTitle('Клей 1С быстрый'))?.active).toBe(true);
    const answers = await exchangeFiles([['import.xml', importXml({}, { ...LASHES, goods: [renamed] })]]);
    expect(answers[0]).toContain('снято с публикации товаров, которых нет в полной выгрузке: 1');
    expect((await productByTitle('Клей 1С быстрый'))?.active).toBe(false);
    expect((await productByTitle('Ресницы Лэш Би 1С чёрные матовые'))?.active).toBe(true);
  });

  it('appends a re-sent part once, refuses a climbing or script file name, and logs every step', async () => {
    const onec = new OneC(t.app, 'catalog');
    await onec.checkauth(ONEC.email, ONEC.password);
    await onec.init();
    const xml = Buffer.from(importXml({ onlyChanges: true }, { goods: [LASHES.goods[1]!] }));
    const half = Math.ceil(xml.length / 2);
    for (const part of [xml.subarray(0, half), xml.subarray(0, half), xml.subarray(half)]) {
      const a = await onec.call('file', { filename: 'import.xml', body: part });
      expect(a.lines[0]).toBe('success');
    }
    expect((await onec.importFile('import.xml')).lines[0]).toBe('success');
    for (const name of ['../../etc/passwd', 'import_files/../../x.xml', 'shell.php', '.htaccess']) {
      const a = await onec.call('file', { filename: name, body: Buffer.from('<?php echo 1;') });
      expect(a.lines, name).toEqual(['failure', expect.stringContaining('Недопустимое имя файла'), '']);
    }
    const runs = await admin<{ id: number }[]>('/api/admin/exchange1c-runs?sort=["id","DESC"]&range=[0,0]');
    const steps = await admin<{ mode: string; answer: string; message: string | null }[]>(
      `/api/admin/exchange1c-steps?filter=${encodeURIComponent(JSON.stringify({ runId: runs[0]!.id }))}&sort=["id","ASC"]`,
    );
    expect(steps.map((x) => `${x.mode} ${x.answer}`)).toEqual([
      'checkauth success',
      'init success',
      'file success',
      'file success',
      'file success',
      // The check of the package, the classifier (the test's budget is 1 ms), then the goods.
      'import progress',
      'import progress',
      'import success',
      'file failure',
      'file failure',
      'file failure',
      'file failure',
    ]);
    expect(steps[3]!.message).toBe('Повтор той же части: не добавлена');
    const files = await admin<{ name: string; size: number; chunks: number; status: string }[]>(
      `/api/admin/exchange1c-files?filter=${encodeURIComponent(JSON.stringify({ runId: runs[0]!.id }))}`,
    );
    expect(files).toEqual([
      expect.objectContaining({ name: 'import.xml', size: xml.length, chunks: 2, status: 'imported' }),
    ]);
  });

  it('a broken package changes nothing and says why', async () => {
    const before = await footprint();
    const broken = importXml({}, LASHES).replace('</Товары>', '');
    const [answer] = await exchangeFiles([['import.xml', broken]]);
    expect(answer!.split('\n')[0]).toBe('failure');
    expect(answer).toContain('Файл import.xml: Файл не является правильным XML');
    const noPriceType = offersXml({}, LASH_OFFERS).replace(/Розничная/g, 'Закупочная');
    const [second] = await exchangeFiles([['offers.xml', noPriceType]]);
    expect(second).toContain('В пакете нет типа цен «Розничная»');
    const notCml = '<?xml version="1.0"?><html><body/></html>';
    const [third] = await exchangeFiles([['import.xml', notCml]]);
    expect(third).toContain('Это не файл CommerceML');
    expect(await footprint()).toEqual(before);
  });
});
