// The 1C exchange driven by a script acting as 1C (exchange1c-client.ts) through HTTP, on both databases:
// sign-in and cookie, the catalogue (groups, properties, goods with pictures, offers with characteristics,
// prices of the configured type, stock), zip, split packages, namespaces and BOM, changes-only, a re-sent
// part, a broken package changing nothing; the orders out (query, repeated without success, success) and
// their statuses back; the log in the admin.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { OneC } from './exchange1c-client';
import {
  cp1251,
  importXml,
  LASH_OFFERS,
  LASHES,
  offersXml,
  picture,
  restsXml,
  zip,
} from './exchange1c-fixtures';
import { settings } from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { countRows, createServices, fillCart, request } from './shop-fixtures';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { storefrontBuild } from './storefront-build';

const ONEC = { email: 'onec@test.local', password: 'onec-password-1' };

let buildDir = '';
beforeAll(async () => {
  buildDir = await storefrontBuild();
}, 300_000);

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
    t = await startTestApp(target, { config: { exchange1cStepMs: 1, storefrontBuildDir: buildDir } });
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
    // The storefront's server-rendered page of the product: its title, the variant's price and its picture.
    // Under its category of 1C's group tree: the short address leads there.
    const curl = { 'user-agent': 'curl' };
    const short = await t.app.inject({ method: 'GET', url: `/product/${p.slug}`, headers: curl });
    expect(short.headers.location).toBe(`/catalog/klassika-1s/product/${p.slug}`);
    const page = await t.app.inject({ method: 'GET', url: short.headers.location!, headers: curl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1');
    expect(page.body).toContain('Ресницы Лэш Би 1С чёрные');
    expect(page.body).toMatch(/890\s₽/);
    expect(page.body).toContain(p.images[0]!.url.replace('/uploads/', ''));
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
    const answered = steps.map((x) => `${x.mode} ${x.answer}`);
    // How many steps the import takes depends on the machine (the test's budget is 1 ms a step): at least
    // one `progress` (the package's check), then `success`; the runs of `progress` are read as one here.
    expect(answered.filter((x) => x === 'import progress').length).toBeGreaterThanOrEqual(1);
    expect(answered.filter((x, i) => !(x === 'import progress' && answered[i - 1] === x))).toEqual([
      'checkauth success',
      'init success',
      'file success',
      'file success',
      'file success',
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

  it('gives 1C the orders not yet taken, the same again until success, and moves an order by 1C’s changes', async () => {
    await ensureSystemTemplates(t.database.db);
    await t.database.db
      .insert(settings)
      .values({ shopName: 'Ресницы', adminNotificationEmail: 'orders@shop.test' });
    const ids = await createServices(t, ['courier', 'cash'], {
      cash: (made) => ({ deliveryServiceIds: [made.courier] }),
    });
    const lashes = (await productByTitle('Ресницы Лэш Би 1С чёрные матовые'))!;
    const offer = lashes.offers.find((o) => o.basePrice === 89000)!;
    const cart = await fillCart(t, [[offer.id, 2]]);
    const placed = await request(t, 'POST', '/api/orders', cart, {
      customerName: 'Анна Смирнова',
      customerPhone: '8 (999) 123-45-67',
      customerEmail: 'anna@orders.test',
      deliveryServiceId: ids.courier,
      deliveryCity: 'Казань',
      deliveryAddress: 'ул. Баумана, 1 <кв. 2> & офис',
      paymentServiceId: ids.cash,
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<{ data: { number: string } }>().data.number;

    const onec = new OneC(t.app, 'sale');
    await onec.checkauth(ONEC.email, ONEC.password);
    await onec.init();
    // «Выгружать в 1С заказы, оформленные с» a day to come: none yet.
    await t.database.db.update(settings).set({ exchange1cOrdersFrom: '2099-01-01' });
    expect((await onec.call('query')).body).not.toContain('<Документ>');
    await t.database.db.update(settings).set({ exchange1cOrdersFrom: null });
    const first = await onec.call('query');
    expect(first.contentType).toMatch(/^application\/xml/);
    const doc = first.body;
    expect(doc).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10"/,
    );
    expect(doc).toContain(`<Номер>${number}</Номер>`);
    expect(doc).toContain('<ХозОперация>Заказ товара</ХозОперация>');
    // Every buyer's field, empty when unknown; the address escaped.
    for (const empty of [
      '<ИНН></ИНН>',
      '<КПП></КПП>',
      '<Отчество></Отчество>',
      '<ОфициальноеНаименование></ОфициальноеНаименование>',
    ])
      expect(doc).toContain(empty);
    expect(doc).toContain('<Имя>Анна</Имя>');
    expect(doc).toContain('<Фамилия>Смирнова</Фамилия>');
    expect(doc).toContain('ул. Баумана, 1 &lt;кв. 2&gt; &amp; офис');
    expect(doc).toContain('<Ид>good-1#ch-d007</Ид>');
    expect(doc).toMatch(/<Ид>ORDER_DELIVERY<\/Ид>[\s\S]*<Значение>Услуга<\/Значение>/);
    expect(doc).toMatch(/<Наименование>Статус заказа<\/Наименование>\s*<Значение>Новый<\/Значение>/);
    expect(doc).toMatch(/<Наименование>Метод оплаты<\/Наименование>\s*<Значение>При получении<\/Значение>/);

    // Without success the same orders come again; after it, none.
    const again = await onec.call('query');
    expect(again.body.match(/<Документ>/g)).toHaveLength(1);
    expect(again.body).toContain(`<Номер>${number}</Номер>`);
    expect((await onec.call('success')).lines[0]).toBe('success');
    expect((await onec.call('query')).body).not.toContain('<Документ>');

    // 1C's changes: its number, and the order shipped with a track number.
    const changes = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10" ДатаФормирования="2026-11-29T12:00:00">
  <Документ><Ид>${number}</Ид><Номер>${number}</Номер><ХозОперация>Заказ товара</ХозОперация>
    <ЗначенияРеквизитов>
      <ЗначениеРеквизита><Наименование>Номер по 1С</Наименование><Значение>УТ-00042</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Дата по 1С</Наименование><Значение>2026-11-29</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Проведен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>Отгружен</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Трек-номер</Наименование><Значение>RA123456789RU</Значение></ЗначениеРеквизита>
    </ЗначенияРеквизитов>
  </Документ>
  <Документ><Ид>no-such</Ид><Номер>0000-000000</Номер></Документ>
</КоммерческаяИнформация>`;
    await onec.send('orders-1c.xml', changes);
    const applied = await onec.importFile('orders-1c.xml');
    expect(applied.lines[0], applied.body).toBe('success');
    const order = (
      await admin<{ id: number; number: string; status: string; deliveryTrackNumber: string }[]>(
        `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: number }))}`,
      )
    )[0]!;
    expect(order).toMatchObject({ status: 'shipped', deliveryTrackNumber: 'RA123456789RU' });
    const events = await t.database.db.execute(
      sql`SELECT kind, to_status, actor_label, comment, public FROM order_events WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect(JSON.stringify(events)).toContain('Номер по 1С: УТ-00042');
    expect(JSON.stringify(events)).toContain('"to_status":"shipped","actor_label":"Обмен с 1С"');
    // The customer is told of the shipment as when the staff ship it.
    expect(await countRows(t, 'outbox_messages', sql`body LIKE ${'%RA123456789RU%'}`)).toBeGreaterThan(0);
    // The same document again changes nothing.
    const events1 = await countRows(t, 'order_events');
    await onec.send('orders-1c-2.xml', changes);
    expect((await onec.importFile('orders-1c-2.xml')).lines[0]).toBe('success');
    expect(await countRows(t, 'order_events')).toBe(events1);
    // 1C's own change is not handed back to it; a change on the site since is.
    expect((await onec.call('query')).body).not.toContain(`<Номер>${number}</Номер>`);
    const comment = await request(
      t,
      'PUT',
      `/api/admin/orders/${order.id}/manager-comment`,
      { authorization: t.adminToken },
      { managerComment: 'Позвонить перед доставкой' },
    );
    expect(comment.statusCode, comment.body).toBe(200);
    expect((await onec.call('query')).body).toContain(`<Номер>${number}</Номер>`);
    // A change stamped by the database's own clock, to the microsecond, is taken whole: after success, the
    // order is not given again (a JavaScript date would cut the microseconds and keep it changed forever).
    await t.database.db.execute(
      sql`UPDATE orders SET updated_at = date_trunc('second', now()) + interval '1.123456 second' WHERE id = ${order.id}`,
    );
    expect((await onec.call('query')).body).toContain(`<Номер>${number}</Номер>`);
    expect((await onec.call('success')).lines[0]).toBe('success');
    expect((await onec.call('query')).body).not.toContain(`<Номер>${number}</Номер>`);
  });

  it('gives 1C a company’s order with the organisation’s name, INN, KPP and legal address', async () => {
    // The courier and cash on delivery of the test before.
    const [ids] = await selectRows<{ courier: number; cash: number }>(
      t.database.db,
      sql`SELECT (SELECT id FROM delivery_services WHERE code = 'courier') AS courier,
                 (SELECT id FROM payment_services WHERE code = 'cash') AS cash`,
    );
    const { token } = await signedInUser(t, {
      email: 'owner@company-1c.test',
      password: 'owner-password-1',
      role: 'customer',
    });
    const auth = { authorization: `Bearer ${token}` };
    const company = await request(t, 'PUT', '/api/profile/company', auth, {
      legalForm: 'ooo',
      name: 'Брови и ресницы',
      inn: '7707083893',
      kpp: '773601001',
      legalAddress: 'Казань, ул. Баумана, 7',
    });
    expect(company.statusCode, company.body).toBe(200);
    const lashes = (await productByTitle('Ресницы Лэш Би 1С чёрные матовые'))!;
    await fillCart(t, [[lashes.offers[0]!.id, 1]], auth);
    const placed = await request(t, 'POST', '/api/orders', auth, {
      customerName: 'Ольга Петрова',
      customerPhone: '8 (999) 765-43-21',
      customerEmail: 'owner@company-1c.test',
      deliveryServiceId: ids!.courier,
      deliveryCity: 'Казань',
      deliveryAddress: 'ул. Баумана, 7',
      paymentServiceId: ids!.cash,
      organizationId: company.json<{ data: { id: number } }>().data.id,
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<{ data: { number: string } }>().data.number;

    const onec = new OneC(t.app, 'sale');
    await onec.checkauth(ONEC.email, ONEC.password);
    await onec.init();
    const doc = (await onec.call('query')).body;
    const mine = doc.split('<Документ>').find((d) => d.includes(`<Номер>${number}</Номер>`))!;
    expect(mine).toBeDefined();
    expect(mine).toContain('<ИНН>7707083893</ИНН>');
    expect(mine).toContain('<КПП>773601001</КПП>');
    expect(mine).toMatch(/<ОфициальноеНаименование>[^<]*Брови и ресницы[^<]*<\/ОфициальноеНаименование>/);
    expect(mine).toContain('Казань, ул. Баумана, 7');
    expect(mine).toContain('<Фамилия>Петрова</Фамилия>');
    expect((await onec.call('success')).lines[0]).toBe('success');
  });

  it('reads a Windows-1251 file of old 1C, answers deactivate and complete, imports an archive by its name, and refuses a broken document of orders whole', async () => {
    const tweezers = { id: 'good-3', name: 'Пинцет 1С изогнутый, ёлочка', groups: ['g-lashes'] };
    const [answer] = await exchangeFiles([
      ['import.xml', cp1251(importXml({ onlyChanges: true }, { goods: [tweezers] }))],
    ]);
    expect(answer!.split('\n')[0], answer).toBe('success');
    expect((await productByTitle('Пинцет 1С изогнутый, ёлочка'))?.active).toBe(true);

    // Newer 1C closes a catalogue with deactivate and complete: both answered success.
    const closing = new OneC(t.app, 'catalog');
    await closing.checkauth(ONEC.email, ONEC.password);
    expect((await closing.call('deactivate')).lines[0]).toBe('success');
    expect((await closing.call('complete')).lines[0]).toBe('success');

    // Some 1C versions ask to import the archive itself: its XML files are imported in their order.
    const byArchive = new OneC(t.app, 'catalog');
    await byArchive.checkauth(ONEC.email, ONEC.password);
    await byArchive.init();
    const gel = { id: 'good-4', name: 'Гель-ремувер 1С', groups: ['g-lashes'] };
    await byArchive.send(
      'pack.zip',
      zip({
        'offers.xml': offersXml({ onlyChanges: true }, [
          { id: 'good-4', prices: { 'pt-retail': 450 }, quantity: 2 },
        ]),
        'import.xml': importXml({ onlyChanges: true }, { goods: [gel] }),
      }),
    );
    expect((await byArchive.importFile('pack.zip')).lines[0]).toBe('success');
    expect((await productByTitle('Гель-ремувер 1С'))?.offers).toEqual([
      expect.objectContaining({ basePrice: 45000, stock: 2, active: true }),
    ]);

    const events = await countRows(t, 'order_events');
    const onec = new OneC(t.app, 'sale');
    await onec.checkauth(ONEC.email, ONEC.password);
    await onec.init();
    await onec.send(
      'orders-broken.xml',
      '<?xml version="1.0"?><КоммерческаяИнформация><Документ><Номер>1</Номер>',
    );
    const refused = await onec.importFile('orders-broken.xml');
    expect(refused.lines[0]).toBe('failure');
    expect(refused.lines[1]).toContain('Файл не является правильным XML');
    expect(await countRows(t, 'order_events')).toBe(events);
  });
});
