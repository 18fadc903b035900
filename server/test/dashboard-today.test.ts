// The desktop's «Сегодня» (GET /api/admin/dashboard/today, sales/dashboard.ts todayFigures): revenue and orders of
// the Moscow day against yesterday, canceled orders left out, the day's first and last millisecond on the right
// side of midnight; the orders to confirm, to ship (x-list.views toShip: what the order rules let the shop ship)
// and waiting for an online or invoice payment three days or more. Each figure comes with its list filter,
// and the orders list under that filter holds exactly as many orders; the role that may not list orders gets 403.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { todayFigures } from '../src/domains/sales/dashboard';
import { verdictOf, type OrderStatus, type PaymentKind, type PaymentStatus } from '../src/domains/sales';
import { systemContext } from '../src/platform/crud/context';
import { createRegistry } from '../src/platform/crud/routes';
import { resources } from '../generated/resources';

/** 13:00 in Moscow on 29 November 2026. */
const NOW = new Date('2026-11-29T10:00:00.000Z');

interface Row {
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  kind: PaymentKind;
  total: number;
  createdAt: string;
}

// Moscow midnight of 29 November is 21:00 UTC on the 28th.
const ORDERS: Row[] = [
  // Today's first millisecond, and later today; a canceled one today is no revenue.
  row('A', 'new', 'unpaid', 'online', 100_00, '2026-11-28T21:00:00.000Z'),
  row('E', 'confirmed', 'unpaid', 'online', 250_50, '2026-11-29T08:30:00.000Z'),
  row('C', 'canceled', 'unpaid', 'on_delivery', 5000_00, '2026-11-29T09:00:00.000Z'),
  // Yesterday's last millisecond.
  row('B', 'paid', 'paid', 'online', 2000_00, '2026-11-28T20:59:59.999Z'),
  // The day before yesterday: neither day; confirmed and paid on delivery, so it may be shipped.
  row('D', 'confirmed', 'unpaid', 'on_delivery', 300_00, '2026-11-27T20:59:59.999Z'),
  // Three days ago at its last millisecond: unpaid for three days; a millisecond later: two days.
  row('F', 'new', 'pending', 'online', 400_00, '2026-11-26T20:59:59.999Z'),
  row('G', 'new', 'unpaid', 'invoice', 500_00, '2026-11-26T21:00:00.000Z'),
  // Long ago: paid (to ship), new and paid on delivery (to confirm, not waiting for a payment), shipped, done.
  row('H', 'paid', 'paid', 'invoice', 600_00, '2026-11-01T10:00:00.000Z'),
  row('I', 'new', 'unpaid', 'on_delivery', 700_00, '2026-11-01T10:00:00.000Z'),
  row('J', 'shipped', 'unpaid', 'on_delivery', 800_00, '2026-11-01T10:00:00.000Z'),
  row('K', 'completed', 'paid', 'online', 900_00, '2026-11-01T10:00:00.000Z'),
  row('L', 'confirmed', 'failed', 'invoice', 1000_00, '2026-11-02T10:00:00.000Z'),
];

function row(
  number: string,
  status: OrderStatus,
  paymentStatus: PaymentStatus,
  kind: PaymentKind,
  total: number,
  createdAt: string,
): Row {
  return { number: `DT-${number}`, status, paymentStatus, kind, total, createdAt };
}

const numbersOf = (rows: Row[]) => rows.map((r) => r.number).sort();

describeOnDatabases('the desktop «Сегодня» on $name', (target) => {
  let t: TestApp;
  let contentToken = '';

  const get = (url: string, token = t.adminToken) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: token } });
  /** The orders list under `filter`: its numbers (the list's own answer) and its total (Content-Range). */
  const list = async (filter: object) => {
    const res = await get(
      `/api/admin/orders?range=[0,99]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return {
      numbers: res
        .json<{ number: string }[]>()
        .map((o) => o.number)
        .sort(),
      total: Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ token: contentToken } = await signedInUser(t, {
      email: 'content@today.test',
      role: 'content',
      password: 'content-password-1',
    }));
    const { db } = t.database;
    await db.execute(sql`
      INSERT INTO payment_services (code, title, kind) VALUES
        ('today_online', 'Картой', 'online'),
        ('today_cash', 'При получении', 'on_delivery'),
        ('today_invoice', 'По счёту', 'invoice')`);
    for (const o of ORDERS)
      await db.execute(sql`
        INSERT INTO orders (number, status, payment_status, customer_name, customer_phone, total, created_at,
                            payment_service_id)
        VALUES (${o.number}, ${o.status}, ${o.paymentStatus}, 'Анна Смирнова', '+79990000101', ${o.total},
                ${o.createdAt}::timestamptz, (SELECT id FROM payment_services WHERE code = ${`today_${o.kind === 'on_delivery' ? 'cash' : o.kind}`}))`);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('on 29 November at 13:00 Moscow time', () => {
    const registry = createRegistry(resources);
    const figures = () => todayFigures(systemContext(t.database.db, registry, registry.get('orders')!), NOW);

    it('counts today and yesterday by the Moscow day, canceled orders left out', async () => {
      const f = await figures();
      expect(f.day).toBe('2026-11-29');
      expect(f.today).toMatchObject({ day: '2026-11-29', count: 2, revenue: 100_00 + 250_50 });
      expect(f.yesterday).toMatchObject({ day: '2026-11-28', count: 1, revenue: 2000_00 });
      expect(f.today.filter).toEqual({
        createdAt_gte: '2026-11-28T21:00:00.000Z',
        createdAt_lte: '2026-11-29T20:59:59.999Z',
        status_ne: 'canceled',
      });
      expect(f.yesterday.filter).toMatchObject({
        createdAt_gte: '2026-11-27T21:00:00.000Z',
        createdAt_lte: '2026-11-28T20:59:59.999Z',
      });
    });

    it('counts the orders to confirm, to ship and unpaid for three days', async () => {
      const f = await figures();
      expect(f.toConfirm).toEqual({ count: 4, filter: { status: 'new' } });
      expect(f.toShip).toEqual({ count: 3, filter: { view: 'toShip' } });
      expect(f.unpaid).toEqual({
        count: 2,
        days: 3,
        filter: { view: 'awaitingPayment', createdAt_lte: '2026-11-26T20:59:59.999Z' },
      });
      expect((await list(f.unpaid.filter)).numbers).toEqual(['DT-F', 'DT-L']);
    });
  });

  it('«К отправке» is what the order rules let the shop ship', async () => {
    const shippable = ORDERS.filter(
      (o) =>
        verdictOf(
          { status: o.status, paymentStatus: o.paymentStatus, paymentKind: o.kind, deliveryKind: 'courier' },
          'ship',
          'admin',
        ).allowed,
    );
    expect((await list({ view: 'toShip' })).numbers).toEqual(numbersOf(shippable));
    // Waiting for a payment: not canceled, not paid, paid before shipping (online or by invoice).
    const waiting = ORDERS.filter(
      (o) =>
        ['new', 'confirmed'].includes(o.status) && o.paymentStatus !== 'paid' && o.kind !== 'on_delivery',
    );
    expect((await list({ view: 'awaitingPayment' })).numbers).toEqual(numbersOf(waiting));
  });

  it('answers every figure with the list filter that shows exactly those orders', async () => {
    const res = await get('/api/admin/dashboard/today');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<{ data: Awaited<ReturnType<typeof todayFigures>> }>().data;
    for (const figure of [f.today, f.yesterday, f.toConfirm, f.toShip, f.unpaid])
      expect((await list(figure.filter)).total).toBe(figure.count);
    expect(f.unpaid.days).toBe(3);
  });

  it('refuses a role that may not list orders, and a view the list does not have', async () => {
    expect((await get('/api/admin/dashboard/today', contentToken)).statusCode).toBe(403);
    const res = await get(`/api/admin/orders?filter=${encodeURIComponent('{"view":"toString"}')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Подборки «toString» в разделе «Заказы» нет',
    );
  });
});
