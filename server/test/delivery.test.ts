// Delivery at the checkout through the real server: the cart's city is kept and priced by the carriers'
// local stand-ins that speak their protocols (fake-cdek.ts, fake-russian-post.ts); the price the customer
// sees is the one the order is charged; a carrier that fails or is slow gives the service's flat price and
// the order is still placed; the answers are cached; a pickup point is checked against the city's list and
// stored with its address and hours; the courier's zones, days and slots.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { clearPointsCache, clearQuoteCache } from '../src/domains/delivery';
import { ensureSystemTemplates } from '../src/domains/messages';
import { FAKE_CDEK_CITIES, fakeCdekTariff, startFakeCdek, type FakeCdek } from './fake-cdek';
import { fakeRussianPostTariff, startFakeRussianPost, type FakeRussianPost } from './fake-russian-post';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Json = Record<string, unknown>;
interface Option {
  id: number;
  code: string;
  price: number;
  cost: number;
  priceSource: string;
  note: string | null;
  dates: { from: string; to: string; text: string; range: string } | null;
  courierDays: { date: string; label: string }[];
  timeSlots: string[];
}
interface Cart {
  delivery: {
    destination: { city: string; postalCode: string | null } | null;
    options: Option[];
    selectedId: number | null;
  };
  totals: { total: number; delivery: number };
}

const KEYS = { clientId: 'shop-account', clientSecret: 'shop-secret' };
const city = (name: string) => FAKE_CDEK_CITIES.find((c) => c.name === name)!;

describeOnDatabases('delivery by carriers on $name', (target) => {
  let t: TestApp;
  let cdek: FakeCdek;
  let post: FakeRussianPost;
  let offerId: number;
  const services: Record<string, number> = {};
  let headers: Record<string, string> = {};

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra: Json = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(extra as Record<string, string>) },
      ...(payload ? { payload } : {}),
    });
  const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { authorization: t.adminToken }, payload });
  const cartFor = async (deliveryServiceId?: number) => {
    const query = deliveryServiceId ? `&deliveryServiceId=${deliveryServiceId}` : '';
    const res = await send('GET', `/api/cart?withCarriers=true${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Cart }>().data;
  };
  const option = (cart: Cart, code: string) => cart.delivery.options.find((o) => o.code === code)!;
  const place = (body: Json) =>
    send('POST', '/api/orders', {
      customerName: 'Анна Смирнова',
      customerPhone: '+79991234567',
      customerEmail: 'anna@example.ru',
      paymentServiceId: services.cash,
      consent: true,
      ...body,
    });
  const orderRow = async (number: string) =>
    (
      await selectRows<Json>(
        t.database.db,
        sql`SELECT total, delivery_price, delivery_price_source, delivery_estimate, delivery_point,
                   delivery_pickup_point, delivery_date, delivery_time_slot
            FROM orders WHERE number = ${number}`,
      )
    )[0]!;

  beforeAll(async () => {
    [cdek, post] = await Promise.all([startFakeCdek({ ...KEYS }), startFakeRussianPost({})]);
    t = await startTestApp(target, {
      config: {
        cdekApiUrl: cdek.url,
        cdekTestApiUrl: cdek.url,
        russianPostApiUrl: post.url,
        // The time box of the tests: a slow answer is one past it.
        carrierTimeoutMs: 400,
      },
    });
    // The order letters' templates, as the shop's first start writes them.
    await ensureSystemTemplates(t.database.db);
    const made = await admin('POST', '/api/admin/products', {
      slug: 'glue',
      title: 'Клей',
      active: true,
      offers: [{ article: 'glue-1', basePrice: 120000, stock: 100, weight: 300 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    offerId = made.json<{ offers: { id: number }[] }>().offers[0]!.id;
    const service = async (code: string, body: Json) => {
      const res = await admin('POST', '/api/admin/delivery-services', { code, title: code, ...body });
      expect(res.statusCode, res.body).toBe(201);
      services[code] = res.json<{ id: number }>().id;
    };
    const flat = { price: 35000, minDays: 3, maxDays: 5, senderCity: 'Москва', senderPostalCode: '101000' };
    await service('cdek_pvz', {
      kind: 'pickup_point',
      provider: 'cdek',
      tariffCode: 136,
      credentials: KEYS,
      ...flat,
    });
    await service('post', {
      kind: 'post',
      provider: 'russian_post',
      tariffCode: 27030,
      ...flat,
      price: 30000,
    });
    await service('courier', {
      kind: 'courier',
      price: 45000,
      minDays: 1,
      maxDays: 1,
      zones: [{ city: 'Москва', price: 40000 }],
      timeSlots: ['10:00–14:00', '14:00–18:00'],
    });
    const pay = await admin('POST', '/api/admin/payment-services', {
      code: 'cash',
      title: 'При получении',
      kind: 'on_delivery',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    services.cash = pay.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([cdek?.close(), post?.close()]);
  });
  beforeEach(async () => {
    clearQuoteCache();
    clearPointsCache();
    // A guest's cart of two bottles of glue (600 g).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload: { offerId, quantity: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    headers = { 'x-cart-token': res.json<{ data: { cartToken: string } }>().data.cartToken };
  });

  it('without a city every service has its flat price and no carrier is asked', async () => {
    const asked = cdek.requests.length + post.requests.length;
    const cart = await cartFor();
    expect(cart.delivery.destination).toBeNull();
    expect(option(cart, 'cdek_pvz')).toMatchObject({
      price: 35000,
      priceSource: 'flat',
      note: 'Точная цена и срок — после выбора города',
    });
    // The cart page (no withCarriers) never asks a carrier either.
    expect((await send('PUT', '/api/cart/destination', { city: 'Казань' })).statusCode).toBe(200);
    await send('GET', '/api/cart');
    expect(cdek.requests.length + post.requests.length - asked).toBeGreaterThan(0); // the PUT priced for Казань
    const before = cdek.requests.length + post.requests.length;
    await send('GET', '/api/cart');
    expect(cdek.requests.length + post.requests.length).toBe(before);
  });

  it('Казань: СДЭК and Почта price for the city, with dates; the order is charged exactly that', async () => {
    const chosen = await send('PUT', '/api/cart/destination', { city: 'казань' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const cart = chosen.json<{ data: Cart }>().data;
    expect(cart.delivery.destination).toMatchObject({ city: 'Казань', postalCode: '420000' });
    const expected = fakeCdekTariff(city('Москва'), city('Казань'), 600, 136);
    expect(option(cart, 'cdek_pvz')).toMatchObject({
      price: expected.kopecks,
      priceSource: 'carrier',
      note: null,
    });
    expect(option(cart, 'cdek_pvz').dates!.text).toMatch(/^Забрать с \d+ [а-я]+$/);
    const postPrice = fakeRussianPostTariff(27030, '101000', '420000', 600).paynds;
    expect(option(cart, 'post')).toMatchObject({ price: postPrice, priceSource: 'carrier' });
    expect(option(cart, 'post').dates!.text).toMatch(/^Доставим /);
    // No courier to Казань: the shop's courier has Москва only.
    expect(cart.delivery.options.some((o) => o.code === 'courier')).toBe(false);

    const priced = await cartFor(services.cdek_pvz);
    const points = await send(
      'GET',
      `/api/delivery/services/${services.cdek_pvz}/points?city=${encodeURIComponent('Казань')}`,
    );
    expect(points.statusCode, points.body).toBe(200);
    const [point] = points.json<{ data: { points: { code: string; address: string }[] } }>().data.points;
    const placed = await place({
      deliveryServiceId: services.cdek_pvz,
      deliveryCity: 'Казань',
      deliveryPickupPoint: point!.code,
      expectedTotal: priced.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json<{ data: { number: string } }>().data.number;
    const row = await orderRow(number);
    expect(Number(row.total)).toBe(priced.totals.total);
    expect(Number(row.delivery_price)).toBe(expected.kopecks);
    expect(row).toMatchObject({ delivery_price_source: 'carrier', delivery_pickup_point: point!.code });
    expect(row.delivery_point).toMatchObject({ code: point!.code, address: point!.address });
    expect(row.delivery_estimate).toBe(option(priced, 'cdek_pvz').dates!.range);
    // The customer reads the point and the promise on the order's page and in the letter.
    const { accessKey } = placed.json<{ data: { accessKey: string } }>().data;
    const page = await send('GET', `/api/orders/${number}?key=${encodeURIComponent(accessKey)}`);
    expect(page.json<{ data: Json }>().data).toMatchObject({
      deliveryPoint: { code: point!.code, address: point!.address },
      deliveryEstimate: option(priced, 'cdek_pvz').dates!.range,
    });
    const [letter] = await selectRows<{ body: string }>(
      t.database.db,
      sql`SELECT body FROM outbox_messages WHERE channel = 'email' AND body LIKE ${`%${number}%`}
          ORDER BY id DESC LIMIT 1`,
    );
    expect(letter?.body).toContain(point!.address);
  });

  it('a track number the staff type for a СДЭК order links to СДЭК’s tracking, on the order page and in the letter', async () => {
    await send('PUT', '/api/cart/destination', { city: 'Казань' });
    const priced = await cartFor(services.cdek_pvz);
    const placed = await place({
      deliveryServiceId: services.cdek_pvz,
      deliveryCity: 'Казань',
      deliveryPickupPoint: 'KZN45',
      expectedTotal: priced.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { number, accessKey } = placed.json<{ data: { number: string; accessKey: string } }>().data;
    const [order] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM orders WHERE number = ${number}`,
    );
    const staff = (body: Json) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/actions`,
        headers: { authorization: t.adminToken },
        payload: body,
      });
    expect((await staff({ action: 'confirm' })).statusCode).toBe(200);
    const shipped = await staff({ action: 'ship', trackNumber: '1234567890' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const link = 'https://www.cdek.ru/ru/tracking?order_id=1234567890';
    const view = await send('GET', `/api/orders/${number}?key=${encodeURIComponent(accessKey)}`);
    expect(view.json<{ data: Json }>().data).toMatchObject({ deliveryTrackingUrl: link });
    const [letter] = await selectRows<{ body: string }>(
      t.database.db,
      sql`SELECT body FROM outbox_messages WHERE channel = 'email' AND body LIKE '%1234567890%' ORDER BY id DESC LIMIT 1`,
    );
    expect(letter?.body).toContain(link);
  });

  it('a point not in the city is refused in Russian and nothing is placed', async () => {
    await send('PUT', '/api/cart/destination', { city: 'Казань' });
    const res = await place({
      deliveryServiceId: services.cdek_pvz,
      deliveryCity: 'Казань',
      deliveryPickupPoint: 'MSK0001',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/нет такого пункта выдачи/);
  });

  it('the answers are cached: the same city and cart ask СДЭК and Почта once', async () => {
    await send('PUT', '/api/cart/destination', { city: 'Екатеринбург' });
    const tariffs = () => cdek.requests.filter((r) => r.path.endsWith('/calculator/tariff')).length;
    const posts = () => post.requests.length;
    const [c, p] = [tariffs(), posts()];
    for (let i = 0; i < 3; i++) await cartFor(services.post);
    expect([tariffs() - c, posts() - p]).toEqual([0, 0]);
    const points = () => cdek.requests.filter((r) => r.path.endsWith('/deliverypoints')).length;
    const before = points();
    for (let i = 0; i < 3; i++)
      await send(
        'GET',
        `/api/delivery/services/${services.cdek_pvz}/points?city=${encodeURIComponent('Екатеринбург')}`,
      );
    expect(points() - before).toBe(1);
  });

  it('СДЭК answering 500, or slower than the time box, gives the flat price with a note, and the order is placed', async () => {
    for (const fail of [() => cdek.failNext(500, 3), () => cdek.delayNext(2_000, 3)]) {
      clearQuoteCache();
      fail();
      const started = Date.now();
      const chosen = await send('PUT', '/api/cart/destination', { city: 'Новосибирск' });
      expect(Date.now() - started).toBeLessThan(1_900);
      const cart = chosen.json<{ data: Cart }>().data;
      expect(option(cart, 'cdek_pvz')).toMatchObject({
        price: 35000,
        priceSource: 'fallback',
        note: 'СДЭК сейчас не отвечает: цена по тарифу магазина',
      });
      const priced = await cartFor(services.cdek_pvz);
      const placed = await place({
        deliveryServiceId: services.cdek_pvz,
        deliveryCity: 'Новосибирск',
        deliveryPickupPoint: 'ул. Ленина, 1',
        expectedTotal: priced.totals.total,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const row = await orderRow(placed.json<{ data: { number: string } }>().data.number);
      expect(row).toMatchObject({ delivery_price_source: 'fallback', delivery_point: null });
      expect(Number(row.delivery_price)).toBe(35000);
      // Refill the cart for the second round.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers,
        payload: { offerId, quantity: 2 },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('the courier: its zone price, a day and a time among those offered', async () => {
    await send('PUT', '/api/cart/destination', { city: 'Москва' });
    const cart = await cartFor(services.courier);
    const courier = option(cart, 'courier');
    expect(courier).toMatchObject({
      price: 40000,
      priceSource: 'zone',
      timeSlots: ['10:00–14:00', '14:00–18:00'],
    });
    expect(courier.courierDays.length).toBeGreaterThan(3);
    const day = courier.courierDays[1]!.date;
    const wrong = await place({
      deliveryServiceId: services.courier,
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Лесная, 5',
      deliveryDate: '2020-01-01',
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    const placed = await place({
      deliveryServiceId: services.courier,
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Лесная, 5',
      deliveryDate: day,
      deliveryTimeSlot: '14:00–18:00',
      expectedTotal: cart.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const row = await orderRow(placed.json<{ data: { number: string } }>().data.number);
    expect(row).toMatchObject({ delivery_price_source: 'zone', delivery_time_slot: '14:00–18:00' });
    expect(
      String(row.delivery_date instanceof Date ? row.delivery_date.toISOString() : row.delivery_date),
    ).toContain(day);
  });

  it('Почта by the customer’s own index: the price shown for it is the one charged', async () => {
    const chosen = await send('PUT', '/api/cart/destination', {
      city: 'Екатеринбург',
      region: 'Свердловская область',
      postalCode: '690001',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const priced = await cartFor(services.post);
    expect(option(priced, 'post').price).toBe(fakeRussianPostTariff(27030, '101000', '690001', 600).paynds);
    const placed = await place({
      deliveryServiceId: services.post,
      deliveryCity: 'Екатеринбург',
      deliveryPostalCode: '690001',
      deliveryAddress: 'ул. Светланская, 1',
      expectedTotal: priced.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('a changed carrier price refuses the order with the new figure', async () => {
    await send('PUT', '/api/cart/destination', { city: 'Казань' });
    const priced = await cartFor(services.post);
    // The customer saw the price for Казань's main index; their own index costs otherwise.
    const placed = await place({
      deliveryServiceId: services.post,
      deliveryCity: 'Казань',
      deliveryPostalCode: '690001',
      deliveryAddress: 'ул. Баумана, 1',
      expectedTotal: priced.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json<{ error: { message: string } }>().error.message).toMatch(/Сумма заказа изменилась/);
  });
});
