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

/** Signs `who` (the administrator unless said) in through the form at /nuxt, and waits for the admin's menu. */
export async function signInAdmin(page: Page, who: { email: string; password: string } = ADMIN) {
  await page.goto('/nuxt');
  await page.getByLabel(/Имя пользователя|Логин|E-mail/i).fill(who.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(who.password);
  await page.getByRole('button', { name: /Войти/i }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
}
