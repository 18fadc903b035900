// Property-level x-access.write through the real API: a manager may edit customers but not their role;
// the whole record sent back unchanged passes, a changed role is refused with 403 and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, startTestApp, type TestApp } from './harness';

describe.each(DB_TARGETS)('field write access on $name', (target) => {
  let t: TestApp;
  let manager: string;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(target);
    const created = await call(t.adminToken, 'POST', '/api/admin/users', {
      email: 'manager@test.local',
      name: 'Менеджер',
      role: 'manager',
      password: 'manager-password-1',
    });
    expect(created.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'manager@test.local', password: 'manager-password-1' },
    });
    manager = login.json<{ data: { token: string } }>().data.token;
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
    const list = await call(manager, 'GET', `/api/admin/users?filter=${encodeURIComponent('{"q":"buyer"}')}`);
    const record = list.json<Record<string, unknown>[]>()[0]!;
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
});
