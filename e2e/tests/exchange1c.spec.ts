// The 1C exchange as an administrator and a customer see it: a script acting as 1C sends a small catalogue
// through /api/1c/exchange (HTTP Basic, the cookie, init, file, import until success); the product is on the
// storefront with its variant's price, and the exchange with each of its steps is in the admin's log.
import { expect, test } from '@playwright/test';
import { importXml, offersXml } from '../../server/test/exchange1c-fixtures';
import { adminHeaders, signInAdmin } from '../admin';

test('a catalogue from 1C reaches the storefront, and the exchange is in the admin’s log', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const onec = { email: `onec-${stamp}@shop.test`, password: 'onec-password-1' };
  const made = await request.post('/api/admin/users', {
    headers: await adminHeaders(request),
    data: { ...onec, name: 'Обмен с 1С', role: 'exchange1c' },
  });
  expect(made.status(), await made.text()).toBe(201);

  const title = `Ресницы из 1С ${stamp}`;
  const files: [string, string][] = [
    [
      'import.xml',
      importXml(
        { onlyChanges: true },
        {
          groups: [{ id: `e2e-group-${stamp}`, name: `Из 1С ${stamp}` }],
          goods: [
            {
              id: `e2e-good-${stamp}`,
              name: title,
              article: `E2E1C-${stamp}`,
              groups: [`e2e-group-${stamp}`],
            },
          ],
        },
      ),
    ],
    [
      'offers.xml',
      offersXml({ onlyChanges: true }, [
        {
          id: `e2e-good-${stamp}#d`,
          characteristics: { Изгиб: 'D' },
          prices: { 'pt-retail': 777 },
          quantity: 5,
        },
      ]),
    ],
  ];
  const call = async (query: string, init: { cookie?: string; auth?: string; body?: string } = {}) => {
    const headers = {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.auth ? { authorization: init.auth } : {}),
      ...(init.body ? { 'content-type': 'application/octet-stream' } : {}),
    };
    const res = init.body
      ? await request.post(`/api/1c/exchange?type=catalog&${query}`, {
          headers,
          data: Buffer.from(init.body),
        })
      : await request.get(`/api/1c/exchange?type=catalog&${query}`, { headers });
    expect(res.status()).toBe(200);
    return (await res.text()).split('\n');
  };
  const auth = `Basic ${Buffer.from(`${onec.email}:${onec.password}`).toString('base64')}`;
  const [ok, name, value] = await call('mode=checkauth', { auth });
  expect(ok).toBe('success');
  const cookie = `${name}=${value}`;
  expect((await call('mode=init', { cookie }))[0]).toBe('zip=yes');
  for (const [file, xml] of files) {
    expect((await call(`mode=file&filename=${file}`, { cookie, body: xml }))[0]).toBe('success');
    let answer = await call(`mode=import&filename=${file}`, { cookie });
    for (let i = 0; answer[0] === 'progress' && i < 50; i++)
      answer = await call(`mode=import&filename=${file}`, { cookie });
    expect(answer[0], answer.join(' ')).toBe('success');
  }

  // The storefront: the product under its 1C group's category, with its variant's price.
  const found = await request.get(
    `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent(`E2E1C-${stamp}`)}`,
  );
  const [product] = ((await found.json()) as { data: { slug: string }[] }).data;
  expect(product, 'the search finds the imported product by its article').toBeDefined();
  await page.goto(`/product/${product!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/777\s₽/).first()).toBeVisible();

  // The admin: the exchange in the log, its steps on its card.
  await signInAdmin(page);
  await page.goto('/nuxt/exchange1c-runs');
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('Каталог');
  await expect(row).toContainText('Завершён');
  await row.click();
  await expect(page.getByRole('heading', { name: /Обмен с 1С «№\d+»/ })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Шаги' });
  await expect(steps.getByText('Вход (checkauth)')).toBeVisible();
  await expect(steps.getByText('Загрузка (import)').first()).toBeVisible();
  await expect(steps.getByText(/offers\.xml: загружено предложений 1/)).toBeVisible();
  const kept = page.getByRole('region', { name: 'Файлы' });
  await expect(kept.getByText('offers.xml', { exact: true })).toBeVisible();
  await expect(kept.getByText('Загружен').first()).toBeVisible();
});
