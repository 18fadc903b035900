// The three staff roles in the admin area: the menu, the screens and the API agree with the schemas'
// x-access. A manager runs sales and customers, a content editor the catalogue and the texts; neither
// sees or may call what belongs to the other, and a customer gets nothing.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';

interface Staff {
  role: 'manager' | 'content' | 'customer';
  email: string;
  password: string;
}

const STAFF: Staff[] = [
  { role: 'manager', email: 'manager@e2e.local', password: 'manager-password-1' },
  { role: 'content', email: 'content@e2e.local', password: 'content-password-1' },
  { role: 'customer', email: 'customer@e2e.local', password: 'customer-password-1' },
];

async function tokenFor(request: APIRequestContext, login: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), login).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/nuxt');
  await page.getByLabel(/Имя пользователя|Логин|E-mail/i).fill(email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(password);
  await page.getByRole('button', { name: /Войти/i }).click();
}

test.beforeAll(async ({ request }) => {
  const admin = await tokenFor(request, ADMIN.email, ADMIN.password);
  for (const s of STAFF) {
    const res = await request.post('/api/admin/users', {
      headers: { authorization: admin },
      data: { email: s.email, name: `Сотрудник ${s.role}`, role: s.role, password: s.password },
    });
    // 409: the user is left from an earlier run of this spec against the same server.
    expect([201, 200, 409], await res.text()).toContain(res.status());
  }
});

/** What each role must and must not have in its menu (Russian resource names of the schemas). */
const MENU: Record<'manager' | 'content', { has: string[]; lacks: string[] }> = {
  manager: {
    has: ['Заказы', 'Купоны', 'Пользователи', 'Отзывы о магазине', 'Товары'],
    lacks: ['Настройки магазина', 'Настройки'],
  },
  content: {
    has: ['Товары', 'Категории товаров', 'Баннеры', 'Галереи'],
    lacks: ['Заказы', 'Пользователи', 'Купоны', 'Бонусы'],
  },
};

/** Calls each role may and may not make, with the status the API must answer. */
const API: Record<'manager' | 'content', { method: 'get' | 'post'; url: string; status: number }[]> = {
  manager: [
    { method: 'get', url: '/api/admin/orders', status: 200 },
    { method: 'get', url: '/api/admin/users', status: 200 },
    { method: 'get', url: '/api/admin/settings', status: 403 },
    { method: 'post', url: '/api/admin/products', status: 403 },
    { method: 'post', url: '/api/admin/banners', status: 403 },
  ],
  content: [
    { method: 'get', url: '/api/admin/products', status: 200 },
    { method: 'get', url: '/api/admin/banners', status: 200 },
    { method: 'get', url: '/api/admin/orders', status: 403 },
    { method: 'get', url: '/api/admin/users', status: 403 },
    { method: 'get', url: '/api/admin/coupons', status: 403 },
    { method: 'post', url: '/api/admin/orders', status: 403 },
  ],
};

for (const role of ['manager', 'content'] as const) {
  test(`a ${role} sees only the menu and screens of the role, and the API agrees`, async ({
    page,
    request,
  }) => {
    const staff = STAFF.find((s) => s.role === role)!;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signIn(page, staff.email, staff.password);
    const menu = page.getByRole('menu').first();
    for (const name of MENU[role].has) {
      await expect(page.getByRole('menuitem', { name, exact: true }), `${role} has ${name}`).toBeVisible();
    }
    for (const name of MENU[role].lacks) {
      await expect(menu.getByRole('menuitem', { name, exact: true }), `${role} lacks ${name}`).toHaveCount(0);
    }

    // A screen of another role's resource, opened by its address, does not show that resource's data.
    const foreign = role === 'content' ? 'orders' : 'settings';
    await page.goto(`/nuxt/${foreign}`);
    await expect(page.locator('tbody tr')).toHaveCount(0);
    await expect(page.getByText('Доступ запрещен')).toBeVisible();

    // Products: the editor may create them; the manager changes prices and stock only (no "Создать" button).
    await page.goto('/nuxt/products');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const create = page.getByRole('link', { name: 'Создать' });
    if (role === 'content') await expect(create).toBeVisible();
    else await expect(create).toHaveCount(0);

    const token = await tokenFor(request, staff.email, staff.password);
    for (const call of API[role]) {
      const res =
        call.method === 'get'
          ? await request.get(call.url, { headers: { authorization: token } })
          : await request.post(call.url, { headers: { authorization: token }, data: {} });
      expect(res.status(), `${role} ${call.method} ${call.url}`).toBe(call.status);
      if (res.status() === 403) {
        const body = (await res.json()) as { error: { message: string } };
        expect(body.error.message).toMatch(/[А-Яа-яЁё]/);
      }
    }
    expect(errors).toEqual([]);
  });
}

test('a customer cannot use the admin area or its API', async ({ page, request }) => {
  const customer = STAFF.find((s) => s.role === 'customer')!;
  const token = await tokenFor(request, customer.email, customer.password);
  const res = await request.get('/api/admin/products', { headers: { authorization: token } });
  expect(res.status()).toBe(403);
  const anonymous = await request.get('/api/admin/products');
  expect(anonymous.status()).toBe(401);

  await signIn(page, customer.email, customer.password);
  // The sign-in form stays, with a Russian reason; no menu of the admin appears.
  await expect(page.getByRole('menuitem', { name: 'Товары' })).toHaveCount(0);
  await expect(page.getByText('Нет доступа к администрированию')).toBeVisible();
});

test('one product, two jobs: the editor changes its text, the manager its prices and stock', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN.email, ADMIN.password);
  const res = await request.get('/api/admin/products?range=[0,0]', { headers: { authorization: admin } });
  const [product] = (await res.json()) as { id: number; offers: unknown[] }[];
  expect(product!.offers.length).toBeGreaterThan(0);
  for (const role of ['content', 'manager'] as const) {
    const staff = STAFF.find((s) => s.role === role)!;
    await page.context().clearCookies();
    await signIn(page, staff.email, staff.password);
    await expect(page.getByRole('menuitem', { name: 'Товары', exact: true })).toBeVisible();
    await page.goto(`/nuxt/products/${product!.id}`);
    const title = page.getByLabel('Название', { exact: false }).first();
    await expect(title).toBeVisible();
    if (role === 'content') await expect(title).toBeEditable();
    else await expect(title).not.toBeEditable();
    await page.getByRole('tab', { name: 'Варианты' }).click();
    const price = page
      .getByRole('table', { name: 'Варианты товара' })
      .getByLabel('Цена', { exact: true })
      .first();
    await expect(price).toBeVisible();
    if (role === 'manager') {
      await expect(price).toBeEditable();
      await expect(page.getByRole('button', { name: 'Добавить вариант' })).toBeVisible();
    } else {
      await expect(price).not.toBeEditable();
      await expect(page.getByText('Цены и остатки меняет менеджер')).toBeVisible();
    }
  }
});
