// The one money rule as a property (issue 25, docs/pricing.md «What the customer reads»): over random carts of
// the demo shop (its promo codes of every kind, its cart rules, a customer's bonus points, each delivery and
// each payment), the total is the same amount to the kopeck wherever it stands: the cart and the checkout
// (API and the pages' text), the order placed, the success page, the order page, the letter, the invoice,
// the 54-FZ receipt and the payment request sent to YooKassa; and every page writes it as `formatMoney` does,
// kopecks included when there are any. The carts come from a seeded generator: a failure names its seed.
import { formatMoney } from '@shop/schemas/rules/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bonusTransactions, userOrganizations } from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { Rng } from '../src/seed/random';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { loadInvoice } from '../src/domains/sales/invoice';
import { signedInUser } from './accounts';
import { startFakeYookassa, type FakeYookassa } from './fake-yookassa';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { request } from './shop-fixtures';
import { storefrontBuild } from './storefront-build';

const SHOP = { shopId: '654321', secretKey: 'test_money-truth' };
const BROWSER = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/136.0 Mobile Safari/537.36';
const CODES = [null, 'LASH10', 'MINUS500', 'DOSTAVKA', 'KLEY15'] as const;
/** Carts per database; each prints its seed when it fails. */
const CARTS = 10;
/** What the carts together must have gone through, or the property proved less than it says. */
const MUST_COVER = [
  'kopecks',
  'online',
  'invoice',
  'on_delivery',
  'bonuses',
  'rule',
  ...CODES.filter(Boolean),
];

type Json = Record<string, unknown>;
interface Cart {
  items: unknown[];
  discounts: { source: string }[];
  coupon: { state: string } | null;
  totals: { goods: number; discounts: number; bonuses: number; delivery: number; total: number };
  delivery: { options: { id: number; kind: string }[] };
  payments: { id: number; kind: string }[];
  canOrder: boolean;
}

/** Text as a reader compares it: every kind of space one plain space. */
const plain = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');
/** A page's text as a reader sees it: tags and React's comments out, spaces plain. */
const textOf = (html: string) => plain(html.replace(/<[^>]*>/g, ' '));
/**
 * The amount a reader finds right after `label` on a page (every one, if the label stands more than once),
 * read back into kopecks from the text: «Итого 2 975,40 ₽» → 297540. Read, not compared with formatMoney's
 * text, so that a formatter that rounds fails here too.
 */
function amountsAfter(text: string, label: string): number[] {
  const found = [...text.matchAll(new RegExp(`${label} (\\d{1,3}(?: \\d{3})*)(?:,(\\d{2}))? ₽`, 'g'))];
  return found.map((m) => Number(m[1]!.replace(/ /g, '')) * 100 + Number(m[2] ?? 0));
}
/** Every «Итого …» (or other label) on the page reads `kopecks`, and so does formatMoney. */
function expectShown(text: string, label: string, kopecks: number, why: string) {
  const amounts = amountsAfter(text, label);
  expect(amounts.length, `${why}: «${label}» on the page`).toBeGreaterThan(0);
  expect(amounts, why).toEqual(amounts.map(() => kopecks));
  expect(text, why).toContain(`${label} ${plain(formatMoney(kopecks))}`);
}

let buildDir = '';
beforeAll(async () => {
  buildDir = await storefrontBuild();
}, 300_000);

describeOnDatabases('the total is one amount everywhere on $name', (target) => {
  let t: TestApp;
  let fake: FakeYookassa;
  let offers: { id: number; glue: boolean }[] = [];
  let customer: { id: number; token: string };
  let organizationId = 0;
  let seq = 0;
  const covered = new Set<string>();

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Json = {}, body?: object) =>
    request(t, method, url, headers, body);
  const page = async (url: string, cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, cookie } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return textOf(res.body);
  };
  /** The cart as the API prices it for these choices. */
  const priced = async (headers: Json, query = '') => {
    const res = await send('GET', `/api/cart${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Cart }>().data;
  };

  beforeAll(async () => {
    fake = await startFakeYookassa(SHOP);
    t = await startTestApp(target, {
      demo: true,
      config: { siteUrl: 'https://shop.test', yookassaApiUrl: fake.apiUrl, storefrontBuildDir: buildDir },
    });
    await ensureSystemTemplates(t.database.db);
    // The demo's card payment gets a test shop's keys, so that it is offered and a payment can start.
    const [card] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM payment_services WHERE code = 'card_online'`,
    );
    const keys = await send(
      'PUT',
      `/api/admin/payment-services/${card!.id}`,
      { authorization: t.adminToken },
      { credentials: SHOP },
    );
    expect(keys.statusCode, keys.body).toBe(200);
    // Glue brings the kopecks: the demo's −5 % rule on three bottles and KLEY15's −15 % of 1 290 ₽.
    offers = await selectRows<{ id: number; glue: boolean }>(
      t.database.db,
      sql`SELECT o.id, EXISTS (SELECT 1 FROM product_categories c
                               WHERE c.slug LIKE 'kley%' AND c.id = ANY (p.category_ids)) AS glue
          FROM product_offers o JOIN products p ON p.id = o.product_id
          WHERE p.active AND o.stock >= 30 ORDER BY o.id`,
    );
    expect(offers.filter((o) => o.glue).length).toBeGreaterThan(0);
    expect(offers.filter((o) => !o.glue).length).toBeGreaterThan(10);
    // A customer who may spend points (a type with bonuses allowed), with points to spend and a company
    // to be billed.
    const [type] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM user_types WHERE bonus_allowed ORDER BY id LIMIT 1`,
    );
    customer = await signedInUser(t, {
      email: 'money-truth@test.local',
      password: 'money-truth-1',
      userTypeId: type!.id,
    });
    await t.database.db
      .insert(bonusTransactions)
      .values({ userId: customer.id, amount: 100_000, kind: 'manual', reason: 'Проверка сумм' });
    const [org] = await t.database.db
      .insert(userOrganizations)
      .values({
        userId: customer.id,
        legalForm: 'ooo',
        name: 'Ресницы Про',
        inn: '7707083893',
        kpp: '770701001',
        legalAddress: 'Москва, ул. Лесная, 5',
      })
      .returning({ id: userOrganizations.id });
    organizationId = org!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  for (let n = 0; n < CARTS; n++) {
    const seed = (target.name === 'postgres' ? 7000 : 1000) + n;
    it(`cart ${seed}: one total in the cart, checkout, order, pages, letter, invoice, receipt and payment`, async () => {
      const rnd = new Rng(seed);
      // Each cart is random within a plan that makes the carts together meet every code, every kind of
      // payment and the points: the plan for cart n is fixed, the goods and amounts are drawn.
      const code = CODES[n % CODES.length]!;
      const wants = (['online', 'invoice', 'on_delivery'] as const)[n % 3];
      const signedIn = wants === 'invoice' || n % 2 === 1;
      let headers: Json = signedIn ? { authorization: customer.token } : {};
      let cartToken: string | null = null;
      // A signed-in customer's cart is the account's: empty it first.
      if (signedIn)
        for (const item of (await priced(headers)).items as { id: number }[])
          await t.app.inject({
            method: 'DELETE',
            url: `/api/cart/items/${item.id}`,
            headers: headers as never,
          });
      const lines = rnd.int(1, 4);
      for (let i = 0; i < lines; i++) {
        const offer = rnd.pick(i === 0 && rnd.chance(0.7) ? offers.filter((o) => o.glue) : offers);
        // An invoice is for orders from 10 000 ₽: those carts buy by the box.
        const quantity = wants === 'invoice' ? rnd.int(5, 8) : rnd.int(1, 4);
        const res = await send('POST', '/api/cart/items', headers, { offerId: offer.id, quantity });
        expect(res.statusCode, res.body).toBe(200);
        const token = res.json<{ data: { cartToken: string | null } }>().data.cartToken;
        if (token) {
          cartToken = token;
          headers = { ...headers, 'x-cart-token': token };
        }
      }
      if (code) {
        const res = await send('POST', '/api/cart/coupon', headers, { code });
        expect(res.statusCode, res.body).toBe(200);
        // A code that does not apply to this cart is taken back, as the checkout asks the customer to.
        if (res.json<{ data: { coupon: { state: string } | null } }>().data.coupon?.state === 'applied')
          covered.add(code);
        else await t.app.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: headers as never });
      }
      if (signedIn && rnd.chance(0.7))
        expect(
          (await send('PUT', '/api/cart/bonuses', headers, { points: rnd.int(1, 900) })).statusCode,
        ).toBe(200);

      const cookie = [
        cartToken ? `cartToken=${cartToken}` : '',
        signedIn ? `auth.token=${customer.token}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      const why = `seed ${seed}${code ? `, ${code}` : ''}${signedIn ? ', signed in' : ''}`;

      // The cart page writes the cart's total as the rule writes it.
      const cart = await priced(headers);
      expectShown(await page('/cart', cookie), 'Итого', cart.totals.total, why);

      // Each delivery the cart offers, with a payment it allows; the checkout page agrees with the API.
      const option = rnd.pick(cart.delivery.options);
      const delivery = option.id;
      const forDelivery = await priced(headers, `?deliveryServiceId=${delivery}`);
      const payment = forDelivery.payments.find((p) => p.kind === wants) ?? rnd.pick(forDelivery.payments);
      const query = `?deliveryServiceId=${delivery}&paymentServiceId=${payment.id}`;
      const checkout = await priced(headers, query);
      const total = checkout.totals.total;
      const t2 = checkout.totals;
      expect(t2.goods - t2.discounts - t2.bonuses + t2.delivery, why).toBe(total);
      if (total % 100) covered.add('kopecks');
      if (t2.bonuses > 0) covered.add('bonuses');
      if (checkout.discounts.some((d) => d.source === 'rule')) covered.add('rule');
      covered.add(payment.kind);
      const checkoutHtml = await page(`/cart/order?delivery=${delivery}&payment=${payment.id}`, cookie);
      expectShown(checkoutHtml, 'Итого', total, why);

      // Placing the order charges that amount.
      const invoice = payment.kind === 'invoice';
      if (invoice && !signedIn) return; // an invoice is billed to a customer's company
      const placedRes = await send('POST', '/api/orders', headers, {
        customerName: 'Ольга Петрова',
        customerPhone: '+79991234567',
        customerEmail: `money${++seq}-${target.name}@truth.test`,
        deliveryServiceId: delivery,
        paymentServiceId: payment.id,
        // The demo's courier has its zones in and around Москва; the carriers go anywhere.
        deliveryCity: option.kind === 'courier' ? 'Москва' : 'Казань',
        deliveryPostalCode: '420111',
        deliveryAddress: 'ул. Баумана, 1, кв. 2',
        deliveryPickupPoint: 'KZN-1',
        ...(invoice ? { organizationId } : {}),
        expectedTotal: total,
        consent: true,
      });
      expect(placedRes.statusCode, `${why}: ${placedRes.body}`).toBe(201);
      const { number, accessKey } = placedRes.json<{ data: { number: string; accessKey: string } }>().data;
      const [row] = await selectRows<{ id: number; total: number }>(
        t.database.db,
        sql`SELECT id, total FROM orders WHERE number = ${number}`,
      );
      expect(row!.total, why).toBe(total);

      // The order as the customer reads it: the API, the success page and the order page.
      const orderRes = await send('GET', `/api/orders/${number}?key=${encodeURIComponent(accessKey)}`);
      expect(orderRes.statusCode, orderRes.body).toBe(200);
      expect(orderRes.json<{ data: { total: number } }>().data.total, why).toBe(total);
      const keyPart = `key=${encodeURIComponent(accessKey)}`;
      const success = await page(`/cart/order/success?number=${number}&${keyPart}`, cookie);
      expectShown(success, 'На сумму', total, why);
      const orderPage = await page(`/orders/${number}?${keyPart}`, cookie);
      expectShown(orderPage, 'Итого', total, why);

      // The letter to the customer names the same sum.
      const [letter] = await selectRows<{ body: string }>(
        t.database.db,
        sql`SELECT body FROM outbox_messages WHERE template_code = 'order.created' AND channel = 'email'
            AND body LIKE '%' || ${number} || '%'`,
      );
      expect(plain(letter!.body), why).toContain(plain(formatMoney(total)));

      if (invoice) {
        // The invoice's rows: each price × quantity is its sum, and the sums are the total.
        const data = (await loadInvoice(t.database.db, row!.id))!;
        expect(
          data.lines.reduce((s, l) => s + l.amount, 0),
          why,
        ).toBe(total);
        for (const l of data.lines) expect(Number.isInteger(l.amount / l.quantity), why).toBe(true);
      }
      if (payment.kind === 'online' && total > 0) {
        // The payment request and its receipt carry the total to the kopeck.
        const before = fake.requests.length;
        const pay = await send('POST', `/api/orders/${number}/payments`, {}, { key: accessKey });
        expect(pay.statusCode, pay.body).toBe(201);
        const sent = fake.requests
          .slice(before)
          .find((r) => r.method === 'POST' && r.path === '/v3/payments')!.body as {
          amount: { value: string };
          receipt: { items: { amount: { value: string }; quantity: string | number }[] };
        };
        const kopecks = (value: string) => Math.round(Number(value) * 100);
        expect(kopecks(sent.amount.value), why).toBe(total);
        const receipt = sent.receipt.items.reduce(
          (s, i) => s + kopecks(i.amount.value) * Number(i.quantity),
          0,
        );
        expect(receipt, why).toBe(total);
      }
    }, 60_000);
  }

  it('the carts went through every kind of discount and payment, and totals with kopecks', () => {
    expect([...covered].sort()).toEqual(expect.arrayContaining(MUST_COVER));
  });
});
