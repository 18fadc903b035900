// An order's own page in Chromium against the production build, for what needs no payment provider: a guest
// opens the private link on a phone, reads the order's history, cancels it after the question and buys it
// again into a new cart (with and without JavaScript); a signed-in customer repeats an order and lands on the
// cart with its lines and a notice naming what is out of stock; the phone layout never scrolls sideways.
// (Paying online: payments.spec.ts.)
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { placeOrder } from '../orders';
import { offersOf, SCREENS, type Offer } from '../shop';

const RUN = Date.now().toString(36);
const [PHONE, DESKTOP] = SCREENS;
const CONTACT = {
  customerName: 'Вера Заказова',
  customerPhone: `+7999${String(Date.now()).slice(-7)}`,
  customerEmail: `order-page-${RUN}@e2e.local`,
};

let admin: Record<string, string>;
/** A demo product's offer with stock to spare for every order of the spec. */
let stocked: { title: string; offer: Offer };

async function login(request: APIRequestContext, login: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test.beforeAll(async ({ request }) => {
  admin = { authorization: await login(request, ADMIN.email, ADMIN.password) };
  const listing = await request.get(
    '/api/products/search?filter[categorySlug]=resnitsy&filter[inStock]=1&perPage=5',
  );
  const products = ((await listing.json()) as { data: { title: string; slug: string }[] }).data;
  for (const p of products) {
    const offer = (await offersOf(request, p.slug)).find((o) => o.stock > 10);
    if (offer) {
      stocked = { title: p.title, offer };
      break;
    }
  }
  expect(stocked, 'a demo offer with stock to spare').toBeTruthy();
});

/** Nothing on the page is wider than the screen: no sideways scroll on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = Number(
    await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
  );
  expect(overflow, 'sideways scroll in px').toBeLessThanOrEqual(0);
}

const history = (page: Page) => page.getByRole('region', { name: 'История заказа' }).getByRole('listitem');

/** Opens a guest's private link in a fresh browser (with or without JavaScript) and cancels the order. */
async function guestCancels(browser: Browser, request: APIRequestContext, javaScriptEnabled: boolean) {
  const order = await placeOrder(request, admin, {}, [{ offerId: stocked.offer.id, quantity: 1 }], CONTACT);
  const context = await browser.newContext({ viewport: PHONE.viewport, javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`/orders/${order.number}?key=${order.accessKey}`);
  if (javaScriptEnabled) await page.waitForLoadState('networkidle');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${order.number}`);
  await expect(page.locator('.order__status .order-status')).toHaveText('Новый');
  await expect(history(page)).toHaveCount(1);
  await expect(history(page).first()).toContainText('Заказ оформлен');
  // Moscow time, as the shop writes it: «25 ноября 2026, 14:05».
  await expect(history(page).first().locator('time')).toHaveText(/^\d{1,2} [а-я]+ \d{4}, \d{2}:\d{2}$/);
  await expect(page.getByRole('button', { name: 'Повторить заказ' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The question first; nothing is sent until «Да, отменить заказ».
  const confirm = page.getByRole('button', { name: 'Да, отменить заказ' });
  await expect(confirm).toBeHidden();
  await page.locator('summary', { hasText: 'Отменить заказ' }).click();
  await expect(page.getByText(`Отменить заказ № ${order.number}?`)).toBeVisible();
  await page.getByLabel('Причина отмены (необязательно)').fill('Заказала не тот изгиб');
  await expectNoSidewaysScroll(page);
  await confirm.click();

  await expect(page.getByRole('status').filter({ hasText: 'Заказ отменён' })).toBeVisible();
  await expect(page.locator('.order__status .order-status')).toHaveText('Отменён');
  await expect(page.getByText(/Причина отмены: .*Заказала не тот изгиб/)).toBeVisible();
  await expect(history(page)).toHaveCount(2);
  await expect(history(page).last()).toContainText('Заказ отменён');
  await expect(page.locator('summary', { hasText: 'Отменить заказ' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // A canceled order can still be bought again: this browser has no cart yet, and gets one.
  await page.getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('.cart-notice--repeat')).toHaveText(
    `В корзину добавлено 1 товар из заказа № ${order.number}.`,
  );
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.locator('.cart-line').first()).toContainText(stocked.title);
  await expectNoSidewaysScroll(page);
  expect(errors).toEqual([]);
  await context.close();
}

test('a guest opens the private link on a phone, reads the history, cancels the order and repeats it', async ({
  browser,
  request,
}) => {
  await guestCancels(browser, request, true);
});

test('without JavaScript the guest does the same: the question opens, the forms post', async ({
  browser,
  request,
}) => {
  await guestCancels(browser, request, false);
});

test('a signed-in customer repeats an order: the cart gets what is in stock and names what is not', async ({
  page,
  request,
}) => {
  const email = `order-repeat-${RUN}@e2e.local`;
  const registered = await request.post('/api/auth/register', {
    data: {
      name: 'Вера',
      email,
      phone: `+7998${String(Date.now()).slice(-7)}`,
      password: 'repeat-pass-1',
      consent: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = ((await registered.json()) as { data: { token: string } }).data.token;

  // A glue that sells out after the order: ordered, then its stock set to nothing.
  const glue = await request.post('/api/admin/products', {
    headers: admin,
    data: {
      slug: `klei-repeat-${RUN}`,
      title: `Клей Repeat ${RUN}`,
      offers: [{ article: `E2E-R-${RUN}`, basePrice: 99_000, stock: 3 }],
    },
  });
  expect(glue.status(), await glue.text()).toBe(201);
  const glueProduct = (await glue.json()) as { id: number; offers: { id: number }[] };
  const order = await placeOrder(
    request,
    admin,
    { authorization: token },
    [
      { offerId: stocked.offer.id, quantity: 2 },
      { offerId: glueProduct.offers[0]!.id, quantity: 1 },
    ],
    { ...CONTACT, customerEmail: email },
  );
  const stored = await request.get(`/api/admin/products/${glueProduct.id}`, { headers: admin });
  const record = (await stored.json()) as { offers: Record<string, unknown>[] };
  const soldOut = await request.put(`/api/admin/products/${glueProduct.id}`, {
    headers: admin,
    data: { ...record, offers: record.offers.map((o) => ({ ...o, stock: 0 })) },
  });
  expect(soldOut.status(), await soldOut.text()).toBe(200);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewportSize(DESKTOP.viewport);
  await page
    .context()
    .addCookies([
      { name: 'auth.token', value: token, url: new URL('/', test.info().project.use.baseURL).href },
    ]);
  await page.goto(`/profile/orders/${order.number}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${order.number}`);
  await expect(history(page).first()).toContainText('Заказ оформлен');

  await page.getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const notice = page.locator('.cart-notice--repeat');
  await expect(notice).toContainText(`В корзину добавлено 1 товар из заказа № ${order.number}.`);
  await expect(notice).toContainText(`Нет в наличии: «Клей Repeat ${RUN}».`);
  const lines = page.locator('.cart-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(stocked.title);
  await expect(lines.first().getByLabel('Количество, шт.')).toHaveValue('2');
  // The notice is said once: the next visit of the cart has none.
  await page.reload();
  await expect(lines).toHaveCount(1);
  await expect(notice).toHaveCount(0);

  // On a phone the customer's order page fits the screen.
  await page.setViewportSize(PHONE.viewport);
  await page.goto(`/profile/orders/${order.number}`);
  await expect(page.getByRole('button', { name: 'Повторить заказ' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(errors).toEqual([]);
});
