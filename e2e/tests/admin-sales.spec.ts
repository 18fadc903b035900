// The sales area of the admin in Chromium against the production build: every screen opens without a
// console error; a series of 1 200 coupons goes through with its progress to the end and lands in the list;
// a customer's bonuses are accrued and an over-debit is refused in Russian; a review approved from the
// "на модерации" tab moves the tab counts; a new SMTP password is saved and never shown back; a manager
// places an order for a demo customer from «Новый заказ» and lands on it.
import { expect, test } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { watchErrors } from '../page-errors';

const RUN = Date.now().toString(36).toUpperCase();

const CONTENT = { email: 'content-sales@e2e.local', password: 'content-password-1' };
const MANAGER = { email: 'manager-sales@e2e.local', password: 'manager-password-1' };

let token = '';
let customerId = 0;
let reviewId = 0;

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const headers = { authorization: token };
  const customer = await request.post('/api/admin/users', {
    headers,
    data: { email: `bonus-${RUN.toLowerCase()}@e2e.local`, name: `Бонусная ${RUN}` },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  customerId = ((await customer.json()) as { id: number }).id;
  const review = await request.post('/api/admin/reviews-on-site', {
    headers,
    data: { authorName: `Рецензент ${RUN}`, rating: 5, text: 'Очень понравился магазин', status: 'pending' },
  });
  expect(review.status(), await review.text()).toBe(201);
  reviewId = ((await review.json()) as { id: number }).id;
  const form = await request.post('/api/admin/feedback', {
    headers,
    data: { kind: 'call', name: `Заявка ${RUN}`, phone: '+79990001122' },
  });
  expect(form.status(), await form.text()).toBe(201);
  const content = await request.post('/api/admin/users', {
    headers,
    data: { email: CONTENT.email, name: 'Контент-редактор', role: 'content', password: CONTENT.password },
  });
  // 409: left from an earlier run against the same server.
  expect([201, 409], await content.text()).toContain(content.status());
  const manager = await request.post('/api/admin/users', {
    headers,
    data: { email: MANAGER.email, name: 'Менеджер продаж', role: 'manager', password: MANAGER.password },
  });
  expect([201, 409], await manager.text()).toContain(manager.status());
});

test('each screen of the sales area opens without a console error', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  const screens: [string, RegExp][] = [
    ['/', /Здравствуйте|Рабочий стол/],
    ['/desktop', /Новые заказы/],
    ['/settings', /Магазин и контакты/],
    ['/coupons', /Купоны/],
    ['/create-coupons', /Создание серии купонов/],
    ['/place-order', /Оформить заказ/],
    ['/bonuses', /Выберите покупателя/],
    ['/reviews-on-site', /На модерации/],
    ['/reviews-on-products', /На модерации/],
    ['/forms-list', /Заявки с сайта/],
  ];
  for (const [path, text] of screens) {
    await page.goto(`/nuxt${path}`);
    await expect(page.getByText(text).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The desktop's blocks, each with its link to the list.
  await page.goto('/nuxt/desktop');
  for (const block of ['orders', 'revenue', 'reviews', 'feedback', 'low-stock'])
    await expect(page.getByTestId(`desktop-${block}`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Выручка по дням за 30 дней' })).toBeVisible();
  // The menu has the single screens.
  for (const entry of ['Рабочий стол', 'Создать купоны', 'Заявки с сайта', 'Бонусы', 'Настройки'])
    await expect(page.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the content role's desktop shows only its blocks, and its menu only its screens", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page, CONTENT);
  await page.goto('/nuxt/desktop');
  await expect(page.getByTestId('desktop-reviews')).toBeVisible();
  await expect(page.getByTestId('desktop-low-stock')).toBeVisible();
  for (const block of ['orders', 'revenue', 'feedback'])
    await expect(page.getByTestId(`desktop-${block}`)).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Рабочий стол', exact: true })).toBeVisible();
  for (const entry of ['Создать купоны', 'Новый заказ', 'Заявки с сайта', 'Бонусы', 'Настройки'])
    await expect(page.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
  for (const path of ['/create-coupons', '/place-order']) {
    await page.goto(`/nuxt${path}`);
    await expect(page.getByText('Доступ запрещен')).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a series of 1 200 coupons is generated with its progress and shows in the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/create-coupons');
  const batch = `E2E ${RUN}`;
  await page.getByLabel('Количество купонов').fill('1200');
  await page.getByLabel('Серия', { exact: true }).fill(batch);
  await page.getByLabel('Префикс кода').fill(`E${RUN}-`);
  await page.getByLabel('Скидка, %').fill('10');
  await page.getByRole('button', { name: 'Создать купоны' }).click();
  const progress = page.getByTestId('coupon-progress');
  await expect(progress.getByText(/Создано 1\s200 из 1\s200/)).toBeVisible({ timeout: 60_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await progress.getByRole('link', { name: /Открыть купоны серии/ }).click();
  await expect(page.getByText(new RegExp(`^E${RUN}-`)).first()).toBeVisible();
  await expect(page.getByText(/из 1\s?200/)).toBeVisible();

  const res = await request.get(
    `/api/admin/coupons?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ batch }))}`,
    {
      headers: { authorization: token },
    },
  );
  expect(res.headers()['content-range']).toMatch(/\/1200$/);
  expect(errors).toEqual([]);
});

test('refuses a percent above 100 in Russian before anything is written', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/nuxt/create-coupons');
  await page.getByLabel('Скидка, %').fill('150');
  await page.getByRole('button', { name: 'Создать купоны' }).click();
  await expect(page.getByText('Процент скидки — целое число от 1 до 100')).toBeVisible();
  await expect(page.getByTestId('coupon-progress')).toHaveCount(0);
});

test("a customer's bonuses are accrued, and a debit above the balance is refused", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto(`/nuxt/bonuses?filter=${encodeURIComponent(JSON.stringify({ userId: customerId }))}`);
  const balance = page.getByTestId('bonus-balance');
  await expect(balance).toHaveText(/^0 баллов$/);

  await page.getByLabel('Начислить').check();
  await page.getByLabel('Баллов').fill('100');
  await page.getByRole('textbox', { name: 'Основание' }).fill('Подарок за отзыв');
  await page.getByRole('button', { name: 'Провести' }).click();
  await expect(balance).toHaveText(/^100 баллов$/);
  await expect(page.getByRole('cell', { name: 'Подарок за отзыв' })).toBeVisible();

  await page.getByLabel('Списать').check();
  await page.getByLabel('Баллов').fill('150');
  await page.getByRole('textbox', { name: 'Основание' }).fill('Слишком много');
  await page.getByRole('button', { name: 'Провести' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Нельзя списать 150 баллов: на счёте покупателя только 100' }),
  ).toBeVisible();
  await expect(balance).toHaveText(/^100 баллов$/);
  await expect(page.getByRole('cell', { name: 'Слишком много' })).toHaveCount(0);
  // The refused debit is the one 400 answer; the browser logs any 4xx as a failed resource.
  expect(errors.filter((e) => !e.endsWith('status of 400 (Bad Request)'))).toEqual([]);
  expect(errors).toHaveLength(1);
});

test('a review approved from the "на модерации" tab moves the counts', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/reviews-on-site');
  const pendingTab = page.getByTestId('tab-pending');
  const publishedTab = page.getByTestId('tab-published');
  await expect(pendingTab).toHaveText(/\(\d+\)/);
  await expect(publishedTab).toHaveText(/\(\d+\)/);
  const number = async (tab: typeof pendingTab) =>
    Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')![1]);
  const pending = await number(pendingTab);
  const published = await number(publishedTab);

  const row = page.getByRole('row').filter({ hasText: `Рецензент ${RUN}` });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByText('Опубликовано отзывов: 1')).toBeVisible();
  await expect(pendingTab).toHaveText(new RegExp(`\\(${pending - 1}\\)`));
  await expect(publishedTab).toHaveText(new RegExp(`\\(${published + 1}\\)`));
  await expect(page.getByRole('row').filter({ hasText: `Рецензент ${RUN}` })).toHaveCount(0);
  await publishedTab.click();
  await expect(page.getByRole('row').filter({ hasText: `Рецензент ${RUN}` })).toBeVisible();
  expect(reviewId).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('settings save a new SMTP password that is never shown back', async ({ page, request }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/settings');
  await page.getByRole('tab', { name: 'Почта и SMS' }).click();
  await expect(page.getByTestId('smtpPassword-state')).toHaveText('SMTP-пароль: не задан');
  const secret = `smtp-${RUN}-secret`;
  await page.getByLabel('SMTP-пароль', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Настройки сохранены')).toBeVisible();
  await expect(page.getByTestId('smtpPassword-state')).toHaveText('SMTP-пароль: задан');

  await page.reload();
  await page.getByRole('tab', { name: 'Почта и SMS' }).click();
  await expect(page.getByTestId('smtpPassword-state')).toHaveText('SMTP-пароль: задан');
  await expect(page.getByLabel('Новый smtp-пароль')).toHaveValue('');
  expect(await page.content()).not.toContain(secret);
  for (const url of ['/api/admin/settings', '/api/admin/settings/current']) {
    const body = await (await request.get(url, { headers: { authorization: token } })).text();
    expect(body).not.toContain(secret);
  }
  expect(errors).toEqual([]);
});

test('a site form is marked processed from the forms list, with the time recorded', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto(`/nuxt/forms-list?filter=${encodeURIComponent(JSON.stringify({ processed: false }))}`);
  const row = page.getByRole('row').filter({ hasText: `Заявка ${RUN}` });
  const toggle = row.getByRole('switch');
  await expect(toggle).not.toBeChecked();
  // A controlled switch: it turns when the server has answered, so click rather than check().
  await toggle.click();
  await expect(page.getByText('Заявка отмечена как обработанная')).toBeVisible();
  // The list shows unprocessed forms only: the form leaves it.
  await expect(page.getByRole('row').filter({ hasText: `Заявка ${RUN}` })).toHaveCount(0);

  const res = await request.get(
    `/api/admin/feedback?filter=${encodeURIComponent(JSON.stringify({ q: `Заявка ${RUN}` }))}`,
    { headers: { authorization: token } },
  );
  const [form] = (await res.json()) as {
    processed: boolean;
    processedAt: string | null;
    processedById: number;
  }[];
  expect(form).toMatchObject({
    processed: true,
    processedAt: expect.any(String),
    processedById: expect.any(Number),
  });
  expect(errors).toEqual([]);
});

test('a manager places an order for a demo customer from «Новый заказ» and lands on it', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const headers = { authorization: token };
  // An article of the demo catalogue that is on sale and in stock.
  const res = await request.get(
    `/api/admin/products?range=[0,49]&filter=${encodeURIComponent(JSON.stringify({ active: true }))}`,
    { headers },
  );
  expect(res.status(), await res.text()).toBe(200);
  const products = (await res.json()) as {
    title: string;
    offers: { article: string; stock: number; active: boolean }[];
  }[];
  const product = products.find((p) => p.offers.some((o) => o.active && o.stock > 0));
  expect(product, 'a demo product in stock').toBeTruthy();
  const { article } = product!.offers.find((o) => o.active && o.stock > 0)!;

  await signInAdmin(page, MANAGER);
  await page.goto('/nuxt/orders');
  await expect(page.getByRole('menuitem', { name: 'Новый заказ', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Новый заказ' }).click();
  await expect(page).toHaveURL(/\/nuxt\/place-order$/);
  await expect(page.getByRole('heading', { name: 'Новый заказ', level: 1 })).toBeVisible();

  // A demo customer: the account's contacts fill the fields.
  await page.getByRole('combobox', { name: 'Покупатель' }).fill('anna.smirnova');
  await page.getByRole('option', { name: /Анна Смирнова — anna\.smirnova@example\.ru/ }).click();
  await expect(page.getByLabel('Имя и фамилия')).toHaveValue('Анна Смирнова');
  await expect(page.getByLabel('Телефон')).toHaveValue('+79161234501');
  await expect(page.getByLabel('E-mail')).toHaveValue('anna.smirnova@example.ru');

  // First an article the catalogue lacks: nothing is found, and an order without goods is refused in Russian.
  const search = page.getByLabel('Найти товар');
  await search.fill(`NOPE-${RUN}`);
  await expect(page.getByText('Ничего не нашлось: проверьте слово или артикул')).toBeVisible();
  await page.getByRole('combobox', { name: 'Доставка' }).click();
  await page.getByRole('option', { name: 'Самовывоз из шоу-рума' }).click();
  await expect(page.getByTestId('pickup-address')).toBeVisible();
  await page.getByRole('combobox', { name: 'Оплата' }).click();
  await page.getByRole('option', { name: 'При получении' }).click();
  await page.getByLabel('Комментарий менеджера').fill(`Заказ по телефону ${RUN}`);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Добавьте в заказ хотя бы один товар' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/nuxt\/place-order$/);

  // The demo article: the search finds its product, its variant is the one marked, and it goes in the order.
  await search.fill(article);
  await page.getByTestId('picker-product').filter({ hasText: product!.title }).click();
  await page.getByRole('button', { name: new RegExp(`^Добавить: .*арт\\. ${article}$`) }).click();
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await expect(page.getByTestId('order-line')).toContainText(product!.title);
  await expect(page.getByTestId('live-total')).toContainText('Итого к оплате');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  const notice = page.getByText(/^Заказ № \S+ оформлен$/);
  await expect(notice).toBeVisible();
  const number = /№ (\S+)/.exec((await notice.textContent()) ?? '')![1]!;
  // The order's screen, at its number.
  await expect(page).toHaveURL(new RegExp(`/nuxt/orders/${number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${number}` })).toBeVisible();
  await expect(page.getByTestId('order-customer')).toContainText('Анна Смирнова');

  const found = await request.get(
    `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: number }))}&range=[0,0]`,
    { headers },
  );
  const [order] = (await found.json()) as {
    number: string;
    userId: number | null;
    managerComment: string | null;
    items: { article: string; quantity: number }[];
  }[];
  expect(order).toMatchObject({
    number,
    userId: expect.any(Number),
    managerComment: `Заказ по телефону ${RUN}`,
    items: [{ article, quantity: 1 }],
  });
  // The empty order's refusal is the one 400 answer; the browser logs any 4xx as a failed resource.
  expect(errors.filter((e) => !e.endsWith('status of 400 (Bad Request)'))).toEqual([]);
  expect(errors).toHaveLength(1);
});
