// Access finer than actions, through the real API: x-access.rows (a manager works with customers'
// accounts only: staff accounts are absent for them) and x-access.write on a property (a manager may edit
// customers but not their role: the record sent back unchanged passes, a changed role is refused with 403
// and nothing is written).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('row and field access on $name', (target) => {
  let t: TestApp;
  let manager: string;
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
});
