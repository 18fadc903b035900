// The counts of a list split into tabs (x-list.tabs; orders by status): GET /api/admin/orders/counts answers
// how many orders each status tab holds under the list's other filters and search, with the list's access
// (admin and manager; the content role 403) and its filter whitelist, and agrees with the list's own total.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Counts = { total: number; values: Record<string, number> };

describeOnDatabases('list tab counts on $name', (target) => {
  let t: TestApp;
  const tokens = { manager: '', content: '' };

  const get = (token: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const counts = async (filter: object, token = t.adminToken) => {
    const res = await get(
      token,
      `/api/admin/orders/counts?field=status&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Counts }>().data;
  };
  /** The list's own total under the same filter (its Content-Range). */
  const listTotal = async (filter: object) => {
    const res = await get(
      t.adminToken,
      `/api/admin/orders?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    for (const role of ['manager', 'content'] as const)
      ({ token: tokens[role] } = await signedInUser(t, {
        email: `${role}@counts.test`,
        role,
        password: `${role}-password-1`,
      }));
    await t.database.db.execute(sql`
      INSERT INTO orders (number, status, payment_status, customer_name, customer_phone, total, created_at) VALUES
        ('2026-000101', 'new', 'unpaid', 'Анна Смирнова', '+79990000101', 100000, now()),
        ('2026-000102', 'new', 'pending', 'Вера Лебедева', '+79990000102', 200000, now()),
        ('2026-000103', 'confirmed', 'unpaid', 'Анна Петрова', '+79990000103', 300000, now()),
        ('2026-000104', 'paid', 'paid', 'Галина Орлова', '+79990000104', 400000, now() - interval '10 days'),
        ('2026-000105', 'canceled', 'refunded', 'Анна Кузнецова', '+79990000105', 500000, now() - interval '10 days')`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts every status, zero included, and «Все»', async () => {
    expect(await counts({})).toEqual({
      total: 5,
      values: { new: 2, confirmed: 1, paid: 1, shipped: 0, completed: 0, canceled: 1 },
    });
  });

  it('counts under the list filters and search, and agrees with the list on each tab', async () => {
    const anna = await counts({ q: 'Анна' });
    expect(anna).toEqual({
      total: 3,
      values: { new: 1, confirmed: 1, paid: 0, shipped: 0, completed: 0, canceled: 1 },
    });
    for (const [status, n] of Object.entries(anna.values))
      expect(await listTotal({ q: 'Анна', status }), status).toBe(n);
    expect(await listTotal({ q: 'Анна' })).toBe(anna.total);

    expect((await counts({ paymentStatus: 'unpaid' })).values).toMatchObject({ new: 1, confirmed: 1 });
    const recent = await counts({ createdAt_gte: new Date(Date.now() - 86_400_000).toISOString() });
    expect(recent).toMatchObject({ total: 3, values: { paid: 0, canceled: 0 } });
    expect((await counts({ total_gte: 300000, total_lte: 400000 })).total).toBe(2);
  });

  it('leaves out the tab field itself: the chosen tab does not empty the others', async () => {
    expect(await counts({ status: 'new', q: 'Анна' })).toEqual(await counts({ q: 'Анна' }));
    expect(await counts({ status: ['new', 'paid'] })).toEqual(await counts({}));
  });

  it('keeps the tab field’s other conditions: «кроме Отменён» leaves canceled orders out of every tab', async () => {
    const notCanceled = await counts({ status_ne: 'canceled' });
    expect(notCanceled).toEqual({
      total: 4,
      values: { new: 2, confirmed: 1, paid: 1, shipped: 0, completed: 0, canceled: 0 },
    });
    expect(await listTotal({ status_ne: 'canceled' })).toBe(notCanceled.total);
    expect(await listTotal({ status_ne: 'canceled', status: 'new' })).toBe(notCanceled.values.new);
  });

  it('refuses filters the list does not allow and fields that are not its tabs, in Russian', async () => {
    const bad = await get(
      t.adminToken,
      `/api/admin/orders/counts?field=status&filter=${encodeURIComponent('{"customerEmail":"a@b.ru"}')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe(
      'Фильтр «customerEmail» для раздела «Заказы» не поддерживается',
    );
    expect((await get(t.adminToken, '/api/admin/orders/counts?field=paymentStatus')).statusCode).toBe(400);
    expect((await get(t.adminToken, '/api/admin/orders/counts')).statusCode).toBe(400);
    expect((await get(t.adminToken, '/api/admin/orders/counts?field=status&filter=[1]')).statusCode).toBe(
      400,
    );
    // A resource without tabs has no counts (the path is then a record's number, and not one).
    expect((await get(t.adminToken, '/api/admin/coupons/counts?field=type')).statusCode).toBe(400);
  });

  it('is open to the roles that may list orders only', async () => {
    expect((await counts({}, tokens.manager)).total).toBe(5);
    const content = await get(tokens.content, '/api/admin/orders/counts?field=status');
    expect(content.statusCode).toBe(403);
    expect((await get(null, '/api/admin/orders/counts?field=status')).statusCode).toBe(401);
  });
});
