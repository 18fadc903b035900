// The administrator's orders in Chromium against the production build: the list's status tabs with their
// counts (the server's GET /api/admin/orders/counts), a tab filtering the list, the search by number, a row
// opening the order at /nuxt/orders/{number}; the order's screen with its lines, customer, totals and history;
// «Подтвердить» moving it on (the status chip and the history follow), a line's quantity changed while it is
// not paid, «Отправить» asking its track number, «Отменить» its reason, the manager's comment saved; the numeric
// address of an order landing on its number; the list's bulk status moves (no «Удалить»: orders are history).
// Money: «Отметить оплату» asking first, a line refunded by hand with a restock, a paid order's cancel asking
// whether the money went back; a demo order paid online whose payment ЮKassa cannot refund canceled with the
// money returned by hand.
// Screenshots of the screen at 1440 and 375 px go to docs/screenshots.
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney } from '@shop/schemas/rules/money';
import { adminHeaders, signInAdmin } from '../admin';
import { placeOrder, type PlacedOrder } from '../orders';
import { offersOf } from '../shop';
import { watchErrors } from '../page-errors';

const RUN = Date.now().toString(36).toUpperCase();
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');
const CUSTOMER = {
  customerName: `Заказ Проверочный ${RUN}`,
  customerPhone: '+79990001122',
  customerEmail: `order-${RUN.toLowerCase()}@e2e.local`,
};

type Counts = { total: number; values: Record<string, number> };

/** Kopecks as the admin writes them, by the shop's one money rule: 504000 → «5 040 ₽». */
const money = formatMoney;

let admin: Record<string, string> = {};
let order: PlacedOrder;
let product: { title: string };
let total = 0;

async function counts(request: APIRequestContext, filter: object = {}): Promise<Counts> {
  const res = await request.get(
    `/api/admin/orders/counts?field=status&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    { headers: admin },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Counts }).data;
}

/** A demo product in stock with a picture. */
async function firstStocked(request: APIRequestContext) {
  const listing = await request.get('/api/products/search?filter[inStock]=1&perPage=60');
  const list = ((await listing.json()) as { data: { title: string; slug: string }[] }).data;
  for (const candidate of list)
    if ((await offersOf(request, candidate.slug)).some((o) => o.stock >= 2)) return candidate;
  throw new Error('no demo product with two pieces in stock');
}

test.beforeAll(async ({ request }) => {
  admin = await adminHeaders(request);
  // A demo product with a picture (the line shows it) and two pieces in stock: other specs add products
  // without pictures, and buy the first ones.
  const listing = await request.get('/api/products/search?filter[inStock]=1&perPage=60');
  const list = (
    (await listing.json()) as { data: { title: string; slug: string; announceImageUrl: string | null }[] }
  ).data.filter((p) => p.announceImageUrl);
  let offer: { id: number } | undefined;
  for (const candidate of list) {
    offer = (await offersOf(request, candidate.slug)).find((o) => o.stock >= 2);
    if (offer) {
      product = candidate;
      break;
    }
  }
  expect(offer, 'a demo product with a picture and stock').toBeTruthy();
  // A guest's order, delivered by courier and paid on receipt: new, with every action but shipping open.
  order = await placeOrder(request, admin, {}, [{ offerId: offer!.id, quantity: 2 }], {
    ...CUSTOMER,
    deliveryAddress: `ул. Лесная, д. 5, кв. ${RUN.length}`,
    comment: 'Позвоните за час',
  });
  const res = await request.get(`/api/admin/orders/${order.id}`, { headers: admin });
  total = ((await res.json()) as { total: number }).total;
});

test('the orders list: status tabs with counts, a tab filters, the search finds a number, a row opens it', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/orders');
  const tabs = page.getByTestId('list-tabs');
  const all = await counts(request);
  await expect(tabs.getByRole('tab', { name: `Все ${all.total}` })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: `Новый ${all.values.new}` })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: `Отменён ${all.values.canceled}` })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: /^Все/ })).toHaveAttribute('aria-selected', 'true');

  // A tab is the status filter: only its orders, and the address keeps it.
  await tabs.getByRole('tab', { name: /^Выполнен/ }).click();
  await expect(tabs.getByRole('tab', { name: /^Выполнен/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/status%22%3A%22completed|status":"completed/);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Выполнен' })).toHaveCount(0);
  await expect(rows.filter({ hasText: order.number })).toHaveCount(0);

  // The search keeps the tab's numbers in step: on «Все» the new order is the one match.
  await tabs.getByRole('tab', { name: /^Все/ }).click();
  await page.getByPlaceholder('Поиск').fill(order.number);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(CUSTOMER.customerName);
  await expect(tabs.getByRole('tab', { name: 'Все 1' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Новый 1' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Выполнен 0' })).toBeVisible();

  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/orders/${order.number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${order.number}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the order screen: lines, customer, totals and history; confirming it moves it on', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  // An address with the numeric id (react-admin's links) lands on the number.
  await page.goto(`/nuxt/orders/${order.id}`);
  await expect(page).toHaveURL(new RegExp(`/nuxt/orders/${order.number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Новый');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Не оплачен');

  const lines = page.getByTestId('order-lines');
  await expect(lines.getByTestId('order-line')).toHaveCount(1);
  await expect(lines.getByTestId('order-line')).toContainText(product.title);
  await expect(lines.getByTestId('order-line').locator('img')).toBeVisible();
  await expect(page.getByTestId('order-totals')).toContainText(`Итого${money(total)}`);
  const customer = page.getByTestId('order-customer');
  await expect(customer).toContainText(CUSTOMER.customerName);
  await expect(customer).toContainText(CUSTOMER.customerPhone);
  await expect(customer).toContainText('без аккаунта');
  await expect(customer).toContainText('Позвоните за час');
  await expect(page.getByTestId('order-delivery')).toContainText('ул. Лесная, д. 5');
  const history = page.getByTestId('history-event');
  await expect(history.first()).toBeVisible();
  const before = await history.count();

  // Confirm: the chip and the history follow, and the next buttons are the confirmed order's.
  const actions = page.getByTestId('order-actions');
  await actions.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText(`Заказ № ${order.number}: Подтверждён`)).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Подтверждён');
  await expect(history).toHaveCount(before + 1);
  await expect(history.last()).toContainText('Заказ подтверждён');
  await expect(history.last()).toContainText('Администратор');
  await expect(actions.getByRole('button', { name: 'Подтвердить' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Отправить' })).toBeVisible();

  // Not paid yet: the lines may change. One more piece, priced again by the shop; the history says so.
  await lines.getByRole('button', { name: 'Изменить состав' }).click();
  await lines.getByRole('button', { name: `Больше: ${product.title}` }).click();
  await expect(lines.getByLabel(`Количество: ${product.title}`)).toHaveValue('3');
  await lines.getByLabel('Комментарий к изменению').fill('Покупательница попросила ещё один');
  await lines.getByRole('button', { name: 'Сохранить состав' }).click();
  await expect(page.getByText(new RegExp(`^Состав заказа № ${order.number} изменён. Итого`))).toBeVisible();
  await expect(lines.getByTestId('order-line').getByRole('cell').nth(3)).toHaveText('3');
  await expect(history).toHaveCount(before + 2);
  await expect(history.last()).toContainText('Покупательница попросила ещё один');

  // «Отправить» asks the courier's track number before it sends anything.
  await actions.getByRole('button', { name: 'Отправить' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Укажите трек-номер отправления')).toBeVisible();
  await dialog.getByRole('button', { name: 'Не сейчас' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Подтверждён');

  // «Отменить» warns what a cancel gives back and asks the reason.
  await actions.getByRole('button', { name: 'Отменить' }).click();
  await expect(dialog.getByText(/Товары вернутся на склад/)).toBeVisible();
  await expect(dialog.getByLabel(/Причина отмены/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Не сейчас' }).click();

  // The manager's comment is an ordinary field of the order, saved and read back.
  const comment = page.getByTestId('manager-comment');
  await comment.getByLabel('Комментарий менеджера').fill(`Перезвонить ${RUN}`);
  await comment.getByRole('button', { name: 'Сохранить комментарий' }).click();
  await expect(page.getByText('Комментарий менеджера сохранён')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('manager-comment').getByLabel('Комментарий менеджера')).toHaveValue(
    `Перезвонить ${RUN}`,
  );

  expect(errors).toEqual([]);
});

test('the screenshots: a demo order paid online after a declined attempt, and a payment that came after a cancel', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  // From the demo data: an order with two payment attempts, and the one whose payment came after its cancel.
  const attempts = (await (
    await request.get('/api/admin/payment-attempts?range=[0,199]', { headers: admin })
  ).json()) as { orderId: number; status: string }[];
  const declined = new Set(attempts.filter((a) => a.status === 'canceled').map((a) => a.orderId));
  const twice = attempts.find((a) => a.status === 'succeeded' && declined.has(a.orderId))!.orderId;
  const late = (await (
    await request.get(`/api/admin/payment-notifications?filter=${encodeURIComponent('{"outcome":"late"}')}`, {
      headers: admin,
    })
  ).json()) as { orderId: number }[];
  for (const [name, id] of [
    ['admin-order', twice],
    ['admin-order-late-payment', late[0]!.orderId],
  ] as const) {
    const number = (
      (await (await request.get(`/api/admin/orders/${id}`, { headers: admin })).json()) as { number: string }
    ).number;
    await page.goto(`/nuxt/orders/${number}`);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(page.getByTestId('order-history')).toBeVisible();
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
  }
  expect(errors).toEqual([]);
});

test('the orders list moves chosen orders on together: confirm, then ship with a track number each', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const name = `Пакет ${RUN}`;
  const offer = await offerInStock(request);
  const placed: PlacedOrder[] = [];
  for (const n of [1, 2])
    placed.push(
      await placeOrder(request, admin, {}, [{ offerId: offer.id, quantity: 1 }], {
        ...CUSTOMER,
        customerName: name,
        customerEmail: `batch-${n}-${RUN.toLowerCase()}@e2e.local`,
      }),
    );
  await signInAdmin(page);
  await page.goto('/nuxt/orders');
  await page.getByPlaceholder('Поиск').fill(name);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await page.locator('thead input[type="checkbox"]').check();
  const bulk = page.getByTestId('order-bulk-actions');
  // Orders are history: the status moves, never «Удалить».
  await expect(page.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await bulk.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Подтвердить: 2 из 2')).toBeVisible();
  await expect(rows.filter({ hasText: 'Подтверждён' })).toHaveCount(2);

  await page.locator('thead input[type="checkbox"]').check();
  await bulk.getByRole('button', { name: 'Отправить' }).click();
  const dialog = page.getByRole('dialog');
  for (const o of placed)
    await dialog.getByLabel(`Трек-номер заказа № ${o.number}`).fill(`TRK${o.number.replace(/\D/g, '')}`);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Отправить: 2 из 2')).toBeVisible();
  for (const o of placed) {
    const stored = (await (await request.get(`/api/admin/orders/${o.id}`, { headers: admin })).json()) as {
      status: string;
      deliveryTrackNumber: string | null;
    };
    expect(stored).toMatchObject({
      status: 'shipped',
      deliveryTrackNumber: `TRK${o.number.replace(/\D/g, '')}`,
    });
  }
  expect(errors).toEqual([]);
});

/** An offer with two in stock, from the end of the catalogue (the other tests buy the first ones). */
async function offerInStock(request: APIRequestContext): Promise<{ id: number }> {
  const listing = await request.get('/api/products/search?filter[inStock]=1&perPage=60');
  const list = ((await listing.json()) as { data: { slug: string }[] }).data;
  for (const p of list.reverse()) {
    const offer = (await offersOf(request, p.slug)).find((o) => o.stock >= 2);
    if (offer) return offer;
  }
  throw new Error('no demo offer with two in stock');
}

test('money: «Отметить оплату» asks first, lines go back by hand with a restock, the cancel asks whether the money went back', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  const offer = (await offersOf(request, (await firstStocked(request)).slug)).find((o) => o.stock >= 2)!;
  const paidHere = await placeOrder(request, admin, {}, [{ offerId: offer.id, quantity: 2 }], {
    ...CUSTOMER,
    customerEmail: `refund-${RUN.toLowerCase()}@e2e.local`,
  });
  await page.goto(`/nuxt/orders/${paidHere.number}`);
  const actions = page.getByTestId('order-actions');
  const dialog = page.getByRole('dialog');

  // Marking the payment asks first; «Не сейчас» changes nothing.
  await actions.getByRole('button', { name: 'Отметить оплату' }).click();
  await expect(dialog).toContainText('Отметить, что покупатель заплатил');
  await dialog.getByRole('button', { name: 'Не сейчас' }).click();
  await expect(page.getByTestId('order-payment-status')).toHaveText('Не оплачен');
  await actions.getByRole('button', { name: 'Отметить оплату' }).click();
  await dialog.getByRole('button', { name: 'Отметить оплату' }).click();
  await expect(page.getByTestId('order-payment-status')).toHaveText('Оплачен');

  // One of the two pieces back by hand, to stock: the order stays paid, the refund is listed.
  const refunds = page.getByTestId('order-refunds');
  await refunds.getByRole('button', { name: 'Вернуть деньги' }).click();
  await dialog.getByLabel(/^Вернуть: /).fill('1');
  await expect(dialog).toContainText('К возврату:');
  await dialog.getByLabel('Комментарий').fill('Брак упаковки');
  await dialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
  await expect(page.getByText(new RegExp(`^Заказ № ${paidHere.number}: возвращено`))).toBeVisible();
  await expect(refunds.getByTestId('order-refund')).toHaveCount(1);
  await expect(refunds.getByTestId('order-refund')).toContainText('Брак упаковки');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Оплачен');
  // The customer's page says what came back.
  const customerPage = await page.context().newPage();
  await customerPage.goto(`/orders/${paidHere.number}?key=${encodeURIComponent(paidHere.accessKey)}`);
  await expect(customerPage.getByTestId('order-refunded')).toHaveText(/^\d[\d\s]*₽$/);
  await customerPage.close();

  // The cancel asks whether the rest went back; «Да» with the sum left, and the order is refunded.
  await actions.getByRole('button', { name: 'Отменить' }).click();
  await dialog.getByLabel(/Причина отмены/).fill('Покупатель отказался');
  await dialog.getByRole('button', { name: 'Отменить' }).click();
  await expect(dialog.getByText('Укажите, вернули ли деньги покупателю')).toBeVisible();
  await dialog.getByLabel('Да, деньги возвращены').check();
  await dialog.getByLabel('Как вернули').fill('Наличными курьеру');
  await dialog.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Отменён');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Деньги возвращены');
  await expect(refunds.getByTestId('order-refund')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a demo order paid online that ЮKassa cannot refund (no keys): the refusal stays in the dialog, then by hand', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  const paid = (await (
    await request.get(`/api/admin/orders?filter=${encodeURIComponent('{"status":"paid"}')}&range=[0,99]`, {
      headers: admin,
    })
  ).json()) as { number: string }[];
  let number: string | null = null;
  for (const o of paid) {
    const res = await request.get(`/api/admin/orders/by-number/${o.number}`, { headers: admin });
    const v = ((await res.json()) as { data: { payment: { kind: string }; attempts: unknown[] } }).data;
    if (v.payment.kind === 'online' && v.attempts.length === 1) {
      number = o.number;
      break;
    }
  }
  expect(number, 'a demo order paid online').toBeTruthy();
  await page.goto(`/nuxt/orders/${number}`);
  const dialog = page.getByRole('dialog');
  await page.getByTestId('order-actions').getByRole('button', { name: 'Отменить' }).click();
  await dialog.getByLabel(/Причина отмены/).fill('Нет в наличии');
  await expect(dialog.getByLabel(/^Вернуть .* через/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Отменить' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'Ничего не изменилось' });
  await expect(refusal).toContainText('не подключён');
  await expect(refusal).toContainText('«Деньги возвращены вручную»');
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен');
  await dialog.getByLabel('Деньги возвращены вручную').check();
  await dialog.getByLabel('Как вернули').fill('В личном кабинете ЮKassa');
  await dialog.getByRole('button', { name: 'Отменить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Отменён');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Деньги возвращены');
  // The browser logs the refused cancel's 409 itself; nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('409 (Conflict)'))).toEqual([]);
});
