// The admin's forms as an administrator fills them, in Chromium against the production build: leaving
// unsaved edits asks first; a new record's address fills itself from its title until one is typed; a phone
// typed the usual way is saved in one form; an end before its start is refused on the input in Russian;
// a new directory entry saves without touching its optional value inputs.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';

const stamp = Date.now().toString(36);

async function first<T>(request: APIRequestContext, token: string, resource: string): Promise<T> {
  const res = await request.get(`/api/admin/${resource}?range=[0,0]`, { headers: { authorization: token } });
  expect(res.status(), resource).toBe(200);
  const [row] = (await res.json()) as T[];
  expect(row, `the demo shop has a record of ${resource}`).toBeDefined();
  return row!;
}

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('leaving a form with unsaved edits asks first; staying keeps the edits', async ({ page, request }) => {
  const token = await adminToken(request);
  const banner = await first<{ id: number }>(request, token, 'banners');
  await page.goto(`/nuxt/banners/${banner.id}`);
  const title = page.getByLabel('Название', { exact: false }).first();
  await title.fill(`Неделя клея ${stamp}`);
  const asked = page.waitForEvent('dialog');
  await page.getByRole('menuitem', { name: 'Товары' }).click();
  const dialog = await asked;
  expect(dialog.message()).toMatch(/изменений не были сохранены/);
  await dialog.dismiss();
  await expect(page).toHaveURL(new RegExp(`/nuxt/banners/${banner.id}$`));
  await expect(title).toHaveValue(`Неделя клея ${stamp}`);
});

test('a new promotion’s address follows its title until the administrator types their own', async ({
  page,
}) => {
  await page.goto('/nuxt/promotions/create');
  const slug = page.getByLabel('Адрес (slug)', { exact: false });
  await page.getByLabel('Название', { exact: false }).first().fill('Летняя распродажа клея');
  await expect(slug).toHaveValue('letnyaya-rasprodazha-kleya');
  await slug.fill(`leto-${stamp}`);
  await page.getByLabel('Название', { exact: false }).first().fill('Осенняя распродажа');
  await expect(slug).toHaveValue(`leto-${stamp}`);
});

test('a phone typed as «8 (495) 123-45-67» is saved as +74951234567', async ({ page, request }) => {
  await page.goto('/nuxt/users/create');
  const email = `phone-${stamp}@e2e.local`;
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Анна');
  await page.getByRole('textbox', { name: 'Телефон', exact: true }).fill('8 (495) 123-45-67');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/nuxt\/users\/\d+$/);
  const token = await adminToken(request);
  const res = await request.get(
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
    { headers: { authorization: token } },
  );
  const [user] = (await res.json()) as { phone: string }[];
  expect(user?.phone).toBe('+74951234567');
});

test('a banner ending before it starts is refused on its end date, in words', async ({ page, request }) => {
  const token = await adminToken(request);
  const banner = await first<{ id: number }>(request, token, 'banners');
  await page.goto(`/nuxt/banners/${banner.id}`);
  await page.getByLabel('Показывать с').fill('2026-12-10T10:00');
  await page.getByLabel('Показывать по').fill('2026-12-01T10:00');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Не может быть раньше, чем «Показывать с»')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/nuxt/banners/${banner.id}$`));
});

test('a new directory entry saves with its optional value inputs left alone', async ({ page, request }) => {
  const token = await adminToken(request);
  const directories = (await (
    await request.get('/api/admin/directories?range=[0,99]', { headers: { authorization: token } })
  ).json()) as { id: number; fields: { code: string; required: boolean }[] }[];
  const withOptional = directories.find((d) => d.fields.length > 0 && d.fields.every((f) => !f.required));
  expect(withOptional, 'a demo directory whose entries have optional fields').toBeDefined();
  await page.goto(
    `/nuxt/directory-entries/create?source=${encodeURIComponent(JSON.stringify({ directoryId: withOptional!.id }))}`,
  );
  await page.getByLabel('Код', { exact: false }).first().fill(`E2E${stamp}`);
  await page.getByLabel('Название', { exact: false }).first().fill('Запись проверки');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  // Saved, the entry's directory opens with it among its entries.
  await expect(page).toHaveURL(new RegExp(`/nuxt/directories/${withOptional!.id}$`));
  await expect(page.getByText('Форма заполнена неверно')).toHaveCount(0);
  const filter = encodeURIComponent(JSON.stringify({ directoryId: withOptional!.id, q: `E2E${stamp}` }));
  const saved = await request.get(`/api/admin/directory-entries?filter=${filter}`, {
    headers: { authorization: token },
  });
  expect(((await saved.json()) as unknown[]).length).toBe(1);
});

test('«На сайте» above a product’s form opens its page in the shop', async ({ page, request }) => {
  const token = await adminToken(request);
  const product = await first<{ id: number; slug: string; title: string }>(request, token, 'products');
  await page.goto(`/nuxt/products/${product.id}`);
  const link = page.getByRole('link', { name: 'На сайте' });
  await expect(link).toHaveAttribute('href', `/product/${product.slug}`);
  await expect(link).toHaveAttribute('target', '_blank');
  const shop = await request.get(`/product/${product.slug}`);
  expect(shop.status()).toBe(200);
  expect(await shop.text()).toContain(product.title.split(',')[0]);
});

test('a customer’s card lists their orders, bonus balance with the adjust form, and subscriptions', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const orders49 = (await (
    await request.get('/api/admin/orders?range=[0,49]', { headers: { authorization: token } })
  ).json()) as { number: string; userId: number | null }[];
  const order = orders49.find((o) => o.userId !== null);
  expect(order, 'a demo order of a registered customer').toBeDefined();
  await page.goto(`/nuxt/users/${order!.userId}`);
  const orders = page.getByRole('region', { name: 'Заказы' });
  await expect(orders.getByText(order!.number)).toBeVisible();
  const bonuses = page.getByRole('region', { name: 'Бонусы' });
  await expect(bonuses.getByTestId('bonus-balance')).toHaveText(/\d+ балл/);
  await expect(bonuses.getByRole('button', { name: 'Провести' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Подписки' })).toBeVisible();
  // The card's own form is still one form: the adjust form sits outside it.
  await expect(page.locator('form form')).toHaveCount(0);
});

test('a category move goes live at once and «Отменить» puts it back', async ({ page }) => {
  const tops = page.locator('[role=treeitem][aria-level="1"]');
  const order = async () => (await tops.allTextContents()).map((t) => t.trim());
  await page.goto('/nuxt/product-categories');
  await expect(tops.first()).toBeVisible();
  const before = await order();
  await tops.first().getByRole('button', { name: 'Ниже' }).click();
  await expect(page.getByText('Порядок категорий сохранён')).toBeVisible();
  await expect.poll(order).toEqual([before[1], before[0], ...before.slice(2)]);
  await page.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Категория возвращена на место')).toBeVisible();
  await expect.poll(order).toEqual(before);
});

test('a list row opens from the keyboard as it does on a click', async ({ page }) => {
  await page.goto('/nuxt/banners');
  const row = page.locator('tbody tr.RaDatagrid-row').first();
  await expect(row).toHaveAttribute('tabindex', '0');
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/nuxt\/banners\/\d+$/);
});
