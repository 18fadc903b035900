// The invoice (счёт на оплату) of an order an organisation pays by invoice (sales/invoice.ts): the sum in
// words and the VAT on their own, then the PDF through its three routes on PGlite and PostgreSQL — its text
// read back out of the file, and who may have it.
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, settings } from '../generated/tables';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import {
  invoiceDocument,
  organizationTitle,
  sumInWords,
  vatIncluded,
  vatRateOf,
  type InvoiceData,
} from '../src/domains/sales/invoice';
import { renderPdf } from '../src/platform/web/pdf';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { adminCreate, createServices, productWithOffer } from './shop-fixtures';

/** The PDF's text with every run of white space (line breaks, the no-break spaces of 1 234,56) as one space. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('the invoice’s sums', () => {
  it('writes the sum in words as invoices do', () => {
    expect(sumInWords(149050)).toBe('Одна тысяча четыреста девяносто рублей 50 копеек');
    expect(sumInWords(100)).toBe('Один рубль 00 копеек');
    expect(sumInWords(4100000)).toBe('Сорок одна тысяча рублей 00 копеек');
    expect(sumInWords(4200102)).toBe('Сорок две тысячи один рубль 02 копейки');
    expect(sumInWords(1111)).toBe('Одиннадцать рублей 11 копеек');
    expect(sumInWords(200000021)).toBe('Два миллиона рублей 21 копейка');
    expect(sumInWords(269055)).toBe('Две тысячи шестьсот девяносто рублей 55 копеек');
  });

  it('takes the VAT out of VAT-inclusive sums, rounded to kopecks, by the 54-FZ codes', () => {
    expect(vatIncluded(12200, 22)).toBe(2200);
    expect(vatIncluded(149050, 22)).toBe(26878);
    expect(vatIncluded(44055, 5)).toBe(2098);
    expect(vatIncluded(10000, 0)).toBe(0);
    expect([1, 2, 3, 7, 8, 11, 12].map(vatRateOf)).toEqual([null, 0, 10, 5, 7, 22, 22]);
  });

  it('names the organisation with its form, unless the customer already did', () => {
    expect(organizationTitle('ooo', 'Ресницы и брови')).toBe('ООО «Ресницы и брови»');
    expect(organizationTitle('ooo', 'ООО «Ромашка»')).toBe('ООО «Ромашка»');
    expect(organizationTitle('ip', 'Иванова Анна Сергеевна')).toBe('ИП Иванова Анна Сергеевна');
    expect(organizationTitle('self_employed', 'Петрова Ольга')).toBe('Петрова Ольга');
  });

  it('renders with nothing of the shop filled in, each gap «не указано», and no VAT as «Без налога (НДС)»', async () => {
    const data: InvoiceData = {
      number: '2026-000001',
      createdAt: new Date('2026-03-01T21:30:00Z'),
      shopName: 'Ресницы',
      supplier: {
        name: null,
        inn: null,
        kpp: null,
        address: null,
        bankName: null,
        bik: null,
        settlementAccount: null,
        correspondentAccount: null,
        phone: null,
      },
      buyer: { name: 'ИП Иванова Анна', inn: '500100732259', kpp: null, address: 'Тула, ул. Мира, 1' },
      lines: [{ title: 'Пинцет', quantity: 2, unit: 'шт', amount: 149050, vatRate: null }],
      validDays: 5,
    };
    const text = await pdfText(await renderPdf(invoiceDocument(data)));
    // Moscow's date: 21:30 UTC on 1 March is already the 2nd there.
    expect(text).toContain('Счёт на оплату № 2026-000001 от 2 марта 2026 г.');
    expect(text).toContain('БИК не указано');
    expect(text).toContain('Сч. № не указано');
    expect(text).toContain('Поставщик (исполнитель): не указано, ИНН не указано, адрес: не указано');
    expect(text).toContain('ИП Иванова Анна, ИНН 500100732259, Тула, ул. Мира, 1');
    expect(text).toContain('1 Пинцет 2 шт 745,25 1 490,50');
    expect(text).toContain('Без налога (НДС): —');
    expect(text).not.toContain('В том числе НДС');
    expect(text).toContain('Одна тысяча четыреста девяносто рублей 50 копеек');
  });
});

type Json = Record<string, unknown>;

describeOnDatabases('the invoice PDF on $name', (target) => {
  let t: TestApp;
  const ids = { courier: 0, cash: 0, invoice: 0, lashes: 0, glue: 0, organization: 0 };
  const tokens = { owner: '', stranger: '', manager: '', content: '' };
  /** The organisation's order paid by invoice, and one of the same customer paid on delivery. */
  const invoiced = { id: 0, number: '', key: '' };
  const cashOrder = { id: 0, number: '', key: '' };

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload } : {}),
    });
  const placeFor = async (token: string, body: Json) => {
    for (const [offerId, quantity] of [
      [ids.lashes, 2],
      [ids.glue, 1],
    ])
      expect((await send('POST', '/api/cart/items', token, { offerId, quantity })).statusCode).toBe(200);
    expect((await send('POST', '/api/cart/coupon', token, { code: 'MINUS10' })).statusCode).toBe(200);
    const res = await send('POST', '/api/orders', token, {
      customerName: 'Анна Смирнова',
      customerPhone: '8 (999) 123-45-67',
      customerEmail: 'anna@invoice.test',
      deliveryServiceId: ids.courier,
      deliveryCity: 'Казань',
      deliveryAddress: 'ул. Баумана, 1, офис 5',
      consent: true,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { number, accessKey } = res.json<{ data: { number: string; accessKey: string } }>().data;
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    return { id: row!.id, number, key: accessKey };
  };
  const guestLink = (number: string, key: string) =>
    send('GET', `/api/orders/${number}/invoice.pdf?key=${encodeURIComponent(key)}`);
  const profileLink = (number: string, token?: string) =>
    send('GET', `/api/profile/orders/${number}/invoice.pdf`, token);
  const adminLink = (id: number, token: string) => send('GET', `/api/admin/orders/${id}/invoice.pdf`, token);
  const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

  beforeAll(async () => {
    t = await startTestApp(target);
    await ensureSystemTemplates(t.database.db);
    await t.database.db.insert(settings).values({
      shopName: 'Ресницы',
      supportPhone: '+7 495 123-45-67',
      legalName: 'ООО «Лэшлайн»',
      inn: '7705123452',
      kpp: '770501001',
      legalAddress: 'Москва, ул. Лесная, 5',
      bankName: 'ПАО Сбербанк',
      bik: '044525225',
      settlementAccount: '40702810938000012345',
      correspondentAccount: '30101810400000000225',
      receiptVatCode: 11,
      receiptDeliveryVatCode: 1,
      invoiceValidDays: 7,
    });
    Object.assign(ids, await createServices(t, ['courier', 'cash', 'invoice']));
    ids.lashes = (
      await productWithOffer(t, {
        slug: 'lashes',
        title: 'Ресницы чёрные 0,07 C',
        article: 'INV-1',
        price: 100000,
        stock: 50,
      })
    ).offerId;
    // Glue is sold at 5 % VAT: the product's own rate wins over the shop's 22 %.
    ids.glue = (
      await productWithOffer(t, {
        slug: 'glue',
        title: 'Клей Sky',
        vatCode: 7,
        article: 'INV-2',
        price: 48950,
        stock: 50,
      })
    ).offerId;
    await adminCreate(t, '/api/admin/coupons', { code: 'MINUS10', type: 'percent', value: 10 });

    const users = async (role: string) =>
      (
        await signedInUser(t, {
          email: `${role}@invoice.test`,
          password: `${role}-password-1`,
          role: role.startsWith('customer') ? 'customer' : role,
        })
      ).token;
    tokens.owner = await users('customer-owner');
    tokens.stranger = await users('customer-stranger');
    tokens.manager = await users('manager');
    tokens.content = await users('content');

    const company = await send('PUT', '/api/profile/company', tokens.owner, {
      legalForm: 'ooo',
      name: 'Ресницы и брови',
      inn: '7707083893',
      kpp: '773601001',
      legalAddress: 'Казань, ул. Баумана, 1',
    });
    expect(company.statusCode, company.body).toBe(200);
    const organizationId = company.json<{ data: { id: number } }>().data.id;
    ids.organization = organizationId;
    Object.assign(invoiced, await placeFor(tokens.owner, { paymentServiceId: ids.invoice, organizationId }));
    // Named with the organisation too: only the way of paying makes it no invoice order.
    Object.assign(cashOrder, await placeFor(tokens.owner, { paymentServiceId: ids.cash, organizationId }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints both sides, the lines after the discount, the VAT of each rate and the total in words', async () => {
    const res = await adminLink(invoiced.id, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="schet-${invoiced.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Счёт на оплату № ${invoiced.number} от `);
    // The bank block and the two parties.
    expect(text).toContain('ПАО Сбербанк Банк получателя БИК 044525225 Сч. № 30101810400000000225');
    expect(text).toContain('ИНН 7705123452 КПП 770501001 Сч. № 40702810938000012345');
    expect(text).toContain(
      'ООО «Лэшлайн», ИНН 7705123452, КПП 770501001, Москва, ул. Лесная, 5, тел. +7 495 123-45-67',
    );
    expect(text).toContain('ООО «Ресницы и брови», ИНН 7707083893, КПП 773601001, Казань, ул. Баумана, 1');
    // 10 % off each line; the unit price is the line's after the discount; delivery is a line of its own.
    expect(text).toContain('1 Ресницы чёрные 0,07 C, арт. INV-1 2 шт 900,00 1 800,00');
    expect(text).toContain('2 Клей Sky, арт. INV-2 1 шт 440,55 440,55');
    expect(text).toContain('3 Доставка: Курьер 1 усл 450,00 450,00');
    expect(text).toContain('Итого: 2 690,55');
    // 1 800,00 × 22/122 and 440,55 × 5/105; delivery is sold without VAT.
    expect(text).toContain('В том числе НДС 22 %: 324,59');
    expect(text).toContain('В том числе НДС 5 %: 20,98');
    expect(text).toContain('Всего к оплате: 2 690,55');
    expect(text).toContain('Всего наименований 3, на сумму 2 690,55 руб.');
    expect(text).toContain('Две тысячи шестьсот девяносто рублей 55 копеек');
    expect(text).toContain('Счёт действителен в течение 7 банковских дней');
    expect(text).toMatch(/Руководитель _+ \/ _+ \/ Бухгалтер/);
    // The invoice asks for what the order costs.
    const [order] = await t.database.db
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.id, invoiced.id));
    expect(order!.total).toBe(269055);
  });

  it('counts lines stored before `payable` was kept by their total less the discount and the points', async () => {
    const before = await pdfText((await adminLink(invoiced.id, t.adminToken)).rawPayload);
    await t.database.db.update(orderItems).set({ payable: null }).where(eq(orderItems.orderId, invoiced.id));
    const after = await pdfText((await adminLink(invoiced.id, t.adminToken)).rawPayload);
    expect(after).toBe(before);
  });

  it('opens by the guest’s private link only with its key', async () => {
    const ok = await guestLink(invoiced.number, invoiced.key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(await pdfText(ok.rawPayload)).toContain(invoiced.number);

    const wrongKey = `${invoiced.key.slice(0, -1)}${invoiced.key.endsWith('A') ? 'B' : 'A'}`;
    for (const res of [
      await guestLink(invoiced.number, wrongKey),
      await guestLink(invoiced.number, cashOrder.key),
      await guestLink('2099-999999', invoiced.key),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatch(/^Счёт на оплату заказа .+ не найден$/);
    }
  });

  it('is the customer’s own in the cabinet: another customer and a guest get nothing', async () => {
    const own = await profileLink(invoiced.number, tokens.owner);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-disposition']).toBe(`inline; filename="schet-${invoiced.number}.pdf"`);
    const stranger = await profileLink(invoiced.number, tokens.stranger);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toBe(`Счёт на оплату заказа ${invoiced.number} не найден`);
    expect((await profileLink(invoiced.number)).statusCode).toBe(401);
  });

  it('has no invoice for an order paid otherwise, by any route', async () => {
    expect((await profileLink(cashOrder.number, tokens.owner)).statusCode).toBe(404);
    expect((await guestLink(cashOrder.number, cashOrder.key)).statusCode).toBe(404);
    expect((await adminLink(cashOrder.id, t.adminToken)).statusCode).toBe(404);
    expect((await adminLink(2147483647, t.adminToken)).statusCode).toBe(404);
  });

  it('is not given to the customer once the order is canceled; the staff still read it', async () => {
    const order = await placeFor(tokens.owner, {
      paymentServiceId: ids.invoice,
      organizationId: ids.organization,
    });
    const cancel = await send('POST', `/api/admin/orders/${order.id}/actions`, t.adminToken, {
      action: 'cancel',
      comment: 'Организация передумала',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await profileLink(order.number, tokens.owner)).statusCode).toBe(404);
    expect((await guestLink(order.number, order.key)).statusCode).toBe(404);
    expect((await adminLink(order.id, t.adminToken)).statusCode).toBe(200);
  });

  it('is for the staff who read orders: a manager yes, the content editor and a customer no', async () => {
    expect((await adminLink(invoiced.id, tokens.manager)).statusCode).toBe(200);
    expect((await adminLink(invoiced.id, tokens.content)).statusCode).toBe(403);
    expect((await adminLink(invoiced.id, tokens.owner)).statusCode).toBe(403);
    expect((await send('GET', `/api/admin/orders/${invoiced.id}/invoice.pdf`)).statusCode).toBe(401);
  });

  it('still renders when the shop’s bank details are not filled in, showing what is missing', async () => {
    await t.database.db
      .update(settings)
      .set({ bankName: null, bik: null, settlementAccount: null, correspondentAccount: null });
    const res = await adminLink(invoiced.id, tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('не указано Банк получателя БИК не указано Сч. № не указано');
    expect(text).toContain('Сч. № не указано');
    expect(text).toContain('Две тысячи шестьсот девяносто рублей 55 копеек');
  });
});
