// axe-core (WCAG 2.0 and 2.1, levels A and AA) over every admin screen, signed in as the administrator, at
// 1440 px and at 768 px (lists as cards, the menu a drawer, itself examined open): the list, create, edit and show screens of every resource, read from the generated list of
// screens (admin/generated/screens.ts: a new entity is covered without touching this file), then the
// screens of the menu that are no resource's list (desktop, settings, messages, feeds, the 1C log…) and
// the nested addresses (a gallery's upload, a directory's fields and entry, a category by its address, an
// order by its number). No rule is switched off.
//
// Not examined: the letter's preview on the template and mailing screens, a sandboxed frame without scripts
// (the letter is the shop's HTML shown as is, not the admin, and axe cannot run inside a frame that forbids
// scripts). A resource without a record in the demo shop gets one here where a public form makes it (a
// call-back request: its request, consent and letter); the record screens of the rest are named in the
// test's annotations.
//
// One browser context per width, signed in once; each resource is a test of its own (serial, sharing the
// page), so no test comes near its time limit.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminScreens } from '../../admin/generated/screens';
import { adminToken, LIST_READY, openAdminScreen, signInAdmin } from '../admin';
import { CAPTCHA_ANSWER, PORT } from '../playwright.config';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const width of [1440, 768] as const) {
  test.describe(`at ${width} px`, () => {
    test.describe.configure({ mode: 'serial' });

    let context: BrowserContext;
    let page: Page;
    let token = '';

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({
        baseURL: `http://127.0.0.1:${PORT}`,
        viewport: { width, height: 900 },
        locale: 'ru-RU',
        timezoneId: 'Europe/Moscow',
      });
      page = await context.newPage();
      token = await adminToken(context.request);
      // A call-back request from the storefront's form: a site request, its consent and the shop's letter.
      const captcha = await context.request.post('/api/captcha/generate');
      const { id } = ((await captcha.json()) as { data: { id: string } }).data;
      const call = await context.request.post('/api/feedback/call', {
        data: {
          name: 'Проверка доступности',
          phone: '+79990001122',
          captchaId: id,
          captchaPhrase: CAPTCHA_ANSWER,
        },
      });
      expect(call.status(), await call.text()).toBe(201);
      await signInAdmin(page);
    });

    test.afterAll(async () => {
      await context.close();
    });

    /** The first record of a resource (its id, and the fields an address may take), or undefined. */
    async function firstRecord(resource: string): Promise<Record<string, unknown> | undefined> {
      const res = await context.request.get(`/api/admin/${resource}?range=[0,0]`, {
        headers: { authorization: token },
      });
      expect(res.status(), resource).toBe(200);
      return ((await res.json()) as Record<string, unknown>[])[0];
    }

    /** Opens a screen of the admin and waits until it has drawn what it shows. */
    const open = (path: string, ready: string) => openAdminScreen(page, path, ready);

    /** What axe finds on the open screen, a line per rule: where, how bad, what, on which elements. */
    async function violations(path: string): Promise<string[]> {
      // Legacy mode: axe runs once in the page (same-origin frames included) instead of in each frame and
      // then in a blank page of its own: the same rules, a third of the time.
      const result = await new AxeBuilder({ page })
        .withTags(WCAG)
        .exclude('iframe[sandbox]')
        .setLegacyMode(true)
        .analyze();
      return result.violations.map(
        (v) =>
          `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
      );
    }

    /** What a hand-written screen shows once drawn: a heading, a table, a form, a card or its notice. */
    const SCREEN_READY = 'main :is(h1, h2, h6, table, form, [role="alert"], .MuiCard-root)';

    const READY = {
      list: LIST_READY,
      create: 'main form',
      // A form, or what a hand-written screen shows at that address (an order, a category by its address).
      edit: 'main form, .RaShow-main, main h1, main h2',
      show: '.RaShow-main, main h1, main h2',
    };

    for (const [resource, screens] of Object.entries(adminScreens)) {
      test(`${resource}: ${screens.join(', ')} pass axe's WCAG 2 A and AA rules`, async () => {
        const record = screens.some((s) => s === 'edit' || s === 'show')
          ? await firstRecord(resource)
          : undefined;
        const found: string[] = [];
        for (const screen of screens) {
          if ((screen === 'edit' || screen === 'show') && !record) {
            test
              .info()
              .annotations.push({ type: 'no record', description: `${resource}: ${screen} not opened` });
            continue;
          }
          const path = {
            list: `/${resource}`,
            create: `/${resource}/create`,
            edit: `/${resource}/${String(record?.id)}`,
            show: `/${resource}/${String(record?.id)}/show`,
          }[screen];
          await open(path, READY[screen]);
          found.push(...(await violations(path)));
        }
        expect(found).toEqual([]);
      });
    }

    test("the menu's own screens and the nested addresses pass axe's WCAG 2 A and AA rules", async () => {
      // Every entry of the menu that is no resource's list: read from the menu itself.
      await open('/desktop', SCREEN_READY);
      const lists = new Set(Object.keys(adminScreens).map((r) => `/${r}`));
      // Below 900 px the menu is a drawer: opened, examined as it is, closed.
      const found: string[] = [];
      if (width < 900) await page.getByRole('button', { name: 'Меню', exact: true }).click();
      const menu = page.getByRole('menu', { name: 'Разделы' });
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      // The drawer has slid in (MUI's slide ends at no transform).
      if (width < 900)
        await expect(page.getByRole('dialog', { name: 'Главное меню' })).toHaveCSS('transform', 'none');
      const items = await menu.getByRole('menuitem').all();
      const hrefs = await Promise.all(items.map(async (item) => (await item.getAttribute('href')) ?? ''));
      if (width < 900) {
        found.push(...(await violations('/desktop with the menu open')));
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      }
      const own = hrefs.map((p) => p.replace(/^\/nuxt/, '')).filter((p) => !lists.has(p));
      expect(own).toEqual(expect.arrayContaining(['/desktop', '/yml-feed', '/send-emails', '/unsend-sms']));

      const gallery = await firstRecord('gallery');
      const directory = await firstRecord('directories');
      const entries = await context.request.get(
        `/api/admin/directory-entries?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ directoryId: directory!.id }))}`,
        { headers: { authorization: token } },
      );
      const [entry] = (await entries.json()) as { id: number }[];
      const category = await firstRecord('product-categories');
      const order = await firstRecord('orders');
      const nested = [
        `/gallery/${String(gallery!.id)}/addImage`,
        `/directories/${String(directory!.id)}/createFields`,
        `/directories/${String(directory!.id)}/${entry!.id}`,
        `/product-categories/${String(category!.slug)}`,
        `/product-categories/${String(category!.slug)}/edit`,
        `/orders/${String(order!.number)}`,
      ];
      for (const path of ['', ...own, ...nested]) {
        await open(path, SCREEN_READY);
        found.push(...(await violations(path || '/')));
      }
      expect(found).toEqual([]);
    });
  });
}
