// Access finer than actions, through the real API: x-access.rows (a manager works with customers'
// accounts only: staff accounts are absent for them), x-access.write on a property (a manager may edit
// customers but not their role: the record sent back unchanged passes, a changed role is refused with 403
// and nothing is written) and on a child row's field (an offer's price and stock are the manager's, a
// product's texts the content editor's, in the form, the bulk edit and the CSV import alike); and records
// that are history (x-entity.history: orders, payments, the bonus ledger, consents) that no role deletes or
// edits through the generic CRUD API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { describeOnDatabases, startDemoShop, startTestApp, type TestApp } from './harness';
import { runJob } from './jobs';
import { productWithOffer } from './shop-fixtures';

describeOnDatabases('row and field access on $name', (target) => {
  let t: TestApp;
  let manager: string;
  let content: string;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ token: manager } = await signedInUser(t, {
      email: 'manager@test.local',
      name: 'Менеджер',
      role: 'manager',
      password: 'manager-password-1',
    }));
    ({ token: content } = await signedInUser(t, {
      email: 'content@test.local',
      name: 'Контент-редактор',
      role: 'content',
      password: 'content-password-1',
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a manager create a customer, but not a user with a staff role', async () => {
    const customer = await call(manager, 'POST', '/api/admin/users', {
      email: 'buyer@test.local',
      name: 'Покупательница',
    });
    expect(customer.statusCode).toBe(201);
    expect(customer.json<{ role: string }>().role).toBe('customer');

    const before = await call(t.adminToken, 'GET', '/api/admin/users?range=[0,0]');
    const staff = await call(manager, 'POST', '/api/admin/users', {
      email: 'boss@test.local',
      name: 'Начальник',
      role: 'admin',
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Поле «Роль» может менять только администратор',
        fields: { role: 'Недостаточно прав, чтобы менять это поле' },
      },
    });
    const after = await call(t.adminToken, 'GET', '/api/admin/users?range=[0,0]');
    expect(after.headers['content-range']).toBe(before.headers['content-range']);
  });

  it('accepts the whole record sent back with the role unchanged, refuses a changed role', async () => {
    const created = await call(manager, 'POST', '/api/admin/users', {
      email: 'renamed@test.local',
      name: 'Покупательница',
    });
    expect(created.statusCode).toBe(201);
    // The record as react-admin holds it: read back through the list, every field included.
    const list = await call(
      manager,
      'GET',
      `/api/admin/users?filter=${encodeURIComponent('{"q":"renamed"}')}`,
    );
    const record = list.json<Record<string, unknown>[]>()[0]!;
    expect(record.id).toBe(created.json<{ id: number }>().id);
    const renamed = await call(manager, 'PUT', `/api/admin/users/${String(record.id)}`, {
      ...record,
      name: 'Покупательница Анна',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ name: string; role: string }>()).toMatchObject({
      name: 'Покупательница Анна',
      role: 'customer',
    });

    const promoted = await call(manager, 'PUT', `/api/admin/users/${String(record.id)}`, {
      ...record,
      name: 'Не сохранится',
      role: 'manager',
    });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Поле «Роль» может менять только администратор',
        fields: { role: 'Недостаточно прав, чтобы менять это поле' },
      },
    });
    const stored = await call(t.adminToken, 'GET', `/api/admin/users/${String(record.id)}`);
    expect(stored.json<{ name: string; role: string }>()).toMatchObject({
      name: 'Покупательница Анна',
      role: 'customer',
    });

    // The administrator may.
    const byAdmin = await call(t.adminToken, 'PUT', `/api/admin/users/${String(record.id)}`, {
      role: 'content',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<{ role: string }>().role).toBe('content');
  });

  it('keeps staff accounts out of a manager’s reach: not listed, not shown, not changed', async () => {
    const customer = await call(manager, 'POST', '/api/admin/users', {
      email: 'b2@test.local',
      name: 'Ольга',
    });
    expect(customer.statusCode).toBe(201);
    const all = await call(manager, 'GET', '/api/admin/users?range=[0,99]');
    expect(all.statusCode).toBe(200);
    const roles = new Set(all.json<{ role: string }[]>().map((u) => u.role));
    expect([...roles]).toEqual(['customer']);

    const adminList = await call(
      t.adminToken,
      'GET',
      `/api/admin/users?filter=${encodeURIComponent('{"role":"admin"}')}`,
    );
    const admin = adminList.json<{ id: number; email: string }[]>()[0]!;
    expect((await call(manager, 'GET', `/api/admin/users/${admin.id}`)).statusCode).toBe(404);
    const takeover = await call(manager, 'PUT', `/api/admin/users/${admin.id}`, {
      email: 'mine@test.local',
      password: 'taken-over-1',
    });
    expect(takeover.statusCode).toBe(404);
    const stored = await call(t.adminToken, 'GET', `/api/admin/users/${admin.id}`);
    expect(stored.json<{ email: string }>().email).toBe(admin.email);
    // The administrator's password still works.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: admin.email, password: 'admin-password-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  describe('a product shared by the manager and the content editor', () => {
    type Offer = { id: number; article: string; basePrice: number; salePrice: number | null; stock: number };
    type Product = Record<string, unknown> & { id: number; title: string; offers: Offer[] };
    const read = async (id: number) =>
      (await call(t.adminToken, 'GET', `/api/admin/products/${id}`)).json<Product>();
    const withOffer = (p: Product, change: Partial<Offer>) => ({
      ...p,
      offers: [{ ...p.offers[0]!, ...change }],
    });

    it('lets a manager change an offer’s price and stock, but not the product’s text', async () => {
      const { productId } = await productWithOffer(t, { price: 10_000, stock: 5 });
      const stored = await read(productId);
      const priced = await call(
        manager,
        'PUT',
        `/api/admin/products/${productId}`,
        withOffer(stored, { basePrice: 12_000, stock: 7 }),
      );
      expect(priced.statusCode, priced.body).toBe(200);
      expect((await read(productId)).offers[0]).toMatchObject({ basePrice: 12_000, stock: 7 });

      const renamed = await call(manager, 'PUT', `/api/admin/products/${productId}`, {
        ...(await read(productId)),
        title: 'Не сохранится',
      });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json<{ error: { message: string } }>().error.message).toBe(
        'Поле «Название» может менять только администратор или контент-редактор',
      );
      expect((await read(productId)).title).toBe(stored.title);
    });

    it('lets a manager save a product with pictures as the API answered them (their keys in its order)', async () => {
      // The admin's form sends the pictures back as the API answered them ({ url, alt }, the schema's order),
      // the database holds them as { alt, url }: the same value, not the editor's field changed.
      const { productId } = await productWithOffer(t, { price: 10_000, stock: 5 });
      const pictured = await call(content, 'PUT', `/api/admin/products/${productId}`, {
        ...(await read(productId)),
        images: [{ url: '/uploads/lashes.png', alt: null }],
      });
      expect(pictured.statusCode, pictured.body).toBe(200);
      const priced = await call(
        manager,
        'PUT',
        `/api/admin/products/${productId}`,
        withOffer(await read(productId), { basePrice: 12_500 }),
      );
      expect(priced.statusCode, priced.body).toBe(200);
      expect((await read(productId)).offers[0]).toMatchObject({ basePrice: 12_500 });
    });

    it('lets a content editor change the product’s text, but not an offer’s price or stock', async () => {
      const { productId } = await productWithOffer(t, { price: 10_000, stock: 5 });
      const stored = await read(productId);
      const renamed = await call(content, 'PUT', `/api/admin/products/${productId}`, {
        ...stored,
        title: 'Ресницы: новое название',
        description: '<p>Текст</p>',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await read(productId)).title).toBe('Ресницы: новое название');

      const current = await read(productId);
      for (const change of [{ basePrice: 1 }, { salePrice: 5_000 }, { stock: 0 }]) {
        const res = await call(
          content,
          'PUT',
          `/api/admin/products/${productId}`,
          withOffer(current, change),
        );
        expect(res.statusCode, JSON.stringify(change)).toBe(403);
        expect(res.json<{ error: { message: string } }>().error.message).toMatch(
          /может менять только администратор или менеджер$/,
        );
      }
      // Nor by removing the offer, nor by adding one with a price.
      const removed = await call(content, 'PUT', `/api/admin/products/${productId}`, {
        ...current,
        offers: [],
      });
      expect(removed.statusCode).toBe(403);
      const added = await call(content, 'PUT', `/api/admin/products/${productId}`, {
        ...current,
        offers: [...current.offers, { article: `ADD-${productId}`, basePrice: 100 }],
      });
      expect(added.statusCode).toBe(403);
      expect((await read(productId)).offers).toEqual(current.offers);

      // The bulk edit of the list and the CSV import hold the same rule.
      const bulk = await call(content, 'POST', '/api/admin/products/bulk-offers', {
        ids: [productId],
        stock: 0,
      });
      expect(bulk.statusCode).toBe(403);
      const byManager = await call(manager, 'POST', '/api/admin/products/bulk-offers', {
        ids: [productId],
        price: { mode: 'set', value: 9_900 },
      });
      expect(byManager.statusCode, byManager.body).toBe(200);
      const file = `Адрес (slug);Артикул;Цена\r\n${String(current.slug)};${current.offers[0]!.article};1,00`;
      // The import is a job: the editor's ends failed with nothing written, the manager's done.
      const imported = await runJob(t.app, '/api/admin/products/import', { csv: file }, content);
      expect(imported.job?.status).toBe('failed');
      expect((await read(productId)).offers[0]).toMatchObject({ basePrice: 9_900, stock: 5 });
      const byManagerFile = await runJob(t.app, '/api/admin/products/import', { csv: file }, manager);
      expect(byManagerFile.job?.status, byManagerFile.job?.error ?? '').toBe('done');
      expect((await read(productId)).offers[0]).toMatchObject({ basePrice: 100 });
    });
  });
});

describeOnDatabases('history records on $name', (target) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const HISTORY = ['orders', 'payment-attempts', 'payment-notifications', 'bonuses', 'consents'];

  beforeAll(async () => {
    t = await startDemoShop(target);
    tokens.admin = t.adminToken;
    for (const role of ['manager', 'content'] as const)
      ({ token: tokens[role] } = await signedInUser(t, {
        email: `${role}@history.test.local`,
        name: role,
        role,
        password: `${role}-password-1`,
      }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'cannot be created, edited or deleted through the CRUD API by any role',
    { timeout: 120_000 },
    async () => {
      for (const resource of HISTORY) {
        const first = await t.app.inject({
          method: 'GET',
          url: `/api/admin/${resource}?range=[0,0]`,
          headers: { authorization: t.adminToken },
        });
        const [record] = first.json<Record<string, unknown>[]>();
        if (resource !== 'consents') expect(record, `${resource}: the demo shop holds one`).toBeDefined();
        if (!record) continue;
        const url = `/api/admin/${resource}/${String(record.id)}`;
        const stored = (await t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } }))
          .body;
        for (const [role, token] of Object.entries(tokens)) {
          const headers = { authorization: token };
          const tries = [
            await t.app.inject({
              method: 'PUT',
              url,
              headers,
              payload: { ...record, status: 'succeeded', managerComment: 'x', reason: 'x' },
            }),
            await t.app.inject({ method: 'DELETE', url, headers }),
            await t.app.inject({
              method: 'POST',
              url: `/api/admin/${resource}`,
              headers,
              payload: { ...record, id: undefined },
            }),
          ];
          expect(
            tries.map((r) => r.statusCode),
            `${resource} as ${role}`,
          ).toEqual([403, 403, 403]);
        }
        const after = (await t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } }))
          .body;
        expect(after, resource).toBe(stored);
      }
    },
  );

  it('changes an order’s comment through its own endpoint, for the roles of x-access.service', async () => {
    const [order] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders?range=[0,0]',
        headers: { authorization: t.adminToken },
      })
    ).json<{ id: number; updatedAt: string }[]>();
    const url = `/api/admin/orders/${order!.id}/manager-comment`;
    const byContent = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: tokens.content! },
      payload: { managerComment: 'x' },
    });
    expect(byContent.statusCode).toBe(403);
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: tokens.manager! },
      payload: { managerComment: ' Позвонить после 18:00 ', updatedAt: order!.updatedAt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: tokens.manager! },
      payload: { managerComment: 'Старое', updatedAt: order!.updatedAt },
    });
    expect(stale.statusCode).toBe(409);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order!.id}`,
      headers: { authorization: t.adminToken },
    });
    expect(stored.json<{ managerComment: string }>().managerComment).toBe('Позвонить после 18:00');
  });
});
