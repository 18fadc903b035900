// Rich text fields (pages, articles, promotions, product descriptions) are edited in a WYSIWYG editor with a
// Russian toolbar; what the administrator makes bold and lists shows so on the storefront's page.
import { expect, test } from '@playwright/test';
import { adminToken, signInAdmin } from '../admin';

test('a page written in the editor shows its bold words and list on the storefront', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  const token = await adminToken(request);
  const found = await request.get('/api/admin/pages?range=[0,99]', { headers: { authorization: token } });
  expect(found.status()).toBe(200);
  const loyalty = ((await found.json()) as { id: number; slug: string; content: string }[]).find(
    (p) => p.slug === 'loyalty',
  );

  await signInAdmin(page);
  await page.goto(`/nuxt/pages/${loyalty!.id}`);
  const editor = page.locator('.ProseMirror');
  await expect(editor).toBeVisible();
  await expect(page.getByRole('button', { name: 'Жирный' })).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Keyboard shortcuts and the editor's markdown rule ("- " starts a list): a toolbar click would take the focus.
  await page.keyboard.type('Баллы за каждый заказ. ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('Пять процентов');
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- на ресницы');
  await page.keyboard.press('Enter');
  await page.keyboard.type('на клей');
  await expect(page.getByRole('button', { name: 'Маркированный список' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(/Элемент обновлен|сохранен/i).first()).toBeVisible();

  const html = await (await request.get('/loyalty', { headers: { 'user-agent': 'curl/8' } })).text();
  expect(html).toContain('<strong>Пять процентов</strong>');
  expect(html).toMatch(/<ul><li>(<p>)?на ресницы(<\/p>)?<\/li><li>(<p>)?на клей/);
  expect(errors).toEqual([]);

  // The shop's text as it was, for the other specs.
  const restored = await request.put(`/api/admin/pages/${loyalty!.id}`, {
    headers: { authorization: token },
    data: { content: loyalty!.content },
  });
  expect(restored.status()).toBe(200);
});
