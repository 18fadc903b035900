// The СДЭК and Почта России carriers against their local stand-ins (fake-cdek.ts, fake-russian-post.ts): the
// OAuth token (one per credentials, shared by concurrent callers and by new carrier objects, renewed before
// it expires and after a 401), refusals and outages with their kinds, the time box, prices in kopecks and
// days, city codes and their cache, pickup points, a shipment's life from registration to delivery, labels.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CarrierError,
  type QuoteRequest,
  type ShipmentRequest,
} from '../src/domains/delivery/carriers/carrier';
import {
  cdekCarrier,
  collectionPlan,
  roublesToKopecks,
  shipmentFromWire,
  type CdekOptions,
} from '../src/domains/delivery/carriers/cdek';
import { russianPostCarrier } from '../src/domains/delivery/carriers/russian-post';
import { startFakeCdek, type FakeCdek } from './fake-cdek';
import { startFakeRussianPost, type FakeRussianPost } from './fake-russian-post';

const SECRET = 'cdek-Secret-Never-In-Errors';
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});

/** A fake with credentials of its own: the carrier's token cache is per address and credentials, and a
 *  port may come back in a later test. */
async function cdek(options: { tokenTtlSeconds?: number } = {}) {
  const clientId = `shop-${randomUUID()}`;
  const fake = await startFakeCdek({ clientId, clientSecret: SECRET, ...options });
  started.push(fake);
  const carrier = (extra: Partial<CdekOptions> = {}) =>
    cdekCarrier({ apiUrl: fake.url, clientId, clientSecret: SECRET, timeoutMs: 300, ...extra });
  return { fake, carrier };
}

const calls = (fake: FakeCdek, path: string) => fake.requests.filter((r) => r.path === `/v2${path}`);

/** The error a promise rejects with (failing the test when it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

const moscowToKazan: QuoteRequest = {
  from: { city: 'Москва', cdekCode: 44 },
  to: { city: 'Казань', cdekCode: 424 },
  packages: [{ weight: 1200, length: 20, width: 15, height: 10 }],
  tariffCode: 136,
};

describe('СДЭК: the token', () => {
  it('is fetched once for ten concurrent quotes, and a new carrier object reuses it', async () => {
    const { fake, carrier } = await cdek();
    const quotes = await Promise.all(Array.from({ length: 10 }, () => carrier().quote(moscowToKazan)));
    expect(new Set(quotes.map((q) => q.price)).size).toBe(1);
    expect(fake.tokenRequests).toBe(1);
    await carrier().quote(moscowToKazan);
    expect(fake.tokenRequests).toBe(1);
    expect(calls(fake, '/calculator/tariff')).toHaveLength(11);
    // Form-encoded, as CDEK asks; the fake's log masks the secret.
    expect(calls(fake, '/oauth/token')[0]!.body).toEqual({
      grant_type: 'client_credentials',
      client_id: expect.stringMatching(/^shop-/),
      client_secret: '***',
    });
  });

  it('is fetched again once after a 401 (an expired token) and the call repeated', async () => {
    const { fake, carrier } = await cdek();
    await carrier().quote(moscowToKazan);
    fake.failNext(401);
    const quote = await carrier().quote(moscowToKazan);
    expect(quote.price).toBeGreaterThan(0);
    expect(fake.tokenRequests).toBe(2);
    expect(calls(fake, '/calculator/tariff').map((r) => r.status)).toEqual([200, 401, 200]);
  });

  it('is renewed before it expires, without a 401', async () => {
    const { fake, carrier } = await cdek({ tokenTtlSeconds: 1 });
    await carrier().quote(moscowToKazan);
    await sleep(950); // the carrier renews a tenth of its life early: after 0.9 s
    await carrier().quote(moscowToKazan);
    expect(fake.tokenRequests).toBe(2);
    expect(fake.requests.every((r) => r.status === 200)).toBe(true);
  });

  it('a 401 that persists is a refusal after one renewal, not a loop', async () => {
    const { fake, carrier } = await cdek();
    fake.failNext(401, 5);
    const error = await failureOf(carrier().quote(moscowToKazan));
    expect(error.kind).toBe('refused');
    expect(fake.tokenRequests).toBe(2);
    expect(calls(fake, '/calculator/tariff')).toHaveLength(2);
  });

  it('bad credentials are refused with a Russian message that names neither the secret nor a header', async () => {
    const { fake } = await cdek();
    const carrier = cdekCarrier({ apiUrl: fake.url, clientId: 'someone-else', clientSecret: SECRET });
    const error = await failureOf(carrier.quote(moscowToKazan));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('СДЭК не принял ключи доступа: проверьте идентификатор и секрет');
    expect(JSON.stringify({ ...error, message: error.message })).not.toMatch(/Secret|Bearer|someone/);
    expect(calls(fake, '/calculator/tariff')).toHaveLength(0);
  });
});

describe('СДЭК: outages and refusals', () => {
  it('429 and 500 are `unavailable`', async () => {
    const { fake, carrier } = await cdek();
    fake.failNext(429);
    const busy = await failureOf(carrier().quote(moscowToKazan));
    expect([busy.kind, busy.status]).toEqual(['unavailable', 429]);
    fake.failNext(500);
    const down = await failureOf(carrier().quote(moscowToKazan));
    expect([down.kind, down.status]).toEqual(['unavailable', 500]);
  });

  it('an answer later than timeoutMs is `unavailable` at about timeoutMs', async () => {
    const { fake, carrier } = await cdek();
    await carrier().quote(moscowToKazan); // the token first, so that only the quote is timed
    fake.delayNext(3_000);
    const began = Date.now();
    const error = await failureOf(carrier({ timeoutMs: 300 }).quote(moscowToKazan));
    expect(Date.now() - began).toBeLessThan(1_000);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('СДЭК не ответил за 0,3 с');
  });

  it('a server that is gone is `unavailable`', async () => {
    const { fake, carrier } = await cdek();
    await fake.close();
    const error = await failureOf(carrier().quote(moscowToKazan));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/^Не удалось связаться со СДЭК/);
  });

  it('a calculation without packages is refused with CDEK’s own message', async () => {
    const { carrier } = await cdek();
    const error = await failureOf(carrier().quote({ ...moscowToKazan, packages: [] }));
    expect([error.kind, error.status]).toEqual(['refused', 400]);
    expect(error.message).toBe('СДЭК отклонил запрос: Не заданы упаковки (packages)');
  });
});

describe('СДЭК: prices, cities and points', () => {
  it('answers the price in kopecks and calendar days, by code, index or name alike', async () => {
    const { fake, carrier } = await cdek();
    // Moscow–Kazan 718 km: 300 ₽ + 144 × 0,35 ₽ + 2 × 40 ₽ for 1 200 g = 430,40 ₽; 2–4 working days, 3–6 calendar.
    expect(await carrier().quote(moscowToKazan)).toEqual({ price: 43040, minDays: 3, maxDays: 6 });
    expect(calls(fake, '/calculator/tariff')[0]!.body).toEqual({
      tariff_code: 136,
      from_location: { code: 44 },
      to_location: { code: 424 },
      packages: [{ weight: 1200, length: 20, width: 15, height: 10 }],
    });
    const byIndexAndName = await carrier().quote({
      ...moscowToKazan,
      from: { city: 'Москва', postalCode: '125009' },
      to: { city: 'казань' },
    });
    expect(byIndexAndName.price).toBe(43040);
    const door = await carrier().quote({ ...moscowToKazan, tariffCode: 137 });
    expect(door.price).toBe(43040 + 10000);
  });

  it('converts CDEK’s roubles to kopecks exactly', () => {
    expect([350.5, 0.29, 1234.57, '99.9', 0, 19.99].map(roublesToKopecks)).toEqual([
      35050, 29, 123457, 9990, 0, 1999,
    ]);
    expect([-1, 'abc', null, Infinity].map(roublesToKopecks)).toEqual([null, null, null, null]);
  });

  it('resolves a city code once a day: Казань → 424, the second time without a request', async () => {
    const { fake, carrier } = await cdek();
    expect(await carrier().cityCode({ city: 'Казань' })).toBe(424);
    expect(calls(fake, '/location/cities')[0]!.query).toMatchObject({ country_codes: 'RU', city: 'Казань' });
    expect(await carrier().cityCode({ city: 'Казань' })).toBe(424);
    expect(calls(fake, '/location/cities')).toHaveLength(1);
    expect(await carrier().cityCode({ city: 'Где-то', cdekCode: 999 })).toBe(999);
    expect(await carrier().cityCode({ city: 'Урюпинск' })).toBeNull();
    expect(await carrier().cityCode({ city: 'Москва', postalCode: '190000' })).toBeNull();
    expect(calls(fake, '/location/cities')).toHaveLength(3);
  });

  it('suggests cities by the start of their name, with the region', async () => {
    const { fake, carrier } = await cdek();
    const expected = [
      { code: 424, name: 'Казань', region: 'Республика Татарстан', fullName: 'Казань, Республика Татарстан' },
    ];
    expect(await carrier().cities('каз')).toEqual(expected);
    expect(await carrier().cities('каз')).toEqual(expected);
    expect(calls(fake, '/location/suggest/cities')).toHaveLength(1);
    expect(await carrier().cities('  ')).toEqual([]);
  });

  it('lists the city’s pickup points with latitude and longitude in their places, without reception-only ones', async () => {
    const { fake, carrier } = await cdek();
    const points = await carrier().points!({ city: 'Казань' });
    expect(points.map((p) => p.code)).toEqual(['KZN45', 'KZN46', 'KZN47']); // KZN48 takes parcels only
    expect(points[0]).toEqual({
      code: 'KZN45',
      name: 'На Баумана',
      address: '420011, Россия, Республика Татарстан, Казань, ул. Баумана, 19',
      city: 'Казань',
      postalCode: '420011',
      latitude: 55.7895,
      longitude: 49.1217,
      workTime: 'Пн-Вс 09:00-21:00',
      type: 'PVZ',
      paymentOnDelivery: true,
    });
    expect(points[2]).toMatchObject({ type: 'POSTAMAT', paymentOnDelivery: false });
    expect(calls(fake, '/deliverypoints')[0]!.query).toEqual({
      city_code: '424',
      type: 'ALL',
      country_code: 'RU',
    });
    expect(await carrier().points!({ city: 'Урюпинск' })).toEqual([]);
  });
});

const shipment = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  orderNumber: 'A-1024',
  tariffCode: 136,
  from: { city: 'Москва', cdekCode: 44 },
  shipmentPoint: 'MSK101',
  deliveryPoint: 'KZN45',
  to: { city: 'Казань', cdekCode: 424, address: null },
  recipient: { name: 'Анна Смирнова', phone: '+79161234567', email: 'anna@example.ru' },
  collectOnDelivery: 0,
  packages: [
    {
      weight: 900,
      length: 20,
      width: 15,
      height: 10,
      items: [
        { name: 'Клей для ресниц', article: 'GLUE-5', price: 129050, weight: 100, quantity: 2 },
        { name: 'Ресницы 0,07 C 10 мм', article: 'LASH-07C10', price: 89000, weight: 50, quantity: 3 },
      ],
    },
  ],
  ...over,
});

describe('СДЭК: a shipment', () => {
  it('goes registering → registered with its number → in transit → ready → delivered', async () => {
    const { fake, carrier } = await cdek();
    const registered = await carrier().register!(shipment());
    expect(registered).toMatchObject({ state: 'registering', trackNumber: null, errors: [] });
    const uuid = registered.carrierId;
    expect(fake.orders.has(uuid)).toBe(true);
    expect(calls(fake, '/orders')[0]!.body).toMatchObject({
      type: 1,
      number: 'A-1024',
      tariff_code: 136,
      shipment_point: 'MSK101',
      delivery_point: 'KZN45',
      recipient: { name: 'Анна Смирнова', phones: [{ number: '+79161234567' }], email: 'anna@example.ru' },
      delivery_recipient_cost: { value: 0 },
      packages: [
        {
          number: '1',
          weight: 900,
          items: [
            {
              name: 'Клей для ресниц',
              ware_key: 'GLUE-5',
              payment: { value: 0 },
              cost: 1290.5,
              weight: 100,
              amount: 2,
            },
            {
              name: 'Ресницы 0,07 C 10 мм',
              ware_key: 'LASH-07C10',
              payment: { value: 0 },
              cost: 890,
              weight: 50,
              amount: 3,
            },
          ],
        },
      ],
    });

    const status = () => carrier().status!(uuid);
    expect(await status()).toMatchObject({ state: 'registering', trackNumber: null, statusText: 'Принят' });
    const created = await status();
    expect(created).toMatchObject({ state: 'registered', statusText: 'Создан', carrierId: uuid });
    expect(created.trackNumber).toMatch(/^\d{10}$/);
    fake.setShipmentStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    expect(await status()).toMatchObject({ state: 'in_transit', statusText: 'Принят на склад отправителя' });
    fake.setShipmentStatus(uuid, 'ACCEPTED_AT_PICK_UP_POINT');
    expect((await status()).state).toBe('ready');
    fake.setShipmentStatus(uuid, 'DELIVERED');
    expect(await status()).toMatchObject({
      state: 'delivered',
      statusText: 'Вручен',
      trackNumber: created.trackNumber,
    });
  });

  it('a parcel not taken is returning', async () => {
    const { fake, carrier } = await cdek();
    const { carrierId } = await carrier().register!(shipment());
    fake.setShipmentStatus(carrierId, 'NOT_DELIVERED');
    expect((await carrier().status!(carrierId)).state).toBe('returning');
    fake.setShipmentStatus(carrierId, 'RETURNED_TO_SENDER_CITY_WAREHOUSE');
    expect((await carrier().status!(carrierId)).state).toBe('returning');
  });

  it('an unknown pickup point makes the shipment invalid, with CDEK’s reason', async () => {
    const { carrier } = await cdek();
    const { carrierId, state } = await carrier().register!(shipment({ deliveryPoint: 'NOPE1' }));
    expect(state).toBe('registering');
    expect(await carrier().status!(carrierId)).toMatchObject({
      state: 'invalid',
      trackNumber: null,
      errors: ['Пункт выдачи NOPE1 не найден или не выдаёт посылки'],
    });
  });

  it('cash on delivery: each unit’s price, and what is left (the delivery) as the recipient’s delivery cost', async () => {
    const { fake, carrier } = await cdek();
    const itemsTotal = 2 * 129050 + 3 * 89000;
    await carrier().register!(shipment({ collectOnDelivery: itemsTotal + 35000 }));
    const body = calls(fake, '/orders')[0]!.body as {
      delivery_recipient_cost: { value: number };
      packages: { items: { payment: { value: number } }[] }[];
    };
    expect(body.delivery_recipient_cost.value).toBe(350);
    expect(body.packages[0]!.items.map((i) => i.payment.value)).toEqual([1290.5, 890]);
    // A discount spreads over the units in whole kopecks; the kopecks left go to the delivery cost.
    const plan = collectionPlan(shipment({ collectOnDelivery: itemsTotal - 1000 }));
    const spread = plan.perUnit[0]![0]! * 2 + plan.perUnit[0]![1]! * 3;
    expect(spread + plan.delivery).toBe(itemsTotal - 1000);
    expect(plan.delivery).toBeGreaterThanOrEqual(0);
    expect(plan.delivery).toBeLessThan(5);
  });

  it('reads the newest status by its time, whatever the order of the list', () => {
    const answer = {
      entity: {
        cdek_number: '1234567890',
        statuses: [
          { code: 'CREATED', name: 'Создан', date_time: '2024-03-01T10:00:00+0000' },
          { code: 'DELIVERED', name: 'Вручен', date_time: '2024-03-05T12:00:00+0300' },
          {
            code: 'ACCEPTED_AT_PICK_UP_POINT',
            name: 'Принят на склад до востребования',
            date_time: '2024-03-04T09:00:00+0000',
          },
        ],
      },
    };
    expect(shipmentFromWire(answer, 'u')).toMatchObject({ state: 'delivered', statusText: 'Вручен' });
  });

  it('the label is the PDF CDEK makes, asked again while it is not ready', async () => {
    const { fake, carrier } = await cdek();
    const { carrierId } = await carrier().register!(shipment());
    fake.advance(carrierId);
    const label = await carrier().label!(carrierId);
    expect(label.contentType).toBe('application/pdf');
    expect(Buffer.from(label.body).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(Buffer.from(label.body).toString('latin1')).toContain(fake.orders.get(carrierId)!.cdekNumber!);
    expect(calls(fake, '/print/orders')[0]!.body).toEqual({
      orders: [{ order_uuid: carrierId }],
      copy_count: 1,
    });
  });
});

describe('Почта России', () => {
  async function post() {
    const fake: FakeRussianPost = await startFakeRussianPost();
    started.push(fake);
    return { fake, carrier: russianPostCarrier({ apiUrl: fake.url, timeoutMs: 300 }) };
  }
  const parcel: QuoteRequest = {
    from: { city: 'Москва', postalCode: '101000' },
    to: { city: 'Казань', postalCode: '420000' },
    packages: [
      { weight: 700, length: 20, width: 15, height: 10 },
      { weight: 800, length: 20, width: 15, height: 10 },
    ],
    tariffCode: 27030,
  };

  it('answers paynds in kopecks and the days, for the weight of all packages', async () => {
    const { fake, carrier } = await post();
    // d = 420 − 101 = 319: (250 ₽ + 319 × 0,30 ₽ + 3 × 35 ₽) + 20 % = 450,70 ₽ + 90,14 ₽ = 540,84 ₽; 5–8 days.
    expect(await carrier.quote(parcel)).toEqual({ price: 54084, minDays: 5, maxDays: 8 });
    expect(fake.requests[0]).toMatchObject({
      path: '/v2/calculate/tariff/delivery',
      query: { json: '', object: '27030', from: '101000', to: '420000', weight: '1500', pack: '10' },
    });
  });

  it('without both indexes refuses before asking', async () => {
    const { fake, carrier } = await post();
    const error = await failureOf(carrier.quote({ ...parcel, to: { city: 'Казань' } }));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/^Укажите индекс/);
    expect(fake.requests).toHaveLength(0);
  });

  it('an unknown index, or a service that does not go there, is refused', async () => {
    const { carrier } = await post();
    const unknown = await failureOf(carrier.quote({ ...parcel, to: { city: '?', postalCode: '012345' } }));
    expect(unknown.kind).toBe('refused');
    expect(unknown.message).toBe(
      'Почта России не рассчитала доставку: Неверный индекс места назначения: 012345',
    );
    const ems = await failureOf(
      carrier.quote({ ...parcel, tariffCode: 7030, to: { city: 'Анадырь', postalCode: '689000' } }),
    );
    expect(ems.message).toBe('Почта России не доставляет этим способом по этому маршруту');
  });

  it('500, 429 and a late answer are `unavailable`', async () => {
    const { fake, carrier } = await post();
    fake.failNext(500);
    expect((await failureOf(carrier.quote(parcel))).kind).toBe('unavailable');
    fake.failNext(429);
    expect((await failureOf(carrier.quote(parcel))).kind).toBe('unavailable');
    fake.delayNext(3_000);
    const began = Date.now();
    const late = await failureOf(carrier.quote(parcel));
    expect(Date.now() - began).toBeLessThan(1_000);
    expect([late.kind, late.message]).toEqual(['unavailable', 'Почта России не ответила за 0,3 с']);
  });
});
