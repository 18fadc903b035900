// The demo shop's orders and online payment (spec: the demo shows every state of an order's life and of
// its payment): after seeding, every order is in a state the rules allow and carries what a real order in
// that state would have — its history, payment attempts, ЮKassa's notifications, timestamps, track number,
// points. The demo's online services are ЮKassa in test mode and are not offered until connected.
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { isYookassaAddress } from '../src/domains/payments/yookassa';
import {
  paymentStatusFits,
  type OrderStatus,
  type PaymentKind,
  type PaymentStatus,
} from '../src/domains/sales/order-rules';
import { seedDemo } from '../src/seed/demo';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Order = {
  id: number;
  number: string;
  userId: number | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentId: string | null;
  paymentKind: PaymentKind;
  paymentCode: string;
  deliveryKind: string;
  total: number;
  goods: number;
  bonusAccrued: number;
  bonusAllowed: boolean | null;
  track: string | null;
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  cancelReason: string | null;
  organizationId: number | null;
};
type Attempt = {
  orderId: number;
  status: string;
  amount: number;
  refundedAmount: number;
  refundId: string | null;
  refundStatus: string | null;
  providerPaymentId: string;
  idempotenceKey: string;
  cancellationReason: string | null;
  test: boolean;
  paidAt: Date | null;
  createdAt: Date;
};
type Event = {
  orderId: number;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  paymentStatus: string | null;
  actorLabel: string;
  comment: string | null;
  createdAt: Date;
};
type Notice = {
  orderId: number | null;
  event: string;
  providerPaymentId: string | null;
  outcome: string;
  message: string;
  remoteIp: string;
};

const uploadsDir = mkdtempSync(join(tmpdir(), 'seed-orders-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

describeOnDatabases('the demo orders and online payment on $name', (target) => {
  let t: TestApp;
  let orders: Order[];
  let attempts: Attempt[];
  let events: Event[];
  let notices: Notice[];
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

  beforeAll(async () => {
    t = await startTestApp(target, { uploadsDir });
    expect(await seedDemo(t.database.db, { storage: t.storage })).not.toBeNull();
    orders = await rows<Order>(sql`
      SELECT o.id, o.number, o.user_id AS "userId", o.status, o.payment_status AS "paymentStatus",
        o.payment_id AS "paymentId", p.kind AS "paymentKind", p.code AS "paymentCode", d.kind AS "deliveryKind",
        o.total, o.bonus_accrued AS "bonusAccrued", o.delivery_track_number AS track,
        o.created_at AS "createdAt", o.paid_at AS "paidAt", o.shipped_at AS "shippedAt",
        o.completed_at AS "completedAt", o.canceled_at AS "canceledAt", o.cancel_reason AS "cancelReason",
        o.organization_id AS "organizationId",
        (SELECT sum(coalesce(i.payable, i.total)) FROM order_items i WHERE i.order_id = o.id)::int AS goods,
        (SELECT ut.bonus_allowed AND ut.active FROM users u JOIN user_types ut ON ut.id = u.user_type_id
          WHERE u.id = o.user_id) AS "bonusAllowed"
      FROM orders o JOIN payment_services p ON p.id = o.payment_service_id
        JOIN delivery_services d ON d.id = o.delivery_service_id
      ORDER BY o.id`);
    attempts = await rows<Attempt>(sql`
      SELECT order_id AS "orderId", status, amount, refunded_amount AS "refundedAmount", refund_id AS "refundId",
        refund_status AS "refundStatus", provider_payment_id AS "providerPaymentId",
        idempotence_key AS "idempotenceKey", cancellation_reason AS "cancellationReason", test,
        paid_at AS "paidAt", created_at AS "createdAt"
      FROM payment_attempts ORDER BY created_at, id`);
    events = await rows<Event>(sql`
      SELECT order_id AS "orderId", kind, from_status AS "fromStatus", to_status AS "toStatus",
        payment_status AS "paymentStatus", actor_label AS "actorLabel", comment, created_at AS "createdAt"
      FROM order_events ORDER BY created_at, id`);
    notices = await rows<Notice>(sql`
      SELECT order_id AS "orderId", event, provider_payment_id AS "providerPaymentId", outcome, message,
        remote_ip AS "remoteIp"
      FROM payment_notifications ORDER BY created_at, id`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows every status and every payment state, each pair as the rules allow it', () => {
    expect(orders.length).toBeGreaterThanOrEqual(30);
    expect(new Set(orders.map((o) => o.status)).size).toBe(6);
    expect(new Set(orders.map((o) => o.paymentStatus))).toEqual(
      new Set(['unpaid', 'pending', 'paid', 'refunded', 'failed']),
    );
    for (const o of orders)
      expect(paymentStatusFits(o.status, o.paymentStatus, o.paymentKind), `${o.number} ${o.status}`).toBe(
        true,
      );
    // Every way to pay is used, each where the checkout would allow it.
    expect(new Set(orders.map((o) => o.paymentKind))).toEqual(new Set(['online', 'on_delivery', 'invoice']));
    for (const o of orders.filter((o) => o.paymentKind === 'invoice'))
      expect(o.organizationId).not.toBeNull();
    for (const o of orders.filter((o) => o.paymentKind === 'on_delivery')) {
      expect(['courier', 'self_pickup', 'pickup_point']).toContain(o.deliveryKind);
      expect(o.status).not.toBe('paid');
    }
  });

  it('gives every order paid online exactly one succeeded attempt for its total, applied by a notification', () => {
    const paid = orders.filter((o) => o.paymentKind === 'online' && o.paymentStatus === 'paid');
    expect(paid.length).toBeGreaterThan(3);
    for (const o of paid) {
      const succeeded = attempts.filter((a) => a.orderId === o.id && a.status === 'succeeded');
      expect(succeeded, o.number).toHaveLength(1);
      const [a] = succeeded;
      expect(a!.amount).toBe(o.total);
      expect(a!.refundedAmount).toBe(0);
      expect(o.paymentId).toBe(a!.providerPaymentId);
      expect(time(a!.paidAt)).toBe(time(o.paidAt));
      expect(
        notices.filter((n) => n.providerPaymentId === a!.providerPaymentId && n.outcome === 'applied'),
      ).toEqual([
        expect.objectContaining({ orderId: o.id, event: 'payment.succeeded', message: 'Заказ оплачен' }),
      ]);
    }
    for (const a of attempts) {
      expect(a.providerPaymentId).toMatch(/^[0-9a-f]{8}-000f-5000-9000-[0-9a-f]{12}$/);
      expect(a.idempotenceKey).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(a.test).toBe(true);
      expect(orders.find((o) => o.id === a.orderId)!.paymentKind).toBe('online');
    }
    // Declined first, then paid with a second attempt.
    const declined = attempts.filter((a) => a.cancellationReason === 'insufficient_funds');
    expect(declined.some((d) => paid.some((o) => o.id === d.orderId))).toBe(true);
    // A new order being paid now; new orders left with a declined or expired payment.
    for (const o of orders.filter((o) => o.paymentStatus === 'pending')) {
      expect(o.status).toBe('new');
      expect(attempts.filter((a) => a.orderId === o.id && a.status === 'pending')).toHaveLength(1);
    }
    for (const o of orders.filter((o) => o.paymentStatus === 'failed'))
      expect(attempts.filter((a) => a.orderId === o.id).at(-1)?.status).toBe('canceled');
  });

  it('refunds the paid order canceled by the shop and the payment that came after a cancel', () => {
    const refunded = orders.filter((o) => o.paymentStatus === 'refunded');
    expect(refunded.length).toBeGreaterThanOrEqual(2);
    for (const o of refunded) {
      expect(o.status).toBe('canceled');
      const [a] = attempts.filter((a) => a.orderId === o.id && a.status === 'succeeded');
      expect(a, o.number).toMatchObject({
        refundedAmount: o.total,
        refundStatus: 'succeeded',
        amount: o.total,
      });
      expect(a!.refundId).toMatch(/^[0-9a-f]{8}-/);
    }
    const late = notices.filter((n) => n.outcome === 'late');
    expect(late).toEqual([
      expect.objectContaining({
        event: 'payment.succeeded',
        message: 'Оплата пришла после отмены заказа: деньги возвращены',
      }),
    ]);
    const lateOrder = orders.find((o) => o.id === late[0]!.orderId)!;
    expect(lateOrder).toMatchObject({ status: 'canceled', paymentStatus: 'refunded', paidAt: null });
    const lateAttempt = attempts.find((a) => a.providerPaymentId === late[0]!.providerPaymentId)!;
    expect(time(lateAttempt.paidAt)).toBeGreaterThan(time(lateOrder.canceledAt)!);
    expect(events.filter((e) => e.orderId === lateOrder.id).at(-1)).toMatchObject({
      kind: 'payment',
      paymentStatus: 'refunded',
      actorLabel: 'ЮKassa',
      comment: 'Оплата пришла после отмены заказа: деньги возвращены',
    });
    // Someone outside YooKassa's networks, about a payment the shop never made.
    const refused = notices.filter((n) => n.outcome === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ orderId: null, message: 'Отправитель не из сетей ЮKassa' });
    expect(isYookassaAddress(refused[0]!.remoteIp)).toBe(false);
    expect(attempts.some((a) => a.providerPaymentId === refused[0]!.providerPaymentId)).toBe(false);
    for (const n of notices.filter((n) => n.outcome !== 'refused'))
      expect(isYookassaAddress(n.remoteIp), n.remoteIp).toBe(true);
  });

  it('gives every order a history from its placing to its status, with the dates on the order row', () => {
    const now = Date.now();
    for (const o of orders) {
      const own = events.filter((e) => e.orderId === o.id);
      expect(own[0], o.number).toMatchObject({ kind: 'placed', toStatus: 'new', paymentStatus: 'unpaid' });
      expect(time(own[0]!.createdAt)).toBe(time(o.createdAt));
      const moves = own.filter((e) => e.kind === 'status');
      // Each change starts where the one before it ended, and the last one is the order's status.
      moves.forEach((e, i) => expect(e.fromStatus, o.number).toBe(i ? moves[i - 1]!.toStatus : 'new'));
      expect(moves.at(-1)?.toStatus ?? 'new', o.number).toBe(o.status);
      for (const e of own) expect(time(e.createdAt)).toBeLessThanOrEqual(now);
      const at = (s: string) => time(moves.find((e) => e.toStatus === s)?.createdAt ?? null);

      const shipped = o.status === 'shipped' || o.status === 'completed';
      expect(time(o.shippedAt), o.number).toBe(shipped ? at('shipped') : null);
      expect(time(o.completedAt)).toBe(o.status === 'completed' ? at('completed') : null);
      expect(time(o.canceledAt)).toBe(o.status === 'canceled' ? at('canceled') : null);
      expect(o.cancelReason !== null).toBe(o.status === 'canceled');
      if (shipped && o.deliveryKind !== 'self_pickup')
        expect(o.track, o.number).toMatch(/^(\d{10}|800\d{11})$/);
      else expect(o.track).toBeNull();
      if (o.paymentStatus === 'paid') expect(time(o.paidAt)).not.toBeNull();
      // Paid on delivery: the money is taken on completion.
      if (o.paymentKind === 'on_delivery' && o.status === 'shipped') expect(o.paymentStatus).toBe('unpaid');
      if (o.paymentKind === 'on_delivery' && o.status === 'completed')
        expect(o.paidAt).toEqual(o.completedAt);
    }
    // The customer, the shop and ЮKassa each act; a cancel by the staff says why.
    expect(new Set(events.map((e) => e.actorLabel))).toEqual(new Set(['Покупатель', 'Магазин', 'ЮKassa']));
  });

  it('accrues 5 % of the goods in points on completion for customers in the programme, expiring in a year', async () => {
    const accruals = await rows<{
      orderId: number;
      userId: number;
      amount: number;
      expiresAt: Date;
      createdAt: Date;
    }>(
      sql`SELECT order_id AS "orderId", user_id AS "userId", amount, expires_at AS "expiresAt",
            created_at AS "createdAt"
          FROM bonus_transactions WHERE kind = 'accrual'`,
    );
    const earning = orders.filter(
      (o) => o.status === 'completed' && o.userId !== null && o.bonusAllowed !== false,
    );
    expect(earning.length).toBeGreaterThan(3);
    for (const o of orders) {
      const own = accruals.filter((a) => a.orderId === o.id);
      if (!earning.includes(o)) {
        expect(own, o.number).toEqual([]);
        expect(o.bonusAccrued).toBe(0);
        continue;
      }
      const points = Math.floor((o.goods * 5) / 100 / 100);
      expect(o.bonusAccrued, o.number).toBe(points);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ userId: o.userId, amount: points });
      expect(time(own[0]!.createdAt)).toBe(time(o.completedAt));
      expect(time(own[0]!.expiresAt)).toBe(time(o.completedAt)! + 365 * 86_400_000);
    }
  });

  it('offers the ЮKassa services in test mode at the checkout only once their keys are entered', async () => {
    const services = await rows<{
      id: number;
      code: string;
      title: string;
      provider: string;
      testMode: boolean;
    }>(
      sql`SELECT id, code, title, provider, test_mode AS "testMode" FROM payment_services WHERE kind = 'online'`,
    );
    expect(services.map((s) => s.code).sort()).toEqual(['card_online', 'sbp']);
    for (const s of services)
      expect(s).toMatchObject({
        provider: 'yookassa',
        testMode: true,
        title: expect.stringContaining('тестовый режим'),
      });

    const [offer] = await rows<{ id: number }>(
      sql`SELECT id FROM product_offers WHERE stock > 0 AND coalesce(sale_price, base_price) < 1000000 ORDER BY id LIMIT 1`,
    );
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload: { offerId: offer!.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = { 'x-cart-token': added.json<{ data: { cartToken: string } }>().data.cartToken };
    const offered = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: cart });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { payments: { code: string }[] } }>().data.payments.map((p) => p.code);
    };
    const before = await offered();
    expect(before).toContain('on_delivery');
    expect(before).not.toContain('card_online');
    expect(before).not.toContain('sbp');

    const card = services.find((s) => s.code === 'card_online')!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/payment-services/${card.id}`,
      headers: { authorization: t.adminToken },
      payload: { credentials: { shopId: '123456', secretKey: 'test_secret-key' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await offered();
    expect(after).toContain('card_online');
    expect(after).not.toContain('sbp');
  });
});
