// Every admin route of spec §2 under /nuxt opens in Chromium for the administrator, shows its screen and
// logs no console error: list, create and {id} of each resource, the nested paths of galleries, directories
// and categories, and the single screens (desktop, settings, coupons, bonuses, forms, mailings). Each screen
// is also audited at 1440, 1024 and 768 px (e2e/admin-audit.ts): no sideways page scroll, form inputs at
// least 280 px wide, no regular expression or JSON object on screen, no English default of react-admin,
// MUI or zod.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { auditAtWidths } from '../admin-audit';
import { watchErrors } from '../page-errors';

/** Resources with list, create and {id} (spec §2). */
const RESOURCES = [
  'users',
  'banners',
  'gallery',
  'products',
  'cart-rules',
  'promotions',
  'user-types',
  'user-groups',
  'interesting',
  'sms-templates',
  'mail-templates',
  'payment-services',
  'delivery-services',
  'reviews-on-site',
  'reviews-on-products',
  'users-organizations',
];

async function firstId(request: APIRequestContext, token: string, resource: string): Promise<number> {
  const res = await request.get(`/api/admin/${resource}?range=[0,0]`, { headers: { authorization: token } });
  expect(res.status(), resource).toBe(200);
  const [row] = (await res.json()) as { id: number }[];
  expect(row, `the demo shop has a record of ${resource}`).toBeDefined();
  return row!.id;
}

const findings: string[] = [];

/**
 * Opens an admin address and waits for its screen: a list's rows, a form, or the page's own heading; then
 * `audit()` checks what it shows at each width.
 */
async function visit(page: Page, path: string) {
  const to = `/nuxt${path}`;
  if (new URL(page.url()).pathname.startsWith('/nuxt')) {
    // Inside the admin the router moves to the address without a reload, as the browser's history buttons
    // do: the admin's scripts are not loaded and parsed again for each of the seventy screens.
    await page.evaluate(
      `history.pushState(null, '', ${JSON.stringify(to)}); dispatchEvent(new PopStateEvent('popstate'));`,
    );
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === to);
  } else await page.goto(to);
  await expect(page.locator('#main-content, main').first()).toBeVisible();
  await expect(page.getByText('Доступ запрещен')).toHaveCount(0);
  await expect(page.getByText(/Страница не найдена|Not Found/i)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** The audit of the screen `visit` opened, once its content is there; findings are kept for the end. */
async function audit(page: Page, path: string) {
  const seen = new Map<string, number[]>();
  for (const f of await auditAtWidths(page)) {
    const key = `${f.kind}: ${f.what}`;
    seen.set(key, [...(seen.get(key) ?? []), f.width]);
  }
  for (const [what, widths] of seen) findings.push(`/nuxt${path} at ${widths.join(', ')} px: ${what}`);
}

test('every admin route of the spec opens without a console error, and reads well at every width', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const token = await adminToken(request);
  const errors = watchErrors(page);

  await signInAdmin(page);

  for (const resource of RESOURCES) {
    await visit(page, `/${resource}`);
    await expect(page.locator('table, .RaList-noResults, .RaEmpty-message').first()).toBeVisible();
    await audit(page, `/${resource}`);
    await visit(page, `/${resource}/create`);
    await expect(page.locator('form').first()).toBeVisible();
    await audit(page, `/${resource}/create`);
    const id = await firstId(request, token, resource);
    await visit(page, `/${resource}/${id}`);
    await expect(page.locator('form').first()).toBeVisible();
    await audit(page, `/${resource}/${id}`);
  }
  // Orders: the list and an order by its number.
  await visit(page, '/orders');
  await expect(page.locator('table').first()).toBeVisible();
  await audit(page, '/orders');
  const orderId = await firstId(request, token, 'orders');
  await visit(page, `/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: /Заказ №/ }).first()).toBeVisible();
  await audit(page, `/orders/${orderId}`);

  // The nested paths of galleries, directories and categories (categories are addressed by slug).
  const galleryId = await firstId(request, token, 'gallery');
  await visit(page, `/gallery/${galleryId}/addImage`);
  await expect(page.locator('input[type=file]').first()).toBeAttached();
  const directoryId = await firstId(request, token, 'directories');
  for (const path of ['/directories', '/directories/create', `/directories/${directoryId}`]) {
    await visit(page, path);
    await expect(page.locator('table, form').first()).toBeVisible();
    await audit(page, path);
  }
  await visit(page, `/directories/${directoryId}/createFields`);
  await expect(page.locator('form').first()).toBeVisible();
  const entries = await request.get(
    `/api/admin/directory-entries?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ directoryId }))}`,
    { headers: { authorization: token } },
  );
  const [entry] = (await entries.json()) as { id: number }[];
  await visit(page, `/directories/${directoryId}/${entry!.id}`);
  await expect(page.locator('form').first()).toBeVisible();
  await audit(page, `/directories/${directoryId}/${entry!.id}`);
  const categories = await request.get('/api/admin/product-categories?range=[0,0]', {
    headers: { authorization: token },
  });
  const [category] = (await categories.json()) as { slug: string; title: string }[];
  await visit(page, '/product-categories');
  await expect(page.getByText(category!.title).first()).toBeVisible();
  await visit(page, '/product-categories/create');
  await expect(page.locator('form').first()).toBeVisible();
  await visit(page, `/product-categories/${category!.slug}`);
  await expect(page.getByText(category!.title).first()).toBeVisible();
  await visit(page, `/product-categories/${category!.slug}/edit`);
  await expect(page.locator('form').first()).toBeVisible();
  await audit(page, `/product-categories/${category!.slug}/edit`);

  // The single screens; /nuxt itself opens the desktop.
  const single: [string, RegExp][] = [
    ['', /Рабочий стол|Новые заказы/],
    ['/desktop', /Новые заказы/],
    ['/settings', /Настройки/],
    ['/coupons', /Купоны/],
    ['/create-coupons', /Создать купоны|Создание купонов/],
    ['/bonuses', /Бонус/],
    ['/forms-list', /Заявки/],
    ['/send-emails', /Рассылка писем/],
    ['/send-sms', /Рассылка SMS/],
    ['/unsend-emails', /Неотправленные письма/],
    ['/unsend-sms', /Неотправленные SMS/],
    ['/yml-feed', /Фид для Яндекс Маркета/],
  ];
  for (const [path, text] of single) {
    await visit(page, path);
    await expect(page.getByText(text).first()).toBeVisible();
    await audit(page, path);
  }
  expect(errors).toEqual([]);
  expect(findings).toEqual([]);
});
