// The catalogue in a real browser: filters in the address (a plain GET form without JavaScript, instant
// with it), the variant chooser, the fullscreen viewer, favourites, and 404 for unknown slugs.
import { expect, test } from '@playwright/test';
import { chooseVariant } from '../shop';

test.describe('catalogue without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a category is rendered on the server and its filters work as a GET form', async ({ page }) => {
    const response = await page.goto('/catalog/resnitsy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Ресницы' })).toBeVisible();
    await expect(page.locator('.catalog__count')).toHaveText(/^\d+ товар(а|ов)?$/);
    // On a desktop (1280 px) the filters stand beside the cards: the drawer's «Фильтры» button is for phones
    // and tablets (it once showed here, a .button rule of the site's defaults coming after the toolbar's).
    await expect(page.locator('.filters')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Фильтры/ })).toBeHidden();
    await page.locator('.filters input[name=curl][value=D]').check();
    await page.locator('.filters input[name=inStock]').check();
    await page.getByRole('button', { name: /Показать/ }).click();
    await expect(page).toHaveURL(/curl=D/);
    await expect(page.getByRole('link', { name: 'Убрать фильтр «Изгиб: D»' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Убрать фильтр «В наличии»' })).toBeVisible();
  });

  test('unknown categories and products answer 404 with the spec page', async ({ page }) => {
    for (const path of ['/catalog/no-such-category', '/catalog/resnitsy/product/no-such-product']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Страница не найдена')).toBeVisible();
    }
  });
});

test('filters apply at once, the chooser updates the offer, the viewer and favourites work', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/catalog/chernye-resnitsy');
  // The filters apply at once only once the page is hydrated (without JavaScript they are a GET form).
  await expect(page.locator('.catalog[data-hydrated]')).toBeVisible();
  const before = await page.locator('.catalog__count').textContent();
  // A click, not check(): the controlled box shows the new state once the navigation starts, a frame later.
  const inStock = page.locator('.filters input[name=inStock]');
  await inStock.click();
  await expect(page).toHaveURL(/inStock=1/);
  await expect(inStock).toBeChecked();
  await page.getByLabel('Сортировка').selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  expect(before).toBeTruthy();

  const list = (await (
    await request.get('/api/products/search?filter[categorySlug]=chernye-resnitsy&perPage=1')
  ).json()) as { data: { url: string }[] };
  await page.goto(list.data[0]!.url);
  // Nothing is chosen for the shopper: no article until the variant is chosen.
  const article = page.locator('.buy-box__facts dd');
  await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
  await expect(article).toHaveCount(0);
  await chooseVariant(page);
  const first = await article.textContent();
  const other = page.locator('.chooser .variant-chip--available[aria-pressed=false]').first();
  await other.click();
  // A value below that the new one does not have is to choose again.
  await chooseVariant(page);
  await expect(article).not.toHaveText(first!);
  await expect(page).toHaveURL(/offer=\d+/);

  await page.getByRole('button', { name: /Открыть фото во весь экран/ }).click();
  await expect(page.locator('dialog.viewer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog.viewer')).toHaveCount(0);

  await page.locator('.buy-box').getByRole('button', { name: 'В избранное' }).click();
  await page.goto('/favorites');
  await expect(page.locator('article')).toHaveCount(1);
  expect(errors).toEqual([]);
});
