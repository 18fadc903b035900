// How a lash master buys (issue 31), in Chromium against the production build, on a phone (375 px) and a
// desktop (1440 px), signed in: «Заказ по длинам» refuses wrong quantities in Russian and sends nothing, then
// takes nine lengths in one request (a tap on a phone, Enter on a desktop after tabbing through the fields):
// nine cart lines, the right totals, the points on the product page and in the cart by the shop's one rule; a
// sold-out size offers the nearest in stock and «Сообщить о поступлении» in one tap (the request stored with the
// account's e-mail; a restock sends the letter); a favourite keeps the variant it was chosen with.
// The screenshots of the grid and of «Мои товары» at 375, 768 and 1440 px go to docs/screenshots.
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { pointsEarned } from '@shop/schemas/rules/bonus-points';
import { formatMoney } from '@shop/schemas/rules/money';
import { plural } from '@shop/schemas/rules/plural';
import { adminHeaders } from '../admin';
import { waitForLetter } from '../mailbox';
import { placeOrder } from '../orders';
import { cartLink, SCREENS } from '../shop';
import { watchErrors } from '../page-errors';

const RUN = Date.now().toString(36);
const TITLE = `Ресницы Сетка ${RUN}`;
const SLUG = `setka-${RUN}`;
const PAGE = `/catalog/all/product/${SLUG}`;
const SHOTS = join(import.meta.dirname, '../../docs/screenshots');
const LENGTHS = ['7', '8', '9', '10', '11', '12', '13', '14', '15'];
/** How many of each length the master takes: nine lengths, twelve pieces. */
const TAKEN = [1, 2, 1, 1, 1, 1, 1, 1, 3];

interface Offer {
  id: number;
  article: string;
  stock: number;
  attributes: Record<string, string>;
}
let product: { id: number; offers: Offer[] };
const offerOf = (curl: string, length: string) =>
  product.offers.find((o) => o.attributes.curl === curl && o.attributes.length === length)!;

/** C 0,10 in 7…15 мм, five of each; D 0,10 the same but 11 мм sold out. */
async function createProduct(request: APIRequestContext) {
  const res = await request.post('/api/admin/products', {
    headers: await adminHeaders(request),
    data: {
      slug: SLUG,
      title: TITLE,
      active: true,
      offers: ['C', 'D'].flatMap((curl) =>
        LENGTHS.map((length) => ({
          article: `GR-${RUN}-${curl}-${length}`,
          attributes: { curl, thickness: '0.10', length },
          basePrice: 89_000,
          stock: curl === 'D' && length === '11' ? 0 : 5,
        })),
      ),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as typeof product;
}

/** A new customer, signed in in this page's browser: the token and the e-mail. */
async function signedIn(page: Page, request: APIRequestContext, who: string) {
  const email = `${who}-${RUN}@e2e.local`;
  const res = await request.post('/api/auth/register', {
    data: {
      name: 'Мастер',
      email,
      phone: `+7998${String(Date.now()).slice(-7)}`,
      password: 'grid-pass-1',
      consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await page
    .context()
    .addCookies([
      { name: 'auth.token', value: token, url: new URL('/', test.info().project.use.baseURL).href },
    ]);
  return { token, email };
}

/** The points a sum brings by the shop's settings (the programme the page and the cart show). */
async function pointsFor(request: APIRequestContext, kopecks: number) {
  const res = await request.get('/api/site/settings');
  const { bonus } = (
    (await res.json()) as { data: { bonus: { accrualPercent: number; pointValue: number } } }
  ).data;
  return pointsEarned(kopecks, bonus.accrualPercent, bonus.pointValue);
}

/** What one variant costs this customer (their type's price). */
async function priceFor(request: APIRequestContext, token: string, offerId: number) {
  const res = await request.get(`/api/products/${SLUG}`, { headers: { authorization: token } });
  const offers = ((await res.json()) as { data: { offers: { id: number; salePrice: number }[] } }).data
    .offers;
  return offers.find((o) => o.id === offerId)!.salePrice;
}

/** «44 балла»: the shop's plural rule. */
const words = (n: number) => `${n} ${plural(n, ['балл', 'балла', 'баллов'])}`;

/** POST requests to the cart's action (the storefront's /cart route), counted. */
function cartPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/cart')) posts.push(r.url());
  });
  return posts;
}

test.beforeAll(async ({ request }) => {
  product = await createProduct(request);
});
test.afterAll(async ({ request }) => {
  if (product)
    await request.delete(`/api/admin/products/${product.id}`, { headers: await adminHeaders(request) });
});

const grid = (page: Page) => page.locator('.order-grid');
const field = (page: Page, curl: string, length: string) =>
  grid(page).getByRole('textbox', { name: new RegExp(`^${curl} 0,10 мм, ${length} мм: количество`) });

for (const screen of SCREENS) {
  test.describe(`a lash master on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('nine lengths from the grid in one go, with the points on the product and in the cart', async ({
      page,
      request,
    }) => {
      const errors = watchErrors(page, { console: false });
      const posts = cartPosts(page);
      const { token } = await signedIn(page, request, `grid-${screen.name}`);
      const c12 = offerOf('C', '12');
      const price = await priceFor(request, token, c12.id);

      // The chosen variant's points, by the rule the cart and the accrual use.
      await page.goto(`${PAGE}?offer=${c12.id}`);
      await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
      await expect(page.locator('.buy-box .offer-points')).toHaveText(
        `Вернётся баллами: +${words(await pointsFor(request, price))}`,
      );
      await expect(grid(page)).toHaveAttribute('data-hydrated', 'true');

      // Wrong quantities: said in Russian beside their cells, nothing sent.
      await field(page, 'C', '7').fill('-1');
      await field(page, 'C', '8').fill('6');
      await grid(page).getByRole('button', { name: 'В корзину' }).click();
      const problems = grid(page).getByRole('alert');
      await expect(problems).toContainText('C 0,10 мм, 7 мм: количество не может быть меньше нуля');
      await expect(problems).toContainText('C 0,10 мм, 8 мм: в наличии только 5 шт.');
      await expect(field(page, 'C', '7')).toBeFocused();
      expect(posts).toEqual([]);

      // The sold-out cell has no field; the keyboard goes from one length to the next.
      await expect(grid(page).getByRole('textbox', { name: /^D 0,10 мм, 11 мм/ })).toHaveCount(0);
      await field(page, 'C', '7').fill('');
      await field(page, 'C', '8').fill('');
      await field(page, 'C', '7').focus();
      for (const [i, n] of TAKEN.entries()) {
        await expect(field(page, 'C', LENGTHS[i]!)).toBeFocused();
        await page.keyboard.type(String(n));
        if (i < TAKEN.length - 1) await page.keyboard.press('Tab');
      }
      const pieces = TAKEN.reduce((a, b) => a + b, 0);
      const total = pieces * price;
      await expect(grid(page).locator('.order-grid__sum')).toContainText(`9 вариантов, ${pieces} шт.`);
      await expect(grid(page).locator('.order-grid__sum')).toContainText(formatMoney(total));
      await expect(problems).toHaveCount(0);

      // One tap on a phone, Enter on a desktop: one request.
      if (screen.name === 'phone') await grid(page).getByRole('button', { name: 'В корзину' }).click();
      else await page.keyboard.press('Enter');
      await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toHaveText(
        new RegExp(`${TITLE} — 9 вариантов, ${pieces} шт\\.`),
      );
      expect(posts).toHaveLength(1);
      await expect(cartLink(page, pieces)).toBeVisible();
      await expect(field(page, 'C', '7')).toHaveValue('');

      // The cart: nine lines, the total, the points it brings.
      await page.goto('/cart');
      await expect(page.locator('.cart-line')).toHaveCount(9);
      for (const [i, n] of TAKEN.entries())
        await expect(
          page
            .locator('.cart-line')
            .nth(i)
            .getByRole('spinbutton', { name: /Количество/ }),
        ).toHaveValue(String(n));
      await expect(page.locator('.cart-summary__total dd')).toHaveText(formatMoney(total));
      await expect(page.locator('.cart-summary__earn')).toHaveText(
        `Вернётся баллами+${words(await pointsFor(request, total))}`,
      );
      expect(errors).toEqual([]);
    });

    test('a sold-out size: the nearest in stock, and one tap to be told, signed in', async ({
      page,
      request,
    }) => {
      const errors = watchErrors(page, { console: false });
      const { email } = await signedIn(page, request, `notice-${screen.name}`);
      const d11 = offerOf('D', '11');
      await page.goto(`${PAGE}?offer=${d11.id}`);
      await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
      const buy = page.locator('.buy-box');
      await expect(buy.locator('.soldout-help[data-hydrated]')).toBeVisible();
      await expect(buy.getByText('Нет в наличии', { exact: true })).toBeVisible();
      // The nearest lengths of the same curl and thickness first, then the other curl.
      const sizes = buy.locator('.soldout-help__sizes button');
      await expect(sizes).toHaveText(['10 мм', '12 мм', '9 мм', 'Изгиб C']);
      await sizes.first().click();
      await expect(page).toHaveURL(new RegExp(`offer=${offerOf('D', '10').id}`));
      await expect(buy.getByText(offerOf('D', '10').article)).toBeVisible();
      await expect(buy.getByRole('button', { name: 'В корзину' })).toBeVisible();

      // Back to the sold-out size: «Сообщить о поступлении» asks nothing of a signed-in customer.
      await page.goto(`${PAGE}?offer=${d11.id}`);
      await expect(buy.locator('.soldout-help[data-hydrated]')).toBeVisible();
      await expect(buy.getByText(`Письмо придёт на ${email}`)).toBeVisible();
      await buy.getByRole('button', { name: 'Сообщить о поступлении' }).click();
      await expect(buy.getByText(`Напишем на ${email}, как только товар появится`)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const notices = await request.get(
        `/api/admin/stock-notices?filter=${encodeURIComponent(JSON.stringify({ productId: product.id }))}`,
        { headers: await adminHeaders(request) },
      );
      const rows = (await notices.json()) as { offerId: number; email: string | null; status: string }[];
      expect(rows.filter((r) => r.email === email)).toEqual([
        expect.objectContaining({ offerId: d11.id, status: 'waiting' }),
      ]);
      expect(errors).toEqual([]);
    });

    test('a favourite keeps the variant it was chosen with', async ({ page, request }) => {
      const errors = watchErrors(page, { console: false });
      await signedIn(page, request, `favourite-${screen.name}`);
      const c9 = offerOf('C', '9');
      await page.goto(`${PAGE}?offer=${c9.id}`);
      await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
      await page.locator('.buy-box').getByRole('button', { name: 'В избранное' }).click();
      const stored = await page.evaluate('localStorage.getItem("shop.favorites")');
      expect(JSON.parse(String(stored))).toEqual([{ id: product.id, offer: c9.id }]);

      await page.goto('/favorites');
      const card = page.locator('article.product-card').filter({ hasText: TITLE });
      await expect(card.locator('.product-card__variant')).toHaveText('C 0,10 мм 9 мм');
      await expect(card.getByRole('link', { name: new RegExp(TITLE) })).toHaveAttribute(
        'href',
        `${PAGE}?offer=${c9.id}`,
      );
      await expect(card.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
      await card.getByRole('button', { name: `В корзину: ${TITLE}, C 0,10 мм 9 мм` }).click();
      await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toContainText(TITLE);
      await expect(cartLink(page, 1)).toBeVisible();

      // Favourites stored before variants were remembered: the product's card, as it was.
      await page.evaluate(`localStorage.setItem("shop.favorites", "[${product.id}]")`);
      await page.reload();
      await expect(card.getByRole('link', { name: 'Выбрать' })).toBeVisible();
      await expect(card.locator('.product-card__variant')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}

test('the restock of a size asked for in one tap sends the letter to the account’s e-mail', async ({
  page,
  request,
}) => {
  const { email } = await signedIn(page, request, 'restock');
  const d11 = offerOf('D', '11');
  await page.goto(`${PAGE}?offer=${d11.id}`);
  await expect(page.locator('.soldout-help[data-hydrated]')).toBeVisible();
  await page.locator('.buy-box').getByRole('button', { name: 'Сообщить о поступлении' }).click();
  await expect(page.getByText(`Напишем на ${email}, как только товар появится`)).toBeVisible();

  const headers = await adminHeaders(request);
  const loaded = (await (await request.get(`/api/admin/products/${product.id}`, { headers })).json()) as {
    offers: Offer[];
  };
  const offers = loaded.offers.map((o) => (o.id === d11.id ? { ...o, stock: 4 } : o));
  const saved = await request.put(`/api/admin/products/${product.id}`, {
    headers,
    data: { ...loaded, offers },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const letter = await waitForLetter(email, /снова в наличии/);
  expect(letter.subject).toBe(`${TITLE} снова в наличии`);
  expect(letter.html).toContain(`?offer=${d11.id}`);
});

/**
 * A screenshot of the page as a screen as tall as it would show it, from its top: nothing sticky (the header,
 * a bar at the bottom) lies over what it shows. `clip` names the part to keep; none keeps the whole page.
 */
async function shootWhole(page: Page, path: string, part?: Locator) {
  const { width } = page.viewportSize()!;
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  await page.setViewportSize({ width, height });
  await page.evaluate('window.scrollTo(0, 0)');
  const box = part ? (await part.boundingBox())! : null;
  await page.screenshot({
    path,
    ...(box ? { clip: { x: 0, y: box.y - 16, width, height: box.height + 32 } } : {}),
  });
  await page.setViewportSize({ width, height: 900 });
}

/** Demo variants in stock: the first lash product's and a glue's, for a past order that reads like a real one. */
async function demoOffers(request: APIRequestContext) {
  const found = async (category: string) => {
    const res = await request.get(
      `/api/products/search?filter[categorySlug]=${category}&filter[inStock]=1&perPage=1`,
    );
    const slug = ((await res.json()) as { data: { slug: string }[] }).data[0]!.slug;
    const page = (await (await request.get(`/api/products/${slug}`)).json()) as {
      data: { offers: { id: number; stock: number }[] };
    };
    return page.data.offers.filter((o) => o.stock > 2);
  };
  return [...(await found('resnitsy')).slice(0, 3), ...(await found('kley')).slice(0, 1)];
}

test('the screenshots: the grid and «Мои товары» at 375, 768 and 1440 px', async ({ page, request }) => {
  const errors = watchErrors(page, { console: false });
  const { token } = await signedIn(page, request, 'shots');
  // A past order of three lengths and a glue, for «Мои товары».
  await placeOrder(
    request,
    await adminHeaders(request),
    { authorization: token },
    (await demoOffers(request)).map((o, i) => ({ offerId: o.id, quantity: i < 3 ? 2 : 1 })),
    { customerName: 'Мастер', customerPhone: '+79980001122', customerEmail: `shots-${RUN}@e2e.local` },
  );
  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(PAGE);
    await expect(grid(page)).toHaveAttribute('data-hydrated', 'true');
    await field(page, 'C', '9').fill('2');
    await field(page, 'C', '10').fill('3');
    await field(page, 'D', '12').fill('1');
    await expect(grid(page).locator('.order-grid__sum')).toContainText('3 варианта, 6 шт.');
    await field(page, 'D', '12').blur();
    await shootWhole(page, join(SHOTS, `product-grid-${width}.png`), grid(page));
    await page.goto('/profile/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Мои товары' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shootWhole(page, join(SHOTS, `my-products-${width}.png`));
  }
  expect(errors).toEqual([]);
});
