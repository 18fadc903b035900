// Buying, end to end in Chromium against the production build, on a phone (375 px) and a desktop (1440 px):
// a guest adds two products from their pages and one from a card, changes a quantity, is told why last
// summer's promo code no longer works and applies a current one, checks out with pickup and payment on
// receipt, reads the order's number, receives the letter in the local mailbox and opens the private link
// from it; a later visit's cart joins the account they register. A signed-in customer of a discounted type
// sees one price on the card, in the cart and in the order, pays part with points and finds the order in the
// account. Without JavaScript the checkout is an ordinary form.
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders } from '../admin';
import { waitForLetter } from '../mailbox';
import { cartLink, chooseVariant, offersOf, products, SCREENS } from '../shop';
import { formatMoney } from '@shop/schemas/rules/money';

const RUN = Date.now().toString(36);

/** Fills the checkout's contacts and takes pickup and payment on receipt, as a customer on a phone does. */
async function fillCheckout(page: Page, contact: { name: string; phone: string; email: string }) {
  await page.getByLabel('Имя и фамилия').fill(contact.name);
  await page.getByLabel('Телефон').pressSequentially(contact.phone);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(contact.email);
  await page.getByRole('radio', { name: /Самовывоз из шоу-рума/ }).check();
  await page.getByRole('radio', { name: /При получении/ }).check();
  await page.getByLabel(/обработку персональных данных/).check();
}

const summaryTotal = (page: Page) => page.locator('.checkout__aside .cart-summary__total dd');

for (const screen of SCREENS) {
  test.describe(`buying on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a guest orders, gets the letter and opens the private link; a later cart joins the new account', async ({
      page,
      request,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const { several, single } = await products(request);
      const [fromPage, fromCard] =
        screen.name === 'phone' ? [single[0]!, single[1]!] : [single[2]!, single[3]!];

      // Two products from their pages, one from a card.
      for (const product of [several, fromPage]) {
        await page.goto(product.url);
        const buy = page.locator('.buy-box');
        if (product === several) await chooseVariant(page);
        await expect(buy.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
        await buy.getByRole('button', { name: 'В корзину' }).click();
        await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();
      }
      await page.goto(`/search?qwery=${encodeURIComponent(fromCard.title)}`);
      const card = page.locator('article.product-card').filter({ hasText: fromCard.title }).first();
      await expect(card.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
      await card.getByRole('button', { name: 'В корзину' }).click();
      await expect(cartLink(page, 3)).toBeVisible();
      // The badge moves at the press; the cart holds the line once the answer is in (the toast says so).
      await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();

      // The cart: one more of the card's product; last summer's code, then a current one.
      await page.goto('/cart');
      await expect(page.locator('.cart-page[data-hydrated]')).toBeVisible();
      const line = page.locator('.cart-line').filter({ hasText: fromCard.title });
      await line.getByRole('button', { name: 'Больше' }).click();
      await expect(line.getByLabel('Количество, шт.')).toHaveValue('2');
      await expect(cartLink(page, 4)).toBeVisible();
      const code = page.getByRole('textbox', { name: 'Промокод' });
      await code.fill('leto2025');
      await page.getByRole('button', { name: 'Применить' }).click();
      await expect(page.locator('.cart-coupon__message')).toContainText(
        'Срок действия промокода «LETO2025» истёк',
      );
      await page.getByRole('button', { name: 'Убрать промокод' }).click();
      await expect(page.locator('.cart-coupon__message')).toHaveCount(0);
      await code.fill('LASH10');
      await page.getByRole('button', { name: 'Применить' }).click();
      await expect(page.locator('.cart-coupon__message')).toContainText('Промокод «LASH10» применён');
      const cartTotal = (await page.locator('.cart-summary__total dd').textContent())!.trim();

      // Checkout: pickup, payment on receipt; the total is the cart's.
      await page.locator('.cart-summary').getByRole('link', { name: 'Оформить заказ' }).click();
      await expect(page).toHaveURL(/\/cart\/order$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оформление заказа');
      await expect(page.locator('.checkout[data-hydrated]')).toBeVisible();
      const email = `checkout-${screen.name}-${RUN}@e2e.local`;
      await fillCheckout(page, {
        name: 'Ольга Покупатель',
        phone: `9${String(Date.now()).slice(-9)}`,
        email,
      });
      await expect(summaryTotal(page)).toHaveText(cartTotal);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // The success page: the number, what happens next, the order's private page.
      await expect(page).toHaveURL(/\/cart\/order\/success\?/);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(/^Заказ № \d{4}-\d{6} оформлен$/);
      const number = /№ (\S+)/.exec((await heading.textContent())!)![1]!;
      await expect(page.getByText('Что дальше')).toBeVisible();
      await expect(
        page.locator('.site-header').getByRole('link', { name: 'Корзина', exact: true }),
      ).toBeVisible();
      const events = await page.evaluate(() => {
        const layer = (window as unknown as { dataLayer?: { ecommerce?: object }[] }).dataLayer ?? [];
        return layer.flatMap((e) => Object.keys(e.ecommerce ?? {}));
      });
      expect(events).toContain('purchase');

      // The letter, and the private link in it.
      const letter = await waitForLetter(email, new RegExp(`Заказ № ${number} принят`));
      const link = /href="([^"]*\/orders\/[^"]+)"/.exec(letter.html)?.[1]?.replaceAll('&amp;', '&');
      expect(link, 'the private link in the letter').toMatch(new RegExp(`/orders/${number}\\?key=`));
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${number}`);
      await expect(page.getByText(fromCard.title)).toBeVisible();
      await expect(page.getByText(cartTotal).first()).toBeVisible();
      // The same address with another key is nobody's order.
      await page.goto(`/orders/${number}?key=wrong-key-${RUN}`);
      await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();

      // A later visit: a cart as a guest, then registration with the order's e-mail; the cart stays.
      await page.goto(fromPage.url);
      await page.locator('.buy-box').getByRole('button', { name: 'В корзину' }).click();
      await expect(cartLink(page, 1)).toBeVisible();
      // The badge moves at the press; the toast is the server's answer, so leaving before it may cancel the post.
      await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();
      await page.goto('/auth/register');
      await page.getByLabel('Имя').fill('Ольга');
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
      await page.getByLabel('Телефон').pressSequentially(`9${String(Date.now()).slice(-9)}`);
      await page.getByLabel(/^Пароль \*$/).fill('checkout-pass-1');
      await page.getByLabel('Пароль ещё раз').fill('checkout-pass-1');
      await page.getByLabel(/согласие на обработку персональных данных/).check();
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.goto('/cart');
      await expect(page.locator('.cart-line').filter({ hasText: fromPage.title })).toHaveCount(1);
      await expect(cartLink(page, 1)).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

test('a customer of a discounted type pays the card price, spends points and finds the order in the account', async ({
  page,
  request,
}) => {
  const admin = await adminHeaders(request);
  const type = await request.post('/api/admin/user-types', {
    headers: admin,
    // Last in the admin's order: new registrations get the first active type, and must not get this one.
    data: {
      title: `Мастер e2e ${RUN}`,
      code: `master${RUN}`,
      discountPercent: 10,
      bonusAllowed: true,
      sortOrder: 9999,
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  const email = `master-${RUN}@e2e.local`;
  const phone = `+7999${String(Date.now()).slice(-7)}`;
  const user = await request.post('/api/admin/users', {
    headers: admin,
    data: {
      name: 'Мария',
      email,
      phone,
      password: 'master-pass-1',
      role: 'customer',
      userTypeId: ((await type.json()) as { id: number }).id,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const userId = ((await user.json()) as { id: number }).id;
  const points = await request.post('/api/admin/bonuses/adjust', {
    headers: admin,
    data: { userId, direction: 'accrual', points: 300, reason: 'Подарок e2e' },
  });
  expect(points.status(), await points.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { login: email, password: 'master-pass-1' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  const { single } = await products(request);
  const product = single[0]!;
  const [offer] = await offersOf(request, product.slug);
  const priced = await request.get(`/api/products/search?filter[ids]=${product.id}`, {
    headers: { authorization: token },
  });
  const price = ((await priced.json()) as { data: { salePrice: number }[] }).data[0]!.salePrice;

  await page.setViewportSize({ width: 375, height: 812 });
  await page
    .context()
    .addCookies([
      { name: 'auth.token', value: token, url: new URL('/', test.info().project.use.baseURL).href },
    ]);
  // The card shows the customer's price.
  await page.goto(`/search?qwery=${encodeURIComponent(product.title)}`);
  const card = page.locator('article.product-card').filter({ hasText: product.title }).first();
  await expect(card).toContainText(formatMoney(price));
  await expect(card.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
  await card.getByRole('button', { name: 'В корзину' }).click();
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();

  // The cart: the same unit price; points spent.
  await page.goto('/cart');
  await expect(page.locator('.cart-page[data-hydrated]')).toBeVisible();
  await expect(page.locator('.cart-line').filter({ hasText: product.title })).toContainText(
    formatMoney(price),
  );
  // Where the purchase is decided: the points it brings back.
  await expect(page.locator('.cart-summary__earn')).toHaveText(/^Вернётся баллами\+\d+ балл(а|ов)?$/);
  await page.getByLabel('Списать баллы').check();
  await expect(page.getByText(/Списано \d+ балл/)).toBeVisible();
  const total = (await page.locator('.cart-summary__total dd').textContent())!.trim();

  await page.locator('.cart-summary').getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page.locator('.checkout[data-hydrated]')).toBeVisible();
  // Contacts come from the account.
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await page.getByRole('radio', { name: /Самовывоз из шоу-рума/ }).check();
  await page.getByRole('radio', { name: /При получении/ }).check();
  await page.getByLabel(/обработку персональных данных/).check();
  await expect(summaryTotal(page)).toHaveText(total);
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заказ № \S+ оформлен$/);
  const number = /№ (\S+)/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]!;

  // The account: the order, at the price of the card.
  await page.getByRole('link', { name: 'Посмотреть заказ' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/orders/${number}$`));
  await expect(page.getByRole('region', { name: 'Товары' })).toContainText(formatMoney(price));
  await page.goto('/profile/orders');
  await expect(page.getByRole('link', { name: `Заказ № ${number}` })).toBeVisible();
  expect(offer!.stock).toBeGreaterThan(0);
});

test.describe('the checkout without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('re-prices a chosen delivery with «Пересчитать», then places the order as a plain form post', async ({
    page,
    request,
  }) => {
    const { single } = await products(request);
    const product = single[1]!;
    await page.goto(product.url);
    await page.locator('.buy-box').getByRole('button', { name: 'В корзину' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto('/cart/order');
    await page.getByRole('radio', { name: /Самовывоз из шоу-рума/ }).check();
    await page.getByRole('button', { name: 'Пересчитать' }).click();
    await expect(page.getByRole('radio', { name: /Самовывоз из шоу-рума/ })).toBeChecked();
    await page.getByLabel('Имя и фамилия').fill('Без Скриптов');
    await page.getByLabel('Телефон').fill('+7 999 123-45-67');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`nojs-${RUN}@e2e.local`);
    await page.getByRole('radio', { name: /При получении/ }).check();
    // Without the consent: the form comes back with the reason and what was typed.
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await expect(page.locator('#consent-error')).toContainText('согласие на обработку персональных данных');
    await expect(page.getByLabel('Имя и фамилия')).toHaveValue('Без Скриптов');
    await page.getByLabel(/обработку персональных данных/).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заказ № \S+ оформлен$/);
  });
});
