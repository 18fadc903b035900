// Sign-in, session, sign-out and the admin API's 401/403, through HTTP on a real database.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('auth on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });
  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('refuses a wrong password or an unknown login with the spec message', async () => {
    for (const body of [
      { login: ADMIN.email, password: 'wrong' },
      { login: 'nobody@test.local', password: 'x' },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'wrong_credentials', message: 'Неверный логин или пароль' },
      });
    }
    const bad = await login({ login: ADMIN.email });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { password: 'Обязательное поле' } } });
  });

  it('signs in by e-mail (any case) and by phone, and the token works with no prefix', async () => {
    const res = await login({ login: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ data: { token: string } }>().data;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: token },
    });
    expect(session.json()).toMatchObject({
      data: { email: ADMIN.email, role: 'admin', isAdmin: true, groups: [] },
    });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { authorization: t.adminToken },
      payload: {
        email: 'buyer@test.local',
        phone: '+79991112233',
        name: 'Покупатель',
        password: 'buyer-pass-1',
      },
    });
    expect(created.statusCode).toBe(201);
    const byPhone = await login({ login: '8 999 111 22 33', password: 'buyer-pass-1' });
    expect(byPhone.statusCode).toBe(200);
  });

  it('guards the admin API: 401 without or with a bad token, 403 for a customer', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: { code: 'unauthorized', message: 'Требуется вход' } });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { authorization: 'not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
    // Its own customer: the buyer of "signs in by e-mail…" exists only if that test ran first.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { authorization: t.adminToken },
      payload: { email: 'guarded@test.local', name: 'Покупатель', password: 'guarded-pass-1' },
    });
    expect(created.statusCode).toBe(201);
    const signedIn = await login({ login: 'guarded@test.local', password: 'guarded-pass-1' });
    expect(signedIn.statusCode).toBe(200);
    const { token } = signedIn.json<{ data: { token: string } }>().data;
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { authorization: token },
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ error: { message: 'Недостаточно прав для этого действия' } });
  });

  it('lets a content editor edit the catalogue but not users (x-access)', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { authorization: t.adminToken },
      payload: { email: 'editor@test.local', name: 'Редактор', role: 'content', password: 'editor-pass-1' },
    });
    const { token } = (await login({ login: 'editor@test.local', password: 'editor-pass-1' })).json<{
      data: { token: string };
    }>().data;
    const products = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { authorization: token },
    });
    expect(products.statusCode).toBe(200);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: token },
    });
    expect(users.statusCode).toBe(403);
  });

  it('logout revokes the token', async () => {
    const { token } = (await login({ login: ADMIN.email, password: ADMIN.password })).json<{
      data: { token: string };
    }>().data;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: token },
    });
    expect(out.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: token },
    });
    expect(session.statusCode).toBe(401);
  });
});
