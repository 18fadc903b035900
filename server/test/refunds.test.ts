// Money back for paid orders, through the real server and database against the local YooKassa
// (fake-yookassa.ts): chosen lines through the provider with a refund receipt and a restock, the rest with the
// delivery on cancel; a provider that cannot refund (keys gone, a payment it does not know) says so and the
// order is then canceled with the money recorded as returned by hand; an invoice payment marked with its
// date and sum, and its cancel asking whether the money went back; bad input refused in Russian with nothing
// changed. On PostgreSQL: refunds at once never give back more than was paid.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settings } from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { formatMoney } from '@shop/schemas/rules/money';
import { signedInUser } from './accounts';
import { startFakeYookassa, type FakeYookassa } from './fake-yookassa';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';
import {
  adminPost,
  countRows,
  created,
  createServices,
  fillCart,
  offerStock,
  productWithOffer,
  request,
  type RequestArgs,
} from './shop-fixtures';

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; json: <T>() => T };
type Money = { received: number; refunded: number; refundPending: number; refundable: number };
type View = {
  status: string;
  paymentStatus: string;
  paidAt: string | null;
  money: Money;
  canRefund: boolean;
  lines: { id: number; offerId: number; refundedQuantity: number }[];
  refunds: {
    method: string;
    amount: number;
    receipt: string;
    actorName: string | null;
    note: string | null;
  }[];
  history: {
    kind: string;
    title: string;
    comment: string | null;
    actorName: string | null;
    public: boolean;
  }[];
};

const SHOP = { shopId: '654321', secretKey: 'test_refunds-key' };
const TODAY = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

describeOnDatabases('refunds of paid orders on $name', (target) => {
  let t: TestApp;
  let fake: FakeYookassa;
  let seq = 0;
  const ids = { courier: 0, cash: 0, invoice: 0, card: 0 };
  let company = { token: '', organizationId: 0 };

  const send = (...args: RequestArgs) => request(t, ...args);
  const rows = <T>(query: SQL) => selectRows<T>(t.database.db, query);
  const count = (table: string, where?: SQL) => countRows(t, table, where);
  const offer = async (price: number, stock: number, title?: string) =>
    (await productWithOffer(t, { price, stock, ...(title ? { title } : {}) })).offerId;
  const message = (res: Res) => res.json<{ error: { message: string } }>().error.message;
  const staff = { authorization: '' };
  const action = (id: number, body: Json) => send('POST', `/api/admin/orders/${id}/actions`, staff, body);
  const refund = (id: number, body: Json) => send('POST', `/api/admin/orders/${id}/refunds`, staff, body);
  const view = async (number: string) => {
    const res = await send('GET', `/api/admin/orders/by-number/${number}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: View }>().data;
  };
  const idOf = async (number: string) =>
    (await rows<{ id: number }>(sql`SELECT id FROM orders WHERE number = ${number}`))[0]!.id;

  /** An order of these lines placed by a guest with this payment (courier delivery, 450 ₽). */
  const place = async (
    lines: [number, number][],
    paymentServiceId: number,
    headers: Json = {},
    over: Json = {},
  ) => {
    const cart = await fillCart(t, lines, headers);
    const res = await send('POST', '/api/orders', cart, {
      customerName: 'Ольга Петрова',
      customerPhone: '+79991234567',
      customerEmail: `olga${++seq}@refunds.test`,
      deliveryServiceId: ids.courier,
      deliveryCity: 'Казань',
      deliveryAddress: 'ул. Баумана, 1, кв. 2',
      paymentServiceId,
      consent: true,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { number, accessKey } = res.json<{ data: { number: string; accessKey: string } }>().data;
    return { number, key: accessKey, id: await idOf(number) };
  };
  /** Placed and paid online: the provider's payment id too. */
  const paidOnline = async (lines: [number, number][], service = ids.card) => {
    const o = await place(lines, service);
    const res = await send('POST', `/api/orders/${o.number}/payments`, {}, { key: o.key });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ data: { confirmationUrl: string } }>().data.confirmationUrl;
    const paymentId = decodeURIComponent(url.split('/checkout/')[1]!);
    await fake.succeed(paymentId);
    // The customer back on the order's page: the shop reads the payment from the provider.
    await send('POST', `/api/orders/${o.number}/payments/check`, {}, { key: o.key });
    expect((await view(o.number)).paymentStatus).toBe('paid');
    return { ...o, paymentId };
  };
  /** Everything a refused request must leave as it was. */
  const snapshot = async (o: { id: number; number: string }, offers: number[]) => ({
    view: await view(o.number),
    refunds: await count('order_refunds', sql`order_id = ${o.id}`),
    events: await count('order_events', sql`order_id = ${o.id}`),
    atProvider: fake.refunds.size,
    stock: await Promise.all(offers.map((id) => offerStock(t, id))),
  });
  const letterOf = async (number: string, text: string) =>
    count(
      'outbox_messages',
      sql`template_code = 'order.status_changed' AND channel = 'email'
          AND body LIKE '%' || ${number} || '%' AND body LIKE '%' || ${text} || '%'`,
    );

  beforeAll(async () => {
    fake = await startFakeYookassa(SHOP);
    t = await startTestApp(target, { config: { siteUrl: 'https://shop.test', yookassaApiUrl: fake.apiUrl } });
    staff.authorization = t.adminToken;
    await ensureSystemTemplates(t.database.db);
    await t.database.db.insert(settings).values({ shopName: 'Ресницы', receiptVatCode: 11 });
    Object.assign(ids, await createServices(t, ['courier', 'cash', 'invoice']));
    ids.card = created(
      await adminPost(t, '/api/admin/payment-services', {
        code: 'card',
        title: 'Картой онлайн',
        kind: 'online',
        provider: 'yookassa',
        credentials: SHOP,
        testMode: true,
      }),
    );
    const buyer = await signedInUser(t, { email: 'firm@refunds.test', password: 'firm-password-1' });
    const made = await send(
      'PUT',
      '/api/profile/company',
      { authorization: buyer.token },
      {
        legalForm: 'ooo',
        name: 'Ресницы и брови',
        inn: '7707083893',
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    company = { token: buyer.token, organizationId: made.json<{ data: { id: number } }>().data.id };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('chosen lines go back through ЮKassa with their receipt and to stock; the cancel returns the rest and the delivery', async () => {
    const lashes = await offer(99900, 10, 'Ресницы 0,07 C');
    const glue = await offer(45050, 10, 'Клей Sky');
    const o = await paidOnline([
      [lashes, 3],
      [glue, 1],
    ]);
    const total = 3 * 99900 + 45050 + 45000;
    const before = await view(o.number);
    expect(before.money).toEqual({ received: total, refunded: 0, refundPending: 0, refundable: total });
    expect(before.canRefund).toBe(true);
    const lashesLine = before.lines.find((l) => l.offerId === lashes)!.id;

    const res = await refund(o.id, {
      method: 'provider',
      lines: [{ orderItemId: lashesLine, quantity: 2 }],
      restock: true,
      note: 'Брак упаковки',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Json }>().data).toMatchObject({
      amount: 199800,
      status: 'succeeded',
      paymentStatus: 'paid',
      money: { received: total, refunded: 199800, refundable: total - 199800 },
    });
    const [first] = [...fake.refunds.values()].filter((r) => r.payment_id === o.paymentId);
    expect(first!.amount.value).toBe('1998.00');
    expect(first!.receipt).toMatchObject({
      items: [{ description: 'Ресницы 0,07 C', quantity: 2, amount: { value: '999.00' } }],
    });
    expect(await offerStock(t, lashes)).toBe(9);
    const after = await view(o.number);
    expect(after.status).toBe('paid');
    expect(after.lines.find((l) => l.id === lashesLine)!.refundedQuantity).toBe(2);
    expect(after.refunds).toMatchObject([
      { method: 'provider', amount: 199800, receipt: 'sent', note: 'Брак упаковки' },
    ]);
    expect(after.refunds[0]!.actorName).toBeTruthy();
    const event = after.history.at(-1)!;
    expect(event).toMatchObject({ kind: 'refund', title: 'Возврат денег', public: true });
    expect(event.comment).toContain(`Возврат ${formatMoney(199800)} выполнен`);
    expect(event.comment).toContain('«Ресницы 0,07 C» × 2');
    expect(event.comment).toContain('Товары возвращены на склад.');
    expect(await letterOf(o.number, `Возврат ${formatMoney(199800)} выполнен`)).toBe(1);
    const page = await send('GET', `/api/orders/${o.number}?key=${encodeURIComponent(o.key)}`);
    expect(page.json<{ data: Json }>().data).toMatchObject({ refundedAmount: 199800, refundPending: 0 });

    // Two of three pieces are back: one more can go, not two.
    const tooMany = await refund(o.id, {
      method: 'provider',
      lines: [{ orderItemId: lashesLine, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(message(tooMany)).toBe('«Ресницы 0,07 C»: вернуть можно от 1 до 1 шт.');

    // The cancel gives back the rest: one piece of lashes, the glue and the delivery, with their receipt.
    const canceled = await action(o.id, { action: 'cancel', comment: 'Покупатель отказался' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<{ data: Json }>().data).toMatchObject({
      status: 'canceled',
      paymentStatus: 'refunded',
    });
    const second = [...fake.refunds.values()].filter((r) => r.payment_id === o.paymentId)[1]!;
    expect(second.amount.value).toBe(((total - 199800) / 100).toFixed(2));
    expect(second.receipt).toMatchObject({
      items: [
        { description: 'Ресницы 0,07 C', quantity: 1, amount: { value: '999.00' } },
        { description: 'Клей Sky', quantity: 1, amount: { value: '450.50' } },
        { description: 'Курьер', quantity: 1, amount: { value: '450.00' }, payment_subject: 'service' },
      ],
    });
    expect(fake.payments.get(o.paymentId)!.refunded_amount?.value).toBe((total / 100).toFixed(2));
    // The two pieces restocked by the refund are not put back a second time.
    expect(await offerStock(t, lashes)).toBe(10);
    expect(await offerStock(t, glue)).toBe(10);
    expect((await view(o.number)).money).toEqual({
      received: total,
      refunded: total,
      refundPending: 0,
      refundable: 0,
    });
    expect((await view(o.number)).canRefund).toBe(false);
  });

  it('the provider cannot refund (keys gone, an unknown payment): it says so, nothing changes, and the order is canceled with the money returned by hand', async () => {
    const lashes = await offer(120000, 10);
    const ownCard = created(
      await adminPost(t, '/api/admin/payment-services', {
        code: 'card_gone',
        title: 'Картой (старые ключи)',
        kind: 'online',
        provider: 'yookassa',
        credentials: SHOP,
      }),
    );
    const keysGone = await paidOnline([[lashes, 1]], ownCard);
    await t.database.db.execute(
      sql`UPDATE payment_services SET credentials = '{}'::jsonb WHERE id = ${ownCard}`,
    );
    const demo = await paidOnline([[lashes, 1]]);
    await t.database.db.execute(
      sql`UPDATE payment_attempts SET provider_payment_id = 'demo-payment-1' WHERE order_id = ${demo.id}`,
    );
    for (const [o, why] of [
      [keysGone, 'способ оплаты больше не подключён'],
      [demo, 'Платёж не найден в ЮKassa'],
    ] as const) {
      const was = await snapshot(o, [lashes]);
      const refused = await action(o.id, { action: 'cancel', comment: 'Нет в наличии' });
      expect(refused.statusCode).toBe(409);
      expect(message(refused)).toContain(why);
      expect(message(refused)).toContain('Ничего не изменилось');
      expect(message(refused)).toContain('выберите «Деньги возвращены вручную»');
      expect(await snapshot(o, [lashes])).toEqual(was);

      const total = was.view.money.received;
      const byHand = await action(o.id, {
        action: 'cancel',
        comment: 'Нет в наличии',
        refund: { method: 'manual', amount: total, note: 'Вернули в личном кабинете ЮKassa' },
      });
      expect(byHand.statusCode, byHand.body).toBe(200);
      expect(byHand.json<{ data: Json }>().data).toMatchObject({
        status: 'canceled',
        paymentStatus: 'refunded',
      });
      const v = await view(o.number);
      expect(v.refunds).toMatchObject([{ method: 'manual', amount: total, receipt: 'manual' }]);
      expect(v.history.map((h) => h.title).slice(-2)).toEqual(['Возврат денег', 'Заказ отменён']);
      expect(v.history.at(-2)!.comment).toBe(
        `Магазин вернул вам ${formatMoney(total)}. Вернули в личном кабинете ЮKassa`,
      );
      expect(await letterOf(o.number, `Магазин вернул вам ${formatMoney(total)}`)).toBe(1);
    }
  });

  it('bad input is refused in Russian and changes nothing', async () => {
    const lashes = await offer(50000, 10);
    const glue = await offer(30000, 10);
    const o = await paidOnline([
      [lashes, 1],
      [glue, 2],
    ]);
    const other = await paidOnline([[glue, 1]]);
    const v = await view(o.number);
    const total = v.money.received;
    const [lashesLine, glueLine] = [lashes, glue].map((id) => v.lines.find((l) => l.offerId === id)!.id);
    const otherLine = (await view(other.number)).lines[0]!.id;
    const was = await snapshot(o, [lashes, glue]);
    const cases: [Json, RegExp, 'refund' | 'cancel'][] = [
      [
        { method: 'manual', amount: total + 1 },
        new RegExp(`Вернуть можно не больше ${formatMoney(total)}`),
        'refund',
      ],
      [{ method: 'manual', amount: -500 }, /больше нуля/i, 'refund'],
      [{ method: 'manual', amount: 0 }, /больше нуля/i, 'refund'],
      [{ method: 'manual', amount: 10.5 }, /Сумма возврата/i, 'refund'],
      [{ method: 'bank' }, /Выберите, как вернуть деньги/i, 'refund'],
      [{ method: 'manual' }, /Выберите позиции, которые возвращаете, или укажите сумму/, 'refund'],
      [{ method: 'provider', lines: [] }, /Выберите позиции/, 'refund'],
      [
        { method: 'provider', lines: [{ orderItemId: 999999, quantity: 1 }] },
        /Позиции 999999 нет в этом заказе/,
        'refund',
      ],
      [
        { method: 'provider', lines: [{ orderItemId: otherLine, quantity: 1 }] },
        /нет в этом заказе/,
        'refund',
      ],
      [
        { method: 'provider', lines: [{ orderItemId: glueLine, quantity: 3 }] },
        /вернуть можно от 1 до 2 шт\./,
        'refund',
      ],
      [{ method: 'provider', lines: [{ orderItemId: glueLine, quantity: -1 }] }, /Количество/i, 'refund'],
      [
        {
          method: 'provider',
          lines: [
            { orderItemId: glueLine, quantity: 1 },
            { orderItemId: glueLine, quantity: 1 },
          ],
        },
        /указана дважды/,
        'refund',
      ],
      [
        { method: 'manual', lines: [{ orderItemId: lashesLine, quantity: 1 }], amount: 100 },
        /не указывайте её отдельно/,
        'refund',
      ],
      [
        { method: 'manual', amount: total + 100 },
        new RegExp(`Вернуть можно не больше ${formatMoney(total)}`),
        'cancel',
      ],
      [{ method: 'manual' }, /Укажите, сколько денег вы вернули/, 'cancel'],
      [{ method: 'manual', amount: -1 }, /больше нуля/i, 'cancel'],
      [{ method: 'later' }, /Выберите, как вернуть деньги/i, 'cancel'],
    ];
    for (const [body, text, where] of cases) {
      const res =
        where === 'refund'
          ? await refund(o.id, body)
          : await action(o.id, { action: 'cancel', comment: 'Отмена', refund: body });
      expect(res.statusCode, `${where} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(message(res), JSON.stringify(body)).toMatch(text);
    }
    expect(await snapshot(o, [lashes, glue])).toEqual(was);

    // What was refunded counts: after all but 1 ₽ went back, 2 ₽ is too much.
    expect((await refund(o.id, { method: 'manual', amount: total - 100 })).statusCode).toBe(200);
    const over = await refund(o.id, { method: 'manual', amount: 200 });
    expect(over.statusCode).toBe(400);
    expect(message(over)).toBe(
      `Вернуть можно не больше ${formatMoney(100)}: оплачено ${formatMoney(total)}, уже возвращено ${formatMoney(total - 100)}`,
    );
  });

  it('an invoice payment is marked with its date and sum and by whom; cancelling asks whether the money went back', async () => {
    const lashes = await offer(250000, 10);
    const invoiceOrder = async () => {
      await fillCart(t, [[lashes, 1]], { authorization: company.token });
      return place(
        [],
        ids.invoice,
        { authorization: company.token },
        { organizationId: company.organizationId },
      );
    };
    const o = await invoiceOrder();
    const total = 250000 + 45000;
    const was = await snapshot(o, [lashes]);
    const refusals: [Json | undefined, RegExp][] = [
      [undefined, /Укажите дату поступления денег и полученную сумму/],
      [{ paidOn: TODAY(), amount: total - 100 }, new RegExp(`сумма заказа — ${formatMoney(total)}`)],
      [{ paidOn: '2099-01-01', amount: total }, /не позже сегодняшнего/],
      [{ paidOn: '2020-01-01', amount: total }, /не раньше дня заказа/],
      [{ paidOn: '01.02.2026', amount: total }, /Дата поступления/i],
      [{ paidOn: TODAY(), amount: -5 }, /Полученная сумма/i],
    ];
    for (const [payment, text] of refusals) {
      const res = await action(o.id, { action: 'markPaid', ...(payment ? { payment } : {}) });
      expect(res.statusCode, JSON.stringify(payment)).toBe(400);
      expect(message(res)).toMatch(text);
    }
    expect(await snapshot(o, [lashes])).toEqual(was);
    const paid = await action(o.id, { action: 'markPaid', payment: { paidOn: TODAY(), amount: total } });
    expect(paid.statusCode, paid.body).toBe(200);
    let v = await view(o.number);
    expect(v).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      money: { received: total, refundable: total },
    });
    expect(new Date(Date.parse(v.paidAt!) + 3 * 3_600_000).toISOString().slice(0, 10)).toBe(TODAY());
    expect(v.history.at(-1)).toMatchObject({
      title: 'Заказ оплачен',
      comment: `Оплата ${formatMoney(total)} получена.`,
    });
    expect(v.history.at(-1)!.actorName).toBeTruthy();

    // The cancel must say what happened to the money; the provider's way is not for an invoice.
    const silent = await action(o.id, { action: 'cancel', comment: 'Организация передумала' });
    expect(silent.statusCode).toBe(400);
    expect(message(silent)).toBe(
      `Заказ оплачен (${formatMoney(total)}): укажите, вернули ли вы деньги покупателю`,
    );
    const online = await action(o.id, {
      action: 'cancel',
      comment: 'Передумали',
      refund: { method: 'provider' },
    });
    expect(online.statusCode).toBe(400);
    expect(message(online)).toMatch(/Заказ оплачен не онлайн/);
    expect(await count('order_events', sql`order_id = ${o.id}`)).toBe(was.events + 1);

    // Not returned: canceled, the money held, and nobody told it went back.
    const held = await action(o.id, {
      action: 'cancel',
      comment: 'Организация передумала',
      refund: { method: 'none', note: 'Зачтём в следующий заказ' },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<{ data: Json }>().data).toMatchObject({ status: 'canceled', paymentStatus: 'paid' });
    v = await view(o.number);
    expect(v.money.refundable).toBe(total);
    expect(v.canRefund).toBe(true);
    expect(v.history.some((h) => h.title === 'Деньги возвращены')).toBe(false);
    const note = v.history.find((h) => h.kind === 'note')!;
    expect(note).toMatchObject({ public: false });
    expect(note.comment).toBe(
      `Деньги при отмене не возвращены: ${formatMoney(total)} остаются у магазина. Зачтём в следующий заказ`,
    );
    expect(await letterOf(o.number, `Оплата ${formatMoney(total)} пока не возвращена`)).toBe(1);
    expect(await letterOf(o.number, 'возвращены')).toBe(0);

    // Returned later by bank transfer: recorded with its sum; now the order is «Деньги возвращены».
    const later = await refund(o.id, { method: 'manual', amount: total, note: 'Платёжное поручение № 12' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<{ data: Json }>().data).toMatchObject({
      paymentStatus: 'refunded',
      money: { refundable: 0 },
    });
    const more = await refund(o.id, { method: 'manual', amount: 100 });
    expect(more.statusCode).toBe(409);
    expect(message(more)).toBe(`По заказу уже возвращено всё, что было оплачено (${formatMoney(total)})`);

    // Returned at the cancel, in part: the rest is still held and the order says paid.
    const p = await invoiceOrder();
    expect(
      (await action(p.id, { action: 'markPaid', payment: { paidOn: TODAY(), amount: total } })).statusCode,
    ).toBe(200);
    const part = await action(p.id, {
      action: 'cancel',
      comment: 'Отказ',
      refund: { method: 'manual', amount: 200000, note: 'Удержали стоимость доставки и упаковки' },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<{ data: Json }>().data).toMatchObject({ status: 'canceled', paymentStatus: 'paid' });
    expect(await letterOf(p.number, `Остальные ${formatMoney(total - 200000)} пока у магазина`)).toBe(1);
  });

  it('a cash order marked paid asks nothing more; its lines come back by hand with a restock', async () => {
    const lashes = await offer(70000, 10);
    const o = await place([[lashes, 2]], ids.cash, {}, { deliveryServiceId: ids.courier });
    expect((await action(o.id, { action: 'markPaid' })).statusCode).toBe(200);
    const line = (await view(o.number)).lines[0]!.id;
    const res = await refund(o.id, {
      method: 'manual',
      lines: [{ orderItemId: line, quantity: 1 }],
      restock: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Json }>().data).toMatchObject({ amount: 70000, paymentStatus: 'paid' });
    expect(await offerStock(t, lashes)).toBe(9);
    const provider = await refund(o.id, { method: 'provider', lines: [{ orderItemId: line, quantity: 1 }] });
    expect(provider.statusCode).toBe(400);
    expect(message(provider)).toMatch(/Заказ оплачен не онлайн/);
  });

  itRaces(target, 'refunds at once never give back more than was paid', async () => {
    const lashes = await offer(100000, 20);
    const o = await place([[lashes, 1]], ids.cash);
    expect((await action(o.id, { action: 'markPaid' })).statusCode).toBe(200);
    const total = (await view(o.number)).money.received;
    const share = Math.ceil(total * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(o.id, { method: 'manual', amount: share, note: `Гонка ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const [sum] = await rows<{ n: number }>(
      sql`SELECT sum(amount)::int AS n FROM order_refunds WHERE order_id = ${o.id}`,
    );
    expect(sum!.n).toBe(share);

    const p = await paidOnline([[lashes, 2]]);
    const line = (await view(p.number)).lines[0]!.id;
    const lines = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(p.id, { method: 'provider', lines: [{ orderItemId: line, quantity: 2 }], restock: true }),
      ),
    );
    expect(lines.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === p.paymentId)).toHaveLength(1);
    expect(await offerStock(t, lashes)).toBe(20 - 1 - 2 + 2);
  });
});
