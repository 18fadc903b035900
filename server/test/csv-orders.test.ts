// The orders' CSV export (server/src/domains/sales/csv-orders.ts) of an order placed through the shop's API: one row
// per line with the order's columns repeated and its amounts on the first row only, statuses and services by
// their titles, money in roubles with kopecks, the phone as «8 (912) 345-67-89», no JSON anywhere, and a
// customer's text that looks like a formula still guarded.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spreadsheetPhone } from '@shop/schemas';
import { parseCsv } from '../src/platform/crud/csv';
import { kopecksToRoubles } from '../src/platform/crud/csv-fields';
import { selectRows } from '../src/platform/db';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import { adminCreate, createServices, fillCart, productWithOffer, request } from './shop-fixtures';

it('writes a phone for a spreadsheet: Russian numbers as dialled in Russia, others after 00', () => {
  expect(spreadsheetPhone('+79123456789')).toBe('8 (912) 345-67-89');
  expect(spreadsheetPhone('+375291234567')).toBe('00 375291234567');
  expect(spreadsheetPhone('не телефон')).toBe('не телефон');
});

describeOnDatabases('the orders CSV on $name', (target) => {
  let t: TestApp;
  let number = '';

  beforeAll(async () => {
    t = await startTestApp(target);
    const ids = await createServices(t, ['courier', 'cash'], { courier: { price: 45050 } });
    const curl = await adminCreate(t, '/api/admin/directories', {
      title: 'Изгиб',
      code: 'curl',
      useInOffers: true,
    });
    await adminCreate(t, '/api/admin/directory-entries', { directoryId: curl, code: 'D', title: 'D-изгиб' });
    const lashes = await productWithOffer(t, {
      price: 99050,
      stock: 10,
      title: 'Ресницы Silk',
      article: 'SILK-D',
      attributes: { curl: 'D' },
    });
    const glue = await productWithOffer(t, {
      price: 110200,
      stock: 10,
      title: 'Клей Sky',
      article: 'GLUE-1',
    });
    await adminCreate(t, '/api/admin/coupons', { code: 'LASH10', type: 'percent', value: 10 });
    const cart = await fillCart(t, [
      [lashes.offerId, 2],
      [glue.offerId, 3],
    ]);
    expect((await request(t, 'POST', '/api/cart/coupon', cart, { code: 'LASH10' })).statusCode).toBe(200);
    const placed = await request(t, 'POST', '/api/orders', cart, {
      customerName: 'Анна Смирнова',
      customerPhone: '+7 (912) 345-67-89',
      customerEmail: 'anna@orders.test',
      deliveryServiceId: ids.courier,
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Лесная, 5',
      paymentServiceId: ids.cash,
      comment: '=HYPERLINK("http://evil.test","Нажмите")',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    number = placed.json<{ data: { number: string } }>().data.number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one row per line: titles, roubles, the phone without a quote, the amounts once, no JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders/export.csv',
      headers: { authorization: t.adminToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    const ours = rows.filter((r) => r[0] === number);
    expect(ours).toHaveLength(2);
    const cell = (row: string[], name: string) => {
      const i = header!.indexOf(name);
      expect(i, `column «${name}»`).toBeGreaterThanOrEqual(0);
      return row[i];
    };
    const [first, second] = ours as [string[], string[]];
    const [stored] = await selectRows<{ items_total: number; discount_total: number; total: number }>(
      t.database.db,
      sql`SELECT items_total, discount_total, total FROM orders WHERE number = ${number}`,
    );
    // The order's columns on every row, by their titles and labels.
    for (const row of ours) {
      expect(cell(row, 'Статус')).toBe('Новый');
      expect(cell(row, 'Статус оплаты')).toBe('Не оплачен');
      expect(cell(row, 'Способ доставки')).toBe('Курьер');
      expect(cell(row, 'Способ оплаты')).toBe('При получении');
      expect(cell(row, 'Телефон')).toBe('8 (912) 345-67-89');
      expect(cell(row, 'Купон')).toBe('LASH10');
      expect(cell(row, 'Скидки')).toMatch(/LASH10.*: \d+,\d\d$/);
      // The customer's formula is text in Excel: the guard's quote stays.
      expect(cell(row, 'Комментарий покупателя')).toBe('\'=HYPERLINK("http://evil.test","Нажмите")');
    }
    // The amounts on the first row only, so that a column's sum is the orders' sum.
    expect(cell(first, 'Сумма товаров')).toBe(kopecksToRoubles(stored!.items_total));
    expect(cell(first, 'Скидка')).toBe(kopecksToRoubles(stored!.discount_total));
    expect(cell(first, 'Доставка')).toBe('450,50');
    expect(cell(first, 'Итого')).toBe(kopecksToRoubles(stored!.total));
    for (const name of ['Сумма товаров', 'Скидка', 'Доставка', 'Оплачено бонусами', 'Итого'])
      expect(cell(second, name), name).toBe('');
    // The lines, in readable words.
    expect(
      ours.map((r) =>
        ['Строка', 'Артикул', 'Товар', 'Характеристики', 'Цена', 'Количество', 'Сумма строки'].map((n) =>
          cell(r, n),
        ),
      ),
    ).toEqual([
      ['1', 'SILK-D', 'Ресницы Silk', 'Изгиб: D-изгиб', '990,50', '2', '1981,00'],
      ['2', 'GLUE-1', 'Клей Sky', '', '1102,00', '3', '3306,00'],
    ]);
    // No JSON and no codes: no cell holds a brace, a bracket or a service's code.
    const all = ours.flat();
    expect(all.filter((c) => /[{}[\]]/.test(c))).toEqual([]);
    expect(all).not.toContain('courier');
    expect(all).not.toContain('cash');
    expect(res.body).not.toContain("'+7");
  });
});
