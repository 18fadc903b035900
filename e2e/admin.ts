// The administrator for the specs that act as one: the token of the admin API, and a session in the browser
// through the sign-in form at /nuxt.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './playwright.config';

/** The administrator's token from POST /api/auth/login, which must succeed. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { login: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The headers of the administrator's API requests. */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  return { authorization: await adminToken(request) };
}

/** Signs `who` (the administrator unless said) in through the form at /nuxt, and waits for the admin's top bar. */
export async function signInAdmin(page: Page, who: { email: string; password: string } = ADMIN) {
  await page.goto('/nuxt');
  await page.getByLabel(/Имя пользователя|Логин|E-mail/i).fill(who.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(who.password);
  await page.getByRole('button', { name: /Войти/i }).click();
  // The top bar's menu button: beside the menu on a wide window, «Меню» that opens a drawer below 900 px.
  await expect(page.getByRole('button', { name: /^(Меню|Открыть меню|Закрыть меню)$/ })).toBeVisible();
}

/** What a list's address shows once loaded: rows, the category tree, the screen standing for it, or «empty». */
export const LIST_READY = 'main table, main [role="tree"], main form, .RaList-noResults, .RaEmpty-message';

/**
 * Moves a signed-in admin to `path` (under /nuxt) as its own links do, without a reload, and waits until the
 * screen has drawn what it shows: `ready` visible, the loading indicator gone, no «Доступ запрещен».
 */
export async function openAdminScreen(page: Page, path: string, ready: string) {
  // What the screen being left shows is marked, so that it is not taken for the next screen's.
  await page.evaluate(
    `document.querySelectorAll(${JSON.stringify(ready)}).forEach((e) => e.setAttribute('data-e2e-left', ''));` +
      `history.pushState(null, '', ${JSON.stringify(`/nuxt${path}`)}); dispatchEvent(new PopStateEvent('popstate'));`,
  );
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === `/nuxt${path}`.replace(/\/$/, ''));
  const shown = page.locator(`:is(${ready}):not([data-e2e-left])`).filter({ visible: true });
  await expect(shown.first(), path).toBeVisible();
  await expect(page.locator('.RaLoadingIndicator-loader')).toHaveCount(0);
  await expect(page.getByText('Доступ запрещен')).toHaveCount(0);
}
