// Yandex Metrika with session replay (webvisor) reports and records every page it sees: a page whose address
// carries a letter's token (password reset, e-mail confirmation, the newsletter's links) must not load it,
// or the live link reaches Yandex. Tested on the server's HTML and in the browser, with a counter set in
// the settings and Metrika's own script replaced by a stub that only records what it was asked.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN } from '../playwright.config';

const COUNTER = '98765432';
const SECRET = 'e2e-secret-token-5f3a';
const TOKEN_PAGES = [
  `/change-password?token=${SECRET}`,
  `/mail-confirm?token=${SECRET}`,
  `/newsletter/unsubscribe?token=${SECRET}`,
  `/newsletter/confirm?token=${SECRET}`,
];

/** Sets the shop's Metrika counter (null: none) and answers the value it had. */
async function setCounter(request: APIRequestContext, counter: string | null): Promise<string | null> {
  const login = await request.post('/api/auth/login', {
    data: { login: ADMIN.email, password: ADMIN.password },
  });
  const headers = { authorization: ((await login.json()) as { data: { token: string } }).data.token };
  const [row] = (await (await request.get('/api/admin/settings', { headers })).json()) as Record<
    string,
    unknown
  >[];
  const res = await request.put(`/api/admin/settings/${String(row!.id)}`, {
    headers,
    data: { ...row, analyticsCounterId: counter },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (row!.analyticsCounterId as string | null) ?? null;
}

test.describe('Metrika and the addresses with tokens', () => {
  let before: string | null = null;
  test.beforeAll(async ({ request }) => {
    before = await setCounter(request, COUNTER);
  });
  test.afterAll(async ({ request }) => {
    await setCounter(request, before);
  });

  test('the server renders no counter into a page whose address carries a token', async ({ request }) => {
    const home = await (await request.get('/')).text();
    expect(home).toContain('https://mc.yandex.ru/metrika/tag.js');
    expect(home).toContain(`ym(${COUNTER},"init"`);
    for (const path of TOKEN_PAGES) {
      const res = await request.get(path);
      expect(res.status(), path).toBeLessThan(500);
      const html = await res.text();
      expect(html, path).not.toContain('mc.yandex.ru');
      expect(html, path).not.toContain(`ym(${COUNTER}`);
    }
  });

  test('a visitor from a letter gets the counter only on the next page, and Yandex never sees the token', async ({
    page,
  }) => {
    const toYandex: string[] = [];
    await page.route('https://mc.yandex.ru/**', (route) => {
      toYandex.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: '/* Metrika stub */' });
    });
    await page.goto(`/change-password?token=${SECRET}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Hydrated: the client had every chance to load the counter.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => typeof (window as { ym?: unknown }).ym)).toBe('undefined');
    expect(toYandex).toEqual([]);

    // Leaving for the home page inside the site: the counter starts there, with that page's address.
    await page.locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => toYandex.length).toBeGreaterThan(0);
    const asked = await page.evaluate(() =>
      JSON.stringify((window as { ym?: { a?: unknown[] } }).ym?.a ?? []),
    );
    expect(asked).toContain('"init"');
    expect(asked).not.toContain(SECRET);
    expect(toYandex.join(' ')).not.toContain(SECRET);
  });
});
