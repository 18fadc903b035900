// An operator's day in the admin, in Chromium against the production build, at 768 and 1440 px: an order taken
// by phone, its goods found by the word «клей» with their photos, a variant and quantity picked, and the live
// total the server prices for that customer is the total of the order placed; «Повторить прошлый заказ» fills
// the customer's last order's goods. The desktop's «Сегодня» says what the orders list says (counted here from
// the admin API, the Moscow day worked out here), moves by exactly the orders this test places, and each figure
// opens a list of that many orders. The history of a product's brand and of an order's payment reads in words:
// names and labels, never a code or JSON. Chosen orders print as packing lists and invoices, a page each.
// Screenshots of the desktop and the orders list at 375, 768 and 1440 px go to docs/screenshots.
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney } from '@shop/schemas/rules/money';
import { adminHeaders, signInAdmin } from '../admin';
import { placeOrder, setOrderStatus } from '../orders';
import { offersOf } from '../shop';
import { watchErrors } from '../page-errors';

const RUN = Date.now().toString(36).toUpperCase();
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');
const WIDTHS = [768, 1440] as const;
/** A demo customer with an account, a customer type with its discount and past orders. */
const CUSTOMER = { search: 'katya.lash', option: /Екатерина Иванова — katya\.lash@example\.ru/ };

let admin: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  admin = await adminHeaders(request);
});

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/admin${path}`, { headers: admin });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface OrderRow {
  id: number;
  number: string;
  userId: number | null;
  status: string;
  paymentStatus: string;
  paymentServiceId: number | null;
  total: number;
  createdAt: string;
  items: { article: string | null; quantity: number }[];
}

const orderByNumber = async (request: APIRequestContext, number: string) =>
  (
    await adminGet<OrderRow[]>(
      request,
      `/orders?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ q: number }))}`,
    )
  ).find((o) => o.number === number)!;

async function chooseCustomer(page: Page) {
  await page.getByRole('combobox', { name: 'Покупатель' }).fill(CUSTOMER.search);
  await page.getByRole('option', { name: CUSTOMER.option }).click();
  await expect(page.getByLabel('Имя и фамилия')).toHaveValue('Екатерина Иванова');
}

async function pickupOnDelivery(page: Page) {
  await page.getByRole('combobox', { name: 'Доставка' }).click();
  await page.getByRole('option', { name: 'Самовывоз из шоу-рума' }).click();
  await page.getByRole('combobox', { name: 'Оплата' }).click();
  await page.getByRole('option', { name: 'При получении' }).click();
}

/** The live total once the server has priced the form as it is now. */
async function liveTotal(page: Page): Promise<string> {
  await expect(page.getByTestId('quote-pending')).toHaveCount(0);
  const sum = page.getByTestId('live-total-sum');
  await expect(sum).toContainText('Итого к оплате');
  return ((await sum.textContent()) ?? '').replace('Итого к оплате', '').trim();
}

// ---------------------------------------------------------------------------------------------------------
// Screenshots for the docs (first: the demo's orders, not this file's)

test('screenshots of the desktop and the orders list at 375, 768 and 1440 px', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/nuxt');
    await expect(page.getByTestId('today-revenue-value')).toBeVisible();
    await expect(page.getByTestId('desktop-orders')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `admin-desktop-${width}.png`), fullPage: true });
    await page.goto('/nuxt/orders');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Two orders chosen: the bulk actions, «Печать» among them, show above the list.
    for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
    await expect(page.getByTestId('order-bulk-actions')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `admin-orders-${width}.png`), fullPage: true });
  }
  expect(errors).toEqual([]);
});

for (const width of WIDTHS) {
  test(`at ${width} px an order by phone: goods found by «клей», a variant picked, the live total is the order's`, async ({
    page,
    request,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAdmin(page);
    await page.goto('/nuxt/place-order');
    await chooseCustomer(page);
    await pickupOnDelivery(page);

    // «клей» finds the glues by the catalogue's own search, with their photos, prices and stock.
    await page.getByLabel('Найти товар').fill('клей');
    const found = page.getByTestId('picker-product');
    await expect(found.first()).toBeVisible();
    const titles = await found.allTextContents();
    expect(titles.filter((t) => /^Клей/.test(t)).length, titles.join('\n')).toBeGreaterThan(1);
    // The demo's glues have photos (other specs' products may have none): every photo is the product's own.
    const photos = found.locator('img');
    expect(await photos.count()).toBeGreaterThan(1);
    for (const photo of await photos.all()) await expect(photo).toHaveAttribute('src', /\/uploads\//);

    // A glue in stock: its variants, a quantity of the first one on sale.
    await found.filter({ hasText: /^Клей/ }).filter({ hasText: 'в наличии' }).first().click();
    const variant = page.getByTestId('picker-variant').filter({ hasText: 'на складе' }).first();
    const article = /Арт\. (\S+)/.exec((await variant.textContent()) ?? '')![1]!;
    await variant.getByRole('spinbutton').fill('2');
    await variant.getByRole('button', { name: /^Добавить/ }).click();
    const line = page.getByTestId('order-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`Арт. ${article}`);
    await expect(line.locator('img')).toHaveAttribute('src', /\/uploads\//);
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    const shown = await liveTotal(page);

    await page.getByLabel('Комментарий менеджера').fill(`По телефону ${RUN} ${width}`);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    const notice = page.getByText(/^Заказ № \S+ оформлен$/);
    await expect(notice).toBeVisible();
    const number = /№ (\S+)/.exec((await notice.textContent()) ?? '')![1]!;
    await expect(page).toHaveURL(new RegExp(`/nuxt/orders/${number}$`));

    // What was placed is what the live total said, for this customer, with this line.
    const placed = await orderByNumber(request, number);
    expect(formatMoney(placed.total)).toBe(shown);
    expect(placed.userId).not.toBeNull();
    expect(placed.items).toEqual([expect.objectContaining({ article, quantity: 2 })]);
    expect(errors).toEqual([]);
  });
}

test('«Повторить прошлый заказ» fills the chosen customer’s last order’s goods, with the live total', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/place-order');
  // Without a customer there is no last order to repeat.
  await expect(page.getByRole('button', { name: 'Повторить прошлый заказ' })).toBeDisabled();
  await chooseCustomer(page);
  await pickupOnDelivery(page);
  const me = (
    await adminGet<{ id: number }[]>(
      request,
      `/users?filter=${encodeURIComponent(JSON.stringify({ q: 'katya.lash@example.ru' }))}`,
    )
  )[0]!;
  const [last] = await adminGet<OrderRow[]>(
    request,
    `/orders?range=[0,0]&sort=["createdAt","DESC"]&filter=${encodeURIComponent(JSON.stringify({ userId: me.id }))}`,
  );
  await page.getByRole('button', { name: 'Повторить прошлый заказ' }).click();
  await expect(page.getByText(`Добавлены товары заказа № ${last!.number}`)).toBeVisible();
  const wanted = new Map<string, number>();
  for (const i of last!.items)
    if (i.article) wanted.set(i.article, (wanted.get(i.article) ?? 0) + i.quantity);
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(wanted.size);
  for (const [article, quantity] of wanted) {
    const row = lines.filter({ hasText: `Арт. ${article}` });
    await expect(row.getByRole('spinbutton')).toHaveValue(String(quantity));
  }
  await liveTotal(page);
  expect(errors).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------------
// «Сегодня»

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const moscowDay = (iso: string | Date) => DAY.format(new Date(iso));
const dayBefore = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
};

interface Figures {
  todayCount: number;
  todayRevenue: number;
  yesterdayCount: number;
  yesterdayRevenue: number;
  toConfirm: number;
  toShip: number;
  unpaid: number;
}

/**
 * The figures worked out here from every order and payment service the admin API lists: the Moscow day of each
 * order, canceled ones out of the revenue; to ship what the order rules let ship (paid, or confirmed and paid on
 * delivery); unpaid three days and more what waits for an online or invoice payment.
 */
async function expectedFigures(request: APIRequestContext): Promise<Figures> {
  const orders = await adminGet<OrderRow[]>(request, '/orders?range=[0,999]');
  expect(orders.length).toBeLessThan(1000);
  const services = await adminGet<{ id: number; kind: string }[]>(request, '/payment-services?range=[0,99]');
  const kindOf = new Map(services.map((s) => [s.id, s.kind]));
  const today = moscowDay(new Date());
  const on = (day: string) => orders.filter((o) => moscowDay(o.createdAt) === day && o.status !== 'canceled');
  const sum = (list: OrderRow[]) => list.reduce((s, o) => s + o.total, 0);
  const unpaidBy = dayBefore(today, 3);
  return {
    todayCount: on(today).length,
    todayRevenue: sum(on(today)),
    yesterdayCount: on(dayBefore(today, 1)).length,
    yesterdayRevenue: sum(on(dayBefore(today, 1))),
    toConfirm: orders.filter((o) => o.status === 'new').length,
    toShip: orders.filter(
      (o) =>
        o.status === 'paid' ||
        (o.status === 'confirmed' && kindOf.get(o.paymentServiceId ?? 0) === 'on_delivery'),
    ).length,
    unpaid: orders.filter(
      (o) =>
        ['new', 'confirmed'].includes(o.status) &&
        o.paymentStatus !== 'paid' &&
        kindOf.get(o.paymentServiceId ?? 0) !== 'on_delivery' &&
        moscowDay(o.createdAt) <= unpaidBy,
    ).length,
  };
}

const FIGURES: { key: keyof Figures; testId: string; money?: boolean }[] = [
  { key: 'todayRevenue', testId: 'today-revenue', money: true },
  { key: 'todayCount', testId: 'today-orders' },
  { key: 'toConfirm', testId: 'today-to-confirm' },
  { key: 'toShip', testId: 'today-to-ship' },
  { key: 'unpaid', testId: 'today-unpaid' },
];

/** The figures as the desktop shows them. */
async function shownFigures(page: Page) {
  const today = page.getByTestId('desktop-today');
  await expect(today.getByTestId('today-revenue-value')).toBeVisible();
  const out: Record<string, string> = {};
  for (const f of FIGURES)
    out[f.key] = ((await today.getByTestId(`${f.testId}-value`).textContent()) ?? '').trim();
  out.yesterdayRevenue = ((await today.getByTestId('yesterday-revenue').textContent()) ?? '').trim();
  out.yesterdayOrders = ((await today.getByTestId('yesterday-orders').textContent()) ?? '').trim();
  return out;
}

const asShown = (f: Figures) => ({
  todayRevenue: formatMoney(f.todayRevenue),
  todayCount: String(f.todayCount),
  toConfirm: String(f.toConfirm),
  toShip: String(f.toShip),
  unpaid: String(f.unpaid),
  yesterdayRevenue: `вчера ${formatMoney(f.yesterdayRevenue)}`,
});

/** An offer of a glue in stock, priced over the shop's minimum order, for the orders this test places. */
async function glueInStock(request: APIRequestContext) {
  const res = await request.get('/api/products/search?filter[search]=клей&filter[inStock]=1&perPage=30');
  const found = ((await res.json()) as { data: { title: string; slug: string; salePrice: number }[] }).data;
  for (const p of found.filter((g) => /^Клей/.test(g.title) && g.salePrice >= 600_00).reverse()) {
    const offer = (await offersOf(request, p.slug)).find((o) => o.stock >= 3);
    if (offer) return offer;
  }
  throw new Error('no glue of 600 ₽ or more with three in stock');
}

for (const width of WIDTHS) {
  test(`at ${width} px «Сегодня» says what the orders list says, and moves by the orders placed`, async ({
    page,
    request,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAdmin(page);
    await page.goto('/nuxt');
    const before = await shownFigures(page);
    const counted = await expectedFigures(request);
    expect(before).toMatchObject(asShown(counted));

    // Two orders today, paid on delivery: one stays new (to confirm), one is confirmed (to ship).
    const offer = await glueInStock(request);
    const placed = [];
    for (const n of [1, 2])
      placed.push(
        await placeOrder(request, admin, {}, [{ offerId: offer.id, quantity: 1 }], {
          customerName: `Сегодня ${RUN} ${width} ${n}`,
          customerPhone: '+79990003344',
          customerEmail: `today-${n}-${width}-${RUN.toLowerCase()}@e2e.local`,
        }),
      );
    await setOrderStatus(request, admin, placed[1]!.id, 'confirmed');
    const totals = await Promise.all(placed.map(async (p) => (await orderByNumber(request, p.number)).total));

    await page.reload();
    const after = await shownFigures(page);
    const expected = await expectedFigures(request);
    expect(after).toMatchObject(asShown(expected));
    // Exactly the two orders: today's count and revenue, one more to confirm, one more to ship.
    expect(Number(after.todayCount)).toBe(counted.todayCount + 2);
    expect(after.todayRevenue).toBe(formatMoney(counted.todayRevenue + totals[0]! + totals[1]!));
    expect(Number(after.toConfirm)).toBe(counted.toConfirm + 1);
    expect(Number(after.toShip)).toBe(counted.toShip + 1);

    // Each figure opens the orders list holding that many orders; today's holds the two placed here.
    for (const f of FIGURES) {
      await page.goto('/nuxt');
      const link = page.getByTestId(`${f.testId}-value`);
      const count = f.money ? expected.todayCount : Number(await link.textContent());
      await link.click();
      await expect(page).toHaveURL(/\/nuxt\/orders\?filter=/);
      const rows = page.locator('tbody tr');
      if (count === 0) await expect(rows).toHaveCount(0);
      else await expect(page.getByText(new RegExp(`^1-${Math.min(count, 25)} из ${count}$`))).toBeVisible();
      if (f.key === 'todayCount')
        for (const p of placed) await expect(rows.filter({ hasText: p.number })).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });
}

// ---------------------------------------------------------------------------------------------------------
// History in words

/** Codes a person should never read: «payment.canceled», «insufficient_funds», «on_delivery», JSON. */
const CODE = /\b[a-z][a-z0-9]*(?:[._][a-z0-9]+)+\b|[{}[\]"]|\bnull\b|\bundefined\b/;
/**
 * What is data, not a code: e-mail addresses (who made the change), the payment service's IDs and the
 * addresses of pictures (other specs' changes to the same product: «Файл: /uploads/demo/…-lashline-….webp»).
 */
const withoutData = (text: string | null) =>
  (text ?? '')
    .replace(/<?[\w.+-]+@[\w.-]+>?/g, '')
    .replace(/ID [\w-]+/g, '')
    .replace(/\/uploads\/[^\s,;]+/g, '');

for (const width of WIDTHS) {
  test(`at ${width} px history reads in words: a product's brand by its name, an order's payment by its label`, async ({
    page,
    request,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAdmin(page);

    // A product's brand changed on its screen: the history names both brands, never their codes.
    const directory = (
      await adminGet<{ id: number; code: string }[]>(request, '/directories?range=[0,99]')
    ).find((d) => d.code === 'brand');
    const brands = await adminGet<{ id: number; code: string; title: string }[]>(
      request,
      `/directory-entries?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ directoryId: directory!.id }))}`,
    );
    const [product] = await adminGet<{ id: number; brandId: number | null }[]>(
      request,
      `/products?range=[0,0]&sort=["id","ASC"]&filter=${encodeURIComponent(JSON.stringify({ active: true }))}`,
    );
    const from = brands.find((b) => b.id === product!.brandId)!;
    const to = brands.find((b) => b.id !== product!.brandId && b.code !== b.title)!;
    await page.goto(`/nuxt/products/${product!.id}`);
    const brand = page.getByRole('combobox', { name: 'Бренд' });
    await expect(brand).toHaveValue(from.title);
    await brand.fill(to.title);
    await page.getByRole('option', { name: to.title, exact: true }).click();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(/\/nuxt\/products$/);
    await page.goto(`/nuxt/products/${product!.id}`);
    const entry = page.getByTestId('history').getByTestId('history-entry').first();
    await expect(entry).toContainText(`Бренд: ${from.title} → ${to.title}`);
    const text = withoutData(await page.getByTestId('history').textContent());
    for (const b of brands) expect(text).not.toContain(b.code === b.title ? '\u0000' : b.code);
    expect(text).not.toMatch(CODE);

    // An order's payment marked on its screen: the history and the payment say it in Russian.
    const offer = await glueInStock(request);
    const order = await placeOrder(request, admin, {}, [{ offerId: offer.id, quantity: 1 }], {
      customerName: `История ${RUN} ${width}`,
      customerPhone: '+79990005566',
      customerEmail: `history-${width}-${RUN.toLowerCase()}@e2e.local`,
    });
    await page.goto(`/nuxt/orders/${order.number}`);
    await page.getByTestId('order-actions').getByRole('button', { name: 'Отметить оплату' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отметить оплату' }).click();
    await expect(page.getByTestId('order-payment-status')).toHaveText('Оплачен');
    const history = page.getByTestId('order-history');
    await expect(history).toContainText('Заказ оплачен');
    expect(withoutData(await history.textContent())).not.toMatch(CODE);

    // A demo order paid after a declined attempt: the provider's events and the bank's reason in words.
    const attempts = await adminGet<{ orderId: number; status: string; cancellationReason: string | null }[]>(
      request,
      '/payment-attempts?range=[0,199]',
    );
    const declined = attempts.find((a) => a.cancellationReason === 'insufficient_funds')!;
    const demo = await adminGet<{ number: string }>(request, `/orders/${declined.orderId}`);
    await page.goto(`/nuxt/orders/${demo.number}`);
    const payment = page.getByTestId('order-payment');
    await expect(payment.getByTestId('payment-notification').first()).toBeVisible();
    await expect(payment).toContainText('Платёж отменён');
    await expect(payment).toContainText('причина отказа: недостаточно средств');
    for (const part of [payment, page.getByTestId('order-history')])
      expect(withoutData(await part.textContent())).not.toMatch(CODE);
    expect(errors).toEqual([]);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Printing

test('chosen orders print as packing lists and invoices, each on its own page', async ({ page, request }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  // A demo order paid by invoice by an organisation, and one of this test paid on delivery.
  const all = await adminGet<(OrderRow & { organizationId: number | null })[]>(
    request,
    '/orders?range=[0,999]',
  );
  const services = await adminGet<{ id: number; kind: string }[]>(request, '/payment-services?range=[0,99]');
  const invoiceKind = new Set(services.filter((s) => s.kind === 'invoice').map((s) => s.id));
  const byInvoice = all.find((o) => o.organizationId && invoiceKind.has(o.paymentServiceId ?? 0))!;
  const offer = await glueInStock(request);
  const mine = await placeOrder(request, admin, {}, [{ offerId: offer.id, quantity: 2 }], {
    customerName: `Печать ${RUN}`,
    customerPhone: '+79990007788',
    customerEmail: `print-${RUN.toLowerCase()}@e2e.local`,
    comment: `Позвонить за час ${RUN}`,
  });

  await page.goto('/nuxt/orders');
  for (const number of [byInvoice.number, mine.number]) {
    await page.getByPlaceholder('Поиск').fill(number);
    const row = page.locator('tbody tr').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await row.getByRole('checkbox').check();
  }
  await page.getByPlaceholder('Поиск').fill('');
  await page.getByTestId('order-bulk-actions').getByRole('link', { name: 'Печать' }).click();
  await expect(page).toHaveURL(/\/nuxt\/print-orders\?ids=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Упаковочные листы: 2, счета на оплату: 1',
  );

  const lists = page.getByTestId('packing-list');
  await expect(lists).toHaveCount(2);
  const own = lists.filter({ hasText: mine.number });
  await expect(own).toContainText(`Печать ${RUN}`);
  await expect(own).toContainText('ул. Лесная, д. 5');
  await expect(own).toContainText(`Позвонить за час ${RUN}`);
  await expect(own.getByTestId('packing-line')).toHaveCount(1);
  await expect(own.getByTestId('packing-line')).toContainText(offer.article);
  await expect(own.getByTestId('packing-line').locator('td').nth(3)).toHaveText('2');
  await expect(own.getByTestId('due-on-delivery')).toBeVisible();
  const invoice = page.getByTestId('invoice');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(`Счёт на оплату № ${byInvoice.number}`);
  await expect(invoice).toContainText('Всего к оплате:');

  // On paper the page's own controls are gone, and each sheet is a page of its own.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Печать' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBe(3);
  expect(errors).toEqual([]);
});
