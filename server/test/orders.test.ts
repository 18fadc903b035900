// Placing an order through the real server and database (sales/place-order.ts): the cart becomes an order
// priced again on the server, stock is taken, the coupon's use and the bonus spending are written, the
// letters are queued, the cart is emptied; a guest reads the order by its private link. Bad input is refused
// in Russian with nothing changed. On PostgreSQL, simultaneous orders never oversell stock, never use a
// coupon beyond its limit, never spend points twice, and one Idempotency-Key places one order.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bonusTransactions, settings } from '../generated/tables';
import type { AdminOrderQuote } from '@shop/schemas';
import { selectRows } from '../src/platform/db';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { placeOrder } from '../src/flows/checkout/place-order';
import { OutOfStock } from '../src/domains/sales/stock';
import { signedInUser } from './accounts';
import { testConfig } from './test-config';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';
import {
  adminPost,
  countRows,
  created,
  createServices,
  fillCart,
  productWithOffer,
  request,
  offerStock,
  type RequestArgs,
} from './shop-fixtures';

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; json: <T>() => T };

describeOnDatabases('placing orders on $name', (target) => {
  let t: TestApp;
  const ids = { pickup: 0, courier: 0, cash: 0, invoice: 0 };

  const send = (...args: RequestArgs) => request(t, ...args);
  const admin = (url: string, payload: object) => adminPost(t, url, payload);
  const count = (table: string, where?: SQL) => countRows(t, table, where);
  const stockOf = (offerId: number) => offerStock(t, offerId);
  /** A product with one offer: its offer id. */
  const offer = async (price: number, stock: number) => (await productWithOffer(t, { price, stock })).offerId;
  /** A guest's new cart holding these lines: the headers that reach it. */
  const guestCart = (lines: [offerId: number, quantity: number][]) => fillCart(t, lines);
  const form = (over: Json = {}) => ({
    customerName: 'Анна Смирнова',
    customerPhone: '8 (999) 123-45-67',
    customerEmail: 'anna@orders.test',
    deliveryServiceId: ids.pickup,
    paymentServiceId: ids.cash,
    consent: true,
    ...over,
  });
  const place = (headers: Json, body: object, key?: string) =>
    send('POST', '/api/orders', { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, body);
  const message = (res: Res) => res.json<{ error: { message: string } }>().error.message;

  beforeAll(async () => {
    t = await startTestApp(target, { config: { siteUrl: 'https://shop.test' } });
    await ensureSystemTemplates(t.database.db);
    await t.database.db.insert(settings).values({
      shopName: 'Ресницы',
      adminNotificationEmail: 'orders@shop.test',
      bonusEnabled: true,
      bonusMaxSpendPercent: 50,
      bonusPointValue: 100,
    });
    Object.assign(
      ids,
      await createServices(t, ['pickup', 'courier', 'cash', 'invoice'], {
        courier: { freeFrom: 500000 },
        // Paid on receipt only when picked up.
        cash: (made) => ({ deliveryServiceIds: [made.pickup] }),
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a guest places an order: priced on the server, stock taken, cart emptied, letters queued, a private link', async () => {
    const lashes = await offer(100000, 5);
    const glue = await offer(80000, 3);
    created(await admin('/api/admin/coupons', { code: 'MINUS10', type: 'percent', value: 10 }));
    const cart = await guestCart([
      [lashes, 2],
      [glue, 1],
    ]);
    expect((await send('POST', '/api/cart/coupon', cart, { code: 'minus10' })).statusCode).toBe(200);
    const quote = (
      await send('GET', `/api/cart?deliveryServiceId=${ids.pickup}&paymentServiceId=${ids.cash}`, cart)
    ).json<{ data: { totals: { total: number }; canOrder: boolean } }>().data;
    expect(quote).toMatchObject({ canOrder: true, totals: { total: 252000 } });

    const res = await place(cart, form({ expectedTotal: 252000, comment: '  Позвоните заранее  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<{
      data: { number: string; total: number; orderUrl: string; accessKey: string };
    }>().data;
    expect(placed.number).toMatch(/^\d{4}-\d{6}$/);
    expect(placed.total).toBe(252000);
    expect(placed.orderUrl).toBe(`/orders/${placed.number}?key=${placed.accessKey}`);
    expect(await stockOf(lashes)).toBe(3);
    expect(await stockOf(glue)).toBe(2);
    // The cart is empty and the coupon is gone from it.
    const after = (await send('GET', '/api/cart', cart)).json<{ data: { count: number; coupon: unknown } }>()
      .data;
    expect(after).toMatchObject({ count: 0, coupon: null });

    const [order] = await selectRows<Json>(
      t.database.db,
      sql`SELECT number, customer_phone, items_total, discount_total, total, coupon_code, comment, discounts
          FROM orders WHERE number = ${placed.number}`,
    );
    expect(order).toMatchObject({
      customer_phone: '+79991234567',
      items_total: 280000,
      discount_total: 28000,
      total: 252000,
      coupon_code: 'MINUS10',
      comment: 'Позвоните заранее',
    });
    expect(order!.discounts).toEqual([{ title: 'Промокод MINUS10', amount: 28000 }]);
    const lines = await selectRows<Json>(
      t.database.db,
      sql`SELECT offer_id, list_price, price, quantity, total, discount_share, payable FROM order_items
          WHERE order_id = (SELECT id FROM orders WHERE number = ${placed.number}) ORDER BY position`,
    );
    expect(lines).toEqual([
      {
        offer_id: lashes,
        list_price: 100000,
        price: 100000,
        quantity: 2,
        total: 200000,
        discount_share: 20000,
        payable: 180000,
      },
      {
        offer_id: glue,
        list_price: 80000,
        price: 80000,
        quantity: 1,
        total: 80000,
        discount_share: 8000,
        payable: 72000,
      },
    ]);
    expect(await count('coupon_usages')).toBe(1);
    expect(
      (
        await selectRows<{ used_count: number }>(
          t.database.db,
          sql`SELECT used_count FROM coupons WHERE code = 'MINUS10'`,
        )
      )[0]!.used_count,
    ).toBe(1);
    expect(await count('consents', sql`source = 'order' AND phone = '+79991234567'`)).toBe(1);
    // The customer's letter and SMS, and the shop's.
    const letters = await selectRows<{
      channel: string;
      recipient: string;
      subject: string | null;
      body: string;
    }>(
      t.database.db,
      sql`SELECT channel, recipient, subject, body FROM outbox_messages WHERE template_code LIKE 'order.%' ORDER BY id`,
    );
    expect(letters.map((l) => [l.channel, l.recipient])).toEqual([
      ['email', 'anna@orders.test'],
      ['sms', '+79991234567'],
      ['email', 'orders@shop.test'],
    ]);
    expect(letters[0]!.body).toContain(`https://shop.test/orders/${placed.number}?key=${placed.accessKey}`);
    expect(letters[2]!.subject).toContain(placed.number);

    // The private link shows the order; a wrong key is "not found".
    const view = await send('GET', `/api/orders/${placed.number}?key=${placed.accessKey}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ data: Json }>().data).toMatchObject({
      number: placed.number,
      total: 252000,
      deliveryService: 'Самовывоз',
      deliveryPickupAddress: 'Москва, ул. Лесная, 5',
      paymentService: 'При получении',
      items: [
        { title: expect.any(String), quantity: 2, listPrice: 100000, price: 100000, total: 200000 },
        { quantity: 1 },
      ],
    });
    const wrong = await send('GET', `/api/orders/${placed.number}?key=${'x'.repeat(32)}`);
    expect(wrong.statusCode).toBe(404);
    expect(message(wrong)).toBe(`Заказ ${placed.number} не найден`);
  });

  it('refuses bad orders in Russian and changes nothing', async () => {
    const lashes = await offer(100000, 4);
    const cart = await guestCart([[lashes, 2]]);
    const before = { orders: await count('orders'), stock: await stockOf(lashes) };
    const cases: [Json, number, RegExp][] = [
      [{ customerPhone: '12' }, 400, /введите номер телефона полностью/i],
      [{ customerPhone: '+1 23' }, 400, /введите номер телефона полностью/i],
      [{ customerEmail: 'нет' }, 400, /введите e-mail/i],
      [{ consent: false }, 400, /подтвердите согласие на обработку персональных данных/],
      [{ customerName: '  ' }, 400, /Имя и фамилия/],
      [{ deliveryServiceId: 'курьер' }, 400, /Способ доставки/],
      [{ deliveryServiceId: 999999 }, 409, /доставк/i],
      [{ deliveryServiceId: ids.courier }, 409, /При получении/],
      [
        { deliveryServiceId: ids.courier, paymentServiceId: ids.invoice },
        400,
        /Заполните адрес доставки: укажите город/,
      ],
      [
        {
          deliveryServiceId: ids.courier,
          paymentServiceId: ids.invoice,
          deliveryCity: 'Москва',
          deliveryAddress: 'Лесная, 5',
        },
        400,
        /организацию/,
      ],
      [{ expectedTotal: 1 }, 409, /Сумма заказа изменилась/],
      [{ organizationId: 5 }, 400, /Такой организации нет в вашем профиле/],
    ];
    for (const [over, status, text] of cases) {
      const res = await place(cart, form(over));
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(status);
      expect(message(res), JSON.stringify(over)).toMatch(text);
    }
    // An empty cart (a new guest), and a cart whose stock went meanwhile.
    const empty = await place({}, form());
    expect(empty.statusCode).toBe(409);
    expect(message(empty)).toMatch(/Корзина пуста/);
    await t.database.db.execute(sql`UPDATE product_offers SET stock = 1 WHERE id = ${lashes}`);
    const short = await place(cart, form());
    expect(short.statusCode).toBe(409);
    expect(message(short)).toMatch(/в наличии только 1 шт\./i);
    expect(message(short)).not.toMatch(/Корзина пуста/);
    await t.database.db.execute(sql`UPDATE product_offers SET stock = ${before.stock} WHERE id = ${lashes}`);
    expect(await count('orders')).toBe(before.orders);
    expect(await stockOf(lashes)).toBe(before.stock);
    expect((await send('GET', '/api/cart', cart)).json<{ data: { count: number } }>().data.count).toBe(2);
  });

  it('an order of several offers where the last one lacks stock takes nothing and places nothing', async () => {
    const first = await offer(10000, 5);
    const second = await offer(20000, 5);
    const last = await offer(30000, 5);
    const cart = await guestCart([
      [first, 2],
      [second, 3],
      [last, 4],
    ]);
    // The last offer (taken last, in id order) sold out meanwhile down to 3 pieces.
    await t.database.db.execute(sql`UPDATE product_offers SET stock = 3 WHERE id = ${last}`);
    const orders = await count('orders');
    const res = await place(cart, form());
    expect(res.statusCode, res.body).toBe(409);
    expect(message(res)).toMatch(/в наличии только 3 шт\./i);
    expect([await stockOf(first), await stockOf(second), await stockOf(last)]).toEqual([5, 5, 3]);
    expect(await count('orders')).toBe(orders);
    expect(await count('order_items', sql`offer_id IN (${first}, ${second}, ${last})`)).toBe(0);
  });

  it('a promo code that stopped working stops the order instead of being dropped', async () => {
    const lashes = await offer(100000, 10);
    created(
      await admin('/api/admin/coupons', { code: 'ONCE', type: 'fixed', value: 10000, usageLimitPerUser: 1 }),
    );
    const first = await guestCart([[lashes, 1]]);
    await send('POST', '/api/cart/coupon', first, { code: 'ONCE' });
    expect((await place(first, form({ customerPhone: '+7 900 000-00-01' }))).statusCode).toBe(201);
    // Another visit of the same guest (same phone, no account): the per-customer limit counts them.
    const second = await guestCart([[lashes, 1]]);
    await send('POST', '/api/cart/coupon', second, { code: 'ONCE' });
    const refused = await place(
      second,
      form({ customerPhone: '89000000001', customerEmail: 'other@orders.test' }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(message(refused)).toMatch(/ONCE.*Уберите промокод/s);
    // Without the code it goes through.
    await send('POST', '/api/cart/coupon', second, {});
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/cart/coupon',
          headers: second as Record<string, string>,
        })
      ).statusCode,
    ).toBe(200);
    expect((await place(second, form({ customerPhone: '89000000001' }))).statusCode).toBe(201);
  });

  it("another customer's personal promo code is refused in the cart and stops the order", async () => {
    const lashes = await offer(100000, 10);
    const owner = await signedInUser(t, {
      email: 'owner@orders.test',
      password: 'owner-password-1',
      role: 'customer',
    });
    const other = await signedInUser(t, {
      email: 'other@orders.test',
      password: 'other-password-1',
      role: 'customer',
    });
    created(
      await admin('/api/admin/coupons', { code: 'ONLYANNA', type: 'fixed', value: 5000, userId: owner.id }),
    );
    const auth = { authorization: other.token };
    await send('POST', '/api/cart/items', auth, { offerId: lashes, quantity: 1 });
    const cart = (await send('POST', '/api/cart/coupon', auth, { code: 'onlyanna' })).json<{
      data: { coupon: { state: string; message: string }; totals: { discounts: number } };
    }>().data;
    expect(cart.coupon).toMatchObject({
      state: 'rejected',
      message: 'Промокод «ONLYANNA» выпущен для другого покупателя',
    });
    expect(cart.totals.discounts).toBe(0);
    const before = await count('orders');
    const refused = await place(auth, form());
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toMatch(/выпущен для другого покупателя/);
    expect(await count('orders')).toBe(before);
    expect(
      await count('coupon_usages', sql`coupon_id = (SELECT id FROM coupons WHERE code = 'ONLYANNA')`),
    ).toBe(0);
  });

  it('one Idempotency-Key places one order: the repeat answers the same one', async () => {
    const lashes = await offer(50000, 10);
    const cart = await guestCart([[lashes, 1]]);
    const first = await place(cart, form(), 'checkout-key-0001');
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(cart, form(), 'checkout-key-0001');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Json }>().data).toEqual(first.json<{ data: Json }>().data);
    // Another visitor's cart with the same key is another order's business, not this one.
    const other = await guestCart([[lashes, 1]]);
    const theirs = await place(other, form(), 'checkout-key-0001');
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<{ data: { number: string } }>().data.number).not.toBe(
      first.json<{ data: { number: string } }>().data.number,
    );
    expect(await stockOf(lashes)).toBe(8);
  });

  it('a signed-in customer of a discounted type pays the card price, spends points, and finds the order', async () => {
    const lashes = await offer(100000, 10);
    const type = created(
      await admin('/api/admin/user-types', {
        title: 'Мастер',
        code: 'master',
        discountPercent: 10,
        bonusAllowed: true,
      }),
    );
    const { id, token } = await signedInUser(t, {
      email: 'master@orders.test',
      password: 'master-password-1',
      phone: '+79995550011',
      userTypeId: type,
      role: 'customer',
    });
    created(
      await admin('/api/admin/bonuses/adjust', {
        userId: id,
        direction: 'accrual',
        points: 500,
        reason: 'Подарок',
      }),
    );
    const auth = { authorization: token };
    const card = await send('GET', '/api/products/search?perPage=100', auth);
    const shown = card
      .json<{ data: { offerId: number | null; salePrice: number | null }[] }>()
      .data.find((p) => p.offerId === lashes);
    expect(shown?.salePrice).toBe(90000);
    await send('POST', '/api/cart/items', auth, { offerId: lashes, quantity: 2 });
    const withPoints = (await send('PUT', '/api/cart/bonuses', auth, { points: 300 })).json<{
      data: {
        bonuses: { spent: number; value: number };
        totals: { total: number };
        items: { unitPrice: number }[];
      };
    }>().data;
    expect(withPoints.items[0]!.unitPrice).toBe(90000);
    expect(withPoints.bonuses).toMatchObject({ spent: 300, value: 30000 });
    expect(withPoints.totals.total).toBe(150000);
    const res = await place(auth, form({ customerEmail: 'master@orders.test', expectedTotal: 150000 }));
    expect(res.statusCode, res.body).toBe(201);
    const { number, orderUrl } = res.json<{ data: { number: string; orderUrl: string } }>().data;
    expect(orderUrl).toBe(`/profile/orders/${number}`);
    const mine = await send('GET', `/api/profile/orders/${number}`, auth);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ data: Json }>().data).toMatchObject({
      total: 150000,
      bonusSpent: 300,
      bonusPointValue: 100,
      items: [{ listPrice: 100000, price: 90000, quantity: 2, total: 180000 }],
    });
    const balance = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT sum(amount) AS n FROM bonus_transactions WHERE user_id = ${id}`,
    );
    expect(Number(balance[0]!.n)).toBe(200);
  });

  it('an organisation from the profile buys by invoice; another customer cannot name it', async () => {
    const lashes = await offer(100000, 10);
    const { token } = await signedInUser(t, {
      email: 'company@orders.test',
      password: 'company-password-1',
      role: 'customer',
    });
    const auth = { authorization: token };
    const company = await send('PUT', '/api/profile/company', auth, {
      legalForm: 'ooo',
      name: 'Ресницы и брови',
      inn: '7707083893',
    });
    expect(company.statusCode, company.body).toBe(200);
    const organizationId = company.json<{ data: { id: number } }>().data.id;
    expect(organizationId).toBeGreaterThan(0);
    await send('POST', '/api/cart/items', auth, { offerId: lashes, quantity: 1 });
    const invoice = {
      deliveryServiceId: ids.courier,
      paymentServiceId: ids.invoice,
      deliveryCity: 'Казань',
      deliveryAddress: 'ул. Баумана, 1, офис 5',
    };
    // A stranger's cart naming this organisation is refused.
    const stranger = await guestCart([[lashes, 1]]);
    const refused = await place(stranger, form({ ...invoice, organizationId }));
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Такой организации нет в вашем профиле');
    const res = await place(auth, form({ ...invoice, organizationId }));
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await selectRows<{
      organization_id: number;
      delivery_city: string;
      delivery_pickup_point: string | null;
    }>(
      t.database.db,
      sql`SELECT organization_id, delivery_city, delivery_pickup_point FROM orders
          WHERE number = ${res.json<{ data: { number: string } }>().data.number}`,
    );
    expect(order).toEqual({
      organization_id: organizationId,
      delivery_city: 'Казань',
      delivery_pickup_point: null,
    });
  });

  it("an order is history: the generic PUT is refused, the manager's comment has its own endpoint", async () => {
    const lashes = await offer(100000, 10);
    const res = await place(await guestCart([[lashes, 2]]), form());
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM orders WHERE number = ${res.json<{ data: { number: string } }>().data.number}`,
    );
    const id = row!.id;
    const adminHeaders = { authorization: t.adminToken };
    const loaded = (await send('GET', `/api/admin/orders/${id}`, adminHeaders)).json<Json>();
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${id}`,
      headers: adminHeaders,
      payload: { ...loaded, status: 'confirmed', managerComment: 'Через форму', total: 1 },
    });
    expect(forged.statusCode).toBe(403);
    expect((await send('GET', `/api/admin/orders/${id}`, adminHeaders)).json<Json>()).toEqual(loaded);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${id}/manager-comment`,
      headers: adminHeaders,
      payload: { managerComment: 'Позвонили, подтвердили', updatedAt: loaded.updatedAt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Only the comment changed: the status moves through the order service's actions (order-status.ts).
    expect((await send('GET', `/api/admin/orders/${id}`, adminHeaders)).json<Json>()).toMatchObject({
      status: 'new',
      managerComment: 'Позвонили, подтвердили',
      total: 200000,
      items: [{ offerId: lashes, quantity: 2, price: 100000, total: 200000 }],
    });
  });

  it('points past their expiry cannot be spent', async () => {
    const lashes = await offer(100000, 10);
    const type = created(
      await admin('/api/admin/user-types', { title: 'С баллами', code: 'expiry', bonusAllowed: true }),
    );
    const { id, token } = await signedInUser(t, {
      email: 'expiry@orders.test',
      password: 'expiry-password-1',
      userTypeId: type,
      role: 'customer',
    });
    const day = 86_400_000;
    // 500 points that expired yesterday (100 of them spent before), 200 that are still good.
    for (const [amount, expiresAt] of [
      [500, new Date(Date.now() - day).toISOString()],
      [-100, null],
      [200, new Date(Date.now() + 30 * day).toISOString()],
    ] as const)
      // The ledger is history: no API writes a row with its own expiry, so the test writes it.
      await t.database.db.insert(bonusTransactions).values({
        userId: id,
        amount,
        kind: 'manual',
        reason: 'Тест',
        expiresAt: expiresAt ? new Date(expiresAt) : null,
      });
    const auth = { authorization: token };
    await send('POST', '/api/cart/items', auth, { offerId: lashes, quantity: 1 });
    const cart = (await send('PUT', '/api/cart/bonuses', auth, { points: 600 })).json<{
      data: { bonuses: { available: number; spent: number } };
    }>().data;
    expect(cart.bonuses).toMatchObject({ available: 200, spent: 200 });
  });

  it('a manager enters an order for a customer through the same placing service', async () => {
    const lashes = await offer(100000, 10);
    const [row] = await selectRows<{ article: string }>(
      t.database.db,
      sql`SELECT article FROM product_offers WHERE id = ${lashes}`,
    );
    const { article } = row!;
    const type = created(
      await admin('/api/admin/user-types', { title: 'Мастер-2', code: 'mastertwo', discountPercent: 20 }),
    );
    const customer = await signedInUser(t, {
      email: 'phoned@orders.test',
      password: 'phoned-password-1',
      phone: '+79995550099',
      userTypeId: type,
      role: 'customer',
    });
    const manager = await signedInUser(t, {
      email: 'manager@orders.test',
      password: 'manager-password-1',
      role: 'manager',
    });
    const content = await signedInUser(t, {
      email: 'content@orders.test',
      password: 'content-password-1',
      role: 'content',
    });
    const body = {
      userId: customer.id,
      lines: [
        { article, quantity: 1 },
        { article, quantity: 1 },
      ],
      customerName: 'Мастер по телефону',
      customerPhone: '+7 999 555-00-99',
      customerEmail: null,
      deliveryServiceId: ids.pickup,
      paymentServiceId: ids.cash,
      managerComment: 'Заказ по телефону',
    };
    const url = '/api/admin/orders/place';
    expect((await send('POST', url, { authorization: content.token }, body)).statusCode).toBe(403);
    const unknown = await send(
      'POST',
      url,
      { authorization: manager.token },
      {
        ...body,
        lines: [{ article: 'НЕТ-ТАКОГО', quantity: 1 }],
      },
    );
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toBe('В каталоге нет артикулов: НЕТ-ТАКОГО');
    const before = await count('outbox_messages');
    const res = await send(
      'POST',
      url,
      { authorization: manager.token, 'idempotency-key': 'phone-order-1' },
      body,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id, order } = res.json<{ data: { id: number; order: { number: string; total: number } } }>().data;
    // The customer's price (−20 %), two pieces of one line, the stock taken.
    expect(order.total).toBe(160000);
    expect(await stockOf(lashes)).toBe(8);
    const again = await send(
      'POST',
      url,
      { authorization: manager.token, 'idempotency-key': 'phone-order-1' },
      body,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { id: number } }>().data.id).toBe(id);
    const stored = (
      await send('GET', `/api/admin/orders/${id}`, { authorization: t.adminToken })
    ).json<Json>();
    expect(stored).toMatchObject({
      userId: customer.id,
      managerComment: 'Заказ по телефону',
      customerEmail: null,
      items: [{ offerId: lashes, quantity: 2, listPrice: 100000, price: 80000 }],
    });
    // The customer gets the SMS (no e-mail was given); the shop is not told of its own order.
    const letters = await selectRows<{ channel: string; recipient: string }>(
      t.database.db,
      sql`SELECT channel, recipient FROM outbox_messages ORDER BY id OFFSET ${before}`,
    );
    expect(letters).toEqual([{ channel: 'sms', recipient: '+79995550099' }]);
    // The history names the manager.
    const history = await send('GET', `/api/admin/history?resource=orders&recordId=${id}`, {
      authorization: t.adminToken,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('manager@orders.test');
  });

  it('the live total of «Новый заказ» is the total placing gives, and a stale one places nothing', async () => {
    const glue = await offer(150000, 5);
    const brush = await offer(30000, 1);
    const articleOf = async (id: number) =>
      (
        await selectRows<{ article: string }>(
          t.database.db,
          sql`SELECT article FROM product_offers WHERE id = ${id}`,
        )
      )[0]!.article;
    const [glueArticle, brushArticle] = [await articleOf(glue), await articleOf(brush)];
    const type = created(
      await admin('/api/admin/user-types', { title: 'Мастер-10', code: 'masterten', discountPercent: 10 }),
    );
    const customer = await signedInUser(t, {
      email: 'quoted@orders.test',
      password: 'quoted-password-1',
      phone: '+79995550088',
      userTypeId: type,
      role: 'customer',
    });
    const auth = { authorization: t.adminToken };
    const quoteUrl = '/api/admin/orders/quote';
    const form = {
      userId: customer.id,
      lines: [
        { article: glueArticle, quantity: 2 },
        { article: brushArticle, quantity: 1 },
      ],
      deliveryServiceId: ids.pickup,
      paymentServiceId: ids.cash,
    };
    const quoted = await send('POST', quoteUrl, auth, form);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json<{ data: AdminOrderQuote }>().data;
    // The customer's price (−10 %) on every line, picked up at the shop, nothing in the way.
    expect(quote.lines.map((l) => [l.article, l.unitPrice, l.total, l.problem])).toEqual([
      [glueArticle, 135000, 270000, null],
      [brushArticle, 27000, 27000, null],
    ]);
    expect(quote).toMatchObject({ canPlace: true, problems: [] });
    expect(quote.totals.total).toBe(297000 + quote.totals.delivery);

    // Bad input: a Russian message, and nothing written.
    const orders = await count('orders');
    const refusals: [object, string][] = [
      [{ ...form, lines: [] }, 'Проверьте данные: «Товары»: добавьте в заказ хотя бы один товар'],
      [
        { ...form, lines: [{ article: glueArticle, quantity: 0 }] },
        'Проверьте данные: «Количество»: не меньше 1',
      ],
      [{ ...form, lines: [{ article: 'НЕТ-ТАКОГО', quantity: 1 }] }, 'В каталоге нет артикулов: НЕТ-ТАКОГО'],
      [{ ...form, userId: 99999999 }, 'Покупатель №99999999 не найден'],
      [
        { ...form, deliveryPostalCode: '12' },
        'Проверьте данные: «Индекс»: индекс — шесть цифр, например 101000',
      ],
    ];
    for (const [body, text] of refusals) {
      const res = await send('POST', quoteUrl, auth, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(message(res)).toEqual(text);
    }
    const content = await signedInUser(t, {
      email: 'content-quote@orders.test',
      password: 'content-password-1',
      role: 'content',
    });
    expect((await send('POST', quoteUrl, { authorization: content.token }, form)).statusCode).toBe(403);
    // More than the stock: the line says so, and the order cannot be placed as it is.
    const short = (
      await send('POST', quoteUrl, auth, { ...form, lines: [{ article: brushArticle, quantity: 2 }] })
    ).json<{ data: AdminOrderQuote }>().data;
    expect(short.lines[0]!.problem).toBe('В наличии только 1 шт.: уменьшите количество');
    expect(short.canPlace).toBe(false);
    expect(await count('orders')).toBe(orders);
    expect(await stockOf(glue)).toBe(5);

    const place = {
      ...form,
      customerName: 'Мастер по телефону',
      customerPhone: '+7 999 555-00-88',
    };
    // A total other than the one the form showed is refused, and nothing is placed.
    const stale = await send('POST', '/api/admin/orders/place', auth, {
      ...place,
      expectedTotal: quote.totals.total + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(message(stale)).toBe(
      'Сумма заказа изменилась, пока вы его оформляли: проверьте её и подтвердите заказ ещё раз.',
    );
    expect(await count('orders')).toBe(orders);
    // The total shown is the total placed.
    const placed = await send('POST', '/api/admin/orders/place', auth, {
      ...place,
      expectedTotal: quote.totals.total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ data: { order: { total: number } } }>().data.order.total).toBe(quote.totals.total);
    expect(await stockOf(glue)).toBe(3);
  });

  it('for random carts, the total GET /api/cart shows is the total the order is placed with', async () => {
    const offers = [
      await offer(12345, 50),
      await offer(99990, 50),
      await offer(4999, 50),
      await offer(250000, 50),
    ];
    created(
      await admin('/api/admin/coupons', { code: 'RND7', type: 'percent', value: 7, maxDiscount: 31000 }),
    );
    created(
      await admin('/api/admin/cart-rules', {
        title: 'От трёх штук −3 %',
        minQuantity: 3,
        discountType: 'percent',
        discountValue: 3,
      }),
    );
    // The courier's own payment on receipt, so that every round, pickup or courier, is placed.
    const courierCash = created(
      await admin('/api/admin/payment-services', {
        code: 'courier_cash',
        title: 'Курьеру при получении',
        kind: 'on_delivery',
        deliveryServiceIds: [ids.courier],
      }),
    );
    let state = 20260;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    for (let round = 0; round < 8; round++) {
      const picked = offers.filter(() => random(2) === 1);
      const lines = (picked.length ? picked : [offers[0]!]).map(
        (o) => [o, 1 + random(4)] as [number, number],
      );
      const cart = await guestCart(lines);
      if (random(2)) await send('POST', '/api/cart/coupon', cart, { code: 'RND7' });
      const [delivery, payment] = random(2) ? [ids.pickup, ids.cash] : [ids.courier, courierCash];
      const shown = (
        await send('GET', `/api/cart?deliveryServiceId=${delivery}&paymentServiceId=${payment}`, cart)
      ).json<{ data: { totals: { total: number }; canOrder: boolean } }>().data;
      expect(shown.canOrder, `round ${round}`).toBe(true);
      const res = await place(
        cart,
        form({
          deliveryServiceId: delivery,
          paymentServiceId: payment,
          deliveryCity: 'Москва',
          deliveryAddress: 'ул. Лесная, 5',
          customerPhone: `+7999000${1000 + round}`,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: { total: number } }>().data.total, `round ${round}`).toBe(shown.totals.total);
    }
  });

  itRaces(target, '50 orders at once for 10 pieces: exactly 10 orders, stock 0', async () => {
    const lashes = await offer(10000, 10);
    const carts = [];
    for (let i = 0; i < 50; i++) carts.push(await guestCart([[lashes, 1]]));
    const before = await count('orders');
    const results = await Promise.all(
      carts.map((c, i) => place(c, form({ customerPhone: `+7999111${1000 + i}` }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(40);
    expect(await count('orders')).toBe(before + 10);
    expect(await stockOf(lashes)).toBe(0);
  });

  itRaces(
    target,
    'an order whose last offer sells out after it was priced gives back what it took',
    async () => {
      // Another order takes the last offer's pieces between this order's pricing and its write: it holds
      // the offer's row (not yet committed) while this order is priced with the 5 pieces it still sees, and
      // commits once this order's write waits for that row. The write then finds 3 of the 4 it asks for,
      // and must give back what it took of the first two offers, and write nothing.
      const first = await offer(10000, 5);
      const second = await offer(20000, 5);
      const last = await offer(30000, 5);
      const [staff] = await selectRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
      );
      const orders = await count('orders');
      let sell!: () => void;
      const sold = new Promise<void>((resolve) => (sell = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const otherOrder = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE product_offers SET stock = 3 WHERE id = ${last}`);
        holding();
        await sold;
      });
      await held;
      const placing = placeOrder(
        t.database.db,
        {
          source: {
            kind: 'manager',
            contents: {
              lines: [
                { id: 1, offerId: first, quantity: 2 },
                { id: 2, offerId: second, quantity: 3 },
                { id: 3, offerId: last, quantity: 4 },
              ],
              couponCode: null,
              bonusPoints: 0,
            },
            actorId: staff!.id,
            managerComment: null,
          },
          viewer: null,
          site: 'https://shop.test',
          idempotencyKey: null,
          consent: { ip: null, userAgent: null },
          carriers: testConfig(null),
        },
        form(),
      );
      const outcome = placing.then(
        () => 'placed',
        (error: unknown) => error,
      );
      // Until the order's write waits for the offer's row.
      for (let i = 0; i < 200; i++) {
        const [waiting] = await selectRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      sell();
      await otherOrder;
      expect(await outcome).toBeInstanceOf(OutOfStock);
      expect([await stockOf(first), await stockOf(second), await stockOf(last)]).toEqual([5, 5, 3]);
      expect(await count('orders')).toBe(orders);
      expect(await count('order_items', sql`offer_id IN (${first}, ${second}, ${last})`)).toBe(0);
    },
  );

  itRaces(target, 'overlapping orders of several offers never take part of an order', async () => {
    for (let round = 0; round < 3; round++) {
      // Offers in id order: the last is the scarce one, so a refused order has taken the others first.
      const plenty = await offer(10000, 100);
      const some = await offer(10000, 100);
      const scarce = await offer(10000, 6);
      const mixes: [number, number][][] = [
        [
          [plenty, 1],
          [some, 1],
          [scarce, 1],
        ],
        [
          [plenty, 2],
          [scarce, 2],
        ],
        [
          [some, 3],
          [scarce, 1],
        ],
      ];
      const carts = [];
      for (let i = 0; i < 18; i++) carts.push(await guestCart(mixes[i % mixes.length]!));
      const results = await Promise.all(
        carts.map((c, i) => place(c, form({ customerPhone: `+7999333${1000 + round * 100 + i}` }))),
      );
      expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const placed = results.filter((r) => r.statusCode === 201).length;
      expect(placed, `round ${round}`).toBeGreaterThan(0);
      expect(placed, `round ${round}`).toBeLessThan(results.length);
      // What left the shelf of each offer is exactly what the placed orders hold: nothing of a refused one.
      for (const [offerId, stock] of [
        [plenty, 100],
        [some, 100],
        [scarce, 6],
      ] as const) {
        const [sold] = await selectRows<{ n: number }>(
          t.database.db,
          sql`SELECT coalesce(sum(quantity), 0) AS n FROM order_items WHERE offer_id = ${offerId}`,
        );
        expect(stock - (await stockOf(offerId)), `round ${round}, offer ${offerId}`).toBe(Number(sold!.n));
      }
      // Every placed order holds all of its cart's lines.
      const partial = await count(
        'orders',
        sql`id IN (SELECT order_id FROM order_items WHERE offer_id IN (${plenty}, ${some}, ${scarce}))
            AND (SELECT count(*) FROM order_items i WHERE i.order_id = orders.id) < 2`,
      );
      expect(partial).toBe(0);
    }
  });

  itRaces(target, '20 uses at once of a coupon limited to 5: five orders use it', async () => {
    const lashes = await offer(10000, 100);
    created(await admin('/api/admin/coupons', { code: 'FIVE', type: 'fixed', value: 1000, usageLimit: 5 }));
    const carts = [];
    for (let i = 0; i < 20; i++) {
      const c = await guestCart([[lashes, 1]]);
      await send('POST', '/api/cart/coupon', c, { code: 'FIVE' });
      carts.push(c);
    }
    const results = await Promise.all(
      carts.map((c, i) => place(c, form({ customerPhone: `+7999222${1000 + i}` }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(await count('coupon_usages', sql`coupon_id = (SELECT id FROM coupons WHERE code = 'FIVE')`)).toBe(
      5,
    );
  });

  itRaces(target, 'one Idempotency-Key sent 10 times at once places one order', async () => {
    const lashes = await offer(10000, 100);
    const cart = await guestCart([[lashes, 1]]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => place(cart, form(), 'same-key-at-once')),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json<{ data: { number: string } }>().data.number)).size).toBe(1);
    expect(await stockOf(lashes)).toBe(99);
  });

  itRaces(
    target,
    'a line added while the cart is ordered is in the order or left in the cart, never lost',
    async () => {
      const lashes = await offer(10000, 100);
      const glue = await offer(5000, 100);
      for (let round = 0; round < 25; round++) {
        const cart = await guestCart([[lashes, 1]]);
        const [placed, added] = await Promise.all([
          place(cart, form({ customerPhone: `+7999222${1000 + round}` })),
          send('POST', '/api/cart/items', cart, { offerId: glue, quantity: 1 }),
        ]);
        expect(placed.statusCode, placed.body).toBe(201);
        expect(added.statusCode, added.body).toBe(200);
        const number = placed.json<{ data: { number: string } }>().data.number;
        const [order] = await selectRows<{ offers: number[] }>(
          t.database.db,
          sql`SELECT array_agg(i.offer_id ORDER BY i.offer_id) AS offers
            FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.number = ${number}`,
        );
        const left = (await send('GET', '/api/cart', cart))
          .json<{ data: { items: { offerId: number }[] } }>()
          .data.items.map((i) => i.offerId);
        const ordered = order!.offers.includes(glue);
        // The glue is either ordered with the lashes (added first) or waits in the emptied cart (added after).
        expect({ ordered, left }).toEqual(ordered ? { ordered, left: [] } : { ordered, left: [glue] });
      }
    },
  );

  itRaces(target, 'a bonus balance cannot be spent twice by two carts at once', async () => {
    const lashes = await offer(100000, 100);
    const type = created(
      await admin('/api/admin/user-types', { title: 'Бонусный', code: 'bonusrace', bonusAllowed: true }),
    );
    const group = created(
      await admin('/api/admin/user-groups', { title: 'Представитель Казань', isRepresentative: true }),
    );
    const { id, token } = await signedInUser(t, {
      email: 'twice@orders.test',
      password: 'twice-password-1',
      userTypeId: type,
      groupIds: [group],
      role: 'customer',
    });
    created(
      await admin('/api/admin/bonuses/adjust', {
        userId: id,
        direction: 'accrual',
        points: 400,
        reason: 'Подарок',
      }),
    );
    // Two carts of one customer: their own and the group's they represent, both spending all 400 points.
    const own = { authorization: token };
    const forGroup = { authorization: token, 'x-user-group': String(group) };
    for (const headers of [own, forGroup]) {
      expect(
        (await send('POST', '/api/cart/items', headers, { offerId: lashes, quantity: 1 })).statusCode,
      ).toBe(200);
      const cart = (await send('PUT', '/api/cart/bonuses', headers, { points: 400 })).json<{
        data: { bonuses: { spent: number }; totals: { total: number } };
      }>().data;
      expect(cart.bonuses.spent).toBe(400);
    }
    // Both sent with the total they showed: the second finds the points gone and is refused.
    const results = await Promise.all([own, forGroup].map((h) => place(h, form({ expectedTotal: 60000 }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(message(results.find((r) => r.statusCode === 409)!)).toMatch(/Сумма заказа изменилась/);
    const balance = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT sum(amount) AS n FROM bonus_transactions WHERE user_id = ${id}`,
    );
    expect(Number(balance[0]!.n)).toBe(0);
    // The group's order carries the group.
    const groupOrders = await count('orders', sql`user_group_id = ${group}`);
    expect(groupOrders).toBe(results[1]!.statusCode === 201 ? 1 : 0);
  });
});
