// Paying online and running orders to the end, in Chromium against the production build and a local server
// that speaks YooKassa's protocol (e2e/yookassa.ts, started here): a signed-in customer orders with card
// payment, is sent to the provider's page, pays and comes back to a paid order — with the notification
// arriving before the customer and after; an abandoned payment is paid from the order's page, a declined one
// paid again; an administrator confirms, ships with a track number and completes an order in the order
// screen, the customer gets a letter at each step and the points accrue; a paid order canceled by the
// administrator is refunded and its stock returns; an organisation downloads its invoice.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { adminHeaders, signInAdmin } from '../admin';
import { PORT } from '../playwright.config';
import { waitForLetter } from '../mailbox';
import { offersOf } from '../shop';
import { startYookassa, YOOKASSA_SHOP } from '../yookassa';
import type { FakeYookassa } from '../../server/test/fake-yookassa';

const RUN = Date.now().toString(36);
type Headers = Record<string, string>;

let fake: FakeYookassa;
let fakeSettings: ReturnType<typeof startYookassa>['settings'];
let admin: Headers;
let cardId = 0;
/** A product of this spec's own, with stock enough for every order here. */
const glue = { slug: `klej-oplata-${RUN}`, offerId: 0, price: 150_000 };

async function paymentService(request: APIRequestContext, code: string) {
  const res = await request.get('/api/admin/payment-services?range=[0,99]', { headers: admin });
  const found = ((await res.json()) as { id: number; code: string; title: string }[]).find(
    (s) => s.code === code,
  );
  expect(found, code).toBeTruthy();
  return found!;
}

/** A customer of the shop, signed in in this browser: their e-mail, token and id. */
async function customer(page: Page, request: APIRequestContext, name: string) {
  const email = `${name}-${RUN}@e2e.local`;
  const created = await request.post('/api/admin/users', {
    headers: admin,
    data: {
      name: 'Ксения',
      lastName: 'Платёжная',
      email,
      phone: `+7916${String(Date.now()).slice(-7)}`,
      password: 'payer-password-1',
      role: 'customer',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await request.post('/api/auth/login', {
    data: { login: email, password: 'payer-password-1' },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.context().addCookies([{ name: 'auth.token', value: token, url: `http://127.0.0.1:${PORT}/` }]);
  return { email, token, id: ((await created.json()) as { id: number }).id };
}

/** Puts the spec's product in the cart (through the API: the cart spec proves the buttons) and checks out. */
async function orderOnline(page: Page, request: APIRequestContext, token: string, quantity = 1) {
  const added = await request.post('/api/cart/items', {
    headers: { authorization: token },
    data: { offerId: glue.offerId, quantity },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto('/cart/order');
  await expect(page.locator('.checkout[data-hydrated]')).toBeVisible();
  await page.getByRole('radio', { name: /Самовывоз из шоу-рума/ }).check();
  // Choosing the delivery re-prices the form and redraws the payments it allows: choose the card after that.
  const card = page.getByRole('radio', { name: /Картой онлайн/ });
  await expect(async () => {
    await card.check();
    await expect(card).toBeChecked({ timeout: 1000 });
  }).toPass();
  await page.getByLabel(/обработку персональных данных/).check();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
}

const stockOf = async (request: APIRequestContext) =>
  (await offersOf(request, glue.slug)).find((o) => o.id === glue.offerId)!.stock;

/** On the provider's page: pays (or declines), and comes back to the shop. */
async function onProviderPage(page: Page, button: 'Оплатить' | 'Отказаться') {
  await expect(page).toHaveURL(new RegExp(`^${fake.origin}/checkout/`));
  await expect(page.getByRole('heading', { name: 'Тестовая оплата ЮKassa' })).toBeVisible();
  const paymentId = decodeURIComponent(page.url().split('/checkout/')[1]!);
  await page.getByRole('button', { name: button }).click();
  return paymentId;
}

const orderNumberOf = (page: Page) => /\/orders\/([^/?]+)/.exec(page.url())![1]!;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const started = startYookassa(PORT, { notifyRetryMs: 200 });
  fakeSettings = started.settings;
  fake = await started.server;
  admin = await adminHeaders(request);
  // The administrator connects the demo's YooKassa service with the test shop's keys.
  const card = await paymentService(request, 'card_online');
  cardId = card.id;
  const res = await request.put(`/api/admin/payment-services/${cardId}`, {
    headers: admin,
    data: { ...card, provider: 'yookassa', credentials: YOOKASSA_SHOP, testMode: true, active: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const product = await request.post('/api/admin/products', {
    headers: admin,
    data: {
      slug: glue.slug,
      title: `Клей для наращивания ресниц, оплата ${RUN}`,
      active: true,
      offers: [{ article: `PAY-${RUN}`, basePrice: glue.price, stock: 100 }],
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  glue.offerId = ((await product.json()) as { offers: { id: number }[] }).offers[0]!.id;
});

test.afterAll(async ({ request }) => {
  // Disconnected again: the other specs see the demo shop as it starts.
  const card = await paymentService(request, 'card_online');
  await request.put(`/api/admin/payment-services/${cardId}`, {
    headers: admin,
    data: { ...card, credentials: { shopId: null, secretKey: null } },
  });
  await fake?.close();
});

for (const first of ['notification', 'customer'] as const) {
  test(`a signed-in customer pays online and sees the order paid (the ${first} comes back first)`, async ({
    page,
    request,
  }) => {
    fakeSettings.returnFirst = first === 'customer';
    fakeSettings.notifyDelayMs = first === 'customer' ? 1500 : 0;
    await page.setViewportSize({ width: 375, height: 812 });
    const { token } = await customer(page, request, `payer-${first}`);
    await orderOnline(page, request, token);
    // The success page goes on to the payment by itself.
    const paymentId = await onProviderPage(page, 'Оплатить');
    await expect(page).toHaveURL(/\/profile\/orders\/[^/?]+\?payment=return$/);
    await expect(page.getByRole('status').getByText('Оплата получена')).toBeVisible();
    await expect(page.locator('.order-status')).toContainText('Оплачен');
    await fake.settled();
    // Whatever came first, the payment counted once.
    await page.reload();
    await expect(page.locator('.order-history li').filter({ hasText: 'Заказ оплачен' })).toHaveCount(1);
    expect(fake.payments.get(paymentId)!.status).toBe('succeeded');
  });
}

test('an abandoned payment is paid from the order page; a declined one is paid again', async ({
  page,
  request,
}) => {
  fakeSettings.returnFirst = false;
  fakeSettings.notifyDelayMs = 0;
  await page.setViewportSize({ width: 1440, height: 900 });
  const { token } = await customer(page, request, 'abandoner');
  await orderOnline(page, request, token);
  await expect(page).toHaveURL(new RegExp(`^${fake.origin}/checkout/`));
  // The provider's page names the order; the customer closes it and comes back later to the account.
  const number = /Заказ № (\d{4}-\d+)/.exec((await page.locator('body').textContent())!)![1]!;
  await page.goto('/profile/orders');
  await expect(page.getByRole('link', { name: `Заказ № ${number}` })).toBeVisible();
  await page.goto(`/profile/orders/${number}`);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await onProviderPage(page, 'Отказаться');
  await expect(page.getByRole('alert').getByText('Оплата не прошла')).toBeVisible();
  await page
    .getByRole('button', { name: /Оплатить/ })
    .first()
    .click();
  await onProviderPage(page, 'Оплатить');
  await expect(page.getByRole('status').getByText('Оплата получена')).toBeVisible();
  expect(orderNumberOf(page)).toBe(number);
});

/** The administrator, signed in to /nuxt in this browser. */
test('the administrator confirms, ships with a track number and completes; a letter at each step, points accrue', async ({
  browser,
  request,
}) => {
  fakeSettings.returnFirst = false;
  const shopper = await browser.newPage();
  const { token, email } = await customer(shopper, request, 'loyal');
  await orderOnline(shopper, request, token, 2);
  // While the customer is on the payment page, the shop confirms the order.
  await expect(shopper).toHaveURL(new RegExp(`^${fake.origin}/checkout/`));
  const number = /Заказ № (\d{4}-\d+)/.exec((await shopper.locator('body').textContent())!)![1]!;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAdmin(page);
  await page.goto(`/nuxt/orders/${number}`);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Подтверждён').first()).toBeVisible();
  await waitForLetter(email, new RegExp(`Заказ № ${number}: Подтверждён`));

  await onProviderPage(shopper, 'Оплатить');
  await expect(shopper.getByRole('status').getByText('Оплата получена')).toBeVisible();
  await waitForLetter(email, new RegExp(`Заказ № ${number}: Оплачен`));

  await page.reload();
  await page.getByRole('button', { name: 'Отправить' }).click();
  await page.getByLabel('Трек-номер').fill(`TRACK${RUN}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Отправлен').first()).toBeVisible();
  const shipped = await waitForLetter(email, new RegExp(`Заказ № ${number}: Отправлен`));
  expect(shipped.html).toContain(`TRACK${RUN}`);
  await page.getByRole('button', { name: 'Выполнить' }).click();
  await expect(page.getByText('Выполнен').first()).toBeVisible();
  await waitForLetter(email, new RegExp(`Заказ № ${number}: Выполнен`));

  // The customer's page: the whole history, and the points for the order.
  await shopper.goto(`/profile/orders/${number}`);
  for (const step of [
    'Заказ оформлен',
    'Заказ подтверждён',
    'Заказ оплачен',
    'Заказ отправлен',
    'Заказ выполнен',
  ])
    await expect(shopper.locator('.order-history')).toContainText(step);
  const bonuses = await request.get('/api/profile/bonuses', { headers: { authorization: token } });
  const entries = ((await bonuses.json()) as { data: { history: { kind: string; amount: number }[] } }).data
    .history;
  expect(entries.some((e) => e.kind === 'accrual' && e.amount > 0)).toBe(true);
});

test('a paid order canceled by the administrator is refunded and its stock returns', async ({
  browser,
  request,
}) => {
  const shopper = await browser.newPage();
  const { token } = await customer(shopper, request, 'refund');
  await orderOnline(shopper, request, token, 3);
  const paymentId = await onProviderPage(shopper, 'Оплатить');
  await expect(shopper.getByRole('status').getByText('Оплата получена')).toBeVisible();
  const number = orderNumberOf(shopper);
  const stockNow = await stockOf(request);

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAdmin(page);
  await page.goto(`/nuxt/orders/${number}`);
  await page.getByRole('button', { name: 'Отменить' }).click();
  await page.getByLabel(/Причина/).fill('Нет нужного изгиба');
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(page.getByText('Отменён').first()).toBeVisible();
  await expect(page.getByText('Деньги возвращены').first()).toBeVisible();
  const payment = fake.payments.get(paymentId)!;
  expect(payment.refunded_amount?.value).toBe(payment.amount.value);
  expect(await stockOf(request)).toBe(stockNow + 3);
});

test('an organisation paying by invoice downloads the invoice from its order', async ({ page, request }) => {
  const { token, email } = await customer(page, request, 'company');
  const company = await request.put('/api/profile/company', {
    headers: { authorization: token },
    data: {
      legalForm: 'ooo',
      name: `Лэш-студия ${RUN}`,
      inn: '7707083893',
      kpp: '773601001',
      legalAddress: 'Казань, ул. Баумана, 1',
    },
  });
  expect(company.status(), await company.text()).toBe(200);
  const organizationId = ((await company.json()) as { data: { id: number } }).data.id;
  // Invoices start at 10 000 ₽ in the demo shop: seven bottles.
  await request.post('/api/cart/items', {
    headers: { authorization: token },
    data: { offerId: glue.offerId, quantity: 7 },
  });
  const invoice = await paymentService(request, 'invoice');
  const placed = await request.post('/api/orders', {
    headers: { authorization: token },
    data: {
      customerName: 'Ксения Платёжная',
      customerPhone: '+79161234567',
      customerEmail: email,
      deliveryServiceId: (
        (await (
          await request.get('/api/admin/delivery-services?range=[0,99]', { headers: admin })
        ).json()) as { id: number; code: string }[]
      ).find((d) => d.code === 'self_pickup')!.id,
      paymentServiceId: invoice.id,
      organizationId,
      consent: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = ((await placed.json()) as { data: { number: string } }).data;
  await page.goto(`/profile/orders/${number}`);
  const link = page.getByRole('link', { name: /Скачать счёт/ });
  await expect(link).toBeVisible();
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const parser = new PDFParse({ data: await pdf.body() });
  const text = (await parser.getText()).text.replace(/\s+/g, ' ');
  await parser.destroy();
  expect(text).toContain(`Счёт на оплату № ${number}`);
  expect(text).toContain('ИНН 7707083893');
  expect(text).toContain(`Лэш-студия ${RUN}`);
});
