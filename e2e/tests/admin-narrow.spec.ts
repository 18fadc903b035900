// The admin on a tablet (768 px) and a laptop (1440 px), signed in once per width:
// - every list (every resource with a list screen, read from admin/generated/screens.ts) fits the window: at
//   768 px its rows are cards with each value under its label and nothing wider than the screen; at 1440 px a
//   table with its column headers, and the page never scrolls sideways;
// - below 900 px «Меню» opens a drawer with the whole menu, labelled and grouped: arrow keys move through it,
//   Escape closes it and gives the focus back, an entry goes to its screen and closes it; at 1440 px the menu
//   is beside the page with its labels;
// - a product's variants as a grid of prices and stock: two variants' price and stock saved at once, in one
//   request, with one entry in the product's history; a negative stock refused in Russian (by the form, and
//   by the server's CRUD layer for a request that skips the form), nothing changed.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminScreens } from '../../admin/generated/screens';
import { adminToken, LIST_READY, openAdminScreen, signInAdmin } from '../admin';
import { PORT } from '../playwright.config';

const LISTS = Object.entries(adminScreens)
  .filter(([, screens]) => screens.includes('list'))
  .map(([resource]) => resource);
const RUN = Date.now().toString(36).toUpperCase();

for (const width of [768, 1440] as const) {
  test.describe(`at ${width} px`, () => {
    test.describe.configure({ mode: 'serial' });
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({
        baseURL: `http://127.0.0.1:${PORT}`,
        viewport: { width, height: 900 },
        locale: 'ru-RU',
        timezoneId: 'Europe/Moscow',
      });
      page = await context.newPage();
      await signInAdmin(page);
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const resource of LISTS) {
      test(`the list of ${resource} fits the window`, async () => {
        await openAdminScreen(page, `/${resource}`, LIST_READY);
        // The window, the page's width, and the right edge of the widest table (one that scrolls inside its
        // box reaches past the window).
        const sizes = await page.evaluate<{ window: number; page: number; table: number }>(`({
          window: window.innerWidth,
          page: document.documentElement.scrollWidth,
          table: Math.max(0, ...[...document.querySelectorAll('#main-content table')].map((t) => t.getBoundingClientRect().right)),
        })`);
        expect(sizes.page, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.window);
        // On a laptop a table with many columns may scroll inside its own box (a tab stop, for the arrows).
        if (width === 768)
          expect(sizes.table, 'a table is wider than the window').toBeLessThanOrEqual(sizes.window);
        const row = page.locator('#main-content .RaDatagrid-tbody > tr').first();
        if ((await row.count()) === 0) return;
        const label = row.locator('.ShopCell-label').first();
        if (width === 768) {
          // A card: its values under their labels, no column header above them.
          await expect(label).toBeVisible();
          expect(await label.getAttribute('data-label')).not.toBe('');
          // Seen as text, not only kept in an attribute.
          expect((await label.boundingBox())!.width).toBeGreaterThan(10);
        } else {
          await expect(label).toBeHidden();
          await expect(page.getByRole('columnheader').first()).toBeVisible();
        }
      });
    }

    if (width === 768) {
      test('«Меню» opens a drawer with the labelled, grouped menu, for the mouse and the keyboard', async () => {
        await openAdminScreen(page, '/orders', LIST_READY);
        const button = page.getByRole('button', { name: 'Меню', exact: true });
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        // No strip of unlabelled icons beside the page.
        await expect(page.getByRole('menu', { name: 'Разделы' })).toBeHidden();
        await button.click();
        const drawer = page.getByRole('dialog', { name: 'Главное меню' });
        await expect(drawer).toBeVisible();
        const sales = drawer.getByRole('group', { name: 'Продажи' });
        await expect(sales.getByRole('menuitem', { name: 'Заказы', exact: true })).toBeVisible();
        await expect(drawer.getByText('Продажи', { exact: true })).toBeVisible();
        const items = drawer.getByRole('menuitem');
        expect(await items.count()).toBeGreaterThan(20);
        // The arrows go through the groups: from the desktop to the first entry of «Каталог», round at the ends.
        await items.first().focus();
        await page.keyboard.press('ArrowDown');
        await expect(items.nth(1)).toBeFocused();
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await expect(items.last()).toBeFocused();
        await page.keyboard.press('Home');
        await expect(items.first()).toBeFocused();
        // Escape closes it and the focus is back on «Меню».
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(button).toBeFocused();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        // An entry goes to its screen and closes the drawer.
        await button.click();
        await drawer.getByRole('menuitem', { name: 'Товары', exact: true }).click();
        await expect(page).toHaveURL(/\/nuxt\/products$/);
        await expect(drawer).toBeHidden();
        await expect(page.locator('#main-content .RaDatagrid-tbody > tr').first()).toBeVisible();
        // «Закрыть меню» inside it closes it too.
        await button.click();
        await drawer.getByRole('button', { name: 'Закрыть меню' }).click();
        await expect(drawer).toBeHidden();
      });
    } else {
      test('the menu stands beside the page with its labels and groups', async () => {
        await openAdminScreen(page, '/orders', LIST_READY);
        const menu = page.getByRole('menu', { name: 'Разделы' });
        await expect(
          menu.getByRole('group', { name: 'Продажи' }).getByText('Заказы', { exact: true }),
        ).toBeVisible();
        await expect(page.getByRole('button', { name: 'Меню', exact: true })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
      });

      test("a product's variants: price and stock of two saved at once from the grid, a negative stock refused", async () => {
        const token = await adminToken(context.request);
        const headers = { authorization: token };
        const articles = ['A', 'B', 'C'].map((x) => `GRID-${x}-${RUN}`);
        const created = await context.request.post('/api/admin/products', {
          headers,
          data: {
            slug: `grid-${RUN.toLowerCase()}`,
            title: `Клей для сетки ${RUN}`,
            offers: articles.map((article) => ({ article, basePrice: 100_000, stock: 5 })),
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const { id } = (await created.json()) as { id: number };
        type Offer = { article: string; basePrice: number; salePrice: number | null; stock: number };
        const offers = async () => {
          const res = await context.request.get(`/api/admin/products/${id}`, { headers });
          return ((await res.json()) as { offers: Offer[] }).offers;
        };
        const byArticle = async () => Object.fromEntries((await offers()).map((o) => [o.article, o]));

        const puts: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'PUT' && r.url().includes(`/api/admin/products/${id}`)) puts.push(r.url());
        });
        const openGrid = async () => {
          await openAdminScreen(page, `/products/${id}`, 'main form');
          await page.getByRole('tab', { name: 'Варианты' }).click();
          await page.getByRole('button', { name: 'Цены и остатки' }).click();
          await expect(page.getByRole('table', { name: 'Цены и остатки вариантов' })).toBeVisible();
        };
        await openGrid();
        const grid = page.getByRole('table', { name: 'Цены и остатки вариантов' });
        await expect(grid.getByRole('rowheader', { name: new RegExp(articles[2]!) })).toBeVisible();
        await grid.getByRole('textbox', { name: `Цена: ${articles[0]}` }).fill('1 234,50');
        await grid.getByRole('textbox', { name: `Цена со скидкой: ${articles[0]}` }).fill('1 100');
        await grid.getByRole('spinbutton', { name: `Остаток: ${articles[0]}` }).fill('17');
        // Enter goes down the column, as in a spreadsheet.
        await page.keyboard.press('Enter');
        await expect(grid.getByRole('spinbutton', { name: `Остаток: ${articles[1]}` })).toBeFocused();
        await page.keyboard.type('0');
        await grid.getByRole('textbox', { name: `Цена: ${articles[1]}` }).fill('990');
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await expect(page).toHaveURL(/\/nuxt\/products$/);

        const saved = await byArticle();
        expect(saved[articles[0]!]).toMatchObject({ basePrice: 123_450, salePrice: 110_000, stock: 17 });
        expect(saved[articles[1]!]).toMatchObject({ basePrice: 99_000, stock: 0 });
        expect(saved[articles[2]!]).toMatchObject({ basePrice: 100_000, stock: 5 });
        expect(puts, 'one request for both variants').toHaveLength(1);
        // One entry in the product's history names both variants' changes.
        const history = await context.request.get(
          `/api/admin/history?resource=products&recordId=${id}&page=1&perPage=5`,
          { headers },
        );
        const entries = JSON.stringify(((await history.json()) as { data: unknown[] }).data[0]);
        expect(entries).toContain(articles[0]);
        expect(entries).toContain(articles[1]);
        expect(entries).not.toContain(articles[2]);

        // A negative stock: the form says why in Russian and sends nothing; the product keeps its values.
        await openGrid();
        await grid.getByRole('spinbutton', { name: `Остаток: ${articles[2]}` }).fill('-3');
        await grid.getByRole('textbox', { name: `Цена: ${articles[2]}` }).fill('500');
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await expect(grid.getByText('Не меньше 0')).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/nuxt/products/${id}`));
        expect(puts).toHaveLength(1);
        expect(await byArticle()).toEqual(saved);
        // The same change sent past the form: the server's CRUD layer refuses it in Russian, nothing changes.
        const record = (await (
          await context.request.get(`/api/admin/products/${id}`, { headers })
        ).json()) as {
          offers: Offer[];
        };
        const bad = await context.request.put(`/api/admin/products/${id}`, {
          headers,
          data: {
            ...record,
            offers: record.offers.map((o) =>
              o.article === articles[0] ? { ...o, basePrice: 1, stock: 3 } : { ...o, stock: -3 },
            ),
          },
        });
        expect(bad.status()).toBe(400);
        expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
          /Остаток.*не меньше 0/i,
        );
        expect(await byArticle()).toEqual(saved);
      });
    }
  });
}
