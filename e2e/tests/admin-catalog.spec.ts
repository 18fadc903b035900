// The catalogue in the admin, in Chromium against the production build, as the roles share it
// (docs/roles.md): the content editor adds a category and a product with a real uploaded picture; the
// manager gives it offers made by the generator, with prices and stock, and it appears on the storefront in
// that category; the manager's bulk price edit shows on the storefront (a bad one is refused in Russian and
// changes nothing); the editor deleting the product makes its page a 404. Then the category tree (a drag with the
// mouse, moves with the keyboard buttons) and a directory's fields and entry at their spec addresses.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, signInAdmin } from '../admin';
import { watchErrors } from '../page-errors';

const EDITOR = { email: 'content-catalog@e2e.local', password: 'content-password-1' };
const MANAGER = { email: 'manager-catalog@e2e.local', password: 'manager-password-1' };
const stamp = Date.now().toString(36);
const CATEGORY = { title: `Ресницы проверки ${stamp}`, slug: `e2e-lashes-${stamp}` };
const PRODUCT = { title: `Ресницы Проверка ${stamp}`, slug: `e2e-product-${stamp}` };

interface Offer {
  article: string;
  attributes: Record<string, string>;
  basePrice: number;
  stock: number;
}
interface Category {
  id: number;
  slug: string;
  title: string;
  parentId: number | null;
  sortOrder: number;
}

async function tokenFor(request: APIRequestContext, login: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), login).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

let editorToken = '';
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: editorToken } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The content editor in the admin, with the catalogue in the menu. */
async function signIn(page: Page) {
  await signInAdmin(page, EDITOR);
  await expect(page.getByRole('menuitem', { name: 'Товары', exact: true })).toBeVisible();
}

const png = async () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 30, b: 35 } } })
    .png()
    .toBuffer();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  const res = await request.post('/api/admin/users', {
    headers: { authorization: admin },
    data: { email: EDITOR.email, name: 'Контент-редактор', role: 'content', password: EDITOR.password },
  });
  // 409: the user is left from an earlier run of this spec against the same server.
  expect([201, 200, 409], await res.text()).toContain(res.status());
  editorToken = await tokenFor(request, EDITOR.email, EDITOR.password);
  const manager = await request.post('/api/admin/users', {
    headers: { authorization: admin },
    data: { email: MANAGER.email, name: 'Менеджер', role: 'manager', password: MANAGER.password },
  });
  expect([201, 200, 409], await manager.text()).toContain(manager.status());
});

test('the editor adds a category and a product with a picture, the manager its offers and prices; the shop follows', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page, { expected: /status of 400/ });
  await signIn(page);

  // A category, at the spec's address by its slug.
  await page.goto('/nuxt/product-categories/create');
  await page.getByLabel('Название').fill(CATEGORY.title);
  await page.getByLabel('Адрес (slug)').fill(CATEGORY.slug);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/product-categories/${CATEGORY.slug}$`));
  await expect(page.getByText(CATEGORY.title).first()).toBeVisible();

  // A product in it, with an uploaded picture and offers from the generator.
  await page.goto('/nuxt/products/create');
  await page.getByLabel('Название').fill(PRODUCT.title);
  await page.getByLabel('Адрес (slug)').fill(PRODUCT.slug);
  await page.getByLabel('Категории').fill(CATEGORY.title.slice(0, 18));
  await page.getByRole('option', { name: CATEGORY.title }).click();

  await page.getByRole('tab', { name: 'Изображения' }).click();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'lashes.png', mimeType: 'image/png', buffer: await png() });
  await expect(page.locator('img[src*="/img/"], img[src*="/uploads/"]').first()).toBeVisible();

  // Prices and stock are the manager's: the editor saves the product without offers.
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/nuxt\/products\/\d+$/);
  const productId = Number(/products\/(\d+)$/.exec(page.url())![1]);

  const managerPage = await (await browser.newContext()).newPage();
  errors.push(...watchErrors(managerPage));
  await signInAdmin(managerPage, MANAGER);
  await managerPage.goto(`/nuxt/products/${productId}`);
  await managerPage.getByRole('tab', { name: 'Варианты' }).click();
  await managerPage.getByRole('button', { name: 'Сгенерировать варианты' }).click();
  const generator = managerPage.getByRole('dialog', { name: 'Генератор вариантов' });
  await generator.getByLabel('Префикс артикула').fill('E2E');
  await generator
    .getByRole('group', { name: 'Изгиб' })
    .getByRole('button', { name: 'D', exact: true })
    .click();
  await generator
    .getByRole('group', { name: 'Толщина' })
    .getByRole('button', { name: '0,07 мм', exact: true })
    .click();
  for (const length of ['11 мм', '12 мм'])
    await generator
      .getByRole('group', { name: 'Длина' })
      .getByRole('button', { name: length, exact: true })
      .click();
  await generator.getByLabel('Цена, ₽').fill('1290');
  await generator.getByLabel('Остаток').fill('7');
  await expect(generator).toContainText('E2E-D-007-11, E2E-D-007-12');
  await generator.getByRole('button', { name: 'Добавить варианты (2)' }).click();
  const offers = managerPage.getByRole('table', { name: 'Варианты товара' });
  await expect(offers.getByRole('row')).toHaveCount(3);
  await expect(offers.getByLabel('Артикул').first()).toHaveValue('E2E-D-007-11');
  await managerPage.getByRole('button', { name: 'Сохранить' }).click();
  await expect
    .poll(
      async () => (await api<{ offers: Offer[] }>(request, `/api/admin/products/${productId}`)).offers.length,
    )
    .toBe(2);

  const stored = await api<{ categoryIds: number[]; images: { url: string }[]; offers: Offer[] }>(
    request,
    `/api/admin/products/${productId}`,
  );
  expect(stored.images).toHaveLength(1);
  expect(stored.offers).toEqual([
    expect.objectContaining({
      article: 'E2E-D-007-11',
      attributes: { curl: 'D', thickness: '0.07', length: '11' },
      basePrice: 129000,
      stock: 7,
    }),
    expect.objectContaining({
      article: 'E2E-D-007-12',
      attributes: { curl: 'D', thickness: '0.07', length: '12' },
    }),
  ]);

  // The storefront: the product is listed in its category and its page shows the price.
  const shop = await page.context().newPage();
  await shop.goto(`/catalog/${CATEGORY.slug}`);
  await expect(shop.getByText(PRODUCT.title).first()).toBeVisible();
  const productPage = `/catalog/${CATEGORY.slug}/product/${PRODUCT.slug}`;
  await shop.goto(productPage);
  await expect(shop.getByRole('heading', { name: PRODUCT.title })).toBeVisible();
  await expect(shop.locator('body')).toContainText(/1\s?290/);

  // The manager's bulk price edit from the product list: a bad percentage is refused in Russian, nothing
  // changes.
  await managerPage.goto('/nuxt/products');
  const row = managerPage.getByRole('row').filter({ hasText: PRODUCT.title });
  await row.getByRole('checkbox').check();
  await managerPage.getByRole('button', { name: 'Цены и остатки' }).click();
  const bulk = managerPage.getByRole('dialog', { name: 'Цены и остатки вариантов' });
  await bulk.getByLabel('Изменить цену на %').check();
  await bulk.getByLabel('Изменение, %').fill('-150');
  await bulk.getByRole('button', { name: 'Применить' }).click();
  await expect(managerPage.getByText(/в процентах — от -99 до 1000/i).first()).toBeVisible();
  expect(
    (await api<{ offers: Offer[] }>(request, `/api/admin/products/${productId}`)).offers.map(
      (o) => o.basePrice,
    ),
  ).toEqual([129000, 129000]);
  await bulk.getByLabel('Установить цену').check();
  await bulk.getByLabel('Новая цена, ₽').fill('990');
  await bulk.getByRole('button', { name: 'Применить' }).click();
  await expect(managerPage.getByText('Изменено вариантов: 2 (товаров: 1)')).toBeVisible();
  await shop.goto(productPage);
  await expect(shop.locator('body')).toContainText(/990/);
  await expect(shop.locator('body')).not.toContainText(/1\s?290/);

  // Deleting the product: its storefront page is a 404.
  await page.goto(`/nuxt/products/${productId}`);
  await page.getByRole('button', { name: 'Удалить' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Подтвердить|Да|Удалить/ })
    .click();
  await expect(page).toHaveURL(/\/nuxt\/products$/);
  const gone = await shop.goto(productPage);
  expect(gone!.status()).toBe(404);
  expect(errors).toEqual([]);
});

test('the category tree: drag a category under another, then move it back with the keyboard', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page, { expected: /status of 400/ });
  await signIn(page);
  const categories = () => api<Category[]>(request, '/api/admin/product-categories?range=[0,999]');
  const mine = async () => (await categories()).find((c) => c.slug === CATEGORY.slug)!;
  const parent = (await categories()).find((c) => c.parentId === null && c.slug !== CATEGORY.slug)!;

  // The category's edit screen at /{slug}/edit; a save leads back to /{slug}.
  await page.goto(`/nuxt/product-categories/${CATEGORY.slug}/edit`);
  await page.getByLabel('Описание', { exact: true }).fill('Ресницы для проверки дерева категорий');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/product-categories/${CATEGORY.slug}$`));
  // The router renders the new screen just after the address changes: the form goes, the text stays.
  await expect(page.getByRole('textbox', { name: 'Описание' })).toHaveCount(0);
  await expect(page.getByText('Ресницы для проверки дерева категорий', { exact: true })).toBeVisible();

  await page.goto('/nuxt/product-categories');
  const tree = page.getByRole('tree', { name: 'Категории товаров' });
  const item = tree.locator(`[data-category="${CATEGORY.slug}"]`);
  const target = tree.locator(`[data-category="${parent.slug}"]`);
  await item.dragTo(target);
  await expect(page.getByText('Порядок категорий сохранён')).toBeVisible();
  await expect.poll(async () => (await mine()).parentId).toBe(parent.id);
  await expect(item).toHaveAttribute('aria-level', '2');

  // The keyboard: back to the top level, then one place up.
  await page.getByRole('button', { name: `На верхний уровень: ${CATEGORY.title}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await mine()).parentId).toBeNull();
  await expect(item).toHaveAttribute('aria-level', '1');
  const before = (await mine()).sortOrder;
  await page.getByRole('button', { name: `Выше: ${CATEGORY.title}`, exact: true }).click();
  await expect.poll(async () => (await mine()).sortOrder).toBe(before - 1);

  // A category with subcategories cannot go under another (three levels): refused in Russian, nothing moves.
  const all = await categories();
  const tops = all
    .filter((c) => c.parentId === null)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.title.localeCompare(b.title, 'ru') || a.id - b.id);
  const withChildren = tops.find((c, i) => i > 0 && all.some((x) => x.parentId === c.id))!;
  await page
    .getByRole('button', { name: `Вложить в категорию выше: ${withChildren.title}`, exact: true })
    .click();
  await expect(page.getByText(/есть подкатегории/)).toBeVisible();
  expect((await categories()).find((c) => c.id === withChildren.id)!.parentId).toBeNull();
  expect(errors).toEqual([]);
});

test('a directory: its fields at /{id}/createFields and an entry at /{id}/{entry id}', async ({ page }) => {
  const errors = watchErrors(page, { expected: /status of 400/ });
  await signIn(page);
  await page.goto('/nuxt/directories/create');
  await page.getByLabel('Название').fill(`Цвет клея ${stamp}`);
  await page.getByLabel('Код').fill(`glue_${stamp}`);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/nuxt\/directories\/\d+$/);
  const id = /directories\/(\d+)$/.exec(page.url())![1];

  await page.getByRole('link', { name: 'Настроить поля' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/directories/${id}/createFields$`));
  await page.getByRole('button', { name: 'Добавить' }).click();
  await page.getByLabel('Код').fill('hex');
  await page.getByLabel('Название').fill('Образец');
  await page.getByLabel('Тип').click();
  await page.getByRole('option', { name: 'Цвет' }).click();
  await page.getByLabel('Обязательное').check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/directories/${id}$`));
  await expect(page.getByText('Образец (hex): Цвет, обязательное')).toBeVisible();

  await page.getByRole('link', { name: 'Добавить запись' }).click();
  // The value inputs come from the directory's fields once the form knows its directory.
  await expect(page.getByLabel('Образец *')).toBeVisible();
  await page.getByLabel('Код').fill('clear');
  await page.getByLabel('Название').fill('Прозрачный');
  await page.getByLabel('Образец *').fill('светлый');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  // The server checks the value against the directory's field and says what is wrong, on the input too.
  await expect(
    page.getByText('Значения полей: «Образец»: цвет в виде #RRGGBB, например #1a2b3c'),
  ).toBeVisible();
  await expect(page.getByText('Цвет в виде #RRGGBB, например #1a2b3c', { exact: true })).toBeVisible();
  await page.getByLabel('Образец *').fill('#f0f0f0');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/directories/${id}$`));
  await page.getByRole('link', { name: 'Прозрачный' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/directories/${id}/\\d+$`));
  await expect(page.getByLabel('Образец *')).toHaveValue('#f0f0f0');
  expect(errors).toEqual([]);
});

test('a manager changes no category and creates or deletes no product, and the API agrees', async ({
  page,
  request,
}) => {
  const manager = MANAGER;
  const errors = watchErrors(page, { expected: /status of 400/ });
  await signInAdmin(page, manager);
  await expect(page.getByRole('menuitem', { name: 'Товары', exact: true })).toBeVisible();

  await page.goto('/nuxt/product-categories');
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Выше: / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Создать' })).toHaveCount(0);
  await expect(page.getByRole('treeitem').first()).toHaveAttribute('draggable', 'false');

  // Prices and stock are the manager's (the bulk edit is there), products themselves are not.
  await page.goto('/nuxt/products');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Создать' })).toHaveCount(0);
  await page.locator('tbody tr').first().getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Цены и остатки' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Удалить' })).toHaveCount(0);

  const token = await tokenFor(request, manager.email, manager.password);
  const [category] = (await (
    await request.get('/api/admin/product-categories?range=[0,0]', { headers: { authorization: token } })
  ).json()) as Category[];
  const move = await request.post(`/api/admin/product-categories/${category!.id}/move`, {
    headers: { authorization: token },
    data: { parentId: null, position: 0 },
  });
  expect(move.status()).toBe(403);
  expect(((await move.json()) as { error: { message: string } }).error.message).toMatch(/Недостаточно прав/);
  expect(errors).toEqual([]);
});
