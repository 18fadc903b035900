// The account area in Chromium against the production build, as a customer registered through the API with
// three orders placed from their cart (one current, one completed and one canceled by the administrator): every
// /profile page is complete in the server's HTML; the personal data form's masks; the company form refuses
// an INN with a wrong check digit and saves a right one; the subscription switches; the order tabs and an
// order's page (someone else's order is a 404); the password change signs out other devices. Each flow runs
// on a phone (375 px), the summary, orders and company also on a desktop (1440 px). The customer is this
// spec's own; what is changed on it is put back where another flow of the spec relies on it.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { placeOrder, setOrderStatus } from '../orders';
import { offersOf, type Offer } from '../shop';
import { formatMoney } from '@shop/schemas/rules/money';

const RUN = Date.now().toString(36);
const CUSTOMER = {
  name: 'Анна',
  email: `profile-${RUN}@e2e.local`,
  phone: `+7999${String(Date.now()).slice(-7)}`,
  password: 'profile-pass-1',
};
const VALID_INN = '7707083893';
const WRONG_INN = '7707083894';
const INN_INVALID = 'Неверный ИНН: не сходится контрольное число. Проверьте цифры.';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

interface Order {
  number: string;
}
let customerToken = '';
let orders: { current: Order; completed: Order; canceled: Order; foreign: Order };
let product: { id: number; title: string; slug: string };
let offer: Offer;

async function login(request: APIRequestContext, login: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test.beforeAll(async ({ request }) => {
  const registered = await request.post('/api/auth/register', {
    data: { ...CUSTOMER, consent: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  customerToken = ((await registered.json()) as { data: { token: string } }).data.token;

  const listing = await request.get(
    '/api/products/search?filter[categorySlug]=resnitsy&filter[inStock]=1&perPage=1',
  );
  product = ((await listing.json()) as { data: (typeof product)[] }).data[0]!;
  offer = (await offersOf(request, product.slug)).find((o) => o.stock > 5)!;
  const offerId = offer.id;

  const admin = { authorization: await login(request, ADMIN.email, ADMIN.password) };
  const customer = { authorization: customerToken };
  const contact = {
    customerName: CUSTOMER.name,
    customerPhone: CUSTOMER.phone,
    customerEmail: CUSTOMER.email,
  };
  // A line whose product has left the catalogue since: ordered, then the product deleted.
  const gone = await request.post('/api/admin/products', {
    headers: admin,
    data: {
      slug: `pintset-${RUN}`,
      title: 'Пинцет прямой (снят с продажи)',
      offers: [{ article: `E2E-P-${RUN}`, basePrice: 45_000, stock: 5 }],
    },
  });
  expect(gone.status(), await gone.text()).toBe(201);
  const goneProduct = (await gone.json()) as { id: number; offers: { id: number }[] };
  const current = await placeOrder(
    request,
    admin,
    customer,
    [
      { offerId, quantity: 2 },
      { offerId: goneProduct.offers[0]!.id, quantity: 1 },
    ],
    { ...contact, deliveryAddress: 'ул. Тверская, д. 1, кв. 5' },
  );
  const deleted = await request.delete(`/api/admin/products/${goneProduct.id}`, { headers: admin });
  expect(deleted.status(), await deleted.text()).toBe(200);
  const completed = await placeOrder(request, admin, customer, [{ offerId, quantity: 1 }], contact);
  await setOrderStatus(request, admin, completed.id, 'completed');
  const canceled = await placeOrder(request, admin, customer, [{ offerId, quantity: 1 }], contact);
  await setOrderStatus(request, admin, canceled.id, 'canceled');
  // Seeded orders belong to the demo customers: the oldest one is somebody else's.
  const seeded = await request.get('/api/admin/orders?sort=["id","ASC"]&range=[0,0]', { headers: admin });
  const [foreign] = (await seeded.json()) as Order[];
  orders = { current, completed, canceled, foreign: foreign! };
});

/** A signed-in customer's page: the token cookie the sign-in page would set. */
async function open(page: Page, viewport: { width: number; height: number }, path: string) {
  await page.setViewportSize(viewport);
  await page
    .context()
    .addCookies([
      { name: 'auth.token', value: customerToken, url: new URL('/', test.info().project.use.baseURL).href },
    ]);
  await page.goto(path);
  // The forms work once the page is hydrated: its scripts have loaded when the network is quiet.
  await page.waitForLoadState('networkidle');
}

function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Empties a field as a person does (select all, delete), so the mask sees what was selected. */
async function clear(field: Locator) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
}

/** Types into a masked field as a person does, replacing what was there. */
async function retype(field: Locator, text: string) {
  await clear(field);
  await field.pressSequentially(text);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.toasts').getByText(text);

test('every account page is complete in the server-rendered HTML for a signed-in customer', async ({
  request,
}) => {
  const pages: { path: string; h1: string; contains: string[] }[] = [
    {
      path: '/profile',
      h1: `Здравствуйте, ${CUSTOMER.name}!`,
      contains: [orders.current.number, CUSTOMER.email],
    },
    { path: '/profile/user', h1: 'Личные данные', contains: [CUSTOMER.email, 'value="Анна"'] },
    { path: '/profile/orders', h1: 'Мои заказы', contains: [orders.current.number, 'Текущие'] },
    { path: '/profile/orders/completed', h1: 'Мои заказы', contains: [orders.completed.number] },
    { path: '/profile/orders/canceled', h1: 'Мои заказы', contains: [orders.canceled.number] },
    {
      path: `/profile/orders/${orders.current.number}`,
      h1: `Заказ № ${orders.current.number}`,
      contains: [product.title, 'Пинцет прямой (снят с продажи)', 'ул. Тверская, д. 1, кв. 5', 'Итого'],
    },
    {
      path: '/profile/products',
      h1: 'Мои товары',
      contains: [product.title, 'Пинцет прямой (снят с продажи)', 'Больше не продаётся'],
    },
    { path: '/profile/bonuses', h1: 'Бонусы', contains: ['На счёте'] },
    { path: '/profile/company', h1: 'Реквизиты организации', contains: ['ИНН', 'БИК'] },
    { path: '/profile/subscriptions', h1: 'Подписки', contains: ['Новости и акции по e-mail'] },
    { path: '/profile/change-pass', h1: 'Смена пароля', contains: ['Текущий пароль'] },
  ];
  for (const { path, h1, contains } of pages) {
    const res = await request.get(path, {
      headers: { 'user-agent': 'curl/8', cookie: `auth.token=${encodeURIComponent(customerToken)}` },
    });
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    const heading = (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
    expect(heading, path).toBe(h1);
    expect(html, path).toContain('<meta name="robots" content="noindex, follow"');
    for (const piece of contains) expect(html, `${path} holds ${piece}`).toContain(piece);
  }
  // A guest gets no page at all: every one of them sends to sign in and back.
  for (const { path } of pages) {
    const res = await request.get(path, { headers: { 'user-agent': 'curl/8' }, maxRedirects: 0 });
    expect(res.status(), `${path} for a guest`).toBe(302);
    expect(res.headers().location, path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  }
  for (const path of [`/profile/orders/${orders.foreign.number}`, '/profile/orders/2000-000000']) {
    const res = await request.get(path, {
      headers: { 'user-agent': 'curl/8', cookie: `auth.token=${encodeURIComponent(customerToken)}` },
    });
    expect(res.status(), `${path} is someone else's or nobody's`).toBe(404);
  }
});

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`summary: greeting, unconfirmed e-mail with a new letter, bonuses, current orders (${label})`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await open(page, viewport, '/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Здравствуйте, ${CUSTOMER.name}!`);
    await expect(page.getByText('Адрес не подтверждён')).toBeVisible();
    await page.getByRole('button', { name: 'Отправить письмо ещё раз' }).click();
    await expect(
      toast(page, 'Письмо отправлено. Перейдите по ссылке из него, чтобы подтвердить адрес.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Заказ № ${orders.current.number}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Заказ № ${orders.completed.number}` })).toHaveCount(0);
    for (const section of [
      'Личные данные',
      'Мои заказы',
      'Реквизиты организации',
      'Подписки',
      'Смена пароля',
    ])
      await expect(
        page.getByRole('navigation', { name: 'Разделы кабинета' }).getByRole('link', { name: section }),
      ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`orders: tabs between current, completed and canceled, one order's page (${label})`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    await open(page, viewport, '/profile/orders');
    const tabs = page.getByRole('navigation', { name: 'Списки заказов' });
    await expect(tabs.getByRole('link', { name: 'Текущие' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: `Заказ № ${orders.current.number}` })).toBeVisible();

    await tabs.getByRole('link', { name: 'Выполненные' }).click();
    await expect(page).toHaveURL(/\/profile\/orders\/completed$/);
    await expect(tabs.getByRole('link', { name: 'Выполненные' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: `Заказ № ${orders.completed.number}` })).toBeVisible();
    await expect(page.getByText('Выполнен', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `Заказ № ${orders.current.number}` })).toHaveCount(0);

    await tabs.getByRole('link', { name: 'Отменённые' }).click();
    await expect(page).toHaveURL(/\/profile\/orders\/canceled$/);
    await page.getByRole('link', { name: `Заказ № ${orders.canceled.number}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${orders.canceled.number}`);
    await expect(page.getByText('Причина отмены: Покупатель передумал')).toBeVisible();
    await page.getByRole('link', { name: '← Все заказы' }).click();
    await expect(page).toHaveURL(/\/profile\/orders\/canceled$/);

    await tabs.getByRole('link', { name: 'Текущие' }).click();
    await page.getByRole('link', { name: `Заказ № ${orders.current.number}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${orders.current.number}`);
    const items = page.getByRole('region', { name: 'Товары' });
    await expect(items.getByRole('link', { name: product.title })).toBeVisible();
    await expect(items.getByRole('img', { name: product.title })).toBeVisible();
    await expect(items.getByText('Пинцет прямой (снят с продажи)')).toBeVisible();
    await expect(items.getByText(`Артикул ${offer.article}`)).toBeVisible();
    // The page shows the order as it was stored (rules of the shop at that moment may have priced it).
    const stored = (
      (await (
        await request.get(`/api/profile/orders/${orders.current.number}`, {
          headers: { authorization: customerToken },
        })
      ).json()) as {
        data: { itemsTotal: number; total: number; items: { price: number; quantity: number }[] };
      }
    ).data;
    expect(stored.items[0]!.quantity).toBe(2);
    await expect(items.getByText(`${formatMoney(stored.items[0]!.price)} × 2 шт.`)).toBeVisible();
    const payment = page.getByRole('region', { name: 'Оплата' });
    await expect(payment.getByText(formatMoney(stored.itemsTotal))).toBeVisible();
    await expect(payment.getByText(formatMoney(stored.total))).toBeVisible();
    await expect(page.getByRole('region', { name: 'Доставка' })).toContainText(
      'Москва, ул. Тверская, д. 1, кв. 5',
    );

    await page.goto(`/profile/orders/${orders.foreign.number}`);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`company: a wrong INN is refused, a right one is saved and shown after reload (${label})`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await open(page, viewport, '/profile/company');
    await page.getByLabel('Наименование').fill('ООО «Ресницы e2e»');
    const inn = page.getByLabel('ИНН');
    await clear(inn);
    await inn.pressSequentially(`${WRONG_INN}x`);
    await expect(inn).toHaveValue(WRONG_INN);
    await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
    await expect(page.getByText(INN_INVALID)).toBeVisible();
    await expect(inn).toHaveAttribute('aria-invalid', 'true');
    await expect(inn).toBeFocused();

    await clear(inn);
    await inn.pressSequentially(VALID_INN);
    await expect(page.getByText(INN_INVALID)).toHaveCount(0);
    await retype(page.getByLabel('КПП'), '773601001');
    await retype(page.getByLabel('БИК'), '044525225');
    await retype(page.getByLabel('Расчётный счёт'), '40702819938000001234');
    await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
    await expect(toast(page, 'Реквизиты сохранены')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Наименование')).toHaveValue('ООО «Ресницы e2e»');
    await expect(page.getByLabel('ИНН')).toHaveValue(VALID_INN);
    await expect(page.getByLabel('Расчётный счёт')).toHaveValue('40702819938000001234');
    expect(errors).toEqual([]);
  });
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`«Мои товары»: the bought variant once, ticked with a quantity and put in the cart (${label})`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await open(page, viewport, '/profile/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Мои товары' })).toBeVisible();
    // Ordered three times, one order canceled: one row, the last purchase's quantity ready to change.
    const row = page.locator('.my-product').filter({ hasText: product.title });
    await expect(row).toHaveCount(1);
    await expect(page.locator('.my-product').filter({ hasText: 'Пинцет прямой' })).toContainText(
      'Больше не продаётся',
    );
    await expect(
      page.locator('.my-product').filter({ hasText: 'Пинцет прямой' }).getByRole('checkbox'),
    ).toBeDisabled();
    await row.getByRole('checkbox').check();
    await row.getByLabel('Количество, шт.').fill('3');
    await page.getByRole('button', { name: 'В корзину отмеченные' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('В корзину добавлено 1 товар из ваших покупок.')).toBeVisible();
    const line = page.locator('.cart-line').filter({ hasText: product.title });
    await expect(line.getByLabel('Количество, шт.')).toHaveValue('3');
    // Taken out again: the other flows of this spec find the customer's cart as it was.
    await line.getByRole('button', { name: `Удалить «${product.title}» из корзины` }).click();
    await expect(line).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('personal data: phone and birthday masks, saved and shown after reload (phone)', async ({ page }) => {
  const errors = watchPageErrors(page);
  await open(page, PHONE, '/profile/user');
  const phone = page.getByLabel('Телефон');
  await expect(phone).toHaveValue(
    `+7 (${CUSTOMER.phone.slice(2, 5)}) ${CUSTOMER.phone.slice(5, 8)}-${CUSTOMER.phone.slice(8, 10)}-${CUSTOMER.phone.slice(10)}`,
  );
  // A number pasted with 8 in front keeps its digits in place.
  await clear(phone);
  await page.keyboard.insertText('8 903 765-43-21');
  await expect(phone).toHaveValue('+7 (903) 765-43-21');
  await clear(phone);
  await phone.pressSequentially('90376a54321');
  await expect(phone).toHaveValue('+7 (903) 765-43-21');

  const birthday = page.getByLabel('Дата рождения');
  await birthday.pressSequentially('31022000');
  await expect(birthday).toHaveValue('31.02.200');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Введите дату полностью: ДД.ММ.ГГГГ')).toBeVisible();
  await clear(birthday);
  await birthday.pressSequentially('13145');
  await expect(birthday).toHaveValue('13.1');
  await clear(birthday);
  await birthday.pressSequentially('17051991');
  await expect(birthday).toHaveValue('17.05.1991');
  // The mask keeps an undo history: Ctrl+Z takes back the last digit.
  await birthday.press('Control+z');
  await expect(birthday).toHaveValue('17.05.199');
  await birthday.pressSequentially('0');
  await expect(birthday).toHaveValue('17.05.1990');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Данные сохранены')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Телефон')).toHaveValue('+7 (903) 765-43-21');
  await expect(page.getByLabel('Дата рождения')).toHaveValue('17.05.1990');
  expect(errors).toEqual([]);
});

test('subscriptions: switches are saved, e-mail news wait for the confirmation link (phone)', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await open(page, PHONE, '/profile/subscriptions');
  const email = page.getByRole('switch', { name: 'Новости и акции по e-mail' });
  const sms = page.getByRole('switch', { name: 'Новости и акции по SMS' });
  await expect(email).not.toBeChecked();
  await email.click();
  await expect(toast(page, /^Мы отправили письмо для подтверждения/)).toBeVisible();
  await expect(email).toBeChecked();
  await expect(page.getByText('Ждёт подтверждения', { exact: false })).toBeVisible();
  await sms.click();
  await expect(toast(page, 'Настройки рассылок сохранены')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Новости и акции по e-mail' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Новости и акции по SMS' })).toBeChecked();

  // Back as they were.
  await page.getByRole('switch', { name: 'Новости и акции по SMS' }).click();
  await expect(page.getByRole('switch', { name: 'Новости и акции по SMS' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Новости и акции по e-mail' }).click();
  await expect(page.getByRole('switch', { name: 'Новости и акции по e-mail' })).not.toBeChecked();
  expect(errors).toEqual([]);
});

test('change password: the current one is checked, other devices are signed out (phone)', async ({
  page,
  request,
}) => {
  const errors = watchPageErrors(page);
  const otherDevice = await login(request, CUSTOMER.email, CUSTOMER.password);
  await open(page, PHONE, '/profile/change-pass');
  const current = page.getByLabel('Текущий пароль');
  const next = page.getByLabel(/^Новый пароль( \*)?$/);
  const repeat = page.getByLabel('Новый пароль ещё раз');

  await current.fill('not-my-pass-1');
  await next.fill('profile-pass-2');
  await repeat.fill('profile-pass-3');
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();

  await repeat.fill('profile-pass-2');
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(page.getByText('Неверный текущий пароль')).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(toast(page, 'Пароль изменён. Другие устройства вышли из аккаунта.')).toBeVisible();
  await expect(current).toHaveValue('');

  // This device stays signed in, the other one is out; the new password signs in.
  expect((await request.get('/api/auth/session', { headers: { authorization: otherDevice } })).status()).toBe(
    401,
  );
  await login(request, CUSTOMER.email, 'profile-pass-2');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Смена пароля');

  // Back to the password the other flows sign in with, from this same (still signed-in) page.
  await page.getByLabel('Текущий пароль').fill('profile-pass-2');
  await page.getByLabel(/^Новый пароль( \*)?$/).fill(CUSTOMER.password);
  await page.getByLabel('Новый пароль ещё раз').fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Пароль изменён' }).first()).toBeVisible();
  await login(request, CUSTOMER.email, CUSTOMER.password);
  expect(errors).toEqual([]);
});
