// The reproductions of the hardening issue: input the database cannot take is refused at the boundary with a
// 400 in Russian that names the field, and nothing reaches the database. (The fuzz test sends thousands more.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('bad input at the boundary on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const errorOf = (res: { json: <T>() => T }) =>
    res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;

  it('refuses a price filter beyond a PostgreSQL integer', async () => {
    const res = await get('/api/products/search?filter[priceMin]=2147483648');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'bad_request',
      message: 'Проверьте данные: «Цена от, коп.»: не больше 2147483647',
      fields: { 'filter[priceMin]': 'Не больше 2147483647' },
    });
    expect((await get('/api/products/search?filter[priceMin]=2147483647')).statusCode).toBe(200);
  });

  it('refuses sort keys that are not sorts, prototype names included', async () => {
    for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await get(`/api/products/search?sort=${sort}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ sort: 'Сортировка: popular, new, price или -price' });
    }
    expect((await get('/api/products/search?sort=-price')).statusCode).toBe(200);
  });

  it('refuses a page number beyond any page', async () => {
    const res = await get('/api/products/search?page=99999999999999999999');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ page: 'Не больше 10000' });
  });

  it('refuses product ids beyond a PostgreSQL integer', async () => {
    const res = await get('/api/products/search?filter[ids]=1,2147483648');
    expect(res.statusCode).toBe(400);
  });

  it('refuses NUL and lone surrogates in any string, naming the field', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'a\u0000b', password: 'x' },
    });
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul)).toEqual({
      code: 'bad_request',
      message: 'Проверьте данные: «login»: недопустимый символ (NUL)',
      fields: { login: 'Недопустимый символ (NUL)' },
    });
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":"a\\ud800b","password":"x"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(errorOf(surrogate).fields).toEqual({ login: 'Недопустимый символ (одиночный суррогат UTF-16)' });
    // A proper pair (an emoji) is text like any other.
    const emoji = await get(`/api/products/search?filter[search]=${encodeURIComponent('клей 😀')}`);
    expect(emoji.statusCode).toBe(200);
    const inQuery = await get('/api/products/search?filter[search]=%00');
    expect(inQuery.statusCode).toBe(400);
  });

  it('refuses nesting deeper than any form sends, before a validator walks it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bonuses/adjust',
      headers: { authorization: t.adminToken, 'content-type': 'application/json' },
      payload: `{"userId":1,"direction":"accrual","points":${deep},"reason":"x"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'bad_request',
      message: 'Проверьте данные: «points»: вложенность больше 32 уровней',
      fields: { points: 'Вложенность больше 32 уровней' },
    });
  });
});
