// On a phone (375 px) against the production build: the home page's «Стать представителем» application
// (the block's button opens the dialog; filled and sent with the e2e server's captcha answer, it shows the
// success message and lands in the admin's forms-list with its kind, city and experience), and the live
// search's panel (the «Все результаты» link stays on screen) and results page (what it searched for when
// the query was typed in the other layout). The application made here is deleted at the end.
import { expect, test, type Page } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { CAPTCHA_ANSWER } from '../playwright.config';

const RUN = Date.now().toString(36);
/** This run's applicant, at most 20 characters. */
const NAME = `Представ ${RUN}`;
const EXPERIENCE = `Мастер 3 года, своя студия ${RUN}`;
const SENT = 'Заявка отправлена! Менеджер свяжется с вами в течение рабочего дня.';

test.use({ viewport: { width: 375, height: 812 } });

function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

test('«Стать представителем»: the block opens the form, bad input is refused, the application is sent', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const block = page.locator('#represent');
  await block.getByRole('button', { name: 'Оставить заявку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Стать представителем' });
  await expect(dialog).toBeVisible();
  // On a phone the dialog takes the screen's width.
  expect((await dialog.boundingBox())!.width).toBe(375);
  await expect(dialog.getByRole('img', { name: 'Картинка с надписью' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'обработкой персональных данных' })).toHaveAttribute(
    'href',
    '/company/consent',
  );

  const submit = dialog.getByRole('button', { name: 'Отправить заявку' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Имя *').fill(NAME);
  await dialog.getByLabel('Город *').fill('Казань');
  const phone = dialog.getByLabel('Телефон *');
  await phone.pressSequentially('9123456789');
  await expect(phone).toHaveValue('+7 (912) 345-67-89');
  await dialog.getByLabel('E-mail *').fill(`rep-${RUN}@e2e`);
  await dialog.getByLabel('Опыт работы *').fill(EXPERIENCE);
  await dialog.getByLabel('Надпись с капчи *').fill(CAPTCHA_ANSWER);
  await expect(submit).toBeEnabled();
  // An e-mail without a domain is refused under its field, and nothing is sent.
  await submit.click();
  await expect(dialog.getByText('Проверьте e-mail: например, name@mail.ru')).toBeVisible();
  await expect(dialog.getByLabel('E-mail *')).toBeFocused();

  await dialog.getByLabel('E-mail *').fill(`rep-${RUN}@e2e.local`);
  await submit.click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test("the application is in the admin's forms-list with its kind, city and experience", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.goto(`/nuxt/forms-list?filter=${encodeURIComponent(JSON.stringify({ q: RUN }))}`);
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('Стать представителем');
  await expect(row).toContainText('Казань');
  await expect(row).toContainText('+79123456789');
  await expect(row).toContainText(`rep-${RUN}@e2e.local`);
  await expect(row).toContainText(EXPERIENCE);
});

test('the live search at 375 px keeps «Все результаты» on screen for «клей»', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Поиск', exact: true }).click();
  const box = page.getByRole('combobox', { name: 'Поиск по каталогу' });
  await box.fill('клей');
  const results = page.getByRole('list', { name: 'Найденные товары' }).getByRole('link');
  await expect(results).toHaveCount(7);
  await expect(results.first()).toContainText(/^Клей/);
  const all = page.getByRole('link', { name: /^Все результаты: \d+ товар/ });
  await expect(all).toBeInViewport({ ratio: 1 });
  // The panel scrolls inside itself and ends within the screen.
  const panel = page.locator('.live-search__panel:not([hidden])');
  const box375 = (await panel.boundingBox())!;
  expect(box375.y + box375.height).toBeLessThanOrEqual(812);
  // Scrolled to its end, the last result is there and the link still in sight.
  await panel.hover();
  await page.mouse.wheel(0, 3000);
  await expect(results.last()).toBeInViewport();
  await expect(all).toBeInViewport({ ratio: 1 });
  await all.click();
  await expect(page).toHaveURL(/\/search\?qwery=%D0%BA%D0%BB%D0%B5%D0%B9$/);
  expect(errors).toEqual([]);
});

test('the results page for a query typed in the other layout says what it searched for', async ({ page }) => {
  await page.goto('/search?qwery=htcybws');
  await expect(page.getByText('Показаны результаты по запросу «ресницы»')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «ресницы»');
  // The visitor's own words stay at hand, to correct them.
  const again = page.getByLabel('Вы искали «htcybws». Изменить запрос:');
  await expect(again).toHaveValue('htcybws');
  // A query read as typed says nothing of the kind.
  await page.goto('/search?qwery=%D1%80%D0%B5%D1%81%D0%BD%D0%B8%D1%86%D1%8B');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «ресницы»');
  await expect(page.getByText(/Показаны результаты по запросу/)).toHaveCount(0);
});

test.afterAll(async ({ request }) => {
  const headers = { authorization: await adminToken(request) };
  const res = await request.get(
    `/api/admin/feedback?filter=${encodeURIComponent(JSON.stringify({ q: RUN }))}`,
    { headers },
  );
  for (const row of (await res.json()) as { id: number }[]) {
    const deleted = await request.delete(`/api/admin/feedback/${row.id}`, { headers });
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
});
