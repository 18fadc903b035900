// The admin area's session in an HttpOnly cookie: what the sign-in sets, where the cookie counts, and the
// CSRF proof every state-changing request it authenticates needs (403 and nothing changed without it).
// API clients with Authorization are not affected.
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveryServices, sessions } from '../generated/tables';
import { CSRF_REFUSED } from '../src/platform/auth/admin-cookie';
import { ADMIN, describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('the admin session cookie on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  /** Signs in as the admin area does; answers the cookie's value, its Set-Cookie line and the CSRF token. */
  async function signIn(headers: Record<string, string> = {}, who = ADMIN) {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers,
      payload: { login: who.email, password: who.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    const value = /^admin\.session=([^;]+)/.exec(setCookie)?.[1];
    expect(value).toBeTruthy();
    const { csrfToken } = res.json<{ data: { csrfToken: string } }>().data;
    return { cookie: `admin.session=${value!}`, value: value!, setCookie, csrfToken, body: res.body };
  }
  const services = async () =>
    Number((await t.database.db.select({ n: count() }).from(deliveryServices))[0]!.n);
  const sessionCount = async () => Number((await t.database.db.select({ n: count() }).from(sessions))[0]!.n);

  it('sets an HttpOnly, SameSite=Strict cookie on /api and answers only a CSRF token', async () => {
    const { setCookie, value, csrfToken, body } = await signIn();
    expect(setCookie).toMatch(/; Path=\/api(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly(;|$)/);
    expect(setCookie).toMatch(/; SameSite=Strict(;|$)/);
    // A session cookie (no remember-me) and no Secure over plain HTTP.
    expect(setCookie).not.toMatch(/Max-Age|Expires|Secure/i);
    // The session token is in the cookie only, never in the answer a script reads.
    expect(body).not.toContain(value);
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfToken).not.toBe(value);

    // Over HTTPS (from the trusted proxy) the cookie is Secure; remember-me makes it outlive the browser.
    const https = await inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { login: ADMIN.email, password: ADMIN.password, remember: true },
    });
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    const maxAge = Number(/; Max-Age=(\d+)/.exec(String(https.headers['set-cookie']))?.[1]);
    expect(Math.abs(maxAge - 30 * 24 * 3600)).toBeLessThan(10);
  });

  it('the session endpoint answers the user and the same CSRF token by the cookie alone', async () => {
    const { cookie, csrfToken } = await signIn();
    const res = await inject({ method: 'GET', url: '/api/auth/admin/session', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const { user, csrfToken: again } = res.json<{
      data: { user: { email: string; role: string }; csrfToken: string };
    }>().data;
    expect(user).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect(again).toBe(csrfToken);
    // Without the cookie, or with Authorization only: nobody (an answer, not an error).
    for (const headers of [{}, { authorization: t.adminToken }, { cookie: 'admin.session=unknown' }]) {
      const none = await inject({ method: 'GET', url: '/api/auth/admin/session', headers });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ data: null });
    }
  });

  it('refuses a customer before any session exists', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { authorization: t.adminToken },
      payload: {
        email: 'buyer-cookie@test.local',
        name: 'Покупатель',
        role: 'customer',
        password: 'buyer-pass-1',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = await sessionCount();
    const res = await inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { login: 'buyer-cookie@test.local', password: 'buyer-pass-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'no_admin_access', message: 'Нет доступа к администрированию' },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('a cookie-authenticated change without the CSRF token is 403 in Russian and changes nothing', async () => {
    const { cookie, csrfToken } = await signIn();
    const before = await services();
    const payload = { title: 'Курьер (cookie)', code: 'cookie_courier', kind: 'courier' };

    // As a cross-site form would send it: the cookie and nothing else.
    const bare = await inject({
      method: 'POST',
      url: '/api/admin/delivery-services',
      headers: { cookie },
      payload,
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({ error: { code: 'csrf', message: CSRF_REFUSED } });
    // A form-encoded post (what an HTML form of another site can send) is refused the same way.
    const form = await inject({
      method: 'POST',
      url: '/api/admin/delivery-services',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=x&code=form_courier&kind=courier',
    });
    expect(form.statusCode).toBe(403);
    // A wrong token, and another session's token, are no proof either.
    const other = await signIn();
    for (const token of ['wrong', other.csrfToken, `${csrfToken}x`]) {
      const res = await inject({
        method: 'POST',
        url: '/api/admin/delivery-services',
        headers: { cookie, 'x-csrf-token': token },
        payload,
      });
      expect(res.statusCode, token).toBe(403);
    }
    expect(await services()).toBe(before);

    // With the token: created.
    const ok = await inject({
      method: 'POST',
      url: '/api/admin/delivery-services',
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const { id } = ok.json<{ id: number }>();
    expect(await services()).toBe(before + 1);

    // PUT and DELETE need it too; reads do not.
    const put = await inject({
      method: 'PUT',
      url: `/api/admin/delivery-services/${id}`,
      headers: { cookie },
      payload: { ...payload, title: 'Переименован без токена' },
    });
    expect(put.statusCode).toBe(403);
    const del = await inject({
      method: 'DELETE',
      url: `/api/admin/delivery-services/${id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(403);
    const [row] = await t.database.db
      .select({ title: deliveryServices.title })
      .from(deliveryServices)
      .where(eq(deliveryServices.id, id));
    expect(row).toEqual({ title: 'Курьер (cookie)' });
    const read = await inject({
      method: 'GET',
      url: `/api/admin/delivery-services/${id}`,
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    const gone = await inject({
      method: 'DELETE',
      url: `/api/admin/delivery-services/${id}`,
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(gone.statusCode).toBe(200);
  });

  it('Authorization needs no CSRF proof and wins over the cookie', async () => {
    const { cookie } = await signIn();
    const res = await inject({
      method: 'POST',
      url: '/api/admin/delivery-services',
      headers: { authorization: t.adminToken, cookie },
      payload: { title: 'Курьер (API)', code: 'api_courier', kind: 'courier' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // A wrong token in Authorization is a guest's request, even with a good cookie beside it.
    const wrong = await inject({
      method: 'GET',
      url: '/api/admin/delivery-services',
      headers: { authorization: 'not-a-token', cookie },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("counts only on admin addresses: the storefront calls stay a guest's", async () => {
    const { cookie } = await signIn();
    // The storefront's session check and sign-in, from a browser that also holds the admin's cookie.
    const session = await inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(401);
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie },
      payload: { login: ADMIN.email, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(200);
    // And the admin sign-in ignores an old cookie (no CSRF token asked of it).
    const again = await inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { cookie },
      payload: { login: ADMIN.email, password: ADMIN.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('logout needs the CSRF token, ends the session and clears the cookie', async () => {
    const { cookie, csrfToken } = await signIn();
    const refused = await inject({ method: 'POST', url: '/api/auth/admin/logout', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    const still = await inject({ method: 'GET', url: '/api/auth/admin/session', headers: { cookie } });
    expect(still.json<{ data: unknown }>().data).not.toBeNull();

    const out = await inject({
      method: 'POST',
      url: '/api/auth/admin/logout',
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^admin\.session=; Path=\/api; HttpOnly; SameSite=Strict; Max-Age=0$/,
    );
    const after = await inject({ method: 'GET', url: '/api/auth/admin/session', headers: { cookie } });
    expect(after.json()).toEqual({ data: null });
    const write = await inject({
      method: 'POST',
      url: '/api/admin/delivery-services',
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload: { title: 'После выхода', code: 'after_logout', kind: 'courier' },
    });
    expect(write.statusCode).toBe(401);
  });
});
