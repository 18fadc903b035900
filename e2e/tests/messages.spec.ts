// The header's call-back and message dialogs in Chromium against the production build, on a phone (375 px,
// opened from the side menu) and on a desktop (1440 px, from the top strip): the captcha arrives after
// opening and changes on refresh, the button waits for the required fields, short names and messages are
// refused with the spec's messages, a wrong captcha brings the server's message and a new picture, the right
// one (the e2e server's CAPTCHA_TEST_ANSWER) the toast; then the requests are in the admin's forms-list.
// The shop is shared by every spec: the requests made here are deleted at the end.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { linkIn, waitForLetter } from '../mailbox';
import { CAPTCHA_ANSWER } from '../playwright.config';

const RUN = Date.now().toString(36);
const CAPTCHA_WRONG = 'Неверная надпись с капчи. Введите новую';
const NAME_ERROR = 'Имя должно быть от 3 до 20 символов';
const MESSAGE_ERROR = 'Сообщение должно быть от 3 до 500 символов';

const VIEWPORTS = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'desktop', width: 1440, height: 900 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

/** Names of this run's requests, e.g. "Звонок тел mi0k3x9a": at most 20 characters. */
const sender = (kind: 'Звонок' | 'Письмо', viewport: Viewport) =>
  `${kind} ${viewport.label === 'phone' ? 'тел' : 'пк'} ${RUN}`;

function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Opens a dialog the way a visitor of that screen does: the top strip, or the side menu on a phone. */
async function openDialog(page: Page, viewport: Viewport, name: 'Заказать звонок' | 'Написать нам') {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.goto('/');
  // The buttons work once the page is hydrated: its scripts have loaded when the network is quiet.
  await page.waitForLoadState('networkidle');
  if (viewport.label === 'phone') {
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name }).click();
  } else {
    await page.locator('.topbar').getByRole('button', { name }).click();
  }
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const captchaImage = (dialog: Locator) => dialog.getByRole('img', { name: 'Картинка с надписью' });

/** The picture appears after opening, 200 px wide, and the refresh icon brings another one. */
async function checkCaptcha(dialog: Locator): Promise<string> {
  const image = captchaImage(dialog);
  await expect(image).toBeVisible();
  expect((await image.boundingBox())?.width).toBe(200);
  const first = await image.getAttribute('src');
  expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
  await dialog.getByRole('button', { name: 'Обновить картинку' }).click();
  await expect(image).not.toHaveAttribute('src', first!);
  return (await image.getAttribute('src'))!;
}

/** A wrong answer: the server's message, a new picture, the answer field emptied, the dialog still open. */
async function wrongCaptcha(dialog: Locator, submit: Locator) {
  const answer = dialog.getByLabel('Надпись с капчи *');
  const before = await captchaImage(dialog).getAttribute('src');
  await answer.fill('WRONG');
  await submit.click();
  await expect(dialog.getByText(CAPTCHA_WRONG)).toBeVisible();
  await expect(answer).toBeFocused();
  await expect(captchaImage(dialog)).not.toHaveAttribute('src', before!);
  await expect(answer).toHaveValue('');
  await expect(submit).toBeDisabled();
}

async function checkLayout(page: Page, dialog: Locator, viewport: Viewport) {
  // Measured where it rests, after sliding in.
  await page.evaluate(
    "Promise.all(document.querySelector('dialog.dialog[open]').getAnimations().map((a) => a.finished))",
  );
  const box = (await dialog.boundingBox())!;
  if (viewport.label === 'phone') {
    // A sheet across the whole width, resting on the bottom edge.
    expect(box.width).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
  } else {
    // A card in the middle.
    expect(box.width).toBeLessThanOrEqual(480);
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  }
  // The page under it does not scroll.
  expect(await page.evaluate('getComputedStyle(document.documentElement).overflow')).toBe('hidden');
}

for (const viewport of VIEWPORTS) {
  test(`call-back dialog at ${viewport.width} px: captcha, rules, a wrong answer, then success`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    let dialog = await openDialog(page, viewport, 'Заказать звонок');
    await checkLayout(page, dialog, viewport);

    if (viewport.label === 'desktop') {
      // Escape closes it and the focus goes back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.locator('.topbar').getByRole('button', { name: 'Заказать звонок' })).toBeFocused();
      await page.locator('.topbar').getByRole('button', { name: 'Заказать звонок' }).click();
      dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
    }
    const submit = dialog.getByRole('button', { name: 'Заказать звонок' });
    const name = dialog.getByLabel('Имя *');
    const phone = dialog.getByLabel('Телефон *');
    const answer = dialog.getByLabel('Надпись с капчи *');
    await expect(name).toBeFocused();
    await checkCaptcha(dialog);
    await expect(submit).toBeDisabled();
    await name.fill('Ан');
    await phone.fill('+7 999 123-45-67');
    await expect(submit).toBeDisabled();
    await answer.fill(CAPTCHA_ANSWER);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByText(NAME_ERROR)).toBeVisible();
    await expect(name).toBeFocused();

    await name.fill(sender('Звонок', viewport));
    await wrongCaptcha(dialog, submit);
    await expect(name).toHaveValue(sender('Звонок', viewport));

    await answer.fill(CAPTCHA_ANSWER.toLowerCase());
    await submit.click();
    await expect(page.getByText('Звонок успешно заказан!')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test(`message dialog at ${viewport.width} px: captcha, rules, a wrong answer, then success`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    const dialog = await openDialog(page, viewport, 'Написать нам');
    await checkLayout(page, dialog, viewport);
    await checkCaptcha(dialog);

    const submit = dialog.getByRole('button', { name: 'Отправить' });
    const name = dialog.getByLabel('Имя *');
    const email = dialog.getByLabel('E-mail *');
    const phone = dialog.getByLabel('Телефон *');
    const message = dialog.getByLabel('Сообщение *');
    const answer = dialog.getByLabel('Надпись с капчи *');
    await expect(dialog.getByRole('link', { name: 'обработкой персональных данных' })).toHaveAttribute(
      'href',
      '/company/consent',
    );
    await expect(phone).toHaveAttribute('inputmode', 'numeric');

    await expect(submit).toBeDisabled();
    await name.fill(sender('Письмо', viewport));
    await email.fill(`visitor-${RUN}@e2e.local`);
    await phone.pressSequentially('+7 (999) 765-43-21');
    await expect(phone).toHaveValue('79997654321');
    await expect(submit).toBeDisabled();
    await answer.fill(CAPTCHA_ANSWER);
    await expect(submit).toBeEnabled();
    await message.fill('Ок');
    await submit.click();
    await expect(dialog.getByText(MESSAGE_ERROR)).toBeVisible();
    await expect(message).toBeFocused();

    await message.fill('Есть ли в наличии клей для ресниц?');
    await expect(dialog.getByText('34 из 500 символов')).toBeVisible();
    await wrongCaptcha(dialog, submit);
    await expect(message).toHaveValue('Есть ли в наличии клей для ресниц?');

    await answer.fill(CAPTCHA_ANSWER);
    await submit.click();
    await expect(page.getByText('Ваше сообщение успешно отправлено!')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });
}

test("this run's requests are in the admin's forms-list", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.goto(`/nuxt/forms-list?filter=${encodeURIComponent(JSON.stringify({ q: RUN }))}`);
  for (const viewport of VIEWPORTS) {
    const call = page.getByRole('row').filter({ hasText: sender('Звонок', viewport) });
    await expect(call).toContainText('Обратный звонок');
    await expect(call).toContainText('+7 999 123-45-67');
    const message = page.getByRole('row').filter({ hasText: sender('Письмо', viewport) });
    await expect(message).toContainText('Сообщение');
    await expect(message).toContainText(`visitor-${RUN}@e2e.local`);
    await expect(message).toContainText('79997654321');
    await expect(message).toContainText('Есть ли в наличии клей для ресниц?');
  }
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

test("the footer subscribes, the letter's link confirms, a spent or missing link explains itself", async ({
  page,
  request,
}) => {
  const email = `news-${RUN}@e2e.local`;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/contacts');
  await page.waitForLoadState('networkidle');
  const box = page.locator('footer');
  await box.getByLabel('E-mail для рассылки').fill(email);
  await box.getByRole('button', { name: 'Подписаться' }).click();
  await expect(
    box.getByText('Проверьте почту: мы отправили письмо для подтверждения подписки'),
  ).toBeVisible();

  // The confirmation letter arrives in the e2e mailbox over SMTP; its link carries the token.
  const letter = await waitForLetter(email, /подписк/i);
  const link = linkIn(letter, '/newsletter/confirm');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Подписка подтверждена' })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  // The link works once.
  const again = await page.goto(link);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'Не удалось подтвердить подписку' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/недействительна или устарела/);
  await expect(page.getByRole('main').getByRole('button', { name: 'Подписаться' })).toBeVisible();

  await page.goto('/newsletter/confirm');
  await expect(page.getByText('В ссылке нет кода подтверждения')).toBeVisible();

  await page.goto('/newsletter/unsubscribe?token=not-a-token');
  await expect(page.getByRole('heading', { name: 'Отписаться от рассылки?' })).toBeVisible();
  await page.getByRole('button', { name: 'Отписаться' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Ссылка для отписки недействительна. Проверьте адрес из письма.',
  );
  await page.goto('/newsletter/unsubscribe');
  await expect(page.getByText('В ссылке нет кода отписки')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отписаться' })).toHaveCount(0);

  // The shared shop keeps no trace of this test's letter in the outbox log.
  const headers = { authorization: await adminToken(request) };
  const rows = await request.get(
    `/api/admin/outbox-messages?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
    { headers },
  );
  for (const row of (await rows.json()) as { id: number }[])
    await request.delete(`/api/admin/outbox-messages/${row.id}`, { headers });
});
