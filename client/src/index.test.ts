// The client's contract with the server (spec §7): the token in Authorization with no prefix, the
// representative group in X-User-Group, the 10 s timeout, and Russian messages out of error answers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, apiErrorMessage, apiFieldErrors, createApiClient } from './index';

let server: Server;
let baseURL = '';
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/auth/login')) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { code: 'wrong_credentials', message: 'Неверный логин или пароль' } }));
    } else if (req.url?.startsWith('/api/admin')) {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: { code: 'bad_request', message: 'Проверьте данные', fields: { title: 'Обязательное поле' } },
        }),
      );
    } else {
      res.end(JSON.stringify({ data: [], meta: { total: 0, page: 1, perPage: 7 } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createApiClient', () => {
  it('sends the token with no prefix and the representative group', async () => {
    seen = [];
    const client = createApiClient({ baseURL, getToken: () => 'tok123', getGroup: () => 7 });
    await client.catalog.searchProducts({ search: 'клей' });
    expect(seen[0]!.headers.authorization).toBe('tok123');
    expect(seen[0]!.headers['x-user-group']).toBe('7');
    expect(decodeURIComponent(seen[0]!.url)).toBe(
      '/api/products/search?perPage=7&page=1&filter[search]=клей',
    );
  });

  it('sends neither header for a guest', async () => {
    seen = [];
    await createApiClient({ baseURL, getToken: () => null, getGroup: () => null }).catalog.categoriesTree();
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers['x-user-group']).toBeUndefined();
  });

  it('sends the admin CSRF token when it has one, and no header when it has none', async () => {
    seen = [];
    let csrf: string | null = null;
    const client = createApiClient({ baseURL, getCsrfToken: () => csrf });
    await client.catalog.categoriesTree();
    csrf = 'csrf-1';
    await client.auth.adminLogout();
    expect(seen[0]!.headers['x-csrf-token']).toBeUndefined();
    expect(seen[1]!.url).toBe('/api/auth/admin/logout');
    expect(seen[1]!.headers['x-csrf-token']).toBe('csrf-1');
    expect(seen[1]!.headers.authorization).toBeUndefined();
  });

  it("sends a guest's cart token as X-Cart-Token, and the cart calls to their addresses", async () => {
    seen = [];
    const client = createApiClient({ baseURL, getCartToken: () => 'cart-token-1' });
    await client.cart.get();
    await client.cart.add({ offerId: 5, quantity: 2 });
    await client.cart.update(7, { quantity: 3 });
    await client.cart.remove(7);
    await client.cart.applyCoupon({ code: 'LASH10' });
    await client.cart.removeCoupon();
    await client.cart.setBonuses({ points: 10 });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/cart',
      '/api/cart/items',
      '/api/cart/items/7',
      '/api/cart/items/7',
      '/api/cart/coupon',
      '/api/cart/coupon',
      '/api/cart/bonuses',
    ]);
    expect(seen.every((s) => s.headers['x-cart-token'] === 'cart-token-1')).toBe(true);
    seen = [];
    await createApiClient({ baseURL }).cart.get();
    expect(seen[0]!.headers['x-cart-token']).toBeUndefined();
  });

  it('waits at most 10 000 ms', () => {
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(createApiClient({ baseURL }).http.defaults.timeout).toBe(10_000);
  });

  it('turns error answers into Russian messages and field errors', async () => {
    const client = createApiClient({ baseURL });
    const login = await client.auth.login({ login: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(apiErrorMessage(login)).toBe('Неверный логин или пароль');
    const save = await client.http.post('/api/admin/products', {}).catch((e: unknown) => e);
    expect(apiFieldErrors(save)).toEqual({ title: 'Обязательное поле' });
    const offline = await createApiClient({ baseURL: 'http://127.0.0.1:9' })
      .catalog.categoriesTree()
      .catch((e: unknown) => e);
    expect(apiErrorMessage(offline)).toBe('Нет связи с сервером. Проверьте подключение к интернету.');
  });
});
