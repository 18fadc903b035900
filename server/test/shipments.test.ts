// «Передать в СДЭК» and a shipment's life, through the real server and database against the local СДЭК
// (fake-cdek.ts): the request the carrier gets (recipient, pickup point, packages with their items, the sum
// collected on delivery), one live shipment per order, the states read by the periodic task (flows/shipping
// poll.ts) and what they do to the order (shipped with the tracking link in the customer's letter, completed,
// a return told to the shop), a refused registration, a carrier that fails, and the label PDF.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, shipments } from '../generated/tables';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { pollShipments } from '../src/flows/shipping';
import { packOrder } from '../src/flows/shipping/shipment-request';
import { selectRows } from '../src/platform/db';
import { startFakeCdek, type FakeCdek } from './fake-cdek';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';
import { testConfig } from './test-config';
import { adminCreate, adminPost, createServices, fillCart, request } from './shop-fixtures';

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; json: <T>() => T };

const SECRET = 'cdek-secret-for-shipments';
const message = (res: Res) => res.json<{ error: { message: string } }>().error.message;

describe('an order as packages', () => {
  const shop = { weight: 200, length: 20, width: 15, height: 5 };
  const size = (weight: number) => ({ weight, length: 10, width: 10, height: 10 });
  const line = (title: string, quantity: number, weight: number) => ({
    title,
    article: title.toUpperCase(),
    offerId: null,
    price: 1000,
    quantity,
    size: size(weight),
    categorySize: null,
  });

  it('puts each unit in the box the cart rule put it in, the items of a box counted', () => {
    // 8 kg units: two fill a box up to 16 kg, a third would pass 20 kg.
    const packages = packOrder([line('a', 3, 8000), line('b', 1, 3000)], shop);
    expect(packages.map((p) => [p.weight, p.items.map((i) => `${i.article}×${i.quantity}`)])).toEqual([
      [16000, ['A×2']],
      [11000, ['A×1', 'B×1']],
    ]);
  });
});

describeOnDatabases('shipments on $name', (target) => {
  let t: TestApp;
  let fake: FakeCdek;
  const ids = { cdek: 0, refusing: 0, courier: 0, cash: 0, invoice: 0, lashes: 0, glue: 0 };
  /** The periodic task's clock: each run comes past the re-check interval. */
  let clock = Date.now();
  let config: ReturnType<typeof testConfig>;
  const poll = () => pollShipments(t.database.db, config, new Date((clock += 5 * 60_000)));

  const rows = <T = Json>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    request(t, method, url, { authorization: t.adminToken }, payload);
  const register = (orderId: number) => admin('POST', `/api/admin/orders/${orderId}/shipment`);
  const shipmentOf = async (orderId: number) =>
    (await admin('GET', `/api/admin/orders/${orderId}/shipment`)).json<{
      data: {
        canRegister: boolean;
        carrierLabel: string | null;
        shipment: {
          carrierId: string;
          state: string;
          stateLabel: string;
          trackNumber: string | null;
          trackingUrl: string | null;
          errors: string[];
          live: boolean;
        } | null;
      };
    }>().data;
  const orderRow = async (id: number) =>
    (
      await rows<{
        status: string;
        payment_status: string;
        delivery_track_number: string | null;
        total: number;
        delivery_price: number;
      }>(
        sql`SELECT status, payment_status, delivery_track_number, total, delivery_price FROM orders WHERE id = ${id}`,
      )
    )[0]!;
  const events = (id: number) =>
    rows<{ kind: string; comment: string | null; actor_label: string; public: boolean }>(
      sql`SELECT kind, comment, actor_label, public FROM order_events WHERE order_id = ${id} ORDER BY id`,
    );

  /** An order the customer placed for the point, confirmed by the shop: its id and number. */
  async function confirmedOrder(over: { deliveryServiceId?: number; confirm?: boolean } = {}) {
    const cart = await fillCart(t, [
      [ids.lashes, 2],
      [ids.glue, 1],
    ]);
    const res = await request(t, 'POST', '/api/orders', cart, {
      customerName: 'Анна Смирнова',
      customerPhone: '8 (999) 123-45-67',
      customerEmail: 'anna@ship.test',
      deliveryServiceId: over.deliveryServiceId ?? ids.cdek,
      paymentServiceId: ids.cash,
      deliveryCity: 'Казань',
      deliveryPickupPoint: 'KZN45',
      consent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { number } = res.json<{ data: { number: string } }>().data;
    const [row] = await rows<{ id: number }>(sql`SELECT id FROM orders WHERE number = ${number}`);
    if (over.confirm !== false) {
      const confirmed = await admin('POST', `/api/admin/orders/${row!.id}/actions`, { action: 'confirm' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return { id: row!.id, number };
  }

  /** A registered order's СДЭК uuid (the fake's order). */
  async function registered(orderId: number): Promise<string> {
    const res = await register(orderId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { carrierId: string } }>().data.carrierId;
  }

  beforeAll(async () => {
    const clientId = `shop-${randomUUID()}`;
    fake = await startFakeCdek({ clientId, clientSecret: SECRET });
    const own = { cdekApiUrl: fake.url, cdekTestApiUrl: fake.url, siteUrl: 'https://shop.test' };
    t = await startTestApp(target, { config: own });
    config = testConfig(null, own);
    await ensureSystemTemplates(t.database.db);
    await t.database.db
      .insert(settings)
      .values({ shopName: 'Ресницы', adminNotificationEmail: 'orders@shop.test' });
    const cdek = {
      kind: 'pickup_point',
      provider: 'cdek',
      tariffCode: 136,
      senderCity: 'Москва',
      price: 30000,
      credentials: { clientId, clientSecret: SECRET },
    };
    ids.cdek = await adminCreate(t, '/api/admin/delivery-services', {
      ...cdek,
      code: 'cdek_pvz',
      title: 'СДЭК до пункта выдачи',
    });
    // A tariff the carrier does not have: it refuses the registration.
    ids.refusing = await adminCreate(t, '/api/admin/delivery-services', {
      ...cdek,
      code: 'cdek_bad',
      title: 'СДЭК, неверный тариф',
      tariffCode: 999,
    });
    Object.assign(ids, await createServices(t, ['courier', 'cash', 'invoice']));
    const product = async (article: string, price: number, size: Json) => {
      const res = await adminPost(t, '/api/admin/products', {
        slug: article.toLowerCase(),
        title: `Товар ${article}`,
        offers: [{ article, basePrice: price, stock: 100, ...size }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ offers: { id: number }[] }>().offers[0]!.id;
    };
    ids.lashes = await product('LASH-1', 100000, { weight: 150, length: 10, width: 8, height: 2 });
    // No size of its own: the shop's defaults (20 × 15 × 5 cm).
    ids.glue = await product('GLUE-1', 80000, { weight: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('registers: the recipient, the point, the packages with their items and the sum to collect go to СДЭК; a second press is refused', async () => {
    const order = await confirmedOrder();
    const before = await shipmentOf(order.id);
    expect(before).toMatchObject({ shipment: null, carrierLabel: 'СДЭК', canRegister: true });

    const uuid = await registered(order.id);
    const sent = fake.orders.get(uuid)!.body;
    const { total, delivery_price: deliveryPrice } = await orderRow(order.id);
    expect(sent).toMatchObject({
      number: order.number,
      tariff_code: 136,
      delivery_point: 'KZN45',
      recipient: { name: 'Анна Смирнова', phones: [{ number: '+79991234567' }], email: 'anna@ship.test' },
      // Paid on delivery: СДЭК collects the goods item by item and the delivery on top, the order's total.
      delivery_recipient_cost: { value: deliveryPrice / 100 },
      packages: [
        {
          number: '1',
          weight: 600,
          length: 20,
          width: 15,
          height: 9,
          items: [
            {
              name: 'Товар LASH-1',
              ware_key: 'LASH-1',
              cost: 1000,
              payment: { value: 1000 },
              weight: 150,
              amount: 2,
            },
            {
              name: 'Товар GLUE-1',
              ware_key: 'GLUE-1',
              cost: 800,
              payment: { value: 800 },
              weight: 300,
              amount: 1,
            },
          ],
        },
      ],
    });
    expect(total).toBe(280000 + deliveryPrice);

    const [stored] = await rows(
      sql`SELECT carrier, carrier_id, state, track_number, packages FROM shipments WHERE order_id = ${order.id}`,
    );
    expect(stored).toMatchObject({
      carrier: 'cdek',
      carrier_id: uuid,
      state: 'registering',
      track_number: null,
    });
    expect((stored!.packages as Json[])[0]).toMatchObject({
      weight: 600,
      items: [{ quantity: 2 }, { quantity: 1 }],
    });
    expect(await events(order.id)).toContainEqual(
      expect.objectContaining({ kind: 'note', comment: `Передан в СДЭК: заявка ${uuid}`, public: false }),
    );
    expect(await shipmentOf(order.id)).toMatchObject({
      canRegister: false,
      shipment: { carrierId: uuid, state: 'registering', stateLabel: 'Регистрируется', live: true },
    });

    const again = await register(order.id);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(`Заказ уже передан в СДЭК: заявка ${uuid}`);
    expect(fake.orders.size).toBe(1);
  });

  it('follows the shipment: the number once registered, «Отправлен» with the tracking link once СДЭК has the parcel, «Выполнен» once delivered', async () => {
    const order = await confirmedOrder();
    const uuid = await registered(order.id);

    await poll(); // WAITING
    expect((await shipmentOf(order.id)).shipment).toMatchObject({ state: 'registering', trackNumber: null });
    await poll(); // SUCCESSFUL, with a cdek_number
    const { shipment } = await shipmentOf(order.id);
    const track = fake.orders.get(uuid)!.cdekNumber!;
    expect(shipment).toMatchObject({
      state: 'registered',
      trackNumber: track,
      trackingUrl: `https://www.cdek.ru/ru/tracking?order_id=${track}`,
    });
    // A waybill is not a parcel on its way: the order waits.
    expect((await orderRow(order.id)).status).toBe('confirmed');

    const label = await admin('GET', `/api/admin/orders/${order.id}/shipment/label`);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.headers['content-disposition']).toBe(`inline; filename="etiketka-${order.number}.pdf"`);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    fake.setShipmentStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    // Other tests' shipments are followed in the same runs: only this order moves.
    expect(await poll()).toMatchObject({ moved: 1, failures: [] });
    expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', delivery_track_number: track });
    expect((await shipmentOf(order.id)).shipment).toMatchObject({ state: 'in_transit' });
    const [letter] = await rows<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM outbox_messages
          WHERE template_code = 'order.status_changed' AND channel = 'email' AND recipient = 'anna@ship.test'
            AND subject LIKE ${`%${order.number}%Отправлен%`}`,
    );
    expect(letter!.body).toContain(`Трек-номер: ${track}.`);
    expect(letter!.body).toContain(`https://www.cdek.ru/ru/tracking?order_id=${track}`);
    expect(await events(order.id)).toContainEqual(
      expect.objectContaining({ kind: 'status', actor_label: 'СДЭК', public: true }),
    );

    fake.setShipmentStatus(uuid, 'DELIVERED');
    expect(await poll()).toMatchObject({ moved: 1, failures: [] });
    // Paid on delivery: СДЭК took the money when it handed the parcel over.
    expect(await orderRow(order.id)).toMatchObject({ status: 'completed', payment_status: 'paid' });
    expect((await shipmentOf(order.id)).shipment).toMatchObject({
      state: 'delivered',
      stateLabel: 'Доставлен',
    });
    // Delivered is final: not asked about again.
    const reads = fake.orders.get(uuid)!.reads;
    await poll();
    expect(fake.orders.get(uuid)!.reads).toBe(reads);
  });

  it('tells the shop when the parcel comes back, and leaves the order to the manager', async () => {
    const order = await confirmedOrder();
    const uuid = await registered(order.id);
    fake.setShipmentStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    await poll();
    fake.setShipmentStatus(uuid, 'NOT_DELIVERED');
    await poll();
    expect((await shipmentOf(order.id)).shipment).toMatchObject({ state: 'returning', live: true });
    expect((await orderRow(order.id)).status).toBe('shipped');
    expect(await events(order.id)).toContainEqual(
      expect.objectContaining({
        comment: expect.stringContaining('Посылка возвращается в магазин (СДЭК: Не вручен)'),
        public: false,
      }),
    );
    const letters = await rows<{ subject: string }>(
      sql`SELECT subject FROM outbox_messages
          WHERE template_code = 'order.shipment_returning' AND recipient = 'orders@shop.test'`,
    );
    expect(letters).toContainEqual({ subject: `Заказ № ${order.number}: посылка возвращается` });
  });

  it('stores why СДЭК refused a registration, and the order may be sent again', async () => {
    const order = await confirmedOrder();
    // The point stopped handing parcels out after the order was placed.
    await t.database.db.execute(
      sql`UPDATE orders SET delivery_pickup_point = 'KZN48' WHERE id = ${order.id}`,
    );
    await registered(order.id);
    await poll();
    const { shipment, canRegister } = await shipmentOf(order.id);
    expect(shipment).toMatchObject({
      state: 'invalid',
      stateLabel: 'Отклонён службой',
      live: false,
      errors: ['Пункт выдачи KZN48 не найден или не выдаёт посылки'],
    });
    expect(canRegister).toBe(true);
    expect(await events(order.id)).toContainEqual(
      expect.objectContaining({
        comment: expect.stringContaining('СДЭК отклонил заявку'),
        public: false,
      }),
    );
    expect((await orderRow(order.id)).status).toBe('confirmed');

    await t.database.db.execute(
      sql`UPDATE orders SET delivery_pickup_point = 'KZN45' WHERE id = ${order.id}`,
    );
    const uuid = await registered(order.id);
    expect((await shipmentOf(order.id)).shipment).toMatchObject({ carrierId: uuid, state: 'registering' });
  });

  it('stores nothing when СДЭК fails (502) or refuses (409)', async () => {
    const order = await confirmedOrder();
    fake.failNext(500);
    const failed = await register(order.id);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(message(failed)).toBe('СДЭК не отвечает, попробуйте позже');

    const wrongTariff = await confirmedOrder({ deliveryServiceId: ids.refusing });
    const refused = await register(wrongTariff.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(message(refused)).toBe('СДЭК отклонил запрос: Не задан номер заказа или тариф');

    for (const id of [order.id, wrongTariff.id]) {
      expect(await rows(sql`SELECT id FROM shipments WHERE order_id = ${id}`)).toEqual([]);
      expect((await events(id)).filter((e) => e.kind === 'note')).toEqual([]);
    }
  });

  it('refuses an order that cannot go yet, or whose delivery has no carrier', async () => {
    const fresh = await confirmedOrder({ confirm: false });
    const notConfirmed = await register(fresh.id);
    expect(notConfirmed.statusCode).toBe(409);
    expect(message(notConfirmed)).toBe('Сначала подтвердите заказ');

    // Paid by invoice, and the money has not come yet.
    const byInvoice = await confirmedOrder();
    await t.database.db.execute(
      sql`UPDATE orders SET payment_service_id = ${ids.invoice} WHERE id = ${byInvoice.id}`,
    );
    expect(message(await register(byInvoice.id))).toBe(
      'Заказ ещё не оплачен: передать его в доставку можно после оплаты',
    );

    const canceled = await confirmedOrder();
    await admin('POST', `/api/admin/orders/${canceled.id}/actions`, {
      action: 'cancel',
      comment: 'Передумала',
    });
    expect(message(await register(canceled.id))).toBe('Заказ отменён: передавать в доставку нечего');

    await t.database.db.execute(
      sql`UPDATE orders SET delivery_service_id = ${ids.courier}, delivery_address = 'ул. Баумана, 1'
          WHERE id = ${byInvoice.id}`,
    );
    expect(await shipmentOf(byInvoice.id)).toEqual({
      shipment: null,
      carrierLabel: null,
      canRegister: false,
    });
  });

  itRaces(target, 'two presses at once make one shipment and one СДЭК order', async () => {
    const order = await confirmedOrder();
    const before = fake.orders.size;
    // The carrier answers late, so that the second press comes while the first one waits.
    fake.delayNext(300);
    const answers = await Promise.all([register(order.id), register(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(fake.orders.size).toBe(before + 1);
    expect(await rows(sql`SELECT id FROM shipments WHERE order_id = ${order.id}`)).toHaveLength(1);
  });

  it('gives up a registration the server never finished, so that the order can be sent again', async () => {
    const order = await confirmedOrder();
    await t.database.db.insert(shipments).values({
      orderId: order.id,
      deliveryServiceId: ids.cdek,
      carrier: 'cdek',
      state: 'registering',
      createdAt: new Date(clock - 60 * 60_000),
    });
    expect(message(await register(order.id))).toBe('Заказ уже передаётся в СДЭК: дождитесь ответа службы');
    await poll();
    expect(await shipmentOf(order.id)).toMatchObject({ canRegister: true, shipment: { state: 'invalid' } });
    await registered(order.id);
  });
});
