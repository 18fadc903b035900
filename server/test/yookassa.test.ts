// The YooKassa adapter against the local fake (fake-yookassa.ts): the wire format it sends, a payment's life
// (create → pay on the payment page → read), refusals with their Russian messages, repeats with the same
// idempotence key after a 500, a 202 or a lost answer, time-outs, refunds, the amount strings, and the
// addresses notifications may come from.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentProviderError,
  type CreatePaymentRequest,
  type PaymentProvider,
} from '../src/domains/payments/provider';
import {
  YOOKASSA_NOTIFY_NETWORKS,
  isYookassaAddress,
  kopecksToValue,
  paymentFromWire,
  valueToKopecks,
  yookassaProvider,
} from '../src/domains/payments/yookassa';
import { startFakeYookassa, type FakeYookassa } from './fake-yookassa';

const SHOP_ID = '123456';
const SECRET = 'test_Secret-Key-Never-In-Errors';

let fake: FakeYookassa;
let provider: PaymentProvider;
/** The shop's notification route, as far as these tests need one: it records what arrives. */
let shop: Server;
let shopUrl: string;
const received: { event: string; object: { id: string; status: string } }[] = [];
let shopAnswers: number[] = [];

beforeAll(async () => {
  shop = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      res.writeHead(shopAnswers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/payments/yookassa`;
  fake = await startFakeYookassa({
    shopId: SHOP_ID,
    secretKey: SECRET,
    notifyUrl: shopUrl,
    notifyRetryMs: 10,
  });
  provider = yookassaProvider({ apiUrl: fake.apiUrl, shopId: SHOP_ID, secretKey: SECRET, retryDelayMs: 10 });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => shop.close(resolve));
});

afterEach(async () => {
  await fake.settled();
  fake.failNext(0, 500);
  fake.hangNext(0);
  received.length = 0;
  shopAnswers = [];
});

let keys = 0;
/** A valid payment of `amount` kopecks: one line of 3 units and a delivery, the receipt adding up. */
function paymentRequest(amount = 149_000, more: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  const delivery = 35_000;
  const goods = amount - delivery;
  return {
    idempotenceKey: `key-${++keys}-${Date.now()}`,
    amount,
    description: 'Заказ № 1042',
    returnUrl: 'https://shop.example/orders/1042/paid?x=1',
    metadata: { orderId: '1042', orderNumber: '1042' },
    receipt: {
      customer: { email: 'anna@example.com' },
      items: [
        {
          description: 'Ресницы Lash&Go 0,07 C 10 мм',
          quantity: 1,
          amount: goods,
          vatCode: 11,
          paymentSubject: 'commodity',
          paymentMode: 'full_prepayment',
          measure: 'piece',
        },
        {
          description: 'Доставка курьером',
          quantity: 1,
          amount: delivery,
          vatCode: 11,
          paymentSubject: 'service',
          paymentMode: 'full_prepayment',
          measure: 'piece',
        },
      ],
      taxSystemCode: 1,
    },
    ...more,
  };
}

/** What the adapter's call threw, asserted to be a PaymentProviderError. */
async function failure(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  const e = error as PaymentProviderError;
  // Whatever went wrong, the secret key is in no part of the error.
  expect(`${e.message} ${JSON.stringify(e.detail)} ${e.stack}`).not.toContain(SECRET);
  return e;
}

/** The customer presses a button on the payment page, as a browser's form would. */
async function press(url: string, action: 'pay' | 'decline') {
  const page = await fetch(url);
  const html = await page.text();
  expect(html).toContain('Тестовая оплата ЮKassa');
  expect(html).toContain('1\u00a0490,00\u00a0₽');
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
}

describe('amounts on the wire', () => {
  it('formats kopecks with integer maths', () => {
    expect(kopecksToValue(149_000)).toBe('1490.00');
    expect(kopecksToValue(149_050)).toBe('1490.50');
    expect(kopecksToValue(5)).toBe('0.05');
    expect(kopecksToValue(0)).toBe('0.00');
    // 0.1 + 0.2 territory: 1 kopeck short with floats would print 10.29
    expect(kopecksToValue(1030)).toBe('10.30');
    expect(kopecksToValue(999_999_999_99)).toBe('999999999.99');
    expect(() => kopecksToValue(1.5)).toThrow(RangeError);
    expect(() => kopecksToValue(-1)).toThrow(RangeError);
  });

  it('reads every form of an amount string exactly', () => {
    expect(valueToKopecks('1490.00')).toBe(149_000);
    expect(valueToKopecks('1490.50')).toBe(149_050);
    expect(valueToKopecks('1490.5')).toBe(149_050);
    expect(valueToKopecks('1490')).toBe(149_000);
    expect(valueToKopecks('0.01')).toBe(1);
    expect(valueToKopecks('1490.500')).toBe(149_050);
    expect(valueToKopecks('1.13')).toBe(113); // 1.13 * 100 = 112.99999999999999 as a float
    expect(valueToKopecks('4.35')).toBe(435); // 434.99999999999994
    for (const bad of ['1490.505', '-1', '1e3', '', ' 1', '1,50', '.5', '1.', 'NaN', null, undefined, {}])
      expect(valueToKopecks(bad)).toBeNull();
    // Round trip over a range that covers every kopeck ending.
    for (let k = 0; k < 20_000; k += 7) expect(valueToKopecks(kopecksToValue(k))).toBe(k);
  });

  it('parses a payment object, refunded and canceled fields included', () => {
    const p = paymentFromWire({
      id: 'p1',
      status: 'canceled',
      paid: false,
      amount: { value: '1490.5', currency: 'RUB' },
      refunded_amount: { value: '100', currency: 'RUB' },
      confirmation: { type: 'redirect', confirmation_url: 'https://pay.example/old' },
      cancellation_details: { party: 'payment_network', reason: 'insufficient_funds' },
      test: true,
      metadata: { orderId: '7', cms_name: 'x', n: 5, nothing: null },
    });
    expect(p).toEqual({
      id: 'p1',
      status: 'canceled',
      paid: false,
      amount: 149_050,
      currency: 'RUB',
      confirmationUrl: null,
      cancellationReason: 'insufficient_funds',
      refundedAmount: 10_000,
      test: true,
      metadata: { orderId: '7', cms_name: 'x', n: '5' },
    });
    expect(() => paymentFromWire({ id: 'p1', status: 'lost', amount: { value: '1.00' } })).toThrow(
      PaymentProviderError,
    );
    expect(() => paymentFromWire({ id: 'p1', status: 'pending', amount: { value: '1.005' } })).toThrow(
      /не удалось разобрать/,
    );
  });
});

describe('a payment', () => {
  it('is created with the documented wire format, paid on the page, notified and read back', async () => {
    const request = paymentRequest();
    const created = await provider.createPayment(request);
    expect(created).toMatchObject({
      status: 'pending',
      paid: false,
      amount: 149_000,
      currency: 'RUB',
      test: true,
      refundedAmount: 0,
      cancellationReason: null,
      metadata: { orderId: '1042', orderNumber: '1042' },
    });
    expect(created.confirmationUrl).toBe(`${fake.origin}/checkout/${created.id}`);

    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v3/payments',
      idempotenceKey: request.idempotenceKey,
    });
    expect(sent.body).toEqual({
      amount: { value: '1490.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://shop.example/orders/1042/paid?x=1' },
      description: 'Заказ № 1042',
      metadata: { orderId: '1042', orderNumber: '1042' },
      receipt: {
        customer: { email: 'anna@example.com' },
        items: [
          {
            description: 'Ресницы Lash&Go 0,07 C 10 мм',
            quantity: 1,
            amount: { value: '1140.00', currency: 'RUB' },
            vat_code: 11,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
            measure: 'piece',
          },
          {
            description: 'Доставка курьером',
            quantity: 1,
            amount: { value: '350.00', currency: 'RUB' },
            vat_code: 11,
            payment_subject: 'service',
            payment_mode: 'full_prepayment',
            measure: 'piece',
          },
        ],
        tax_system_code: 1,
      },
    });

    const redirect = await press(created.confirmationUrl!, 'pay');
    expect(redirect.status).toBe(302);
    // The return address comes back unchanged: no payment id or status is added by YooKassa.
    expect(redirect.headers.get('location')).toBe('https://shop.example/orders/1042/paid?x=1');
    // By default the notification is delivered before the redirect.
    expect(received).toEqual([
      { type: 'notification', event: 'payment.succeeded', object: expect.anything() },
    ]);
    expect(received[0]!.object).toMatchObject({ id: created.id, status: 'succeeded', paid: true });

    const read = await provider.getPayment(created.id);
    expect(read).toMatchObject({ id: created.id, status: 'succeeded', paid: true, amount: 149_000 });
    expect(read.confirmationUrl).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/payments/${created.id}` });
  });

  it('declined on the page is canceled with a reason; an expired one too', async () => {
    const declined = await provider.createPayment(paymentRequest());
    expect((await press(declined.confirmationUrl!, 'decline')).status).toBe(302);
    expect(await provider.getPayment(declined.id)).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellationReason: '3d_secure_failed',
    });
    const expired = await provider.createPayment(paymentRequest());
    await fake.expire(expired.id);
    expect(await provider.getPayment(expired.id)).toMatchObject({
      cancellationReason: 'expired_on_confirmation',
    });
    expect(received.map((n) => n.event)).toEqual(['payment.canceled', 'payment.canceled']);
  });

  it('cuts a long description to 128 characters', async () => {
    const created = await provider.createPayment(
      paymentRequest(149_000, { description: 'Заказ '.repeat(40) }),
    );
    expect(fake.payments.get(created.id)!.description).toHaveLength(128);
  });

  it('is read with its id URL-encoded, so an id cannot reach another path', async () => {
    const created = await provider.createPayment(paymentRequest());
    // Unencoded, `?x` would be a query string and the payment itself would be answered.
    const error = await failure(provider.getPayment(`${created.id}?x=1`));
    expect(error.outcome).toBe('refused');
    expect(fake.requests.at(-1)!.path).toBe(`/v3/payments/${created.id}%3Fx%3D1`);
  });
});

describe('refusals', () => {
  it('wrong credentials: refused with a message the administrator can act on', async () => {
    const wrong = yookassaProvider({ apiUrl: fake.apiUrl, shopId: SHOP_ID, secretKey: 'test_wrong' });
    const error = await failure(wrong.createPayment(paymentRequest()));
    expect(error.outcome).toBe('refused');
    expect(error.message).toBe(
      'ЮKassa не приняла ключи доступа: проверьте идентификатор магазина и секретный ключ',
    );
    expect(error.detail).toMatchObject({ status: 401, code: 'invalid_credentials' });
    const inside = yookassaProvider({ apiUrl: fake.apiUrl, shopId: 'other', secretKey: SECRET });
    expect((await failure(inside.getPayment('x'))).detail.status).toBe(401);
  });

  it('an unknown payment: «Платёж не найден в ЮKassa»', async () => {
    const error = await failure(provider.getPayment('2d7e3a3e-000f-5000-9000-1e2b3c4d5e6f'));
    expect(error).toMatchObject({ outcome: 'refused', message: 'Платёж не найден в ЮKassa' });
    expect(error.detail).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('a receipt that does not add up names the parameter', async () => {
    const request = paymentRequest();
    request.receipt.items[0]!.amount -= 1;
    const error = await failure(provider.createPayment(request));
    expect(error.outcome).toBe('refused');
    expect(error.detail).toMatchObject({
      status: 400,
      code: 'invalid_request',
      parameter: 'receipt.items.amount',
    });
    expect(error.message).toContain('неверный параметр «receipt.items.amount»');
    expect(error.message).toContain('проверьте настройки чеков');
  });

  it('one idempotence key for another request: refused, no second payment', async () => {
    const request = paymentRequest();
    const first = await provider.createPayment(request);
    const again = await provider.createPayment({ ...request });
    expect(again.id).toBe(first.id); // same key, same body: the first answer
    const changed = paymentRequest(150_000, { idempotenceKey: request.idempotenceKey });
    const error = await failure(provider.createPayment(changed));
    expect(error.outcome).toBe('refused');
    expect(error.detail).toMatchObject({
      parameter: 'Idempotence-Key',
      description: 'Idempotence key duplicated',
    });
    expect(error.message).toMatch(/ключ идемпотентности/);
  });

  it('a key the API would refuse is not sent at all', async () => {
    const count = fake.requests.length;
    const error = await failure(
      provider.createPayment(paymentRequest(149_000, { idempotenceKey: 'k'.repeat(65) })),
    );
    expect(error.outcome).toBe('refused');
    expect(fake.requests.length).toBe(count);
  });
});

describe('unknown outcomes and repeats', () => {
  it('a 500 then success: repeated with the same key and body, one payment', async () => {
    const before = fake.payments.size;
    fake.failNext(1, 500);
    const request = paymentRequest();
    const created = await provider.createPayment(request);
    const tries = fake.requests.filter((r) => r.idempotenceKey === request.idempotenceKey);
    expect(tries.map((r) => r.status)).toEqual([500, 200]);
    expect(tries[1]!.body).toEqual(tries[0]!.body);
    expect(fake.payments.size).toBe(before + 1);
    expect(fake.payments.has(created.id)).toBe(true);
  });

  it('a 500 after the payment was made: the repeat gets that payment, not a second one', async () => {
    const before = fake.payments.size;
    fake.failNext(2, 500, true);
    const created = await provider.createPayment(paymentRequest());
    expect(fake.payments.size).toBe(before + 1);
    expect(fake.payments.has(created.id)).toBe(true);
  });

  it('a 202 (processing) is repeated after its retry_after', async () => {
    fake.failNext(1, 202);
    const created = await provider.createPayment(paymentRequest());
    expect(created.status).toBe('pending');
  });

  it('500s until the repeats run out: unknown', async () => {
    const before = fake.payments.size;
    fake.failNext(3, 500);
    const request = paymentRequest();
    const error = await failure(provider.createPayment(request));
    expect(error.outcome).toBe('unknown');
    expect(error.detail.status).toBe(500);
    expect(error.message).toMatch(/результат операции неизвестен/);
    expect(fake.requests.filter((r) => r.idempotenceKey === request.idempotenceKey)).toHaveLength(3);
    expect(fake.payments.size).toBe(before);
  });

  it('a 429 is repeated, and refused when it persists', async () => {
    fake.failNext(1, 429);
    await provider.createPayment(paymentRequest());
    fake.failNext(3, 429);
    const error = await failure(provider.getPayment('whatever'));
    expect(error).toMatchObject({ outcome: 'refused', detail: { status: 429, code: 'too_many_requests' } });
  });

  it('a time-out is unknown and not repeated; the same key later finds the payment made meanwhile', async () => {
    const impatient = yookassaProvider({
      apiUrl: fake.apiUrl,
      shopId: SHOP_ID,
      secretKey: SECRET,
      timeoutMs: 200,
    });
    fake.hangNext(1);
    const request = paymentRequest();
    const started = Date.now();
    const error = await failure(impatient.createPayment(request));
    const took = Date.now() - started;
    expect(error.outcome).toBe('unknown');
    expect(error.message).toBe('ЮKassa не ответила за 0,2 с: результат операции неизвестен');
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2_000);
    expect(fake.requests.filter((r) => r.idempotenceKey === request.idempotenceKey)).toHaveLength(1);
    const made = [...fake.payments.values()].at(-1)!;
    expect((await impatient.createPayment(request)).id).toBe(made.id);
  });

  it('nobody listening: unknown, after the repeats', async () => {
    const closed = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
    await closed.close();
    const nowhere = yookassaProvider({
      apiUrl: closed.apiUrl,
      shopId: SHOP_ID,
      secretKey: SECRET,
      retryDelayMs: 1,
    });
    const error = await failure(nowhere.createPayment(paymentRequest()));
    expect(error.outcome).toBe('unknown');
    expect(error.message).toBe('Не удалось связаться с ЮKassa (ECONNREFUSED)');
  });
});

describe('refunds', () => {
  async function paid(): Promise<string> {
    const created = await provider.createPayment(paymentRequest());
    await fake.succeed(created.id);
    return created.id;
  }

  /** The receipt of a partial refund: the returned pieces (Чеки от ЮKassa need it; a full refund does not). */
  const returned = (amount: number) => ({
    customer: { email: 'anna@example.com' },
    items: [
      {
        description: 'Ресницы Lash&Go 0,07 C 10 мм',
        quantity: 1,
        amount,
        vatCode: 12,
        paymentSubject: 'commodity',
        paymentMode: 'full_prepayment' as const,
        measure: 'piece' as const,
      },
    ],
  });

  it('partial with the returned pieces’ receipt, then the rest; more than remains is refused', async () => {
    const paymentId = await paid();
    const request = {
      idempotenceKey: `r-${++keys}`,
      paymentId,
      amount: 49_050,
      description: 'Возврат по заказу 1042',
      receipt: returned(49_050),
    };
    // A partial refund without its receipt is refused, as Чеки от ЮKassa refuse it.
    const bare = await failure(
      provider.refund({ ...request, idempotenceKey: `r-${++keys}`, receipt: undefined }),
    );
    expect(bare).toMatchObject({ outcome: 'refused', detail: { status: 400, parameter: 'receipt' } });
    const first = await provider.refund(request);
    expect(first).toMatchObject({ paymentId, status: 'succeeded', amount: 49_050 });
    expect(fake.requests.at(-1)!.body).toEqual({
      payment_id: paymentId,
      amount: { value: '490.50', currency: 'RUB' },
      description: 'Возврат по заказу 1042',
      receipt: {
        customer: { email: 'anna@example.com' },
        items: [
          {
            description: 'Ресницы Lash&Go 0,07 C 10 мм',
            quantity: 1,
            amount: { value: '490.50', currency: 'RUB' },
            vat_code: 12,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
            measure: 'piece',
          },
        ],
      },
    });
    expect((await provider.refund(request)).id).toBe(first.id); // a repeat is not a second refund
    expect((await provider.getPayment(paymentId)).refundedAmount).toBe(49_050);

    const tooMuch = await failure(
      provider.refund({
        ...request,
        idempotenceKey: `r-${++keys}`,
        amount: 99_951,
        receipt: returned(99_951),
      }),
    );
    expect(tooMuch).toMatchObject({ outcome: 'refused', detail: { status: 400, parameter: 'amount' } });
    const wrongSum = await failure(
      provider.refund({
        ...request,
        idempotenceKey: `r-${++keys}`,
        amount: 99_950,
        receipt: returned(99_900),
      }),
    );
    expect(wrongSum).toMatchObject({ outcome: 'refused', detail: { parameter: 'receipt.items.amount' } });
    await provider.refund({
      ...request,
      idempotenceKey: `r-${++keys}`,
      amount: 99_950,
      receipt: returned(99_950),
    });
    expect((await provider.getPayment(paymentId)).refundedAmount).toBe(149_000);
    await fake.settled();
    expect(received.map((n) => n.event)).toEqual([
      'payment.succeeded',
      'refund.succeeded',
      'refund.succeeded',
    ]);
  });

  it('of a payment not paid: refused', async () => {
    const created = await provider.createPayment(paymentRequest());
    const error = await failure(
      provider.refund({
        idempotenceKey: `r-${++keys}`,
        paymentId: created.id,
        amount: 100,
        description: 'x',
      }),
    );
    expect(error).toMatchObject({ outcome: 'refused', detail: { status: 400, parameter: 'payment_id' } });
  });
});

describe('the fake’s notifications', () => {
  it('retries while the shop does not answer 200, and sends duplicates on demand', async () => {
    const created = await provider.createPayment(paymentRequest());
    shopAnswers = [500, 503];
    await fake.succeed(created.id);
    expect(fake.notifications.filter((n) => n.objectId === created.id).map((n) => n.status)).toEqual([
      500, 503, 200,
    ]);
    received.length = 0;
    await fake.notify(created.id, undefined, 2);
    expect(received.map((n) => [n.event, n.object.status])).toEqual([
      ['payment.succeeded', 'succeeded'],
      ['payment.succeeded', 'succeeded'],
    ]);
  });

  it('with returnFirst, redirects before the notification arrives', async () => {
    const late = await startFakeYookassa({
      shopId: SHOP_ID,
      secretKey: SECRET,
      notifyUrl: shopUrl,
      notifyDelayMs: 100,
      returnFirst: true,
    });
    try {
      const p = yookassaProvider({ apiUrl: late.apiUrl, shopId: SHOP_ID, secretKey: SECRET });
      const created = await p.createPayment(paymentRequest());
      expect((await press(created.confirmationUrl!, 'pay')).status).toBe(302);
      expect(received).toEqual([]);
      await late.settled();
      expect(received.map((n) => n.event)).toEqual(['payment.succeeded']);
    } finally {
      await late.close();
    }
  });
});

describe('where notifications may come from', () => {
  it('YooKassa’s networks, IPv4 and IPv6, and the configured extras', () => {
    expect(YOOKASSA_NOTIFY_NETWORKS).toContain('2a02:5180::/32');
    for (const ip of [
      '185.71.76.0',
      '185.71.76.31',
      '185.71.77.5',
      '77.75.153.127',
      '77.75.154.128',
      '77.75.154.255',
      '77.75.156.11',
      '77.75.156.35',
      '2a02:5180::1',
      '2a02:5180:ffff::1',
      '::ffff:185.71.76.7', // an IPv4 client on a dual-stack socket
    ])
      expect(isYookassaAddress(ip, []), ip).toBe(true);
    for (const ip of [
      '185.71.76.32',
      '185.71.75.255',
      '77.75.153.128',
      '77.75.154.127',
      '77.75.156.12',
      '2a02:5181::1',
      '127.0.0.1',
      '::1',
      'not-an-ip',
      '',
      '185.71.76.1, 8.8.8.8', // a forwarded-for list is not an address
    ])
      expect(isYookassaAddress(ip, []), ip).toBe(false);
    expect(isYookassaAddress('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isYookassaAddress('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isYookassaAddress('10.1.2.3', ['10.0.0.0/8', '::1'])).toBe(true);
    expect(isYookassaAddress('::1', ['10.0.0.0/8', '::1'])).toBe(true);
    expect(isYookassaAddress('11.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(() => isYookassaAddress('1.2.3.4', ['10.0.0.0/33'])).toThrow(/не IP-адрес и не сеть/);
    expect(() => isYookassaAddress('1.2.3.4', ['localhost'])).toThrow(/localhost/);
  });
});
