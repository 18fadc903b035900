// A guest with a cart in Chromium gets the pages kept for every guest (server/src/platform/web/page-cache.ts):
// the answer is `X-Page-Cache: hit` and its HTML says nothing of the cart, yet the header's badge shows the
// cart's count once the page is hydrated (from the productCard cookie, storefront features/cart/
// count-cookie.ts), it follows "В корзину" at once, and the browser reports no error — a hydration mismatch
// would be one. A signed-in customer is still rendered afresh.
import { expect, test, type Page, type Response } from '@playwright/test';
import { cartLink, header, products } from '../shop';
import { watchErrors } from '../page-errors';

/** Every error the page reports: uncaught exceptions and console errors (React's hydration errors too). */

/** Opens an address as a full page load; the first load after a change may render it for the cache. */
async function openKept(page: Page, url: string): Promise<Response> {
  let response = await page.goto(url);
  if (response?.headers()['x-page-cache'] === 'miss') response = await page.goto(url);
  expect(response, url).not.toBeNull();
  return response!;
}

test('a guest with a cart is answered the kept pages, with the right count in the header', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const { single } = await products(request);
  const [first, second] = single;

  // Into the cart from a product card, as a shopper does.
  await page.goto(`/search?qwery=${encodeURIComponent(first!.title)}`);
  const card = page.locator('article.product-card').filter({ hasText: first!.title }).first();
  await expect(card.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
  await card.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'cartToken')?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === 'productCard')?.value).toBe('1');

  for (const url of ['/', '/catalog', first!.url, `/search?qwery=${encodeURIComponent(second!.title)}`]) {
    const response = await openKept(page, url);
    expect(response.headers()['x-page-cache'], url).toBe('hit');
    // The kept HTML is every guest's: an empty cart. The count is the browser's.
    expect(await response.text(), url).not.toContain('Корзина, 1');
    await expect(cartLink(page, 1), url).toBeVisible();
  }

  // On a kept page, "В корзину" moves the badge, and the next kept page shows the new count.
  const other = page.locator('article.product-card').filter({ hasText: second!.title }).first();
  await expect(other.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
  await other.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();
  await expect(cartLink(page, 2)).toBeVisible();
  const again = await openKept(page, first!.url);
  expect(again.headers()['x-page-cache']).toBe('hit');
  await expect(cartLink(page, 2)).toBeVisible();

  // The cart page is the guest's own, rendered for them; back on a kept page the count is still theirs.
  const cartPage = await page.goto('/cart');
  expect(cartPage?.headers()['x-page-cache']).toBeUndefined();
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await page.goBack();
  await expect(cartLink(page, 2)).toBeVisible();

  // Another guest, with no cart, gets the same kept page and an empty badge.
  const stranger = await page.context().browser()!.newPage();
  const strangerErrors = watchErrors(stranger);
  const theirs = await openKept(stranger, first!.url);
  expect(theirs.headers()['x-page-cache']).toBe('hit');
  await expect(stranger.locator('.purchase[data-hydrated]')).toBeVisible();
  await expect(header(stranger).getByRole('link', { name: 'Корзина', exact: true })).toBeVisible();
  await stranger.close();

  expect(errors).toEqual([]);
  expect(strangerErrors).toEqual([]);
});
