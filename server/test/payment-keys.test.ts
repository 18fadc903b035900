// A payment service's keys through the real admin API on a real database: typed as fields of their own
// (shopId, secret key), never sent back, «задан / не задан» from GET …/:id/secrets, an empty field keeps the
// stored key, and «Проверить подключение» asks the provider a harmless question (YooKassa: GET /me) with the
// typed keys or the stored ones. The change history says only that the keys changed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { startFakeYookassa, type FakeYookassa } from './fake-yookassa';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

const SHOP = { shopId: '123456', secretKey: 'test_secret-key' };

describeOnDatabases('payment service keys on $name', (target) => {
  let t: TestApp;
  let fake: FakeYookassa;
  let id: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: t.adminToken },
      ...(payload === undefined ? {} : { payload }),
    });
  const secrets = async () => {
    const res = await call('GET', `/api/admin/payment-services/${id}/secrets`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { credentials: Record<string, boolean> } }>().data.credentials;
  };
  const stored = async () => {
    const [row] = await selectRows<{ credentials: Record<string, string> }>(
      t.database.db,
      sql`SELECT credentials FROM payment_services WHERE id = ${id}`,
    );
    return row!.credentials;
  };
  const check = async (payload: object) => {
    const res = await call('POST', `/api/admin/payment-services/${id}/check-connection`, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { ok: boolean; message: string } }>().data;
  };

  beforeAll(async () => {
    fake = await startFakeYookassa(SHOP);
    t = await startTestApp(target, { config: { yookassaApiUrl: fake.apiUrl } });
    const res = await call('POST', '/api/admin/payment-services', {
      code: 'card',
      title: 'Картой онлайн',
      kind: 'online',
      provider: 'yookassa',
      credentials: { shopId: SHOP.shopId },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('takes the keys as fields of their own and never sends them back', async () => {
    expect(await secrets()).toEqual({ shopId: true, secretKey: false });
    const bad = await call('PUT', `/api/admin/payment-services/${id}`, { credentials: { shop: '1' } });
    expect(bad.statusCode).toBe(400);
    const res = await call('PUT', `/api/admin/payment-services/${id}`, {
      credentials: { shopId: '', secretKey: SHOP.secretKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(SHOP.secretKey);
    expect((await call('GET', `/api/admin/payment-services/${id}`)).body).not.toContain(SHOP.secretKey);
    // The empty shopId kept the stored one; the secret key was set.
    expect(await stored()).toEqual(SHOP);
    expect(await secrets()).toEqual({ shopId: true, secretKey: true });
    // A save that leaves both inputs empty (the form's usual save) keeps both.
    await call('PUT', `/api/admin/payment-services/${id}`, { title: 'Картой', credentials: {} });
    expect(await stored()).toEqual(SHOP);
  });

  it('checks the connection with the typed keys, else the stored ones, and says why it fails', async () => {
    await call('PUT', `/api/admin/payment-services/${id}`, { credentials: SHOP });
    const good = await check({ provider: 'yookassa', credentials: { shopId: '', secretKey: '' } });
    expect(good).toEqual({
      ok: true,
      message:
        'Подключение работает: ЮKassa приняла ключи магазина 123456 (тестовый магазин: деньги не списываются)',
    });
    const wrong = await check({ credentials: { secretKey: 'test_wrong' } });
    expect(wrong).toEqual({
      ok: false,
      message: 'ЮKassa не приняла ключи доступа: проверьте идентификатор магазина и секретный ключ',
    });
    // The wrong key was only tried, never stored.
    expect(await stored()).toEqual(SHOP);
    expect((await check({ provider: 'tbank' })).ok).toBe(false);
  });

  it('records in the history only that the keys changed', async () => {
    await call('PUT', `/api/admin/payment-services/${id}`, { credentials: { secretKey: 'test_other' } });
    const res = await call('GET', `/api/admin/history?resource=payment-services&recordId=${id}`);
    const text = res.body;
    expect(text).not.toContain('test_other');
    expect(text).not.toContain(SHOP.secretKey);
    const [last] = res.json<{ data: { lines: { label: string; note?: string }[] }[] }>().data;
    expect(last!.lines).toEqual([{ label: 'Ключи доступа', note: 'изменено (значение не показывается)' }]);
  });
});
