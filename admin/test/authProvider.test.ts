// Sign-in to the admin on the cookie session: the page never holds the session token, only the session's
// CSRF token (in memory), sent with every call; roles from the session; what each role may do.
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@shop/client';
import { createAuthProvider, memoryCsrfStore } from '../src/authProvider';

type Role = 'customer' | 'admin' | 'manager' | 'content';

const CSRF = 'csrf-of-session-1';

function setup(role: Role, password = 'secret') {
  const calls: string[] = [];
  // What the browser's cookie jar would hold: set by the sign-in, cleared by the sign-out.
  let signedIn = false;
  const csrf = memoryCsrfStore();
  const client = createApiClient({
    baseURL: '',
    getCsrfToken: () => csrf.get(),
    axios: {
      // Answers like axios' own adapters: a response, or an error carrying it for a refused status.
      adapter: (config) =>
        Promise.resolve().then(() => {
          const header = (name: string) => String(config.headers.get(name) ?? '-');
          calls.push(`${config.method} ${config.url} ${header('X-CSRF-Token')} ${header('Authorization')}`);
          const reply = (status: number, body: unknown) => {
            const response = { data: body, status, statusText: '', headers: {}, config };
            if (status >= 400) throw Object.assign(new Error(`status ${status}`), { response, status });
            return response;
          };
          if (config.url === '/api/auth/admin/login') {
            const body = JSON.parse(String(config.data)) as { login: string; password: string };
            if (body.password !== password)
              return reply(401, {
                error: { code: 'wrong_credentials', message: 'Неверный логин или пароль' },
              });
            if (role === 'customer')
              return reply(403, {
                error: { code: 'no_admin_access', message: 'Нет доступа к администрированию' },
              });
            signedIn = true;
            return reply(200, { data: { csrfToken: CSRF } });
          }
          if (config.url === '/api/auth/admin/session') {
            if (!signedIn) return reply(200, { data: null });
            const user = { id: 1, email: 'anna@lash.ru', name: 'Анна', role, isAdmin: true, groups: [] };
            return reply(200, { data: { user, csrfToken: CSRF } });
          }
          if (config.url === '/api/auth/admin/logout') {
            if (header('X-CSRF-Token') !== CSRF)
              return reply(403, { error: { code: 'csrf', message: 'CSRF' } });
            signedIn = false;
            return reply(200, { data: null });
          }
          return reply(404, {});
        }),
    },
  });
  return {
    auth: createAuthProvider(client, csrf),
    csrf,
    calls,
    reload: () => ({ auth: createAuthProvider(client, (csrf.clear(), csrf)), calls }),
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('authProvider', () => {
  it('signs a staff member in: the page keeps only the CSRF token, reads identity and role once', async () => {
    const { auth, csrf, calls } = setup('manager');
    await auth.login({ username: 'anna@lash.ru', password: 'secret' });
    expect(csrf.get()).toBe(CSRF);
    // Nothing of the session in the page's storage.
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 1, fullName: 'Анна' });
    await expect(auth.getPermissions!({})).resolves.toBe('manager');
    // No Authorization header at all; the CSRF token goes with the calls after the sign-in.
    expect(calls.every((c) => c.endsWith(' -'))).toBe(true);
    expect(calls).toContain(`get /api/auth/admin/session ${CSRF} -`);
    expect(calls.filter((c) => c.includes('/api/auth/admin/session'))).toHaveLength(1);
  });

  it('after a reload asks the session again and learns the CSRF token from it', async () => {
    const first = setup('admin');
    await first.auth.login({ username: 'a', password: 'secret' });
    const { auth, calls } = first.reload();
    expect(first.csrf.get()).toBeNull();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(first.csrf.get()).toBe(CSRF);
    expect(calls.at(-1)).toBe('get /api/auth/admin/session - -');
  });

  it('shows the server message for a wrong password', async () => {
    const { auth, csrf } = setup('admin');
    await expect(auth.login({ username: 'anna@lash.ru', password: 'wrong' })).rejects.toThrow(
      'Неверный логин или пароль',
    );
    expect(csrf.get()).toBeNull();
  });

  it('shows the server refusal of a customer', async () => {
    const { auth, csrf } = setup('customer');
    await expect(auth.login({ username: 'buyer@mail.ru', password: 'secret' })).rejects.toThrow(
      'Нет доступа к администрированию',
    );
    expect(csrf.get()).toBeNull();
  });

  it('sends a visitor without a session to the login page without a notice', async () => {
    const { auth } = setup('admin');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: false });
    await expect(auth.canAccess!({ resource: 'products', action: 'list' })).resolves.toBe(false);
  });

  it('logs out on 401 and stays signed in on 403 (the failed call reports it)', async () => {
    const { auth, calls } = setup('admin');
    await auth.login({ username: 'anna@lash.ru', password: 'secret' });
    const loggedOut = auth.checkError({ status: 401 });
    // react-admin shows this key's translation ("signed out") and then calls logout itself.
    await expect(loggedOut).rejects.toBeInstanceOf(Error);
    await expect(loggedOut).rejects.toMatchObject({ message: 'ra.notification.logged_out' });
    // A 401 is recognised on error.response too (how an axios error carries it), not only on error.status.
    await expect(auth.checkError({ response: { status: 401 } })).rejects.toMatchObject({
      message: 'ra.notification.logged_out',
    });
    // The session cached for the refused cookie is dropped: the next question goes to the server again.
    await auth.getIdentity!();
    expect(calls.filter((c) => c.includes('/api/auth/admin/session'))).toHaveLength(2);

    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ response: { status: 403 } })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('logs out on the server with the CSRF token, also right after a reload', async () => {
    const first = setup('admin');
    await first.auth.login({ username: 'a', password: 'secret' });
    await first.auth.logout({});
    expect(first.csrf.get()).toBeNull();
    expect(first.calls).toContain(`post /api/auth/admin/logout ${CSRF} -`);
    await expect(first.auth.checkAuth({})).rejects.toMatchObject({ message: false });

    await first.auth.login({ username: 'a', password: 'secret' });
    const { auth, calls } = first.reload();
    await auth.logout({});
    expect(calls.at(-1)).toBe(`post /api/auth/admin/logout ${CSRF} -`);
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: false });
  });

  it('answers canAccess from x-access: a content editor edits products but not orders', async () => {
    const { auth } = setup('content');
    await auth.login({ username: 'c', password: 'secret' });
    const can = (resource: string, action: string) => auth.canAccess!({ resource, action });
    await expect(can('products', 'edit')).resolves.toBe(true);
    await expect(can('products', 'list')).resolves.toBe(true);
    await expect(can('orders', 'list')).resolves.toBe(false);
    await expect(can('unknown-screen', 'list')).resolves.toBe(false);
  });
});
