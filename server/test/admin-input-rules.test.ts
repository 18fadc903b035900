// The schema vocabulary's input rules through the admin API: a phone typed the way people type it is
// stored in one form (x-normalize), a pattern is refused in the schema's own words (x-messages), and an end
// before its start is refused (x-not-before) on a create and on an update that sends only the end. A
// refused request changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('input rules of the schemas through the admin API on $name', (target) => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: t.adminToken }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores «8 (495) 123-45-67» as +74951234567 and refuses a short number in the field’s words', async () => {
    const created = await call('POST', '/api/admin/users', {
      email: 'phone-rule@example.ru',
      name: 'Анна',
      phone: '8 (495) 123-45-67',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(created.json<{ phone: string }>().phone).toBe('+74951234567');

    const changed = await call('PUT', `/api/admin/users/${id}`, { phone: '+7 912 345-67-89' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ phone: string }>().phone).toBe('+79123456789');

    const refused = await call('PUT', `/api/admin/users/${id}`, { phone: '8 (495) 12' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        fields: { phone: 'Введите номер полностью, например +7 999 123-45-67 или 8 (495) 123-45-67' },
      },
    });
    const stored = await call('GET', `/api/admin/users/${id}`);
    expect(stored.json<{ phone: string }>().phone).toBe('+79123456789');
  });

  it('refuses a slug in words, not as a pattern', async () => {
    const res = await call('POST', '/api/admin/promotions', { title: 'Акция', slug: 'Летняя акция' });
    expect(res.statusCode).toBe(400);
    const message = res.json<{ error: { message: string; fields: Record<string, string> } }>().error;
    expect(message.fields.slug).toBe(
      'Только строчные латинские буквы, цифры и дефисы между ними, например lashes-classic',
    );
    expect(message.message).not.toMatch(/\^|\$|\[a-z/);
  });

  it('refuses a banner ending before it starts, on create and on an update of the end alone', async () => {
    const banner = {
      title: 'Неделя клея',
      imageDesktopUrl: '/uploads/banner.webp',
      startsAt: '2026-12-10T00:00:00.000Z',
    };
    const backwards = await call('POST', '/api/admin/banners', {
      ...banner,
      endsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      error: {
        message: 'Проверьте данные: «Показывать по»: не может быть раньше, чем «Показывать с»',
        fields: { endsAt: 'Не может быть раньше, чем «Показывать с»' },
      },
    });

    const created = await call('POST', '/api/admin/banners', {
      ...banner,
      endsAt: '2026-12-20T00:00:00.000Z',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    // The start is the stored one: the update sends only the end.
    const moved = await call('PUT', `/api/admin/banners/${id}`, { endsAt: '2026-12-09T23:59:00.000Z' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ error: { fields: Record<string, string> } }>().error.fields.endsAt).toMatch(/раньше/);
    const stored = await call('GET', `/api/admin/banners/${id}`);
    expect(new Date(stored.json<{ endsAt: string }>().endsAt).toISOString()).toBe('2026-12-20T00:00:00.000Z');

    // Either end may be open: no start, or no end, is no pair to compare.
    const open = await call('PUT', `/api/admin/banners/${id}`, {
      startsAt: null,
      endsAt: '2026-11-01T00:00:00.000Z',
    });
    expect(open.statusCode, open.body).toBe(200);
  });

  it('refuses a payment service whose largest order total is below its smallest', async () => {
    const service = { code: 'cash_test', title: 'Наличными', kind: 'on_delivery' };
    const refused = await call('POST', '/api/admin/payment-services', {
      ...service,
      minOrderTotal: 500000,
      maxOrderTotal: 100000,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      maxOrderTotal: 'Не может быть меньше, чем «Сумма заказа от»',
    });
    const equal = await call('POST', '/api/admin/payment-services', {
      ...service,
      minOrderTotal: 100000,
      maxOrderTotal: 100000,
    });
    expect(equal.statusCode, equal.body).toBe(201);
  });

  it('publishes an active article saved without a date at once; an inactive one stays a draft', async () => {
    const created = await call('POST', '/api/admin/interesting', {
      title: 'Как выбрать изгиб',
      slug: 'kak-vybrat-izgib-rule',
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = Date.parse(created.json<{ publishedAt: string }>().publishedAt);
    expect(Math.abs(published - Date.now())).toBeLessThan(60_000);
    const page = await t.app.inject({ method: 'GET', url: '/api/articles/kak-vybrat-izgib-rule' });
    expect(page.statusCode).toBe(200);

    const draft = await call('POST', '/api/admin/interesting', {
      title: 'Черновик',
      slug: 'chernovik-rule',
      active: false,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json<{ publishedAt: string | null }>().publishedAt).toBeNull();
    const hidden = await t.app.inject({ method: 'GET', url: '/api/articles/chernovik-rule' });
    expect(hidden.statusCode).toBe(404);
  });
});
