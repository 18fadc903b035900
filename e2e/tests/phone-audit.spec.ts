// The purchase path on a 375 px phone, screen by screen from the top of each page to its bottom: nothing that
// takes a tap is smaller than 44 px, nothing is covered by a sticky bar, no text is cut by its box (issue 14,
// DESIGN.md «tap targets at least 44 px»). The measuring runs inside the page: e2e/phone-audit.js. That the home
// banner's words are text, whole on a phone, is banners.spec.ts.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { offersOf, products } from '../shop';

// The file is one arrow function (prettier ends it with a semicolon, which a call expression cannot hold).
const audit = readFileSync(new URL('../phone-audit.js', import.meta.url), 'utf8')
  .trim()
  .replace(/;$/, '');

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

/** Every screenful of the page, from the top to the bottom, audited where it stands. */
async function problemsOf(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const found = new Set<string>();
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  const screen = Number(await page.evaluate('window.innerHeight'));
  for (let y = 0; ; y += Math.round(screen * 0.6)) {
    await page.evaluate(`window.scrollTo(0, ${Math.min(y, height)})`);
    // Sticky bars appear on scroll; images and lazy parts settle.
    await page.waitForTimeout(150);
    const here = await page.evaluate<string[]>(`(${audit})(${JSON.stringify({ header: '.site-header' })})`);
    for (const p of here) found.add(p);
    if (y >= height - screen) break;
  }
  return [...found];
}

test('home, catalogue, category, product and search fit a thumb', async ({ page, request }) => {
  const { several } = await products(request);
  const category = several.url.split('/product/')[0]!;
  const problems: Record<string, string[]> = {};
  for (const path of ['/', '/catalog', category, several.url, '/search?qwery=%D0%BA%D0%BB%D0%B5%D0%B9']) {
    await page.goto(path);
    problems[path] = await problemsOf(page);
  }
  // Chosen filters as chips above the cards, and the filter drawer with its value chips.
  await page.goto(`${category}?inStock=1&new=1`);
  problems['chosen filters'] = await problemsOf(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await expect(page.getByRole('complementary', { name: 'Фильтры' })).toBeVisible();
  problems['filter drawer'] = await page.evaluate<string[]>(`(${audit})({ scope: '.filters' })`);
  expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((path) => [path, []])));
});

test('cart and checkout fit a thumb', async ({ page, request }) => {
  const { single } = await products(request);
  await page.goto('/');
  for (const product of single.slice(0, 2)) {
    const [offer] = await offersOf(request, product.slug);
    const added = await page.request.post('/cart', {
      form: { intent: 'add', offerId: String(offer!.id), quantity: '1', title: product.title },
    });
    expect(added.status()).toBe(200);
  }
  const problems: Record<string, string[]> = {};
  for (const path of ['/cart', '/cart/order']) {
    await page.goto(path);
    problems[path] = await problemsOf(page);
  }
  expect(problems).toEqual({ '/cart': [], '/cart/order': [] });
});
