// The demo shop as the storefront specs find it: products in stock to buy, the header's cart link, the
// screens the specs run on and money as the shop writes it.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Listed {
  id: number;
  title: string;
  slug: string;
  url: string;
  inStock: boolean;
  offersCount: number;
}
export interface Offer {
  id: number;
  article: string;
  inStock: boolean;
  stock: number;
}

/** The two screens the storefront specs run on. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/**
 * A product with several offers and single-offer products, all in stock (at least three pieces of the single
 * ones, so a quantity can go up), from the demo catalogue.
 */
export async function products(request: APIRequestContext) {
  const res = await request.get('/api/products/search?perPage=60&page=1');
  expect(res.status()).toBe(200);
  const list = ((await res.json()) as { data: Listed[] }).data.filter((p) => p.inStock);
  const several = list.find((p) => p.offersCount > 1)!;
  expect(several, 'a product with variants').toBeTruthy();
  const single: Listed[] = [];
  for (const p of list.filter((p) => p.offersCount === 1)) {
    if ((await offersOf(request, p.slug))[0]!.stock >= 3) single.push(p);
    if (single.length === 4) break;
  }
  expect(single.length, 'single-offer products').toBe(4);
  return { several, single };
}

export async function offersOf(request: APIRequestContext, slug: string): Promise<Offer[]> {
  const res = await request.get(`/api/products/${slug}`);
  return ((await res.json()) as { data: { offers: Offer[] } }).data.offers;
}

export const header = (page: Page) => page.locator('.site-header');
export const cartLink = (page: Page, count: number) =>
  header(page).getByRole('link', {
    name: `Корзина, ${count} ${count === 1 ? 'товар' : count < 5 ? 'товара' : 'товаров'}`,
  });

/**
 * Chooses a variant on a product page the way a shopper does, characteristic by characteristic: the first value
 * in stock of each one still to choose (nothing is chosen for the shopper). Answers the chosen offer's id.
 */
export async function chooseVariant(page: Page): Promise<number> {
  await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
  const open = page.locator('.chooser__group[data-chosen=false]');
  while ((await open.count()) > 0) {
    const before = await open.count();
    await open.first().locator('.variant-chip--available').first().click();
    await expect(open).not.toHaveCount(before);
  }
  await expect(page).toHaveURL(/[?&]offer=\d+/);
  return Number(new URL(page.url()).searchParams.get('offer'));
}
