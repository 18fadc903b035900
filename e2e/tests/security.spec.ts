// Hardening seen from the browser: (a) the admin's session is an HttpOnly cookie that no script of the page
// can read, and a form that another site posts to the admin API changes nothing; (b) every storefront page
// runs under a Content-Security-Policy without 'unsafe-inline' scripts, with no violation, and still hydrates.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { ADMIN } from '../playwright.config';

const RUN = Date.now().toString(36);
const CUSTOMER = { email: `csp-${RUN}@e2e.local`, password: 'csp-customer-1' };

/** CSP violations the page reports: console messages and securitypolicyviolation events. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${m.text()}`);
  });
  // A string: the e2e project has no DOM types, and this runs in the page before its own scripts.
  void page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
    (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber);
  });`);
  return violations;
}

/** The violation events of the current page (they live in the page, so read them before leaving it). */
const pageViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);

/** A one-page HTTP server on 127.0.0.1, standing for another site. */
async function serve(html: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

test('(a) the admin session is out of reach of scripts, and another site cannot post with it', async ({
  page,
  request,
  baseURL,
}) => {
  const shop = new URL(baseURL!);
  await signInAdmin(page);

  // The browser holds the session as an HttpOnly, SameSite=Strict cookie for /api only.
  const session = (await page.context().cookies()).find((c) => c.name === 'admin.session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  const token = session!.value;
  expect(token.length).toBeGreaterThan(30);

  // No script of the page can read it: not in document.cookie, not in any storage.
  const seen = await page.evaluate<{
    cookie: string;
    local: [string, string][];
    session: [string, string][];
  }>(
    '({ cookie: document.cookie, local: Object.entries(localStorage), session: Object.entries(sessionStorage) })',
  );
  expect(seen.cookie).not.toContain(token);
  expect(seen.cookie).not.toContain('admin.session');
  for (const [key, value] of [...seen.local, ...seen.session]) {
    expect(value, key).not.toContain(token);
    expect(key).not.toBe('auth.token');
  }

  // Another site's page posts to the admin API: a form (JSON smuggled in text/plain, and a plain form) and a
  // no-cors fetch with credentials. On 127.0.0.1 with another port it is another origin but the same site,
  // so SameSite does not stop the cookie: the CSRF check must (403). From localhost it is another site, and
  // the cookie is not even sent (401).
  const target = `${shop.origin}/api/admin/delivery-services`;
  const attack = (form: string) => `<!doctype html><meta charset="utf-8"><body>${form}
    <script>
      async function attack() {
        await fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ title: 'CSRF fetch ${RUN}', code: 'csrf_fetch_${RUN}', kind: 'courier' }) })
          // The answer never reaches this page (Cross-Origin-Resource-Policy): the request went out, which is
          // what counts here.
          .catch(() => undefined);
        document.forms[0].submit();
      }
    </script></body>`;
  const forms = [
    `<form method="post" enctype="text/plain" action="${target}">
       <input name='{"title":"CSRF text ${RUN}","code":"csrf_text_${RUN}","kind":"courier","pad":"' value='"}'>
     </form>`,
    `<form method="post" action="${target}">
       <input name="title" value="CSRF form ${RUN}"><input name="code" value="csrf_form_${RUN}">
       <input name="kind" value="courier">
     </form>`,
  ];
  const servers: Server[] = [];
  try {
    for (const form of forms) {
      const { server, port } = await serve(attack(form));
      servers.push(server);
      for (const host of ['127.0.0.1', 'localhost']) {
        const answer = page.waitForResponse(
          (r) => r.url() === target && r.request().resourceType() === 'document',
        );
        await page.goto(`http://${host}:${port}/`);
        await page.evaluate('attack()');
        const res = await answer;
        await page.waitForURL(target);
        const sent = (await res.request().allHeaders()).cookie ?? '';
        if (host === '127.0.0.1') {
          // Same site: the browser sent the cookie; the missing CSRF token stopped the request.
          expect(sent).toContain('admin.session=');
          expect(res.status(), form.slice(0, 40)).toBe(403);
          expect(await res.text()).toContain('CSRF');
        } else {
          // Another site: SameSite=Strict kept the cookie home; a guest's post is refused (401, or 415 for a
          // form body the API does not read).
          expect(sent).not.toContain('admin.session=');
          expect([401, 415], form.slice(0, 40)).toContain(res.status());
        }
      }
    }
  } finally {
    for (const server of servers) server.close();
  }

  // Nothing was created.
  const headers = { authorization: await adminToken(request) };
  const list = await request.get('/api/admin/delivery-services?range=[0,999]', { headers });
  expect(list.status()).toBe(200);
  const titles = ((await list.json()) as { title: string }[]).map((s) => s.title);
  expect(titles.filter((t) => t.includes(RUN))).toEqual([]);

  // The admin is still signed in, and its own saves (with the CSRF token) work.
  await page.goto('/nuxt/delivery-services/create');
  await page.getByRole('textbox', { name: /Название/ }).fill(`Курьер ${RUN}`);
  await page.getByRole('textbox', { name: /Код/ }).fill(`courier_${RUN}`);
  await page.getByRole('combobox', { name: /Вид доставки/ }).click();
  await page.getByRole('option').first().click();
  const saved = page.waitForResponse((r) => r.url() === target && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const save = await saved;
  expect(save.status(), await save.text()).toBe(201);
  expect(save.request().headers()['x-csrf-token']).toBeTruthy();
  expect(save.request().headers().authorization).toBeUndefined();
});

test('(b) storefront pages: no inline script without the nonce, no violation, hydrated', async ({
  page,
  request,
}) => {
  const headers = { authorization: await adminToken(request) };
  const created = await request.post('/api/admin/users', {
    headers,
    data: { email: CUSTOMER.email, name: 'Покупатель CSP', role: 'customer', password: CUSTOMER.password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [category] = (
    (await (await request.get('/api/categories/tree')).json()) as { data: { slug: string }[] }
  ).data;
  const [product] = (
    (await (await request.get('/api/products/search?perPage=1')).json()) as { data: { url: string }[] }
  ).data;

  const violations = watchViolations(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${String(e)}`));

  async function visit(url: string) {
    const res = await page.goto(url);
    expect(res!.status(), url).toBe(200);
    const policy = res!.headers()['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSrc, url).not.toContain("'unsafe-inline'");
    expect(scriptSrc, url).not.toContain("'unsafe-eval'");
    const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    if (res!.headers()['x-page-cache']) {
      // A guest's page from the server's page cache: its inline scripts are allowed by their hashes, and no
      // nonce is ever served twice (server/src/platform/web/page-cache.ts); the violations check below proves they ran.
      expect(nonce, url).toBeUndefined();
      expect(
        scriptSrc.some((s) => s.startsWith("'sha256-")),
        url,
      ).toBe(true);
    } else {
      expect(nonce, url).toBeTruthy();
      // Every script the page has carries this response's nonce (the property: browsers hide the attribute).
      const scripts = await page.evaluate<{ type: string; nonce: string; src: string }[]>(
        '[...document.scripts].map((s) => ({ type: s.type, nonce: s.nonce, src: s.src }))',
      );
      for (const s of scripts.filter((x) => x.type !== 'application/ld+json'))
        expect(s.nonce, `${url} ${s.src || 'inline'}`).toBe(nonce);
    }
    // Hydrated: the header's catalogue menu opens by React's state. A click before hydration is lost,
    // hence the retries.
    const catalog = page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('button', { name: 'Каталог' });
    await expect(async () => {
      if ((await catalog.getAttribute('aria-expanded')) !== 'true') await catalog.click();
      await expect(catalog, url).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(catalog).toHaveAttribute('aria-expanded', 'false');
    expect(await pageViolations(page), url).toEqual([]);
  }

  for (const url of [
    '/',
    '/catalog',
    `/catalog/${category!.slug}`,
    product!.url,
    '/search?qwery=ресницы',
    '/company',
    '/contacts',
    '/login',
  ])
    await visit(url);

  // Signed in: the account pages.
  await page.getByLabel('E-mail или телефон').fill(CUSTOMER.email);
  await page.getByLabel(/^Пароль \*$/).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await visit('/profile');
  await visit('/profile/user');

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test('(b) with a Metrika counter: its snippet runs by the nonce and its tag loads from mc.yandex.ru', async ({
  page,
  request,
}) => {
  const headers = { authorization: await adminToken(request) };
  const setCounter = async (analyticsCounterId: string | null) => {
    const [row] = (await (await request.get('/api/admin/settings', { headers })).json()) as Record<
      string,
      unknown
    >[];
    const res = await request.put(`/api/admin/settings/${String(row!.id)}`, {
      headers,
      data: { ...row, analyticsCounterId },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await setCounter('12345678');
  try {
    // Metrika's tag replaced by a stub that only says it ran (no request leaves the test machine).
    await page.route('https://mc.yandex.ru/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__metrikaTag = true;' }),
    );
    const violations = watchViolations(page);
    const res = await page.goto('/catalog');
    expect(res!.headers()['content-security-policy']).toContain('https://mc.yandex.ru');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __metrikaTag?: boolean }).__metrikaTag))
      .toBe(true);
    expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe('function');
    expect(await pageViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
  } finally {
    await setCounter(null);
  }
});

test('/api/docs and the admin run under their policies without a violation', async ({ page }) => {
  const violations = watchViolations(page);
  const docs = await page.goto('/api/docs/');
  expect(docs!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  expect(await pageViolations(page)).toEqual([]);

  const admin = await page.goto('/nuxt');
  expect(admin!.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByLabel(/Имя пользователя|Логин|E-mail/i).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Войти/i }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  for (const url of ['/nuxt/products', '/nuxt/settings', '/nuxt/pages/create']) {
    await page.goto(url);
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    expect(await pageViolations(page), url).toEqual([]);
  }
  expect(violations).toEqual([]);
});
