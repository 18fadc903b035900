// The administrator in real Chromium against the production build: a price edited on a product's screen
// shows up in its history of changes; the filtered list downloads as CSV for Excel; a CSV file with a bad
// row is refused with the row's errors and writes nothing, and the corrected file creates the products.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { watchErrors } from '../page-errors';

async function productsBySlug(request: APIRequestContext, token: string, slug: string) {
  const filter = encodeURIComponent(JSON.stringify({ q: slug }));
  const res = await request.get(`/api/admin/products?filter=${filter}`, {
    headers: { authorization: token },
  });
  return ((await res.json()) as { slug: string }[]).filter((p) => p.slug === slug);
}

test('a price edited on the product screen appears in its history of changes', async ({ page, request }) => {
  const token = await adminToken(request);
  const res = await request.get('/api/admin/products?range=[0,0]&sort=["id","ASC"]', {
    headers: { authorization: token },
  });
  const [product] = (await res.json()) as { id: number; offers: { article: string; basePrice: number }[] }[];
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto(`/nuxt/products/${product!.id}`);
  const history = page.getByTestId('history');
  await expect(history.getByText('История изменений')).toBeVisible();
  await page.getByRole('tab', { name: 'Варианты' }).click();
  const price = page.getByRole('textbox', { name: 'Цена', exact: true }).first();
  await price.fill('1234,50');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  // Saved: the screen goes back to the list; the product's screen shows the change on top of its history.
  await expect(page).toHaveURL(/\/nuxt\/products$/);
  await page.goto(`/nuxt/products/${product!.id}`);
  const entry = history.getByTestId('history-entry').first();
  await expect(entry).toContainText('Изменение');
  await expect(entry).toContainText('admin@e2e.local');
  await expect(entry).toContainText(`Артикул ${product!.offers[0]!.article}): Цена`);
  await expect(entry).toContainText('1 234,50');
  expect(errors).toEqual([]);
});

test('the filtered list downloads as a CSV file for Excel', async ({ page }) => {
  await signInAdmin(page);
  // The products marked as hits: the filter of the list goes into the file.
  await page.goto(`/nuxt/products?filter=${encodeURIComponent(JSON.stringify({ isHit: true }))}`);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const shown = await page
    .locator('.RaPaginationActions, .MuiTablePagination-displayedRows')
    .first()
    .textContent();
  const total = Number(/из\s+(\d+)/.exec(shown ?? '')?.[1] ?? (await page.locator('table tbody tr').count()));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  const header = lines[0]!.split(';');
  // The import's file: one row per offer, the product's columns on each of its rows.
  expect(header).toEqual(
    expect.arrayContaining(['Адрес (slug)', 'Название', 'Хит', 'Бренд', 'Артикул', 'Цена']),
  );
  const hit = header.indexOf('Хит');
  const rows = lines.slice(1).map((line) => line.split(';'));
  expect(new Set(rows.map((cells) => cells[0])).size).toBe(total);
  expect(rows.length).toBeGreaterThanOrEqual(total);
  for (const cells of rows) expect(cells[hit]).toBe('да');
});

test('a CSV file with a bad row is refused with its errors, the corrected one creates the products', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/products');
  await page.getByRole('button', { name: 'Импорт из CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт товаров из CSV' });
  const header = 'Адрес (slug);Название;Хит;Артикул;Цена;Остаток';
  const good = [
    'e2e-import-one;Ресницы импорт 1;да;E2E-IMP-1;990,00;5',
    'e2e-import-two;Ресницы импорт 2;нет;E2E-IMP-2;1290,50;3',
  ];
  const bad = [...good, 'e2e-import-three;Ресницы импорт 3;может быть;E2E-IMP-3;дорого;1'];
  await dialog.getByLabel('CSV-файл').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${[header, ...bad].join('\r\n')}`),
  });
  const report = dialog.getByTestId('import-errors');
  await expect(report).toContainText('Строк с ошибками: 1 из 3');
  await expect(report).toContainText('«Хит»: ожидается «да» или «нет»');
  await expect(report).toContainText('«Цена»: ожидается сумма в рублях, например 1290,50');
  await expect(dialog.getByRole('button', { name: 'Импортировать' })).toBeDisabled();
  expect(await productsBySlug(request, token, 'e2e-import-one')).toHaveLength(0);

  await dialog.getByLabel('CSV-файл').setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...good].join('\r\n')),
  });
  await expect(dialog.getByTestId('import-ok')).toContainText(
    'Ошибок нет. Изменится: ничего; новых товаров: 2',
  );
  await dialog.getByRole('button', { name: 'Импортировать' }).click();
  // The import is a job of the server: the dialog follows it to its end and says what it wrote.
  await expect(dialog.getByTestId('import-ok')).toContainText(
    'Импорт выполнен. Изменено: ничего; новых товаров: 2',
  );
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await productsBySlug(request, token, 'e2e-import-one')).toHaveLength(1);
  expect(await productsBySlug(request, token, 'e2e-import-two')).toHaveLength(1);

  // The same file with one new price: the check names that one change, the rest is «без изменений».
  await page.getByRole('button', { name: 'Импорт из CSV' }).click();
  await dialog.getByLabel('CSV-файл').setInputFiles({
    name: 'price.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, good[0]!.replace('990,00', '999,00'), good[1]].join('\r\n')),
  });
  const changes = dialog.getByTestId('import-ok');
  await expect(changes).toContainText(
    'Изменится: 1 цена; новых товаров: 0, новых вариантов: 0; без изменений: 1 товар',
  );
  await expect(changes.getByRole('row', { name: /E2E-IMP-1/ })).toContainText('Цена: 990 → 999');
  await dialog.getByRole('button', { name: 'Импортировать' }).click();
  await expect(changes).toContainText('Импорт выполнен. Изменено: 1 цена');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  const [edited] = await productsBySlug(request, token, 'e2e-import-one');
  expect(edited).toMatchObject({ offers: [{ basePrice: 99900 }] });
  await expect(page.getByText('Ресницы импорт 2').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('bulk delete names the records that references keep, and is absent for a role that may not delete', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const headers = { authorization: token };
  const service = async (title: string, code: string) => {
    const res = await request.post('/api/admin/delivery-services', {
      headers,
      data: { title, code, kind: 'courier', active: false },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const unused = await service('Курьер без заказов (e2e)', 'e2e_unused');
  // A service the demo's orders were delivered by cannot go.
  const [order] = (await (
    await request.get('/api/admin/orders?sort=["id","ASC"]&range=[0,0]', { headers })
  ).json()) as { deliveryServiceId: number }[];
  const used = order!.deliveryServiceId;
  const usedTitle = (
    (await (await request.get(`/api/admin/delivery-services/${used}`, { headers })).json()) as {
      title: string;
    }
  ).title;

  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/delivery-services');
  for (const title of [usedTitle, 'Курьер без заказов (e2e)'])
    await page
      .getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: 'Удалить' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Подтвердить|Удалить|Да/ })
    .click();
  await expect(page.getByText(`Удалено 1 из 2. Не удалось удалить: №${used}: Нельзя удалить`)).toBeVisible();
  await expect(page.getByText('записи раздела «Заказы»')).toBeVisible();
  expect((await request.get(`/api/admin/delivery-services/${unused}`, { headers })).status()).toBe(404);
  expect((await request.get(`/api/admin/delivery-services/${used}`, { headers })).status()).toBe(200);
  expect(errors.filter((e) => !e.includes('409'))).toEqual([]);

  // A manager may list products but not delete them: no row checkboxes, no bulk delete.
  const manager = await request.post('/api/admin/users', {
    headers,
    data: {
      email: 'manager-bulk@e2e.local',
      name: 'Менеджер',
      role: 'manager',
      password: 'manager-password-1',
    },
  });
  expect(manager.status()).toBe(201);
  // Signs the administrator out: the admin's session is an HttpOnly cookie, not page storage.
  await page.context().clearCookies();
  await page.goto('/nuxt/login');
  await page.getByLabel(/Имя пользователя|Логин|E-mail/i).fill('manager-bulk@e2e.local');
  await page.getByRole('textbox', { name: 'Пароль' }).fill('manager-password-1');
  await page.getByRole('button', { name: /Войти/i }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.goto('/nuxt/delivery-services');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.locator('table tbody tr').first().getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Экспорт' })).toBeVisible();
});
