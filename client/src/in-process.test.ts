// The in-process transport answers the client exactly as HTTP would: the same request (method, path with
// its query, headers, JSON body), the same data, the same errors (a 4xx with the server's Russian message),
// binary answers as bytes, and several Set-Cookie headers kept apart.
import { describe, expect, it } from 'vitest';
import { apiErrorMessage, apiErrorStatus, apiFieldErrors, createApiClient } from './index';
import type { InProcessRequest, InProcessResponse } from './in-process';

const json = (
  status: number,
  body: unknown,
  headers: InProcessResponse['headers'] = {},
): InProcessResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: new TextEncoder().encode(JSON.stringify(body)),
});

function clientAnswering(answer: (request: InProcessRequest) => InProcessResponse) {
  const seen: InProcessRequest[] = [];
  const api = createApiClient({
    baseURL: 'http://127.0.0.1:9',
    getToken: () => 'token-1',
    getCartToken: () => 'cart-1',
    inProcess: async (request) => {
      seen.push(request);
      return answer(request);
    },
  });
  return { api, seen };
}

describe('in-process transport', () => {
  it('sends the request as HTTP would and reads the JSON answer', async () => {
    const { api, seen } = clientAnswering(() => json(200, { data: [{ id: 1, slug: 'resnitsy' }] }));
    expect(await api.catalog.categoriesTree()).toEqual([{ id: 1, slug: 'resnitsy' }]);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/categories/tree' });
    expect(seen[0]!.headers.authorization).toBe('token-1');
    expect(seen[0]!.headers['x-cart-token']).toBe('cart-1');

    await api.auth.login({ login: 'a@b.ru', password: 'пароль' }).catch(() => undefined);
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/api/auth/login' });
    expect(JSON.parse(seen[1]!.body!)).toEqual({ login: 'a@b.ru', password: 'пароль' });
    expect(seen[1]!.headers['content-type']).toContain('application/json');
  });

  it('sends a POST without a body as HTTP would: no Content-Type (Fastify refuses a form type with 415)', async () => {
    const { api, seen } = clientAnswering(() => json(200, { data: { added: 1 } }));
    await api.profile.repeatOrder('2026-000001').catch(() => undefined);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/profile/orders/2026-000001/repeat' });
    expect(seen[0]!.body).toBeUndefined();
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('fails like HTTP: the status, the Russian message and the fields of the answer', async () => {
    const { api } = clientAnswering(() =>
      json(400, {
        error: { code: 'bad_request', message: 'Проверьте данные', fields: { email: 'Неверный адрес' } },
      }),
    );
    const error: unknown = await api.auth.login({ login: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(apiErrorStatus(error)).toBe(400);
    expect(apiErrorMessage(error)).toBe('Проверьте данные');
    expect(apiFieldErrors(error)).toEqual({ email: 'Неверный адрес' });
  });

  it('hands binary answers over as bytes and keeps every Set-Cookie', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0xc3]);
    const { api } = clientAnswering(() => ({
      status: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="a.pdf"' },
      body: pdf,
    }));
    const { data: got, disposition } = await api.profile.invoicePdf('A-1');
    expect([...new Uint8Array(got)]).toEqual([...pdf]);
    expect(disposition).toBe('inline; filename="a.pdf"');

    const cookies = clientAnswering(() =>
      json(200, { data: { ok: true } }, { 'set-cookie': ['a=1', 'b=2'] }),
    );
    const res = await cookies.api.http.get('/api/x');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });
});
