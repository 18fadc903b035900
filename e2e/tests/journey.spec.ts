// A guest's way through the shop on a phone and on a desktop: home → a category → filter by curl and
// thickness → a product → another offer → favourites → a live search typed in the wrong keyboard layout.
import { expect, test, type Page } from '@playwright/test';
import { chooseVariant } from '../shop';

const screens = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

for (const screen of screens) {
  test.describe(`a guest on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('finds, narrows, picks an offer, keeps it in favourites and searches in the wrong layout', async ({
      page,
    }) => {
      const phone = screen.name === 'phone';
      const errors = collectErrors(page);
      await page.goto('/');
      await page.locator('main a.category-tile[href="/catalog/resnitsy"]').click();
      await expect(page).toHaveURL(/\/catalog\/resnitsy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Ресницы' })).toBeVisible();
      await expect(page.locator('.catalog[data-hydrated]')).toBeVisible();
      const all = await page.locator('.catalog__count').textContent();

      // On a phone the filters are a drawer behind a button; on a desktop a column beside the list.
      const filters = page.getByRole('complementary', { name: 'Фильтры' });
      if (phone) {
        await expect(filters).toBeHidden();
        await page.getByRole('button', { name: /^Фильтры/ }).click();
      }
      await expect(filters).toBeVisible();
      await filters.locator('input[name=curl][value=D]').click();
      await expect(page).toHaveURL(/curl=D/);
      await filters.locator('input[name=thickness][value="0.07"]').click();
      await expect(page).toHaveURL(/thickness=0\.07/);
      await expect(filters.locator('input[name=curl][value=D]')).toBeChecked();
      if (phone) await filters.getByRole('button', { name: 'Закрыть фильтры' }).click();
      await expect(page.getByRole('link', { name: 'Убрать фильтр «Изгиб: D»' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Убрать фильтр «Толщина: 0,07 мм»' })).toBeVisible();
      await expect(page.locator('.catalog__count')).not.toHaveText(all!);

      // The product opens with the chosen curl and thickness available.
      const card = page.locator('.catalog article').first();
      const title = (await card.locator('h2, h3').first().textContent())!.trim();
      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/catalog\/[^/]+\/product\/[^/?]+/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await chooseVariant(page);
      const article = page.locator('.buy-box__facts dd').first();
      const firstArticle = (await article.textContent())!;
      const lengths = page.getByRole('group', { name: /^Длина/ });
      const otherLength = await lengths
        .locator('.variant-chip--available[aria-pressed=false]')
        .first()
        .textContent();
      const otherChip = lengths.getByRole('button', { name: otherLength!, exact: true });
      await otherChip.click();
      await expect(otherChip).toHaveAttribute('aria-pressed', 'true');
      await expect(article).not.toHaveText(firstArticle);

      await page.locator('.buy-box').getByRole('button', { name: 'В избранное' }).click();
      const favourites = page.getByRole('link', { name: /^Избранное/ }).first();
      await expect(favourites).toHaveAccessibleName(/1/);
      await favourites.click();
      await expect(page).toHaveURL(/\/favorites$/);
      await expect(page.locator('main article')).toHaveCount(1);
      await expect(page.locator('main article')).toContainText(title);

      // "htcybws" is "ресницы" typed with the English layout on.
      if (phone) await page.getByRole('button', { name: 'Поиск', exact: true }).click();
      const search = page.getByRole('combobox', { name: 'Поиск по каталогу' });
      await search.fill('htcybws');
      const results = page.getByRole('list', { name: 'Найденные товары' }).getByRole('link');
      await expect(results.first()).toContainText(/ресниц/i);
      expect(await results.count()).toBeLessThanOrEqual(7);
      await results.first().click();
      await expect(page).toHaveURL(/\/product\//);
      expect(errors).toEqual([]);
    });
  });
}
