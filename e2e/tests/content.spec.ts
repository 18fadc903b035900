// The content pages in Chromium: texts from the admin rendered on the server, HTTP 404 for unknown
// addresses, the review form (with and without JavaScript), the home page's banner slider and the
// where-to-buy map (the Yandex script replaced by a stub: the tests run offline).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

test.describe('content pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every content page is rendered on the server with its own title', async ({ page }) => {
    const pages: [string, RegExp][] = [
      ['/company', /О компании/],
      ['/company/consent', /Согласие на обработку персональных данных/],
      ['/company/activity', /Деятельность/],
      ['/company/reviews', /Отзывы о магазине/],
      ['/company/interesting', /Интересное/],
      ['/company/interesting/kak-podobrat-izgib-resnits', /изгиб/],
      ['/loyalty', /Программа лояльности/],
      ['/contacts', /Контакты/],
      ['/where-buy', /Где купить/],
      ['/payment-and-delivery', /Оплата и доставка/],
      ['/payment-and-delivery/one_page', /Оплата/],
      ['/payment-and-delivery/two_page', /Доставка/],
      ['/payment-and-delivery/tree_page', /Возврат и обмен/],
      ['/promotions', /Акции/],
      ['/promotions/nedelya-easy-fan', /Easy fan/],
    ];
    for (const [path, title] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(title);
      expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
    }
  });

  test('unknown slugs answer 404 with the spec page', async ({ page }) => {
    for (const path of [
      '/company/interesting/net-takoy-stati',
      '/promotions/net-takoy-akcii',
      '/payment-and-delivery/four_page',
      '/company/reviews?page=999',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Ошибка 404')).toBeVisible();
    }
  });

  test('contacts come from the settings, representatives from the user groups', async ({ page, request }) => {
    const settings = (await (await request.get('/api/site/settings')).json()) as {
      data: { supportEmail: string; inn: string; workingHours: string };
    };
    await page.goto('/contacts');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: settings.data.supportEmail })).toBeVisible();
    await expect(main.getByText(settings.data.inn)).toBeVisible();
    await expect(main.getByText(settings.data.workingHours)).toBeVisible();
    await page.goto('/where-buy');
    // Without a maps key: the list alone, no map and no maps script.
    await expect(page.locator('.points-map')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Представитель в Казани' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+7 (843) 212-34-56' })).toHaveAttribute(
      'href',
      'tel:+78432123456',
    );
  });

  test('the review form works without JavaScript', async ({ page }) => {
    await page.goto('/company/reviews');
    await page.getByLabel('Имя').fill('Б');
    await page.getByRole('button', { name: 'Отправить отзыв' }).click();
    await expect(page.locator('#review-form .field__error')).toHaveText([
      'Не короче 2 символов',
      'Обязательное поле',
      'Не короче 10 символов',
    ]);
    await expect(page.getByLabel('Имя')).toHaveValue('Б');
    await page.getByLabel('Имя').fill('Без скриптов');
    await page.locator('input[name="rating"][value="5"]').check({ force: true });
    await page.getByLabel('Отзыв *').fill('Форма работает и без JavaScript.');
    await page.getByRole('button', { name: 'Отправить отзыв' }).click();
    await expect(page.getByText('Спасибо! Отзыв появится после проверки.')).toBeVisible();
  });
});

test('the review form shows errors per field, then the thanks, and clears', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/company/reviews');
  await page.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(page.locator('#review-form .field__error')).toHaveCount(3);
  await expect(page.getByLabel('Имя')).toBeFocused();
  await page.getByLabel('Имя').fill('Проверка');
  await page.locator('label[for$="-rating-4"]').click();
  await expect(page.locator('.rating-input__star--on')).toHaveCount(4);
  await page.getByLabel('Отзыв *').fill('Заказ пришёл быстро, всё на месте. Спасибо!');
  await page.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(page.getByText('Спасибо! Отзыв появится после проверки.')).toBeVisible();
  await expect(page.getByLabel('Имя')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('the home page slider turns with its dots and arrows, with no layout shift', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const slide = page.locator('.banner-slider__slide').first();
  const box = (await slide.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(1384 / 400, 1);
  await page.getByRole('button', { name: 'Баннер 3 из 3' }).click();
  await expect(page.getByRole('button', { name: 'Баннер 3 из 3' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Следующий баннер' }).click();
  await expect(page.getByRole('button', { name: 'Баннер 1 из 3' })).toHaveAttribute('aria-current', 'true');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  const mobile = (await page.locator('.banner-slider__slide').first().boundingBox())!;
  expect(mobile.width / mobile.height).toBeCloseTo(750 / 600, 1);
  expect(
    await page
      .locator('.banner-slider__image')
      .first()
      .evaluate((i) => (i as unknown as { currentSrc: string }).currentSrc),
  ).toMatch(/mobile-bg\.webp$/);
  expect(errors).toEqual([]);
});

test('where to buy shows the points on a Yandex map when the settings hold a key', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const login = await request.post('/api/auth/login', {
    data: { login: ADMIN.email, password: ADMIN.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: token };
  const [row] = (await (await request.get('/api/admin/settings', { headers })).json()) as Record<
    string,
    unknown
  >[];
  const setKey = (mapsApiKey: string | null) =>
    request.put(`/api/admin/settings/${String(row!.id)}`, { headers, data: { ...row, mapsApiKey } });
  expect((await setKey('e2e-test-key')).ok()).toBe(true);
  try {
    let scriptUrl = '';
    await page.route('https://api-maps.yandex.ru/**', (route) => {
      scriptUrl = route.request().url();
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.__opened = [];
          window.ymaps = {
            ready: (cb) => setTimeout(cb, 0),
            Map: function (node) {
              this.geoObjects = { add: (m) => { const d = document.createElement('span'); d.className = 'stub-mark'; node.appendChild(d); }, getBounds: () => [[0, 0], [1, 1]] };
              this.setBounds = () => Promise.resolve();
              this.setCenter = () => Promise.resolve();
              this.destroy = () => { node.innerHTML = ''; };
            },
            Placemark: function (coords, props) {
              this.events = { add: () => {} };
              this.geometry = { getCoordinates: () => coords };
              this.balloon = { open: () => { window.__opened.push(props.hintContent); return Promise.resolve(); } };
            },
          };`,
      });
    });
    await page.goto('/where-buy');
    await expect(page.locator('.stub-mark')).toHaveCount(5);
    expect(scriptUrl).toBe('https://api-maps.yandex.ru/2.1/?apikey=e2e-test-key&lang=ru_RU&csp=true');
    await page
      .getByRole('article', { name: 'Представитель в Казани' })
      .getByRole('button', { name: 'Показать на карте' })
      .click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened))
      .toEqual(['Представитель в Казани']);
    expect(errors).toEqual([]);
  } finally {
    await setKey(null);
  }
});
