// The administrator's read of one order (GET /api/admin/orders/by-number/:number, sales/admin-order-view.ts):
// orders placed through POST /api/orders, then payment attempts, the provider's notifications and history
// rows beside them, read back as the order screen shows them: lines with the product's picture, the customer's
// account and organisation, delivery and payment with their kinds, totals broken down, the actions the role may
// take now. Admin and manager read it, the content role may not; an unknown number is 404 in Russian.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminOrderView } from '@shop/schemas';
import { settings } from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { adminCreate, createServices, productWithOffer, request, type RequestArgs } from './shop-fixtures';

type Json = Record<string, unknown>;

describeOnDatabases('the admin order view on $name', (target) => {
  let t: TestApp;
  const tokens = { manager: '', content: '' };
  const ids = { courier: 0, pickup: 0, invoice: 0, cash: 0, offer: 0, product: 0, customer: 0, org: 0 };
  let company = { id: 0, number: '' };
  let guest = { id: 0, number: '' };

  const send = (...args: RequestArgs) => request(t, ...args);
  const created = (url: string, payload: object) => adminCreate(t, url, payload);
  const rows = <T>(query: SQL) => selectRows<T>(t.database.db, query);
  const view = async (number: string, token = t.adminToken) => {
    const res = await send('GET', `/api/admin/orders/by-number/${number}`, { authorization: token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminOrderView }>().data;
  };
  /** Places an order from a fresh cart of `headers`; its id and number. */
  const place = async (headers: Json, quantity: number, body: Json) => {
    const added = await send('POST', '/api/cart/items', headers, { offerId: ids.offer, quantity });
    expect(added.statusCode, added.body).toBe(200);
    const token = added.json<{ data: { cartToken: string | null } }>().data.cartToken;
    const cart = token ? { ...headers, 'x-cart-token': token } : headers;
    if (body.points)
      expect((await send('PUT', '/api/cart/bonuses', cart, { points: body.points })).statusCode).toBe(200);
    const { points: _points, ...form } = body;
    const res = await send('POST', '/api/orders', cart, { consent: true, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json<{ data: { number: string } }>().data.number;
    const [row] = await rows<{ id: number }>(sql`SELECT id FROM orders WHERE number = ${number}`);
    return { id: row!.id, number };
  };

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
    for (const role of ['manager', 'content'] as const)
      ({ token: tokens[role] } = await signedInUser(t, {
        email: `${role}@view.test`,
        role,
        password: `${role}-password-1`,
      }));
    Object.assign(
      ids,
      await createServices(t, ['courier', 'pickup', 'invoice', 'cash'], {
        courier: { title: 'Курьер по Москве' },
      }),
    );
    // The offer's attributes are coded by directories; the view reads them by their names and titles.
    const colour = await created('/api/admin/directories', {
      title: 'Цвет',
      code: 'colour',
      useInOffers: true,
      sortOrder: 2,
    });
    await created('/api/admin/directory-entries', { directoryId: colour, code: 'black', title: 'чёрный' });
    const curl = await created('/api/admin/directories', {
      title: 'Изгиб',
      code: 'curl',
      useInOffers: true,
      sortOrder: 1,
    });
    await created('/api/admin/directory-entries', { directoryId: curl, code: 'D', title: 'D' });
    ({ productId: ids.product, offerId: ids.offer } = await productWithOffer(t, {
      slug: 'view-lashes',
      title: 'Ресницы чёрные',
      images: [{ url: '/uploads/demo/lashes.webp', alt: 'Ресницы' }, { url: '/uploads/demo/back.webp' }],
      article: 'VIEW-1',
      price: 100000,
      stock: 50,
      attributes: { colour: 'black', curl: 'D' },
    }));
    const type = await created('/api/admin/user-types', {
      title: 'Мастер',
      code: 'master',
      discountPercent: 10,
      bonusAllowed: true,
    });
    const customer = await signedInUser(t, {
      email: 'master@view.test',
      password: 'master-password-1',
      name: 'Анна',
      lastName: 'Смирнова',
      phone: '+79995550011',
      userTypeId: type,
      role: 'customer',
    });
    ids.customer = customer.id;
    await created('/api/admin/bonuses/adjust', {
      userId: customer.id,
      direction: 'accrual',
      points: 500,
      reason: 'Подарок',
    });
    const auth = { authorization: customer.token };
    const org = await send('PUT', '/api/profile/company', auth, {
      legalForm: 'ooo',
      name: 'Ресницы и брови',
      inn: '7707083893',
      bik: '044525225',
    });
    expect(org.statusCode, org.body).toBe(200);
    ids.org = org.json<{ data: { id: number } }>().data.id;
    company = await place(auth, 2, {
      customerName: 'Анна Смирнова',
      customerPhone: '+79995550011',
      customerEmail: 'master@view.test',
      deliveryServiceId: ids.courier,
      paymentServiceId: ids.invoice,
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Лесная, 5, офис 2',
      organizationId: ids.org,
      comment: 'Позвоните заранее',
      points: 300,
    });
    guest = await place({}, 1, {
      customerName: 'Вера',
      customerPhone: '+79990000002',
      customerEmail: 'vera@view.test',
      deliveryServiceId: ids.pickup,
      paymentServiceId: ids.cash,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the order whole: lines with pictures, customer, organisation, delivery, payment, totals', async () => {
    const v = await view(company.number);
    expect(v).toMatchObject({
      id: company.id,
      number: company.number,
      status: 'new',
      statusLabel: 'Новый',
      paymentStatus: 'unpaid',
      paymentStatusLabel: 'Не оплачен',
      comment: 'Позвоните заранее',
      managerComment: null,
      customer: {
        name: 'Анна Смирнова',
        phone: '+79995550011',
        email: 'master@view.test',
        account: {
          id: ids.customer,
          name: 'Анна Смирнова',
          email: 'master@view.test',
          phone: '+79995550011',
          userType: 'Мастер',
          active: true,
        },
        group: null,
      },
      organization: {
        id: ids.org,
        legalForm: 'ooo',
        legalFormLabel: expect.any(String),
        name: 'Ресницы и брови',
        inn: '7707083893',
        bik: '044525225',
      },
      delivery: {
        serviceId: ids.courier,
        title: 'Курьер по Москве',
        kind: 'courier',
        kindLabel: expect.any(String),
        city: 'Москва',
        address: 'ул. Лесная, 5, офис 2',
        pickupPoint: null,
        trackNumber: null,
        price: 45000,
      },
      payment: { serviceId: ids.invoice, title: 'По счёту', kind: 'invoice', provider: 'manual' },
      attempts: [],
      notifications: [],
    });
    // The money as the placing service stored it (pricing is its own test's): the view maps it, adds nothing.
    const [line] = await rows<Json>(
      sql`SELECT id, list_price, price, quantity, total, discount_share, bonus_share, payable
          FROM order_items WHERE order_id = ${company.id}`,
    );
    expect(v.lines).toEqual([
      {
        id: line!.id,
        productId: ids.product,
        offerId: ids.offer,
        image: '/uploads/demo/lashes.webp',
        title: 'Ресницы чёрные',
        article: 'VIEW-1',
        attributes: { colour: 'black', curl: 'D' },
        attributeLabels: [
          { name: 'Изгиб', value: 'D' },
          { name: 'Цвет', value: 'чёрный' },
        ],
        listPrice: line!.list_price,
        price: line!.price,
        quantity: 2,
        total: line!.total,
        discountShare: line!.discount_share,
        bonusShare: line!.bonus_share,
        payable: line!.payable,
        refundedQuantity: 0,
      },
    ]);
    const [order] = await rows<Json>(
      sql`SELECT items_total, discounts, discount_total, delivery_price, total FROM orders WHERE id = ${company.id}`,
    );
    // Points in points and in money, at the value they had when the order was placed.
    expect(v.totals).toEqual({
      itemsTotal: order!.items_total,
      discounts: order!.discounts,
      discountTotal: order!.discount_total,
      bonusSpent: 300,
      bonusPointValue: 100,
      bonusAmount: 30000,
      deliveryPrice: 45000,
      total: order!.total,
      bonusAccrued: 0,
    });
    // New, by invoice: confirm, mark the payment, cancel; the courier needs a track number to ship.
    expect(v.allowedActions).toEqual([
      { action: 'confirm', label: 'Подтвердить' },
      { action: 'markPaid', label: 'Отметить оплату' },
      { action: 'cancel', label: 'Отменить' },
    ]);
    expect(v.needsTrackNumber).toBe(true);
    expect(v.canEditLines).toBe(true);
    // Not paid yet: no money to give back.
    expect(v.money).toEqual({ received: 0, refunded: 0, refundPending: 0, refundable: 0 });
    expect(v.refunds).toEqual([]);
    expect(v.canRefund).toBe(false);
    // The manager reads the same order with the same buttons.
    const managers = await view(company.number, tokens.manager);
    expect(managers.allowedActions).toEqual(v.allowedActions);
  });

  it('reads a guest order picked up from the shop: no account, no track number needed', async () => {
    // An attribute no directory describes (any more) shows as it was stored.
    await t.database.db.execute(
      sql`UPDATE order_items SET attributes = '{"finish":"matte"}'::jsonb WHERE order_id = ${guest.id}`,
    );
    const v = await view(guest.number);
    expect(v.lines[0]!.attributeLabels).toEqual([{ name: 'finish', value: 'matte' }]);
    expect(v.customer).toEqual({
      name: 'Вера',
      phone: '+79990000002',
      email: 'vera@view.test',
      account: null,
      group: null,
    });
    expect(v.organization).toBeNull();
    expect(v.delivery).toMatchObject({ kind: 'self_pickup', pickupAddress: 'Москва, ул. Лесная, 5' });
    expect(v.payment).toMatchObject({ kind: 'on_delivery', title: 'При получении' });
    expect(v.needsTrackNumber).toBe(false);
    expect(v.allowedActions.map((a) => a.action)).toEqual(['confirm', 'markPaid', 'cancel']);
  });

  it('shows attempts, the late notification of a canceled order and the history, oldest first', async () => {
    await t.database.db.execute(sql`
      INSERT INTO payment_attempts (order_id, provider, provider_payment_id, idempotence_key, status, amount,
          refunded_amount, refund_status, cancellation_reason, test, created_at, paid_at) VALUES
        (${company.id}, 'yookassa', 'pay-1', 'key-1', 'canceled', 195000, 0, NULL, 'insufficient_funds', true,
          now() - interval '3 hours', NULL),
        (${company.id}, 'yookassa', 'pay-2', 'key-2', 'succeeded', 195000, 195000, 'succeeded', NULL, true,
          now() - interval '2 hours', now() - interval '2 hours')`);
    // One notification names the order, the other only a payment of one of its attempts.
    await t.database.db.execute(sql`
      INSERT INTO payment_notifications (provider, event, provider_payment_id, order_id, outcome, message, created_at)
      VALUES
        ('yookassa', 'payment.canceled', 'pay-1', ${company.id}, 'applied', NULL, now() - interval '150 minutes'),
        ('yookassa', 'payment.succeeded', 'pay-2', NULL, 'late', 'Заказ уже отменён: деньги возвращены',
          now() - interval '1 hour')`);
    const [manager] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'manager@view.test'`);
    // After whatever the placing service wrote itself (its own «placed» row): the newest come last.
    await t.database.db.execute(sql`
      INSERT INTO order_events (order_id, kind, from_status, to_status, payment_status, actor_id, actor_label,
          comment, public, created_at) VALUES
        (${company.id}, 'status', 'new', 'confirmed', NULL, ${manager!.id}, 'Магазин', NULL, true,
          now() + interval '1 minute'),
        (${company.id}, 'status', 'confirmed', 'canceled', NULL, ${manager!.id}, 'Магазин', 'Нет в наличии', true,
          now() + interval '2 minutes'),
        (${company.id}, 'payment', NULL, NULL, 'refunded', NULL, 'ЮKassa', NULL, false,
          now() + interval '3 minutes')`);
    await t.database.db.execute(sql`
      UPDATE orders SET status = 'canceled', payment_status = 'refunded', cancel_reason = 'Нет в наличии',
        canceled_at = now() WHERE id = ${company.id}`);

    const v = await view(company.number);
    expect(v.attempts.map((a) => [a.providerPaymentId, a.status, a.statusLabel])).toEqual([
      ['pay-1', 'canceled', 'Отменён'],
      ['pay-2', 'succeeded', 'Оплачен'],
    ]);
    expect(v.attempts[1]).toMatchObject({
      amount: 195000,
      refundedAmount: 195000,
      refundStatus: 'succeeded',
      refundStatusLabel: 'Выполнен',
      test: true,
      paidAt: expect.any(String),
    });
    expect(v.attempts[0]).toMatchObject({ cancellationReason: 'insufficient_funds', paidAt: null });
    expect(v.notifications.map((n) => [n.event, n.outcome, n.outcomeLabel, n.message])).toEqual([
      ['payment.canceled', 'applied', 'Применено', null],
      ['payment.succeeded', 'late', 'Заказ уже отменён', 'Заказ уже отменён: деньги возвращены'],
    ]);
    expect(v.history.slice(-3)).toMatchObject([
      {
        kind: 'status',
        kindLabel: 'Смена статуса',
        title: 'Заказ подтверждён',
        fromStatusLabel: 'Новый',
        toStatusLabel: 'Подтверждён',
        actorLabel: 'Магазин',
        actorName: 'manager',
      },
      {
        kind: 'status',
        fromStatus: 'confirmed',
        toStatus: 'canceled',
        toStatusLabel: 'Отменён',
        comment: 'Нет в наличии',
        public: true,
      },
      {
        kind: 'payment',
        paymentStatus: 'refunded',
        paymentStatusLabel: v.paymentStatusLabel,
        actorLabel: 'ЮKassa',
        actorName: null,
        public: false,
      },
    ]);
    const times = v.history.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(v).toMatchObject({
      status: 'canceled',
      cancelReason: 'Нет в наличии',
      canceledAt: expect.any(String),
    });
    // A canceled order's status changes no more, and its lines stay as they are.
    expect(v.allowedActions).toEqual([]);
    expect(v.canEditLines).toBe(false);
  });

  it('lets the lines change while a payment is under way, not once it is paid', async () => {
    await t.database.db.execute(sql`UPDATE orders SET payment_status = 'pending' WHERE id = ${guest.id}`);
    expect((await view(guest.number)).canEditLines).toBe(true);
    await t.database.db.execute(sql`UPDATE orders SET payment_status = 'paid' WHERE id = ${guest.id}`);
    expect((await view(guest.number)).canEditLines).toBe(false);
    await t.database.db.execute(sql`UPDATE orders SET payment_status = 'unpaid' WHERE id = ${guest.id}`);
    expect((await view(guest.number)).canEditLines).toBe(true);
  });

  it('answers 404 in Russian for an unknown number, 403 to the content role and 401 to a guest', async () => {
    const missing = await send('GET', '/api/admin/orders/by-number/2000-000000', {
      authorization: t.adminToken,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe(
      'Заказ № 2000-000000 не найден',
    );
    const content = await send('GET', `/api/admin/orders/by-number/${company.number}`, {
      authorization: tokens.content,
    });
    expect(content.statusCode).toBe(403);
    expect((await send('GET', `/api/admin/orders/by-number/${company.number}`)).statusCode).toBe(401);
  });
});
