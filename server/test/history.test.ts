// The change history through the real admin API on a real database: a row per create, update and
// delete, written in the change's own transaction (none for a no-op, none when the write fails),
// secrets recorded only as changed, and GET /api/admin/history with Russian lines and role access.
import { formatMoney } from '@shop/schemas/rules/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

interface Entry {
  action: string;
  actionLabel: string;
  userName: string | null;
  createdAt: string;
  changes: Record<string, unknown>;
  lines: { label: string; from?: string; to?: string; note?: string }[];
}

describeOnDatabases('change history on $name', (target) => {
  let t: TestApp;
  let content: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token ?? t.adminToken },
      ...(payload === undefined ? {} : { payload }),
    });
  const historyOf = async (resource: string, id: number, token?: string) => {
    const res = await call('GET', `/api/admin/history?resource=${resource}&recordId=${id}`, undefined, token);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Entry[]; total: number }>();
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ token: content } = await signedInUser(t, {
      email: 'content@test.local',
      name: 'Редактор',
      role: 'content',
      password: 'content-password-1',
    }));
    const category = await call('POST', '/api/admin/product-categories', {
      title: 'Ресницы',
      slug: 'resnitsy',
    });
    categoryId = category.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t.close();
  });

  let categoryId: number;

  // Each test makes its own product and brings it to the state it needs (created, updated, deleted), so its
  // history totals are about its own record only and hold whatever ran before (a shuffled run found every
  // test sharing the product of "records a create"). The counter keeps slugs and articles unique.
  let seq = 0;
  const newProduct = async () => {
    const n = ++seq;
    const slug = `resnitsy-shelk-${n}`;
    const art = (suffix: string) => `SH-D-007-${suffix}-${n}`;
    const res = await call('POST', '/api/admin/products', {
      title: 'Ресницы Шёлк',
      slug,
      offers: [
        { article: art('10'), basePrice: 99000, stock: 3 },
        { article: art('11'), basePrice: 99000 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const product = res.json<{ id: number; offers: { id: number }[] }>();
    return { n, slug, art, productId: product.id, offerIds: product.offers.map((o) => o.id) };
  };
  /** The update "records what an update changed" inspects: new title, hit, a category, offers changed. */
  const update = (p: Awaited<ReturnType<typeof newProduct>>) =>
    call('PUT', `/api/admin/products/${p.productId}`, {
      title: 'Ресницы Шёлк Премиум',
      isHit: true,
      categoryIds: [categoryId],
      offers: [
        { id: p.offerIds[0], article: p.art('10'), basePrice: 129050, stock: 3 },
        { article: p.art('12'), basePrice: 99000 },
      ],
    });
  /** A product with its three history rows: create, update, delete. */
  const deletedProduct = async () => {
    const p = await newProduct();
    expect((await update(p)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/admin/products/${p.productId}`);
    expect(res.statusCode).toBe(200);
    return p;
  };

  it('records a create with who did it and every filled field and child row', async () => {
    const { productId, art } = await newProduct();
    const { data, total } = await historyOf('products', productId);
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({
      action: 'create',
      actionLabel: 'Создание',
      userName: expect.stringContaining('<admin@test.local>'),
    });
    expect(data[0]!.changes.title).toEqual({ to: 'Ресницы Шёлк' });
    expect(data[0]!.changes.offers).toMatchObject({
      added: [{ article: art('10') }, { article: art('11') }],
      removed: [],
    });
    expect(data[0]!.lines).toContainEqual({ label: 'Название', to: 'Ресницы Шёлк' });
  });

  it('records what an update changed, child rows included, with labels and roubles', async () => {
    const p = await newProduct();
    const { productId, offerIds, art } = p;
    const res = await update(p);
    expect(res.statusCode).toBe(200);
    const { data, total } = await historyOf('products', productId);
    expect(total).toBe(2);
    const entry = data[0]!; // newest first
    expect(entry.action).toBe('update');
    expect(entry.changes.title).toEqual({ from: 'Ресницы Шёлк', to: 'Ресницы Шёлк Премиум' });
    expect(entry.changes.isHit).toEqual({ from: false, to: true });
    expect(entry.changes).not.toHaveProperty('updatedAt');
    expect(entry.changes.offers).toMatchObject({
      added: [{ article: art('12') }],
      changed: [{ id: offerIds[0], article: art('10'), fields: { basePrice: { from: 99000, to: 129050 } } }],
      removed: [{ id: offerIds[1], article: art('11') }],
    });
    expect(entry.lines).toContainEqual({ label: 'Хит', from: 'нет', to: 'да' });
    // References by their titles, not their ids.
    expect(entry.changes.categoryIds).toEqual({ from: [], to: [categoryId] });
    expect(entry.lines).toContainEqual({ label: 'Категории', from: '', to: 'Ресницы' });
    expect(entry.lines).toContainEqual({
      label: `Варианты (торговые предложения) (Артикул ${art('10')}): Цена`,
      from: formatMoney(99000),
      to: formatMoney(129050),
    });
    expect(entry.lines).toContainEqual({
      label: 'Варианты (торговые предложения)',
      note: `удалено: Артикул ${art('11')}`,
    });
  });

  it('names an offer’s attributes by their directories, never as JSON', async () => {
    for (const [code, title, sortOrder, entries] of [
      ['curl', 'Изгиб', 1, [['D', 'D']]],
      ['colour', 'Цвет', 2, [['black', 'Чёрный']]],
    ] as const) {
      const dir = await call('POST', '/api/admin/directories', { code, title, sortOrder, useInOffers: true });
      expect(dir.statusCode, dir.body).toBe(201);
      const directoryId = dir.json<{ id: number }>().id;
      for (const [entry, name] of entries) {
        const res = await call('POST', '/api/admin/directory-entries', {
          directoryId,
          code: entry,
          title: name,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const p = await newProduct();
    const offer = (attributes: Record<string, string>) => ({
      id: p.offerIds[0],
      article: p.art('10'),
      basePrice: 99000,
      stock: 3,
      attributes,
    });
    const steps: Record<string, string>[] = [{ curl: 'D' }, { colour: 'black', curl: 'D' }];
    for (const attributes of steps) {
      const res = await call('PUT', `/api/admin/products/${p.productId}`, { offers: [offer(attributes)] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { data } = await historyOf('products', p.productId);
    expect(data[0]!.lines).toContainEqual({
      label: `Варианты (торговые предложения) (Артикул ${p.art('10')}): Характеристики`,
      from: 'Изгиб: D',
      to: 'Изгиб: D, Цвет: Чёрный',
    });
    expect(JSON.stringify(data.flatMap((e) => e.lines))).not.toMatch(/\{\\"/);
  });

  it('writes no row when an update changes nothing (the whole record sent back)', async () => {
    const p = await newProduct();
    const { productId } = p;
    expect((await update(p)).statusCode).toBe(200);
    expect((await historyOf('products', productId)).total).toBe(2);
    const stored = await call('GET', `/api/admin/products/${productId}`);
    const res = await call('PUT', `/api/admin/products/${productId}`, stored.json());
    expect(res.statusCode).toBe(200);
    expect((await historyOf('products', productId)).total).toBe(2);
  });

  it('writes nothing when the write fails: the change and its history roll back together', async () => {
    // Its own product holds the slug and the article that the failing writes collide with.
    const { slug, art, n } = await newProduct();
    const other = await call('POST', '/api/admin/products', { title: 'Клей', slug: `klei-${n}` });
    expect(other.statusCode).toBe(201);
    const otherId = other.json<{ id: number }>().id;
    // The slug is taken: the unique constraint fails inside the transaction, after the row update.
    const res = await call('PUT', `/api/admin/products/${otherId}`, {
      title: 'Клей новый',
      slug,
    });
    expect(res.statusCode).toBe(409);
    expect((await historyOf('products', otherId)).total).toBe(1);
    expect((await call('GET', `/api/admin/products/${otherId}`)).json()).toMatchObject({ title: 'Клей' });
    // An offer article that another product holds: refused, and no history for the failed create.
    const before = await call('GET', '/api/admin/products?range=[0,0]');
    const failed = await call('POST', '/api/admin/products', {
      title: 'Дубль',
      slug: `dubl-${n}`,
      offers: [{ article: art('10'), basePrice: 1 }],
    });
    expect(failed.statusCode).toBe(409);
    const after = await call('GET', '/api/admin/products?range=[0,0]');
    expect(after.headers['content-range']).toBe(before.headers['content-range']);
  });

  it('reads a discount in the unit its type gave at the time: roubles, then a percentage', async () => {
    const res = await call('POST', '/api/admin/coupons', { code: 'MINUS500', type: 'fixed', value: 50000 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect((await call('PUT', `/api/admin/coupons/${id}`, { value: 70000 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/coupons/${id}`, { type: 'percent', value: 7 })).statusCode).toBe(
      200,
    );
    const { data } = await historyOf('coupons', id);
    const size = (e: Entry) => e.lines.find((l) => l.label === 'Размер скидки');
    expect(size(data[2]!)).toEqual({ label: 'Размер скидки', to: formatMoney(50000) });
    expect(size(data[1]!)).toEqual({
      label: 'Размер скидки',
      from: formatMoney(50000),
      to: formatMoney(70000),
    });
    expect(size(data[0]!)).toEqual({ label: 'Размер скидки', from: formatMoney(70000), to: '7\u00a0%' });
    expect(data[0]!.lines).toContainEqual({ label: 'Тип', from: 'Фиксированная сумма', to: 'Процент' });
  });

  it('records secrets only as changed, never their values', async () => {
    const res = await call('POST', '/api/admin/users', {
      email: 'client@test.local',
      name: 'Клиент',
      password: 'first-password-1',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const changed = await call('PUT', `/api/admin/users/${id}`, { password: 'second-password-2' });
    expect(changed.statusCode).toBe(200);
    const { data } = await historyOf('users', id);
    expect(data.map((e) => e.action)).toEqual(['update', 'create']);
    expect(data[0]!.changes).toEqual({ passwordHash: { changed: true } });
    expect(data[1]!.changes.passwordHash).toEqual({ changed: true });
    const text = JSON.stringify(data);
    expect(text).not.toContain('password-');
    expect(text).not.toContain('scrypt');
    expect(data[0]!.lines).toEqual([{ label: 'Пароль', note: 'изменено (значение не показывается)' }]);
  });

  it('names a brand by its title and pictures by their files, never as codes or JSON', async () => {
    const p = await newProduct();
    const directory = await call('POST', '/api/admin/directories', { code: `brands${p.n}`, title: 'Бренды' });
    expect(directory.statusCode, directory.body).toBe(201);
    const brand = await call('POST', '/api/admin/directory-entries', {
      directoryId: directory.json<{ id: number }>().id,
      code: `lashline${p.n}`,
      title: 'Lash Line',
    });
    expect(brand.statusCode, brand.body).toBe(201);
    const changed = await call('PUT', `/api/admin/products/${p.productId}`, {
      brandId: brand.json<{ id: number }>().id,
      images: [
        { url: '/uploads/products/shelk-1.webp', alt: 'Лента ресниц' },
        { url: '/uploads/products/shelk-2.webp', alt: null },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { data } = await historyOf('products', p.productId);
    const lines = data[0]!.lines;
    expect(lines.find((l) => l.label === 'Бренд')).toEqual({ label: 'Бренд', from: '', to: 'Lash Line' });
    for (const line of lines) expect(`${line.from} ${line.to}`).not.toMatch(/lashline|\[\{|\{"/);
    expect(lines.find((l) => l.label === 'Изображения')).toEqual({
      label: 'Изображения',
      from: '',
      to: 'Файл: /uploads/products/shelk-1.webp, Подпись: Лента ресниц; Файл: /uploads/products/shelk-2.webp',
    });
  });

  it('records a delete with the values the record had', async () => {
    const { productId } = await deletedProduct();
    const { data, total } = await historyOf('products', productId);
    expect(total).toBe(3);
    expect(data[0]).toMatchObject({ action: 'delete', actionLabel: 'Удаление' });
    expect(data[0]!.changes.title).toEqual({ from: 'Ресницы Шёлк Премиум' });
  });

  it('pages newest first and answers only a role that may show the resource', async () => {
    const { productId } = await deletedProduct();
    const page = await call(
      'GET',
      `/api/admin/history?resource=products&recordId=${productId}&page=2&perPage=2`,
    );
    expect(page.json<{ data: Entry[]; total: number }>()).toMatchObject({
      total: 3,
      data: [{ action: 'create' }],
    });
    expect((await historyOf('products', productId, content)).total).toBe(3);
    const users = await call('GET', '/api/admin/history?resource=users&recordId=1', undefined, content);
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({ error: { message: 'Недостаточно прав для этого действия' } });
    const unknown = await call('GET', '/api/admin/history?resource=nope&recordId=1');
    expect(unknown.statusCode).toBe(400);
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/admin/history?resource=products&recordId=1',
    });
    expect(guest.statusCode).toBe(401);
  });
});
