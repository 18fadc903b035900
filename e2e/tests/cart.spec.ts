// The cart in Chromium against the production build, on a phone (375 px) and a desktop (1440 px): a guest
// adds an offer from a product page and one from a product card, the header's badge follows at once, then on
// /cart changes a quantity, is refused more than the stock, tries a wrong promo code and reads why, removes a
// line and puts it back. Without JavaScript the same forms work as plain posts. A guest's cart joins the
// account at registration.
import { expect, test } from '@playwright/test';
import { cartLink, chooseVariant, offersOf, products, SCREENS } from '../shop';

for (const screen of SCREENS) {
  test.describe(`the cart on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a guest adds from a product page and a card, changes, is refused, tries a code, removes and undoes', async ({
      page,
      request,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const { several, single } = await products(request);
      const card = single[screen.name === 'phone' ? 0 : 1]!;

      // The product page: a variant the shopper chooses (none is chosen for them), two pieces.
      await page.goto(several.url);
      const buy = page.locator('.buy-box');
      await chooseVariant(page);
      await expect(buy.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
      await buy.getByRole('button', { name: 'Больше' }).click();
      await expect(buy.getByLabel('Количество, шт.')).toHaveValue('2');
      await buy.getByRole('button', { name: 'В корзину' }).click();
      const toast = page.locator('.toast').filter({ hasText: 'Добавлено в корзину' });
      await expect(toast).toBeVisible();
      await expect(toast.getByRole('link', { name: 'Перейти в корзину' })).toBeVisible();
      await expect(cartLink(page, 2)).toBeVisible();

      // A single-offer product's card: straight into the cart.
      await page.goto(`/search?qwery=${encodeURIComponent(card.title)}`);
      const article = page.locator('article.product-card').filter({ hasText: card.title }).first();
      await expect(article.locator('form.add-to-cart[data-hydrated]')).toBeVisible();
      await article.getByRole('button', { name: 'В корзину' }).click();
      await expect(page.locator('.toast').filter({ hasText: 'Добавлено в корзину' })).toBeVisible();
      await expect(cartLink(page, 3)).toBeVisible();

      await page
        .locator('.toast')
        .filter({ hasText: 'Добавлено в корзину' })
        .getByRole('link', { name: 'Перейти в корзину' })
        .click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.locator('.cart-page[data-hydrated]')).toBeVisible();
      const lines = page.locator('.cart-line');
      await expect(lines).toHaveCount(2);

      // A quantity: one more of the card's product.
      const cardLine = lines.filter({ hasText: card.title });
      const total = await page.locator('.cart-summary__total dd').textContent();
      await cardLine.getByRole('button', { name: 'Больше' }).click();
      await expect(cardLine.getByLabel('Количество, шт.')).toHaveValue('2');
      await expect(page.locator('.cart-summary__total dd')).not.toHaveText(total!);
      await expect(cartLink(page, 4)).toBeVisible();

      // More than in stock: the server's words on the line, nothing changed.
      const stock = (await offersOf(request, card.slug))[0]!.stock;
      const field = cardLine.getByLabel('Количество, шт.');
      await field.fill(String(stock + 1));
      await field.press('Enter');
      await expect(cardLine.locator('.cart-line__error')).toHaveText(
        `«${card.title}»: в наличии только ${stock} шт.`,
      );
      await expect(field).toHaveValue('2');

      // A wrong promo code: the reason, in Russian.
      await page.getByRole('textbox', { name: 'Промокод' }).fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: 'Применить' }).click();
      await expect(page.locator('.cart-coupon__message')).toContainText(
        'Промокод «NO-SUCH-CODE» не найден. Проверьте, правильно ли он введён',
      );
      await page.getByRole('button', { name: 'Убрать промокод' }).click();
      await expect(page.locator('.cart-coupon__message')).toHaveCount(0);

      // Remove a line, then put it back as it was.
      await cardLine.getByRole('button', { name: `Удалить «${card.title}» из корзины` }).click();
      await expect(lines).toHaveCount(1);
      const notice = page.locator('.cart-notice').filter({ hasText: 'Удалено из корзины' });
      await expect(notice).toBeVisible();
      await expect(cartLink(page, 2)).toBeVisible();
      await notice.getByRole('button', { name: 'Вернуть' }).click();
      await expect(lines).toHaveCount(2);
      await expect(lines.filter({ hasText: card.title }).getByLabel('Количество, шт.')).toHaveValue('2');
      await expect(notice).toHaveCount(0);
      await expect(cartLink(page, 4)).toBeVisible();

      // The checkout button leads on; Metrika heard the adds and the removal.
      await expect(
        page.locator('.cart-summary').getByRole('link', { name: 'Оформить заказ' }),
      ).toHaveAttribute('href', '/cart/order');
      const events = await page.evaluate(() => {
        const layer = (window as unknown as { dataLayer?: { ecommerce?: object }[] }).dataLayer ?? [];
        return layer.flatMap((e) => Object.keys(e.ecommerce ?? {}));
      });
      expect(events).toEqual(expect.arrayContaining(['add', 'remove']));
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the cart without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add from a product page, change a quantity, a wrong code, remove and undo: plain form posts', async ({
    page,
    request,
  }) => {
    const { single } = await products(request);
    const product = single[2] ?? single[0]!;
    await page.goto(product.url);
    await page.locator('.buy-box').getByRole('button', { name: 'В корзину' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('.cart-notice--success')).toContainText('Добавлено в корзину');
    await expect(cartLink(page, 1)).toBeVisible();
    const line = page.locator('.cart-line').filter({ hasText: product.title });
    await line.getByRole('button', { name: 'Больше' }).click();
    await expect(line.getByLabel('Количество, шт.')).toHaveValue('2');
    await expect(cartLink(page, 2)).toBeVisible();
    await page.getByRole('textbox', { name: 'Промокод' }).fill('NOPE');
    await page.getByRole('button', { name: 'Применить' }).click();
    await expect(page.locator('.cart-coupon__message').first()).toContainText('Промокод «NOPE» не найден');
    await line.getByRole('button', { name: /^Удалить/ }).click();
    await expect(page.locator('.cart-line')).toHaveCount(0);
    await page.getByRole('button', { name: 'Вернуть' }).click();
    await expect(
      page.locator('.cart-line').filter({ hasText: product.title }).getByLabel('Количество, шт.'),
    ).toHaveValue('2');
  });

  test('an empty cart leads back to the catalogue', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByText('В корзине пока пусто')).toBeVisible();
    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });
});

test("a guest's cart joins the account at registration", async ({ page, request }) => {
  const { single } = await products(request);
  const product = single[3] ?? single[0]!;
  const [offer] = await offersOf(request, product.slug);
  // The guest's cart, made through the storefront (its cookie cartToken), as the buttons do.
  await page.goto('/');
  const added = await page.request.post('/cart', {
    form: { intent: 'add', offerId: String(offer!.id), quantity: '2', title: product.title },
  });
  expect(added.status()).toBe(200);
  await page.goto('/auth/register');
  await expect(cartLink(page, 2)).toBeVisible();
  const email = `cart-${Date.now()}@e2e.local`;
  await page.getByLabel('Имя').fill('Покупатель Корзины');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Телефон').pressSequentially(`9${String(Date.now()).slice(-9)}`);
  await page.getByLabel(/^Пароль \*$/).fill('cart-password-1');
  await page.getByLabel('Пароль ещё раз').fill('cart-password-1');
  await page.getByLabel(/согласие на обработку персональных данных/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/cart');
  await expect(
    page.locator('.cart-line').filter({ hasText: product.title }).getByLabel('Количество, шт.'),
  ).toHaveValue('2');
  await expect(cartLink(page, 2)).toBeVisible();
});
