// The admin's messaging in Chromium against the production build: a letter composed to one customer is
// previewed as the server renders it, sent after a confirmation naming the count, and followed to the end
// of its progress. The e2e mailbox refuses the customer's address (550), so the letter ends «Ошибка
// отправки» with the mail server's answer, appears in unsend-emails and is queued again from there. The SMS
// screen counts characters in SMS parts.
import { expect, test } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';
import { REFUSED_DOMAIN } from '../mailbox';
import { watchErrors } from '../page-errors';

const RUN = Date.now().toString(36);
const CUSTOMER = { email: `mailing-${RUN}@${REFUSED_DOMAIN}`, name: `Получательница${RUN}` };
const REFUSED = 'SMTP-сервер отклонил отправителя или получателя';

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  const customer = await request.post('/api/admin/users', {
    headers: { authorization: token },
    data: CUSTOMER,
  });
  expect(customer.status(), await customer.text()).toBe(201);
});

test('a letter to one customer: preview, send, progress to the end, then resend from unsend-emails', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.getByRole('menuitem', { name: 'Рассылка писем' }).click();
  await expect(page).toHaveURL(/\/nuxt\/send-emails$/);
  await expect(page.getByRole('heading', { name: 'Рассылка писем', level: 1 })).toBeVisible();

  // Nobody chosen yet: no count, and nothing to send.
  await expect(page.getByTestId('recipient-count')).toHaveText('Выберите покупателя');
  await expect(page.getByRole('button', { name: 'Отправить' })).toBeDisabled();
  await page.getByLabel('Покупатель').fill(CUSTOMER.name);
  await page.getByRole('option', { name: new RegExp(CUSTOMER.name) }).click();
  await expect(page.getByTestId('recipient-count')).toHaveText('Получателей: 1');

  const subject = `Новости ${RUN}`;
  await page.getByLabel('Тема письма').fill(subject);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Здравствуйте, {{customerName}}! Новинки уже в магазине.');

  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.getByTestId('preview-subject')).toHaveText(subject);
  const letter = page.frameLocator('iframe[title="Предпросмотр письма"]');
  await expect(letter.locator('body')).toContainText('Здравствуйте, Анна! Новинки уже в магазине.');

  await page.getByRole('button', { name: 'Отправить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Будут отправлены письма: 1 получатель');
  await dialog.getByRole('button', { name: 'Отправить' }).click();

  const progress = page.getByTestId('mailing-progress');
  await expect(progress).toContainText('Обработано 1 из 1');
  await expect(progress).toContainText('Ошибка отправки: 1');
  await expect(page.getByTestId('mailing-result')).toContainText('Ошибка отправки: 1.');

  await page.getByTestId('mailing-result').getByRole('link', { name: 'Неотправленные письма' }).click();
  await expect(page).toHaveURL(/\/nuxt\/unsend-emails$/);
  const row = page.getByRole('row').filter({ hasText: CUSTOMER.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(subject);
  await expect(row).toContainText(REFUSED);
  await row.getByRole('button', { name: 'Отправить снова' }).click();
  await expect(page.getByText('Поставлено в очередь: 1 сообщение')).toBeVisible();
  // Refused again: after a refresh it is in the list again, once, failed with the mail server's answer.
  await expect(async () => {
    await page.getByRole('button', { name: 'Обновить' }).click();
    await expect(row).toContainText('Ошибка отправки', { timeout: 1000 });
    await expect(row).toContainText(REFUSED, { timeout: 1000 });
  }).toPass();
  await expect(row).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('an SMS is counted in parts and previewed with the customer values', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAdmin(page);
  await page.goto('/nuxt/send-sms');
  await expect(page.getByRole('heading', { name: 'Рассылка SMS', level: 1 })).toBeVisible();
  await page.getByLabel('Текст SMS').fill('Скидка 10% для {{customerName}}');
  await expect(page.getByTestId('sms-counter')).toContainText('31 симв. · 1 SMS (кириллица');
  await page.getByLabel('Текст SMS').fill('Я'.repeat(71));
  await expect(page.getByTestId('sms-counter')).toContainText('71 симв. · 2 SMS');
  await page.getByLabel('Текст SMS').fill('Скидка 10% для {{customerName}}');
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.getByTestId('message-preview')).toContainText('Скидка 10% для Анна');
  expect(errors).toEqual([]);
  // A variable a mailing cannot fill in is refused before anything is sent, in Russian.
  await page.getByLabel('Текст SMS').fill('{{orderNumber}}');
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.getByRole('alert')).toContainText('Неизвестные переменные: {{orderNumber}}');
});
