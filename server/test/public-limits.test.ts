// Every public write has an abuse limit (probing found POST /api/reviews/site taking 16 000 guest reviews
// in 20 s and POST /api/auth/register 40 registrations at once from one address, each an scrypt hash and a
// letter to any address). Each limit is checked the same way: the requests up to the production value
// pass, the next one answers 429 with the Russian message and Retry-After, and nothing is written for it;
// another client (or another target) is not affected.
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import {
  coupons,
  outboxMessages,
  productReviews,
  products,
  settings,
  siteReviews,
  subscriptions,
  users,
} from '../generated/tables';
import Fastify from 'fastify';
import { registerRateLimit } from '../src/platform/http/rate-limit';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Json = Record<string, unknown>;
const TOO_MANY = /^Слишком много запросов\. Повторите через \d+ с\.$/;
const HOUR = 60 * 60_000;
const PASSWORD = 'lashes-2024';

describeOnDatabases('limits of public writes on $name', (target) => {
  let t: TestApp;
  const db = () => t.database.db;
  let lastIp = 0;
  /** A client address of its own for every caller (X-Forwarded-For is trusted from loopback). */
  const nextIp = () => {
    lastIp += 1;
    return `198.18.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
  };
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, ip: string, token?: string) =>
    t.app.inject({
      method,
      url,
      payload: payload as Json,
      headers: { 'x-forwarded-for': ip, ...(token ? { authorization: token } : {}) },
    });
  const post = (url: string, payload: unknown, ip: string, token?: string) =>
    send('POST', url, payload, ip, token);

  /** The refusal every limit answers: 429, the Russian message and when to try again. */
  const expectLimited = (res: Awaited<ReturnType<typeof post>>, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(429);
    const error = res.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(TOO_MANY);
    expect(res.headers['retry-after'], what).toMatch(/^[1-9]\d*$/);
  };
  const rows = async (table: PgTable, where?: SQL) =>
    Number((await db().select({ n: count() }).from(table).where(where))[0]!.n);
  const letters = (to: string, code: string) =>
    rows(outboxMessages, and(eq(outboxMessages.recipient, to), eq(outboxMessages.templateCode, code)));

  // Counters live in fixed windows: the clock stands still just after the start of an hour (a multiple of
  // every window), so that the requests of a test never straddle two windows.
  const freezeAtWindowStart = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / HOUR) * HOUR + 1000);
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  let seq = 0;
  const person = (extra: Json = {}) => {
    seq += 1;
    return {
      name: 'Анна',
      email: `limits${seq}@test.local`,
      phone: `+7 999 300-${String(Math.floor(seq / 100)).padStart(2, '0')}-${String(seq % 100).padStart(2, '0')}`,
      password: PASSWORD,
      consent: true,
      signIn: false,
      ...extra,
    };
  };
  /** A signed-in customer (registered by the administrator: no public allowance spent). */
  const customer = async () => {
    const p = person();
    const phone = `+${p.phone.replace(/\D/g, '')}`;
    const user = { email: p.email, name: p.name, phone, password: PASSWORD, role: 'customer' };
    return { ...p, ...(await signedInUser(t, user, { ip: nextIp() })) };
  };

  beforeAll(async () => {
    // The production values: the harness raises them for the suites that are not about limits.
    t = await startTestApp(target, { config: { rateLimitScale: 1, siteUrl: 'https://shop.test' } });
    await ensureSystemTemplates(db());
    await db().insert(settings).values({ shopName: 'Лэш Шоп' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('POST /api/reviews/site: the 6th review in an hour from one address is refused and not stored', async () => {
    freezeAtWindowStart();
    const ip = nextIp();
    const review = (i: number) => ({ name: 'Гость', rating: 5, text: `Отличный магазин, отзыв ${i}` });
    for (let i = 0; i < 5; i++) expect((await post('/api/reviews/site', review(i), ip)).statusCode).toBe(201);
    const before = await rows(siteReviews);
    expectLimited(await post('/api/reviews/site', review(5), ip), 'site review');
    expect(await rows(siteReviews)).toBe(before);
    expect((await post('/api/reviews/site', review(6), nextIp())).statusCode).toBe(201);
  });

  it('requests at the same moment are each counted: 12 reviews at once from one address store 5', async () => {
    // Hits of one moment share one statement (rate-limit.ts): each still gets its own count.
    freezeAtWindowStart();
    const ip = nextIp();
    const before = await rows(siteReviews);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/api/reviews/site', { name: 'Гость', rating: 5, text: `Отзыв в одну секунду ${i}` }, ip),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    expect(await rows(siteReviews)).toBe(before + 5);
  });

  it('POST /api/auth/register: 10 an hour from one address, 3 an hour for one e-mail', async () => {
    freezeAtWindowStart();
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await post('/api/auth/register', person(), ip)).statusCode).toBe(201);
    const refused = person();
    expectLimited(await post('/api/auth/register', refused, ip), 'registration per address');
    expect(await rows(users, eq(users.email, refused.email))).toBe(0);
    expect(await letters(refused.email, 'auth.registration')).toBe(0);
    expect((await post('/api/auth/register', refused, nextIp())).statusCode).toBe(201);

    // One address from many clients: taken, taken, then refused before any work (any case of it).
    const email = 'target@test.local';
    expect((await post('/api/auth/register', person({ email }), nextIp())).statusCode).toBe(201);
    for (let i = 0; i < 2; i++)
      expect(
        (await post('/api/auth/register', person({ email: email.toUpperCase() }), nextIp())).statusCode,
      ).toBe(409);
    expectLimited(
      await post('/api/auth/register', person({ email: ` ${email}` }), nextIp()),
      'registration per e-mail',
    );
    expect(await letters(email, 'auth.registration')).toBe(1);
  });

  it('POST /api/auth/password/recovery: 3 letters an hour for one e-mail, whoever asks', async () => {
    freezeAtWindowStart();
    const c = await customer();
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/password/recovery', { email: c.email }, nextIp())).statusCode).toBe(200);
    expectLimited(
      await post('/api/auth/password/recovery', { email: c.email.toUpperCase() }, nextIp()),
      'recovery per e-mail',
    );
    // The letters are written after the answers.
    await t.afterResponse.idle();
    expect(await letters(c.email, 'auth.password_recovery')).toBe(3);
  });

  it('POST /api/newsletter/subscribe: 3 letters an hour for one e-mail, whoever asks', async () => {
    freezeAtWindowStart();
    const email = 'reader@test.local';
    for (let i = 0; i < 3; i++)
      expect((await post('/api/newsletter/subscribe', { email }, nextIp())).statusCode).toBe(200);
    expectLimited(
      await post('/api/newsletter/subscribe', { email: 'Reader@Test.local' }, nextIp()),
      'subscribe',
    );
    expect(await letters(email, 'newsletter.confirm')).toBe(3);
  });

  it('links of letters: 20 tries in 10 minutes from one address, all of them together', async () => {
    freezeAtWindowStart();
    const ip = nextIp();
    const tries: [string, Json][] = [
      ['/api/auth/email/confirm', { token: 'x'.repeat(43) }],
      ['/api/auth/password/reset', { token: 'x'.repeat(43), password: 'new-password-1' }],
      ['/api/newsletter/confirm', { token: 'x'.repeat(43) }],
    ];
    for (let i = 0; i < 20; i++) {
      const [url, body] = tries[i % tries.length]!;
      expect((await post(url, body, ip)).statusCode, url).toBe(400);
    }
    for (const [url, body] of tries) expectLimited(await post(url, body, ip), url);
    expect((await post('/api/auth/email/confirm', { token: 'x'.repeat(43) }, nextIp())).statusCode).toBe(400);
  });

  it('unsubscribe links: 100 in 10 minutes from one address (a mail provider posts for many readers)', async () => {
    freezeAtWindowStart();
    const ip = nextIp();
    await db()
      .insert(subscriptions)
      .values({ email: 'leaving@test.local', status: 'active', unsubscribeToken: 'leaving-token' });
    for (let i = 0; i < 100; i++) {
      const res =
        i % 2
          ? await post('/api/newsletter/unsubscribe', { token: `unknown-${i}` }, ip)
          : await t.app.inject({
              method: 'POST',
              url: `/newsletter/unsubscribe?token=unknown-${i}`,
              headers: { 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'List-Unsubscribe=One-Click',
            });
      expect(res.statusCode).toBeLessThan(429);
    }
    expectLimited(await post('/api/newsletter/unsubscribe', { token: 'leaving-token' }, ip), 'unsubscribe');
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, 'leaving@test.local'));
    expect(row!.status).toBe('active');
  });

  it('POST /api/products/:slug/reviews: 5 an hour from one address, 20 an hour for one product', async () => {
    freezeAtWindowStart();
    const [product, other] = await db()
      .insert(products)
      .values([
        { title: 'Клей Sky', slug: 'limits-glue', active: true },
        { title: 'Пинцет', slug: 'limits-tweezers', active: true },
      ])
      .returning({ id: products.id, slug: products.slug });
    const c = await customer();
    const review = { rating: 5, text: 'Хороший клей' };
    const ip = nextIp();
    const url = (slug: string) => `/api/products/${slug}/reviews`;
    // Refused bodies count as well: the limit is on attempts.
    for (let i = 0; i < 5; i++)
      expect((await post(url(product!.slug), { rating: 9 }, ip, c.token)).statusCode).toBe(400);
    expectLimited(await post(url(product!.slug), review, ip, c.token), 'review per address');
    expect(await rows(productReviews, eq(productReviews.productId, product!.id))).toBe(0);

    // Many clients, one product: 20 tries in all (5 above and 15 more), then the product is closed for the hour.
    for (let i = 0; i < 15; i++)
      expect((await post(url(product!.slug), { rating: 9 }, nextIp(), c.token)).statusCode).toBe(400);
    expectLimited(await post(url(product!.slug), review, nextIp(), c.token), 'review per product');
    expect(await rows(productReviews, eq(productReviews.productId, product!.id))).toBe(0);
    expect((await post(url(other!.slug), review, nextIp(), c.token)).statusCode).toBe(201);
  });

  it('PUT /api/profile, /profile/company, /profile/subscriptions: 30 an hour for one account', async () => {
    freezeAtWindowStart();
    const c = await customer();
    const other = await customer();
    const profile = (email: string) => ({ name: 'Анна', email, phone: c.phone });
    for (let i = 0; i < 30; i++)
      expect(
        (await send('PUT', '/api/profile', profile(`moved${i}@test.local`), nextIp(), c.token)).statusCode,
      ).toBe(200);
    // Each change of address sends a letter to it: the 31st would be one more letter to anyone at all.
    expectLimited(
      await send('PUT', '/api/profile', profile('victim@test.local'), nextIp(), c.token),
      'profile',
    );
    expect(await letters('victim@test.local', 'auth.registration')).toBe(0);
    const [me] = await db().select({ email: users.email }).from(users).where(eq(users.id, c.id));
    expect(me!.email).toBe('moved29@test.local');

    for (let i = 0; i < 30; i++)
      expect((await send('PUT', '/api/profile/company', { inn: '1' }, nextIp(), c.token)).statusCode).toBe(
        400,
      );
    expectLimited(await send('PUT', '/api/profile/company', {}, nextIp(), c.token), 'company');
    for (let i = 0; i < 30; i++)
      expect(
        (await send('PUT', '/api/profile/subscriptions', { email: 7 }, nextIp(), c.token)).statusCode,
      ).toBe(400);
    expectLimited(
      await send('PUT', '/api/profile/subscriptions', { email: false, sms: false }, nextIp(), c.token),
      'subscriptions',
    );

    // Another account is not affected.
    const mine = { name: 'Анна', email: other.email, phone: other.phone };
    expect((await send('PUT', '/api/profile', mine, nextIp(), other.token)).statusCode).toBe(200);
  });

  it('POST /api/cart/coupon: promo codes are not guessed, 20 tries in 10 minutes from one address', async () => {
    freezeAtWindowStart();
    await db().insert(coupons).values({ code: 'GUESSME', type: 'percent', value: 10 });
    const ip = nextIp();
    const tryCode = (code: string, from: string, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/coupon',
        payload: { code },
        headers: { 'x-forwarded-for': from, ...(token ? { 'x-cart-token': token } : {}) },
      });
    const first = await tryCode('GUESS00', ip);
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json<{ data: { cartToken: string } }>().data.cartToken;
    // Every try counts, a wrong code too: that is what a guesser sends.
    for (let i = 1; i < 20; i++) {
      const res = await tryCode(`GUESS${String(i).padStart(2, '0')}`, ip, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { coupon: { state: string } } }>().data.coupon.state).toBe('rejected');
    }
    // The 21st, the right code at last, is refused and not applied; the cart's other changes still go.
    expectLimited(await tryCode('GUESSME', ip, token), 'promo code');
    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { 'x-forwarded-for': ip, 'x-cart-token': token },
    });
    expect(cart.json<{ data: { coupon: { code: string } } }>().data.coupon.code).toBe('GUESS19');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/coupon',
      headers: { 'x-forwarded-for': ip, 'x-cart-token': token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Another address is not affected.
    const other = await tryCode('GUESSME', nextIp());
    expect(other.statusCode, other.body).toBe(200);
    const found = other.json<{ data: { coupon: { code: string; message: string } } }>().data.coupon;
    expect(found.code).toBe('GUESSME');
    expect(found.message).not.toMatch(/не найден/);
  });

  it('every public write route declares its limit: a new one without it stops the server from starting', async () => {
    // The shop itself started (beforeAll), so every public write of it declares a limit or none on purpose.
    const app = Fastify({ logger: false });
    await registerRateLimit(app, db());
    const start = async () => {
      await app.register(
        async (api) => {
          api.post('/anything', async () => ({ data: null }));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow('POST /api/anything declares no rate limit');
    await app.close();
  });
});
