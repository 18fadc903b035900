// Accounts in Chromium against the production build, with real e-mail: the shop delivers its letters over
// SMTP to the e2e mailbox (mailbox.ts), and the links are followed from the letters as a customer would.
// The journey: register → the confirmation letter's link → sign in with «Запомнить меня» → edit the name
// and the company's requisites → sign out (cart badge gone, «Войти» back) → recover the password by e-mail
// → set a new one → sign in with it. Then the guards, in the browser and in the server's own answers.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { linkIn, waitForLetter } from '../mailbox';
import { ADMIN } from '../playwright.config';

const RUN = Date.now().toString(36);
const digits = String(Date.now()).slice(-7);
const CUSTOMER = {
  name: 'Вера',
  email: `accounts-${RUN}@e2e.local`,
  phoneDigits: `998${digits}`,
  password: 'first-pass-1',
  newPassword: 'second-pass-2',
};
const VALID_INN = '7707083893';
const WRONG_INN = '7707083894';
const INN_INVALID = 'Неверный ИНН: не сходится контрольное число. Проверьте цифры.';

const DAY_S = 24 * 60 * 60;
// Password fields have no ARIA role; their labels end with the required mark.
const PASSWORD = /^Пароль \*$/;
const NEW_PASSWORD = /^Новый пароль \*$/;

function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${String(e)}`));
  return errors;
}

async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'auth.token');
}

async function retype(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Покупки' });

async function signInForm(page: Page, login: string, password: string, remember = false) {
  await page.getByLabel('E-mail или телефон').fill(login);
  await page.getByLabel(PASSWORD).fill(password);
  if (remember) await page.getByLabel(/Запомнить меня/).check();
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

test('register, confirm by e-mail, sign in, edit the profile, sign out, recover the password', async ({
  page,
}) => {
  const errors = watchPageErrors(page);

  // Registration: the form's own checks first, the consent is required.
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Регистрация', level: 1 })).toBeVisible();
  await page.getByLabel('Имя').fill(CUSTOMER.name);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(CUSTOMER.email);
  const phone = page.getByLabel('Телефон');
  await phone.pressSequentially(CUSTOMER.phoneDigits);
  await expect(phone).toHaveValue(
    `+7 (${CUSTOMER.phoneDigits.slice(0, 3)}) ${CUSTOMER.phoneDigits.slice(3, 6)}-` +
      `${CUSTOMER.phoneDigits.slice(6, 8)}-${CUSTOMER.phoneDigits.slice(8)}`,
  );
  await page.getByLabel(PASSWORD).fill(CUSTOMER.password);
  await page.getByLabel('Пароль ещё раз').fill('something-else-1');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await expect(
    page.getByText('Чтобы зарегистрироваться, подтвердите согласие на обработку персональных данных'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);

  await page.getByLabel('Пароль ещё раз').fill(CUSTOMER.password);
  await page.getByLabel(/согласие на обработку персональных данных/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(`Мы отправили письмо на ${CUSTOMER.email}`)).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Профиль' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Выйти' })).toBeVisible();

  // The confirmation letter arrives through SMTP; its link confirms the address.
  const confirmation = await waitForLetter(CUSTOMER.email, /Подтвердите регистрацию/);
  await page.goto(linkIn(confirmation, '/mail-confirm'));
  await expect(page.getByRole('heading', { name: 'E‑mail подтверждён', level: 1 })).toBeVisible();
  // The link is single-use: a second visit explains itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Не удалось подтвердить e‑mail' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Ссылка подтверждения недействительна или устарела');

  // Sign out from the header; a guest's cart count comes back as nothing.
  await header(page).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Войти' })).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();

  // Sign in by phone with «Запомнить меня»: the cookie lives as long as the 30-day session.
  await page.goto('/login');
  await signInForm(page, `8${CUSTOMER.phoneDigits}`, CUSTOMER.password, true);
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Профиль' })).toBeVisible();
  const remembered = await tokenCookie(page);
  expect(remembered?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * DAY_S);
  expect(remembered?.sameSite).toBe('Lax');

  // The profile's name.
  await page.goto('/profile/user');
  await retype(page.getByLabel('Имя'), 'Вера Николаевна');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Данные сохранены').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Имя')).toHaveValue('Вера Николаевна');

  // The company: an INN with a wrong check digit is refused with its message, a right one is saved.
  await page.goto('/profile/company');
  await page.getByLabel('Наименование').fill('ООО «Вера»');
  const inn = page.getByLabel('ИНН');
  await retype(inn, WRONG_INN);
  await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await expect(page.getByText(INN_INVALID)).toBeVisible();
  await retype(inn, VALID_INN);
  await retype(page.getByLabel('КПП'), '773601001');
  await retype(page.getByLabel('БИК'), '044525225');
  await retype(page.getByLabel('Расчётный счёт'), '40702819938000001234');
  await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await expect(page.getByText('Реквизиты сохранены').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('ИНН')).toHaveValue(VALID_INN);

  // Sign out with items in the cart: the badge goes back to none (spec §4: cart count 0).
  const listed = (await (await page.request.get('/api/products/search?perPage=20')).json()) as {
    data: { slug: string; inStock: boolean }[];
  };
  const inStock = listed.data.find((p) => p.inStock)!;
  const offers = (await (await page.request.get(`/api/products/${inStock.slug}`)).json()) as {
    data: { offers: { id: number; stock: number }[] };
  };
  const offer = offers.data.offers.find((o) => o.stock >= 3)!;
  const added = await page.request.post('/cart', {
    form: { intent: 'add', offerId: String(offer.id), quantity: '3' },
  });
  expect(added.status()).toBe(200);
  // From an account page, which sends a visitor signed out elsewhere to sign in: this sign-out lands on the home page.
  await page.goto('/profile/orders');
  await expect(page.getByRole('link', { name: 'Корзина, 3 товара' })).toBeVisible();
  await header(page).getByRole('button', { name: 'Выйти' }).click();
  await expect(header(page).getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Корзина', exact: true })).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();

  // Forgotten password: the same answer as for any address, and a letter with a link.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/recovery-password$/);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Получить ссылку' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Если такой адрес' })).toContainText(
    'Если такой адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля',
  );
  const recovery = await waitForLetter(CUSTOMER.email, /Восстановление пароля/);
  await page.goto(linkIn(recovery, '/change-password'));
  await page.getByLabel(NEW_PASSWORD).fill(CUSTOMER.newPassword);
  await page.getByLabel('Новый пароль ещё раз').fill(CUSTOMER.newPassword);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('heading', { name: 'Пароль изменён', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Войти' }).last().click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer opens the account; the new one does (a browser-session cookie this time).
  await signInForm(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
  await signInForm(page, CUSTOMER.email, CUSTOMER.newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Профиль' })).toBeVisible();
  expect((await tokenCookie(page))?.expires).toBe(-1);

  // The recovery link was spent by the reset.
  await page.goto(linkIn(recovery, '/change-password'));
  await page.getByLabel(NEW_PASSWORD).fill('third-pass-3');
  await page.getByLabel('Новый пароль ещё раз').fill('third-pass-3');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('alert')).toContainText('Ссылка для смены пароля недействительна');
  expect(errors).toEqual([]);
});

test.describe('guards', () => {
  const USER = {
    name: 'Гость',
    email: `guards-${RUN}@e2e.local`,
    phone: `+7997${digits}`,
    password: 'guards-pass-1',
  };
  let token = '';

  test.beforeAll(async ({ request }) => {
    const res = await request.post('/api/auth/register', { data: { ...USER, consent: true } });
    expect(res.status(), await res.text()).toBe(201);
    token = ((await res.json()) as { data: { token: string } }).data.token;
  });

  async function asCustomer(page: Page) {
    await page
      .context()
      .addCookies([
        { name: 'auth.token', value: token, url: new URL('/', test.info().project.use.baseURL).href },
      ]);
  }

  test('a guest opening /profile/orders signs in and is back on /profile/orders', async ({ page }) => {
    await page.goto('/profile/orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Forders$/);
    await signInForm(page, USER.email, 'not-the-password-1');
    await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
    await signInForm(page, USER.email, USER.password);
    await expect(page).toHaveURL(/\/profile\/orders$/);
    await expect(page.getByRole('navigation', { name: 'Личный кабинет' })).toBeVisible();
  });

  test('a guest following a link to the account in the browser lands on /login', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The side menu opens once the page's scripts run.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Мои заказы' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Forders$/);
    await expect(page.getByRole('heading', { name: 'Вход', level: 1 })).toBeVisible();
  });

  test('a signed-in customer opening /login or /auth/register lands on /profile', async ({ page }) => {
    await asCustomer(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/auth/register');
    await expect(page).toHaveURL(/\/profile$/);
    // In the browser too: the side menu's links are client-side navigations.
    await page.goto('/recovery-password');
    await page.getByRole('link', { name: 'Вспомнили пароль? Войти' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  async function rawGet(request: APIRequestContext, path: string, cookie?: string) {
    return request.get(path, {
      maxRedirects: 0,
      headers: { 'user-agent': 'curl/8', ...(cookie ? { cookie } : {}) },
    });
  }

  test('the server answers the guards with redirects', async ({ request }) => {
    const guest = await rawGet(request, '/profile/orders?status=active');
    expect(guest.status()).toBe(302);
    expect(guest.headers().location).toBe('/login?redirect=%2Fprofile%2Forders%3Fstatus%3Dactive');

    const signedIn = await rawGet(request, '/login', `auth.token=${encodeURIComponent(token)}`);
    expect(signedIn.status()).toBe(302);
    expect(signedIn.headers().location).toBe('/profile');

    const profile = await rawGet(request, '/profile', `auth.token=${encodeURIComponent(token)}`);
    expect(profile.status()).toBe(200);

    // A token the API does not know: signed out, and the answer removes the cookie.
    const stale = await rawGet(request, '/profile', 'auth.token=not-a-token; auth.group=5');
    expect(stale.status()).toBe(302);
    expect(stale.headers().location).toBe('/login?redirect=%2Fprofile');
    const cleared = stale
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value);
    expect(cleared.some((c) => /^auth\.token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cleared.some((c) => /^auth\.group=;.*Max-Age=0/.test(c))).toBe(true);

    const guestLogin = await rawGet(request, '/login');
    expect(guestLogin.status()).toBe(200);
  });
});

test('a representative chooses whom they buy for, and the choice goes with every API call', async ({
  page,
  request,
}) => {
  const rep = {
    name: 'Инна',
    email: `rep-${RUN}@e2e.local`,
    phone: `+7996${digits}`,
    password: 'rep-pass-1',
  };
  const registered = await request.post('/api/auth/register', { data: { ...rep, consent: true } });
  expect(registered.status(), await registered.text()).toBe(201);
  const repToken = ((await registered.json()) as { data: { token: string } }).data.token;
  const session = await request.get('/api/auth/session', { headers: { authorization: repToken } });
  const userId = ((await session.json()) as { data: { id: number } }).data.id;
  const login = await request.post('/api/auth/login', {
    data: { login: ADMIN.email, password: ADMIN.password },
  });
  const admin = { authorization: ((await login.json()) as { data: { token: string } }).data.token };
  const group = await request.post('/api/admin/user-groups', {
    headers: admin,
    data: { title: `Салон ${RUN}`, isRepresentative: true },
  });
  expect(group.status(), await group.text()).toBe(201);
  const groupId = ((await group.json()) as { id: number }).id;
  const assigned = await request.put(`/api/admin/users/${userId}`, {
    headers: admin,
    data: { groupIds: [groupId] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await signInForm(page, rep.email, rep.password);
  await expect(page).toHaveURL(/\/$/);
  // Acting for the group from the start.
  const groupCookie = async () =>
    (await page.context().cookies()).find((c) => c.name === 'auth.group')?.value;
  expect(await groupCookie()).toBe(String(groupId));

  const searchHeader = async () => {
    // Typing asks for results once the page's scripts run (they start after its main picture is painted).
    await expect(page.locator('form.live-search[data-hydrated]').first()).toBeAttached();
    const search = page.getByRole('combobox', { name: 'Поиск по каталогу' });
    const sent = page.waitForRequest((r) => r.url().includes('/api/products/search'));
    await search.fill(`ресницы ${Math.random().toString(36).slice(2, 6)}`);
    return (await sent).headers()['x-user-group'];
  };
  expect(await searchHeader()).toBe(String(groupId));

  await header(page)
    .getByRole('button', { name: /Группа/ })
    .click();
  const chooser = page.getByRole('region', { name: 'Покупать от имени' }).getByLabel('Покупать от имени');
  await expect(chooser).toHaveValue(String(groupId));
  await chooser.selectOption({ label: 'Себя лично' });
  await expect.poll(groupCookie).toBe('none');
  expect(await searchHeader()).toBeUndefined();

  // The account menu has the same choice.
  await page.goto('/profile');
  const inMenu = page.getByRole('complementary').getByLabel('Покупать от имени');
  await expect(inMenu).toHaveValue('');
  await inMenu.selectOption({ label: `Салон ${RUN}` });
  await expect.poll(groupCookie).toBe(String(groupId));
});
