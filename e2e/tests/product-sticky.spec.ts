// The sticky «В корзину» of a 375 px phone (issue 25): the chooser is below the fold, so the bar's button must
// never add a variant the shopper did not choose. Before the choice it adds nothing, brings the chooser into
// view and says what to choose; after it, the toast names the product and the variant that went in.
import { expect, test } from '@playwright/test';
import { cartLink, chooseVariant, header, offersOf, products } from '../shop';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('the sticky «В корзину» adds nothing before a choice, then adds the chosen variant by name', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const posts: string[] = [];
  page.on('request', (r) => {
    // A fetcher posts to /cart.data, a plain form to /cart.
    if (r.method() === 'POST' && /^\/cart(\.data)?$/.test(new URL(r.url()).pathname)) posts.push(r.url());
  });
  const { several } = await products(request);
  await page.goto(several.url);
  await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  // Read further down the page: the chooser leaves the screen, the bar stays.
  const chooser = page.locator('.chooser');
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(chooser).not.toBeInViewport();
  const bar = page.locator('.sticky-buy');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/от|₽/);

  await bar.getByRole('button', { name: 'В корзину', includeHidden: true }).click();
  const prompt = page.locator('.chooser__prompt');
  await expect(prompt).toHaveText(/^Выберите /);
  await expect(prompt).toBeInViewport();
  await expect(chooser).toBeInViewport();
  // Keyboard and screen reader users land on the first characteristic still to choose.
  await expect(page.locator('.chooser__group[data-chosen=false]').first()).toBeFocused();
  expect(posts).toEqual([]);
  await expect(header(page).getByRole('link', { name: 'Корзина', exact: true })).toBeVisible();

  // Chosen: the bar's button adds exactly that offer, and the toast says which.
  const offerId = await chooseVariant(page);
  await expect(prompt).toHaveCount(0);
  await page.locator('footer').scrollIntoViewIfNeeded();
  await bar.getByRole('button', { name: 'В корзину', includeHidden: true }).click();
  const toast = page.locator('.toast').filter({ hasText: 'Добавлено в корзину' });
  await expect(toast).toContainText(`Добавлено в корзину: ${title}, `);
  await expect(cartLink(page, 1)).toBeVisible();
  expect(posts).toHaveLength(1);

  // The cart holds the chosen offer, written as the toast wrote it.
  const article = (await offersOf(request, several.slug)).find((o) => o.id === offerId)!.article;
  const named = (await toast.locator('.toast__message').textContent())!;
  await page.goto('/cart');
  const line = page.locator('.cart-line').filter({ hasText: title });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(article);
  const variant = named.slice(`Добавлено в корзину: ${title}, `.length).trim();
  expect(variant).not.toBe('');
  await expect(line).toContainText(variant);
  expect(errors).toEqual([]);
});
