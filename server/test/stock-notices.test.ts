// «Сообщить о поступлении» (catalog/stock-notices.ts, migrations/0014_stock_notices_due.sql): a request for
// a sold-out variant is stored once per contact; bad input is refused in Russian and stores nothing; the
// variant's stock rising above zero — by the admin's product form, bulk offers or a cancelled order
// returning its pieces — queues exactly one letter per waiting request, and a second change of stock queues none.
// A signed-in customer asks in one tap (POST /api/profile/stock-notices): the account's e-mail, no captcha.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { ALREADY_IN_STOCK, CONTACT_MISSING, sendDueStockNotices } from '../src/domains/catalog/stock-notices';
import { CAPTCHA_WRONG, createCaptcha } from '../src/domains/forms/captcha';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { settings } from '../generated/tables';
import { signedInUser } from './accounts';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';
import {
  adminPost,
  countRows,
  createServices,
  fillCart,
  productWithOffer,
  request,
  type RequestArgs,
} from './shop-fixtures';

type Json = Record<string, unknown>;
type Body = { data?: Json; error?: { code: string; message: string; fields?: Record<string, string> } };

const SITE = 'https://shop.test';

describeOnDatabases('stock notices on $name', (target) => {
  let t: TestApp;
  const ids = { pickup: 0, cash: 0 };
  const db = () => t.database.db;
  const send = (...args: RequestArgs) => request(t, ...args);
  const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: t.adminToken }, ...(payload ? { payload } : {}) });

  const captcha = async () => {
    const c = await createCaptcha(db(), '127.0.0.1');
    return { captchaId: c.id, captchaPhrase: c.text };
  };
  const ask = async (payload: Json) => {
    const res = await send('POST', '/api/stock-notices', {}, payload);
    return { status: res.statusCode, body: res.json<Body>() };
  };
  const counts = async () => ({
    notices: await countRows(t, 'stock_notices'),
    consents: await countRows(t, 'consents', sql`source = 'stock_notice'`),
    outbox: await countRows(t, 'outbox_messages'),
  });
  const lettersTo = (to: string) =>
    selectRows<{ subject: string | null; body: string; template_code: string; channel: string }>(
      db(),
      sql`SELECT subject, body, template_code, channel FROM outbox_messages WHERE recipient = ${to} ORDER BY id`,
    );
  const noticesOf = (offerId: number) =>
    selectRows<{ status: string; email: string | null; phone: string | null; notified_at: Date | null }>(
      db(),
      sql`SELECT status, email, phone, notified_at FROM stock_notices WHERE offer_id = ${offerId} ORDER BY id`,
    );
  /** A sold-out product of one offer with a curl: the ids. */
  const soldOut = (title: string) =>
    productWithOffer(t, { price: 125000, stock: 0, title, attributes: { curl: 'D' } });
  /** The admin's product form: loads the product and saves it with the offer's stock changed. */
  const setStock = async (productId: number, stock: number) => {
    const loaded = (await admin('GET', `/api/admin/products/${productId}`)).json<Json>();
    const offers = (loaded.offers as Json[]).map((o) => ({ ...o, stock }));
    const saved = await admin('PUT', `/api/admin/products/${productId}`, { ...loaded, offers });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(target, { config: { siteUrl: SITE } });
    await ensureSystemTemplates(db());
    await db().insert(settings).values({ shopName: 'Лэш Шоп', supportPhone: '+7 800 555-35-35' });
    Object.assign(ids, await createServices(t, ['pickup', 'cash']));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a request with its consent, once per offer and contact while it waits', async () => {
    const { offerId } = await soldOut('Ресницы Чёрный шёлк');
    const before = await counts();
    const first = await ask({ offerId, email: ' Anna@Lash.test ', phone: null, ...(await captcha()) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toEqual({ status: 'waiting', email: 'Anna@Lash.test', phone: null });
    // The same address again (another case): no second row, the same answer.
    const again = await ask({ offerId, email: 'anna@lash.test', ...(await captcha()) });
    expect(again.status).toBe(201);
    // A phone alone is a request of its own.
    const phone = await ask({ offerId, phone: '+79161234567', ...(await captcha()) });
    expect(phone.status, JSON.stringify(phone.body)).toBe(201);
    expect(await noticesOf(offerId)).toMatchObject([
      { status: 'waiting', email: 'Anna@Lash.test', phone: null, notified_at: null },
      { status: 'waiting', email: null, phone: '+79161234567', notified_at: null },
    ]);
    const after = await counts();
    expect(after.notices - before.notices).toBe(2);
    expect(after.consents - before.consents).toBe(3);
    expect(after.outbox).toBe(before.outbox);
  });

  itRaces(target, 'one open request when the same contact sends it several times at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { offerId } = await soldOut(`Ресницы Гонка ${round}`);
      const bodies = await Promise.all(
        Array.from({ length: 8 }, async () => ({ offerId, email: 'race@lash.test', ...(await captcha()) })),
      );
      const answers = await Promise.all(bodies.map((b) => ask(b)));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
      expect(await noticesOf(offerId)).toHaveLength(1);
    }
  });

  it('refuses bad input in Russian and stores nothing', async () => {
    const { offerId } = await soldOut('Ресницы Мокко');
    const refused = async (payload: Json, status = 400) => {
      const before = await counts();
      const res = await ask(payload);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(await counts()).toEqual(before);
      return res.body.error!;
    };
    const noContact = await refused({ offerId, email: null, phone: null, ...(await captcha()) });
    expect(noContact.message).toBe(CONTACT_MISSING);
    expect(noContact.fields).toEqual({ email: CONTACT_MISSING });
    expect((await refused({ offerId, ...(await captcha()) })).message).toBe(CONTACT_MISSING);

    const badEmail = await refused({ offerId, email: 'anna@', ...(await captcha()) });
    expect(badEmail.fields?.email).toMatch(/[а-я]/i);
    expect(badEmail.message).toMatch(/E-mail/);

    const badPhone = await refused({ offerId, phone: '12345', ...(await captcha()) });
    expect(badPhone.fields?.phone).toBe('введите номер полностью: +7 (900) 000-00-00');

    const wrong = await refused({
      offerId,
      email: 'anna@lash.test',
      captchaId: (await captcha()).captchaId,
      captchaPhrase: 'nope',
    });
    expect(wrong).toMatchObject({ code: 'captcha_invalid', message: CAPTCHA_WRONG });

    const inStock = await productWithOffer(t, { price: 100000, stock: 4 });
    const available = await refused(
      { offerId: inStock.offerId, email: 'anna@lash.test', ...(await captcha()) },
      409,
    );
    expect(available.message).toBe(ALREADY_IN_STOCK);
    expect(
      (await refused({ offerId: 2_000_000, email: 'anna@lash.test', ...(await captcha()) }, 404)).message,
    ).toMatch(/варианта/);
  });

  it('a signed-in customer asks in one tap: the account’s e-mail, no captcha; the restock writes to it', async () => {
    const { productId, offerId } = await soldOut('Ресницы Одно касание');
    const { token } = await signedInUser(t, { email: 'tap@lash.test', password: 'tap-password-1' });
    const tap = async (payload: Json, headers: Json = { authorization: token }) => {
      const res = await send('POST', '/api/profile/stock-notices', headers, payload);
      return { status: res.statusCode, body: res.json<Body>() };
    };
    const before = await counts();
    const first = await tap({ offerId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toEqual({ status: 'waiting', email: 'tap@lash.test', phone: null });
    // Again: the same answer, one request; the account's consent covers it (none recorded here).
    expect((await tap({ offerId })).status).toBe(201);
    expect(await noticesOf(offerId)).toMatchObject([{ status: 'waiting', email: 'tap@lash.test' }]);
    expect(await counts()).toEqual({ ...before, notices: before.notices + 1 });

    // Refused, changing nothing: a guest, a variant in stock, one that is not there, a bad body.
    const inStock = await productWithOffer(t, { price: 100000, stock: 4 });
    const refusals: [Json, Json, number, RegExp][] = [
      [{ offerId }, {}, 401, /[Вв]ойдите|вход/],
      [{ offerId: inStock.offerId }, { authorization: token }, 409, /уже в наличии/],
      [{ offerId: 2_000_000 }, { authorization: token }, 404, /варианта/],
      [{ offerId: 'C' }, { authorization: token }, 400, /Вариант товара/],
      [{}, { authorization: token }, 400, /Вариант товара/],
    ];
    for (const [payload, headers, status, message] of refusals) {
      const refused = await tap(payload, headers);
      expect(refused.status, JSON.stringify(refused.body)).toBe(status);
      expect(refused.body.error!.message).toMatch(message);
    }
    expect((await counts()).notices).toBe(before.notices + 1);

    await setStock(productId, 3);
    expect(await sendDueStockNotices(db(), SITE)).toBe(1);
    const [letter] = await lettersTo('tap@lash.test');
    expect(letter).toMatchObject({ channel: 'email', template_code: 'stock.back' });
    expect(letter!.subject).toBe('Ресницы Одно касание снова в наличии');
  });

  it('the admin raising the stock above zero sends one letter per request; a second change sends none', async () => {
    const { productId, offerId } = await soldOut('Ресницы Карамель');
    expect((await ask({ offerId, email: 'maria@lash.test', ...(await captcha()) })).status).toBe(201);
    expect((await ask({ offerId, phone: '+79990001122', ...(await captcha()) })).status).toBe(201);
    // A stock change that leaves it at zero marks nothing.
    await setStock(productId, 0);
    expect(await sendDueStockNotices(db(), SITE)).toBe(0);

    await setStock(productId, 5);
    expect((await noticesOf(offerId)).map((n) => n.status)).toEqual(['due', 'due']);
    expect(await sendDueStockNotices(db(), SITE)).toBe(2);
    const letters = await lettersTo('maria@lash.test');
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ channel: 'email', template_code: 'stock.back' });
    expect(letters[0]!.subject).toBe('Ресницы Карамель снова в наличии');
    expect(letters[0]!.body).toContain('1\u202f250\u00a0₽');
    expect(letters[0]!.body).toContain(`${SITE}/catalog/all/product/`);
    expect(letters[0]!.body).toContain(`?offer=${offerId}`);
    const sms = await lettersTo('+79990001122');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', template_code: 'stock.back' });
    expect(sms[0]!.body).toContain('Ресницы Карамель');
    const notices = await noticesOf(offerId);
    expect(notices.map((n) => n.status)).toEqual(['sent', 'sent']);
    expect(notices.every((n) => n.notified_at !== null)).toBe(true);

    // More stock, and sold out and back: the requests are answered, nothing more goes out.
    await setStock(productId, 9);
    await setStock(productId, 0);
    await setStock(productId, 2);
    expect(await sendDueStockNotices(db(), SITE)).toBe(0);
    expect(await lettersTo('maria@lash.test')).toHaveLength(1);
    expect(await lettersTo('+79990001122')).toHaveLength(1);
  });

  it('bulk offers raising the stock of several products send one letter per waiting request', async () => {
    const a = await soldOut('Ресницы Опт 1');
    const b = await soldOut('Ресницы Опт 2');
    expect((await ask({ offerId: a.offerId, email: 'bulk@lash.test', ...(await captcha()) })).status).toBe(
      201,
    );
    expect((await ask({ offerId: b.offerId, email: 'bulk@lash.test', ...(await captcha()) })).status).toBe(
      201,
    );
    const res = await adminPost(t, '/api/admin/products/bulk-offers', {
      ids: [a.productId, b.productId],
      stock: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sendDueStockNotices(db(), SITE)).toBe(2);
    expect((await lettersTo('bulk@lash.test')).map((l) => l.subject)).toEqual([
      'Ресницы Опт 1 снова в наличии',
      'Ресницы Опт 2 снова в наличии',
    ]);
  });

  it('an order cancelled by the administrator returning the last pieces sends the letter too', async () => {
    const { offerId } = await productWithOffer(t, { price: 90000, stock: 1, title: 'Клей Sky' });
    const cart = await fillCart(t, [[offerId, 1]]);
    const placed = await send('POST', '/api/orders', cart, {
      customerName: 'Анна Смирнова',
      customerPhone: '8 (999) 123-45-67',
      customerEmail: 'buyer@lash.test',
      deliveryServiceId: ids.pickup,
      paymentServiceId: ids.cash,
      consent: true,
      expectedTotal: 90000,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await ask({ offerId, email: 'olga@lash.test', ...(await captcha()) })).status).toBe(201);
    const number = placed.json<{ data: { number: string } }>().data.number;
    const [order] = await selectRows<{ id: number }>(
      db(),
      sql`SELECT id FROM orders WHERE number = ${number}`,
    );
    const cancel = await adminPost(t, `/api/admin/orders/${order!.id}/actions`, {
      action: 'cancel',
      comment: 'Покупатель передумал',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await sendDueStockNotices(db(), SITE)).toBe(1);
    const letters = await lettersTo('olga@lash.test');
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe('Клей Sky снова в наличии');
    expect(await sendDueStockNotices(db(), SITE)).toBe(0);
  });
});
