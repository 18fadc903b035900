// The foundation's smoke test: the storefront's home page is server-rendered with real catalogue data
// (visible with JavaScript off), unknown paths answer 404, and an administrator signs in at /nuxt and
// sees the products list.
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';

test.describe('storefront', () => {
  test.use({ javaScriptEnabled: false });

  test('home page content is rendered on the server', async ({ page, request }) => {
    const tree = (await (await request.get('/api/categories/tree')).json()) as { data: { title: string }[] };
    expect(tree.data.length).toBeGreaterThan(3);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/ресниц/i);
    // Categories and products come from the API, in the HTML itself (no script ran).
    // (In the page's main part: the header's catalogue menu holds the same titles, closed.)
    await expect(page.getByRole('main').getByText(tree.data[0]!.title).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Новинки' })).toBeVisible();
    expect(await page.locator('article').count()).toBeGreaterThan(3);
    await expect(page.locator('#represent')).toHaveCount(1);
  });

  test('an unknown path answers 404 with the spec page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Ошибка 404')).toBeVisible();
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    await expect(page.getByText('Неправильно набран адрес или такой страницы не существует')).toBeVisible();
    await expect(page.getByText('/no-such-page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'На главную', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'В каталог', exact: true })).toHaveAttribute(
      'href',
      '/catalog',
    );
  });
});

test('an administrator signs in at /nuxt and sees the products list', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/nuxt');
  await page.getByLabel(/Имя пользователя|Логин|E-mail/i).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Войти/i }).click();
  await page.getByRole('menuitem', { name: 'Товары' }).click();
  await expect(page).toHaveURL(/\/nuxt\/products/);
  // Demo products in the list, with the total in the pagination.
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await page.locator('tbody tr').count()).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});
