// The YML feed for Yandex Market in Chromium against the production build: the admin's screen shows the
// address to give Market, the last build and what was left out (nothing, on the demo alone); an offer's address in the feed opens
// the product page on that very variant (its article and price); the settings' tab turns the feed off (its
// address answers 404 and the screen says so) and on again.
import { expect, test } from '@playwright/test';
import { adminHeaders, signInAdmin } from '../admin';

test('the feed screen, a variant page from the feed, off and on from the settings', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const feed = await request.get('/yml.xml');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await feed.text();

  await signInAdmin(page);
  await page.goto('/nuxt/yml-feed');
  await expect(page.getByRole('heading', { name: 'Фид для Яндекс Маркета и Директа' })).toBeVisible();
  await expect(page.getByTestId('yml-enabled')).toHaveText('Включён');
  await expect(page.getByTestId('yml-url')).toHaveText(/^http:\/\/[^/]+\/yml\.xml$/);
  const offers = (xml.match(/<offer /g) ?? []).length;
  await expect(page.getByTestId('yml-offers')).toHaveText(
    new RegExp(`^${offers.toLocaleString('ru-RU').replace(/\s/g, '\\s')} предложени`),
  );
  // What was left out is whatever the other specs' products left out before this one (the demo alone: nothing):
  // the screen says the same as the feed's state.
  const state = await request.get('/api/admin/feeds/yml', { headers: await adminHeaders(request) });
  const left = Number(/"warningsTotal":(\d+)/.exec(await state.text())![1]);
  if (left === 0) await expect(page.getByTestId('yml-no-warnings')).toBeVisible();
  else await expect(page.getByTestId('yml-warnings').locator('tbody tr').first()).toBeVisible();

  // An offer of a product with several variants: its address opens the page with that variant chosen.
  const offer =
    /<offer id="(\d+)" available="true" group_id="\d+">\s*<url>([^<]+)<\/url>\s*<price>([\d.]+)<\/price>[\s\S]*?<vendorCode>([^<]+)<\/vendorCode>/.exec(
      xml,
    )!;
  const [, offerId, url, price, article] = offer;
  expect(url).toContain(`?offer=${offerId}`);
  await page.goto(new URL(url!).pathname + new URL(url!).search);
  const purchase = page.locator('.purchase');
  await expect(purchase.getByText(article!, { exact: true })).toBeVisible();
  const roubles = Number(price).toLocaleString('ru-RU').replace(/\s/g, '\\s');
  await expect(purchase).toContainText(new RegExp(`(^|\\D)${roubles}\\s₽`));

  // Off from the settings: the address answers 404, the screen says so.
  await page.goto('/nuxt/settings');
  await page.getByRole('tab', { name: 'Яндекс Маркет' }).click();
  await page.getByLabel('Фид для Яндекс Маркета и Директа').uncheck();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Настройки сохранены')).toBeVisible();
  expect((await request.get('/yml.xml')).status()).toBe(404);
  await page.goto('/nuxt/yml-feed');
  await expect(page.getByTestId('yml-enabled')).toHaveText(/Выключен/);

  // And on again for the other specs.
  const headers = await adminHeaders(request);
  const current = await request.get('/api/admin/settings/current', { headers });
  const id = ((await current.json()) as { data: { record: { id: number } } }).data.record.id;
  const on = await request.put(`/api/admin/settings/${id}`, { headers, data: { ymlEnabled: true } });
  expect(on.status(), await on.text()).toBe(200);
  expect((await request.get('/yml.xml')).status()).toBe(200);
  expect(errors).toEqual([]);
});
