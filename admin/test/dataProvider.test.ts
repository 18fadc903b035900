// The data provider goes through the shared API client: the request carries the token, the answer is read
// in the ra-data-simple-rest convention, and our error body becomes messages on the fields.
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createApiClient } from '@shop/client';
import { createDataProvider, fieldPath } from '../src/dataProvider';

interface Seen {
  method?: string;
  url?: string;
  authorization?: unknown;
  body?: unknown;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

function provider(reply: (seen: Seen) => Reply | Error) {
  const seen: Seen = {};
  const client = createApiClient({
    baseURL: '',
    getToken: () => 'tok-123',
    axios: {
      // Answers like axios' own adapters: a response, or an error carrying it for a refused status.
      adapter: (config) =>
        Promise.resolve().then(() => {
          seen.method = config.method;
          seen.url = config.url;
          seen.authorization = config.headers.get('Authorization');
          seen.body = config.data;
          const r = reply(seen);
          if (r instanceof Error) throw r;
          const response = {
            data: typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
            status: r.status,
            statusText: '',
            headers: r.headers ?? {},
            config,
          };
          if (config.validateStatus && !config.validateStatus(r.status)) {
            throw Object.assign(new Error(`Request failed with status code ${r.status}`), { response });
          }
          return response;
        }),
    },
  });
  return { dp: createDataProvider(client), seen };
}

describe('createDataProvider', () => {
  it('lists with sort, range and filter as JSON, the token without a prefix and the total from Content-Range', async () => {
    const { dp, seen } = provider(() => ({
      status: 200,
      body: [{ id: 1, title: 'Клей' }],
      headers: { 'content-range': 'products 0-0/41', 'content-type': 'application/json' },
    }));
    const result = await dp.getList('products', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { q: 'клей', active: true },
    });
    expect(result).toEqual({ data: [{ id: 1, title: 'Клей' }], total: 41 });
    expect(seen.authorization).toBe('tok-123');
    const url = new URL(seen.url!, 'http://x');
    expect(url.pathname).toBe('/api/admin/products');
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['id', 'DESC']);
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'клей', active: true });
  });

  it('creates with a JSON body', async () => {
    const { dp, seen } = provider(() => ({ status: 201, body: { id: 5, title: 'Пинцет' } }));
    const result = await dp.create('products', { data: { title: 'Пинцет' } });
    expect(result.data).toEqual({ id: 5, title: 'Пинцет' });
    expect(seen.method).toBe('post');
    expect(JSON.parse(String(seen.body))).toEqual({ title: 'Пинцет' });
  });

  it('turns a validation answer into an HttpError with the Russian message and errors per field', async () => {
    const { dp } = provider(() => ({
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Проверьте поля формы',
          fields: { slug: 'Такой адрес уже занят', '/offers/0/article': 'Обязательное поле' },
        },
      },
    }));
    const error = (await dp
      .update('products', { id: 1, data: {}, previousData: { id: 1 } })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Проверьте поля формы');
    expect(error.status).toBe(400);
    expect((error.body as { errors: unknown }).errors).toEqual({
      slug: 'Такой адрес уже занят',
      'offers.0.article': 'Обязательное поле',
      root: { serverError: 'Проверьте поля формы' },
    });
  });

  it('keeps the status for the auth provider and says something Russian when the server gives no message', async () => {
    const { dp } = provider(() => ({ status: 403, body: '' }));
    const error = (await dp.delete('products', { id: 1 }).catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(403);
    expect(error.message).toBe('Недостаточно прав');
  });

  it('reports a network failure in Russian', async () => {
    const { dp } = provider(() => new Error('socket hang up'));
    const error = (await dp.getOne('products', { id: 1 }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toMatch(/[а-я]/i);
  });
});

describe('fieldPath', () => {
  it('normalises JSON pointers and brackets to react-hook-form paths', () => {
    expect(fieldPath('/offers/0/article')).toBe('offers.0.article');
    expect(fieldPath('offers[0].article')).toBe('offers.0.article');
    expect(fieldPath('title')).toBe('title');
  });
});
