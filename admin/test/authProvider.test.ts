// Sign-in to the admin with the shop's token; roles from the session; what each role may do.
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@shop/client';
import { createAuthProvider, localTokenStore, TOKEN_KEY } from '../src/authProvider';

type Role = 'customer' | 'admin' | 'manager' | 'content';

function setup(role: Role, password = 'secret') {
  const calls: string[] = [];
  const client = createApiClient({
    baseURL: '',
    getToken: () => localStorage.getItem(TOKEN_KEY),
    axios: {
      // Answers like axios' own adapters: a response, or an error carrying it for a refused status.
      adapter: (config) =>
        Promise.resolve().then(() => {
          calls.push(`${config.method} ${config.url} ${String(config.headers.get('Authorization') ?? '-')}`);
          const reply = (status: number, body: unknown) => {
            const response = { data: body, status, statusText: '', headers: {}, config };
            if (status >= 400) throw Object.assign(new Error(`status ${status}`), { response, status });
            return response;
          };
          if (config.url === '/api/auth/login') {
            const body = JSON.parse(String(config.data)) as { login: string; password: string };
            return body.password === password
              ? reply(200, { data: { token: 'tok-1' } })
              : reply(401, { error: { code: 'unauthorized', message: 'Неверный логин или пароль' } });
          }
          if (config.url === '/api/auth/session') {
            return reply(200, {
              data: {
                id: 1,
                email: 'anna@lash.ru',
                name: 'Анна',
                role,
                isAdmin: role !== 'customer',
                groups: [],
              },
            });
          }
          if (config.url === '/api/auth/logout') return reply(200, {});
          return reply(404, {});
        }),
    },
  });
  return { auth: createAuthProvider(client, localTokenStore(localStorage)), calls };
}

beforeEach(() => localStorage.clear());

describe('authProvider', () => {
  it('signs a staff member in: keeps the token, reads identity and role from the session', async () => {
    const { auth, calls } = setup('manager');
    await auth.login({ username: 'anna@lash.ru', password: 'secret' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 1, fullName: 'Анна' });
    await expect(auth.getPermissions!({})).resolves.toBe('manager');
    // The token goes without a prefix, and the session is asked once.
    expect(calls).toContain('get /api/auth/session tok-1');
    expect(calls.filter((c) => c.includes('/api/auth/session'))).toHaveLength(1);
  });

  it('shows the server message for a wrong password', async () => {
    const { auth } = setup('admin');
    await expect(auth.login({ username: 'anna@lash.ru', password: 'wrong' })).rejects.toThrow(
      'Неверный логин или пароль',
    );
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('refuses a customer and signs the token out again', async () => {
    const { auth, calls } = setup('customer');
    await expect(auth.login({ username: 'buyer@mail.ru', password: 'secret' })).rejects.toThrow(
      'Нет доступа к администрированию',
    );
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(calls).toContain('post /api/auth/logout tok-1');
  });

  it('sends an unauthenticated visitor to the login page without a notice', async () => {
    const { auth } = setup('admin');
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: false });
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
    // The session cached for the refused token is dropped: the next question goes to the server again.
    await auth.getIdentity!();
    expect(calls.filter((c) => c.includes('/api/auth/session'))).toHaveLength(2);

    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ response: { status: 403 } })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('logs out on the server and forgets the token', async () => {
    const { auth, calls } = setup('admin');
    await auth.login({ username: 'a', password: 'secret' });
    await auth.logout({});
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(calls).toContain('post /api/auth/logout tok-1');
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
