// «Повторить заказ» through the real server and database (sales/repeat-order.ts): a placed order's offers go
// back into the caller's cart as many as the stock allows beside what the cart holds; offers sold out, off
// sale or gone are left out and named. A guest opens the order with its private key (a new cart gets its
// token as the cart's own answers give it); a signed-in customer opens their own; anyone else gets 404.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settings } from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { createServices, fillCart, productWithOffer, request, type RequestArgs } from './shop-fixtures';

type Json = Record<string, unknown>;
type Named = { title: string; attributes: Record<string, string> };
type Repeated = {
  added: number;
  skipped: Named[];
  limited: (Named & { available: number })[];
  count: number;
  cartToken: string | null;
};
type Cart = { count: number; items: { offerId: number; quantity: number }[] };

describeOnDatabases('repeating an order on $name', (target) => {
  let t: TestApp;
  let seq = 0;
  const ids = { pickup: 0, cash: 0 };

  const send = (...args: RequestArgs) => request(t, ...args);
  const update = (query: SQL) => t.database.db.execute(query);
  /** A product with one offer of these characteristics, titled by this file's count: its offer id. */
  const offer = async (stock: number, attributes: Record<string, string> = {}) =>
    (await productWithOffer(t, { price: 50000, stock, attributes, title: `Ресницы ${++seq}` })).offerId;
  /** Fills the cart of `headers` (a guest's gets its token) and places it: the order's number and key. */
  const placeOrder = async (lines: [offerId: number, quantity: number][], headers: Json = {}) => {
    const res = await send('POST', '/api/orders', await fillCart(t, lines, headers), {
      customerName: 'Анна Смирнова',
      customerPhone: '+79991234567',
      customerEmail: `anna${++seq}@repeat.test`,
      deliveryServiceId: ids.pickup,
      paymentServiceId: ids.cash,
      consent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { number: string; accessKey: string } }>().data;
  };
  const cartOf = async (headers: Json) =>
    (await send('GET', '/api/cart', headers)).json<{ data: Cart }>().data;
  const quantities = (cart: Cart) => Object.fromEntries(cart.items.map((i) => [i.offerId, i.quantity]));

  beforeAll(async () => {
    t = await startTestApp(target, { config: { siteUrl: 'https://shop.test' } });
    await ensureSystemTemplates(t.database.db);
    await t.database.db.insert(settings).values({ shopName: 'Ресницы' });
    Object.assign(ids, await createServices(t, ['pickup', 'cash']));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a guest repeats by the private link: what is there goes in, capped to stock; the rest is named', async () => {
    const plenty = await offer(20);
    const few = await offer(10, { curl: 'D', thickness: '0.07', length: '11' });
    const soldOut = await offer(10, { curl: 'C' });
    const offSale = await offer(10);
    const order = await placeOrder([
      [plenty, 2],
      [few, 3],
      [soldOut, 1],
      [offSale, 1],
    ]);
    await update(sql`UPDATE product_offers SET stock = 1 WHERE id = ${few}`);
    await update(sql`UPDATE product_offers SET stock = 0 WHERE id = ${soldOut}`);
    await update(
      sql`UPDATE products SET active = false WHERE id = (SELECT product_id FROM product_offers WHERE id = ${offSale})`,
    );

    // Another device with no cart yet: the repeat makes one and answers its token once.
    const res = await send('POST', `/api/orders/${order.number}/repeat`, {}, { key: order.accessKey });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<{ data: Repeated }>().data;
    expect(first).toMatchObject({
      added: 2,
      count: 3,
      skipped: [
        { title: `Ресницы ${seq - 2}`, attributes: { curl: 'C' } },
        { title: `Ресницы ${seq - 1}`, attributes: {} },
      ],
      limited: [
        {
          title: `Ресницы ${seq - 3}`,
          attributes: { curl: 'D', thickness: '0.07', length: '11' },
          available: 1,
        },
      ],
    });
    expect(first.cartToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(String(res.headers['set-cookie'])).toContain(`cartToken=${first.cartToken}`);
    const guest = { 'x-cart-token': first.cartToken! };
    expect(quantities(await cartOf(guest))).toEqual({ [plenty]: 2, [few]: 1 });

    // Again into the same cart: the pieces add up, never past the stock; no new token.
    const again = await send('POST', `/api/orders/${order.number}/repeat`, guest, { key: order.accessKey });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<{ data: Repeated }>().data;
    expect(second).toMatchObject({ added: 2, count: 5, cartToken: null });
    expect(second.limited.map((l) => l.available)).toEqual([1]);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(quantities(await cartOf(guest))).toEqual({ [plenty]: 4, [few]: 1 });
  });

  it('a wrong key, no key or another number answers 404 and changes no cart', async () => {
    const lashes = await offer(5);
    const order = await placeOrder([[lashes, 1]]);
    const tries = [
      send('POST', `/api/orders/${order.number}/repeat`, {}, { key: 'wrong-key' }),
      send('POST', `/api/orders/${order.number}/repeat`, {}, {}),
      send('POST', `/api/orders/0000-999999/repeat`, {}, { key: order.accessKey }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/^Заказ .+ не найден$/);
    }
    const [lines] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM cart_items WHERE offer_id = ${lashes}`,
    );
    expect(Number(lines!.n)).toBe(0);
  });

  it("a signed-in customer repeats their own order into their cart; another customer's is 404", async () => {
    const glue = await offer(10);
    const lashes = await offer(10, { curl: 'L' });
    const owner = await signedInUser(t, {
      email: 'owner@repeat.test',
      password: 'owner-password-1',
      phone: '+79995550021',
      role: 'customer',
    });
    const other = await signedInUser(t, {
      email: 'other@repeat.test',
      password: 'other-password-1',
      phone: '+79995550022',
      role: 'customer',
    });
    const auth = { authorization: owner.token };
    const order = await placeOrder(
      [
        [glue, 1],
        [lashes, 2],
      ],
      auth,
    );
    expect((await cartOf(auth)).count).toBe(0);

    const res = await send('POST', `/api/profile/orders/${order.number}/repeat`, auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Repeated }>().data).toEqual({
      added: 2,
      skipped: [],
      limited: [],
      count: 3,
      cartToken: null,
    });
    expect(quantities(await cartOf(auth))).toEqual({ [glue]: 1, [lashes]: 2 });

    // The guests' route opens it too for its owner, without the key.
    const same = await send('POST', `/api/orders/${order.number}/repeat`, auth, {});
    expect(same.statusCode, same.body).toBe(200);
    expect(quantities(await cartOf(auth))).toEqual({ [glue]: 2, [lashes]: 4 });

    const theirs = { authorization: other.token };
    for (const url of [`/api/profile/orders/${order.number}/repeat`, `/api/orders/${order.number}/repeat`]) {
      const refused = await send('POST', url, theirs, {});
      expect(refused.statusCode, refused.body).toBe(404);
    }
    expect((await cartOf(theirs)).count).toBe(0);
    const guest = await send('POST', `/api/profile/orders/${order.number}/repeat`);
    expect(guest.statusCode, guest.body).toBe(401);
  });

  it('«Мои товары» lists each bought variant once, newest first, with its last purchase and its stock now', async () => {
    const nine = await offer(10, { curl: 'C', thickness: '0.1', length: '9' });
    const ten = await offer(3, { curl: 'C', thickness: '0.1', length: '10' });
    const canceledOnly = await offer(10);
    const master = await signedInUser(t, {
      email: 'master@products.test',
      password: 'master-password-1',
      phone: '+79995550031',
      role: 'customer',
    });
    const auth = { authorization: master.token };
    await placeOrder([[nine, 2]], auth);
    const later = await placeOrder(
      [
        [nine, 4],
        [ten, 1],
      ],
      auth,
    );
    const canceled = await placeOrder([[canceledOnly, 1]], auth);
    await update(sql`UPDATE orders SET status = 'canceled' WHERE number = ${canceled.number}`);
    await update(sql`UPDATE product_offers SET stock = 0 WHERE id = ${ten}`);

    const res = await send('GET', '/api/profile/products', auth);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: Json[]; meta: { total: number } }>();
    expect(page.meta.total).toBe(2);
    const byOffer = Object.fromEntries(page.data.map((p) => [p.offerId as number, p]));
    expect(Object.keys(byOffer).map(Number).sort()).toEqual([nine, ten].sort());
    expect(byOffer[nine]).toMatchObject({
      attributes: { curl: 'C', thickness: '0.1', length: '9' },
      lastQuantity: 4,
      lastPrice: 50000,
      lastOrderNumber: later.number,
      timesOrdered: 2,
      price: 50000,
      onSale: true,
    });
    expect(byOffer[ten]).toMatchObject({ lastQuantity: 1, timesOrdered: 1, stock: 0 });

    // Someone else's purchases are not theirs; a guest is asked to sign in.
    const other = await signedInUser(t, {
      email: 'nobody@products.test',
      password: 'nobody-password-1',
      phone: '+79995550032',
      role: 'customer',
    });
    const empty = await send('GET', '/api/profile/products', { authorization: other.token });
    expect(empty.json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect((await send('GET', '/api/profile/products')).statusCode).toBe(401);
  });

  it('«Мои товары» puts the chosen variants in the cart within stock; one never bought or twice is refused', async () => {
    const glue = await offer(5);
    const pads = await offer(1, { pack: '50pairs' });
    const never = await offer(5);
    const master = await signedInUser(t, {
      email: 'reorder@products.test',
      password: 'reorder-password-1',
      phone: '+79995550033',
      role: 'customer',
    });
    const auth = { authorization: master.token };
    await placeOrder(
      [
        [glue, 1],
        [pads, 1],
      ],
      auth,
    );
    await update(sql`UPDATE product_offers SET stock = 1 WHERE id = ${pads}`);

    const res = await send('POST', '/api/profile/products/to-cart', auth, {
      lines: [
        { offerId: glue, quantity: 3 },
        { offerId: pads, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Repeated }>().data).toMatchObject({
      added: 2,
      count: 4,
      limited: [{ available: 1 }],
    });
    expect(quantities(await cartOf(auth))).toEqual({ [glue]: 3, [pads]: 1 });

    for (const lines of [
      [{ offerId: never, quantity: 1 }],
      [
        { offerId: glue, quantity: 1 },
        { offerId: glue, quantity: 2 },
      ],
      [],
      [{ offerId: glue, quantity: 0 }],
    ]) {
      const refused = await send('POST', '/api/profile/products/to-cart', auth, { lines });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/[А-Яа-яЁё]/);
    }
    expect(quantities(await cartOf(auth))).toEqual({ [glue]: 3, [pads]: 1 });
  });
});
