// «Сообщить о поступлении» on a phone (375 px), in Chromium against the production build: a sold-out variant
// can be chosen and shows its price and article; the form (e-mail, the e2e captcha answer) promises a letter;
// the administrator raises the variant's stock and the letter arrives in the e2e mailbox with the product's
// link. On the same page: changing to a variant with fewer pieces than the chosen quantity says so next to
// the stepper, and the sticky «В корзину» bar never covers the footer's last line.
// The shop is shared by every spec: the product made here is deleted at the end (its requests with it).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminHeaders } from '../admin';
import { waitForLetter } from '../mailbox';
import { CAPTCHA_ANSWER } from '../playwright.config';
import {} from '../shop';
import { formatMoney } from '@shop/schemas/rules/money';

const RUN = Date.now().toString(36);
const TITLE = `Ресницы Уведомление ${RUN}`;
const EMAIL = `notify-${RUN}@e2e.local`;

interface AdminProduct {
  id: number;
  offers: { id: number; article: string; stock: number; attributes: Record<string, string> }[];
  [key: string]: unknown;
}

async function createProduct(request: APIRequestContext): Promise<AdminProduct> {
  const res = await request.post('/api/admin/products', {
    headers: await adminHeaders(request),
    data: {
      slug: `notify-${RUN}`,
      title: TITLE,
      active: true,
      offers: [
        { article: `NT-${RUN}-C`, attributes: { curl: 'C' }, basePrice: 99000, stock: 10 },
        { article: `NT-${RUN}-D`, attributes: { curl: 'D' }, basePrice: 105000, stock: 3 },
        { article: `NT-${RUN}-CC`, attributes: { curl: 'CC' }, basePrice: 112000, stock: 0 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AdminProduct;
}

test.describe('stock notice on a phone', () => {
  let product: AdminProduct;
  test.beforeAll(async ({ request }) => {
    product = await createProduct(request);
  });
  test.afterAll(async ({ request }) => {
    if (product)
      await request.delete(`/api/admin/products/${product.id}`, { headers: await adminHeaders(request) });
  });

  test('a sold-out variant is chosen, the form sent, and the letter comes when the admin adds stock', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize({ width: 375, height: 812 });
    // A link to curl C: it counts as chosen (without it nothing is).
    await page.goto(`/catalog/all/product/notify-${RUN}?offer=${product.offers[0]!.id}`);
    await page.waitForLoadState('networkidle');
    const buy = page.locator('.buy-box');
    await expect(buy.getByText(`NT-${RUN}-C`, { exact: true })).toBeVisible();

    // Five of curl C, then curl D with three pieces: the quantity drops to 3 and the page says so.
    const qty = buy.getByRole('spinbutton');
    for (let i = 0; i < 4; i++) await buy.getByRole('button', { name: 'Больше' }).click();
    await expect(qty).toHaveValue('5');
    const chip = (name: string) =>
      page.locator('.chooser').getByRole('button', { name: new RegExp(`^${name}\\b`) });
    await chip('D').click();
    await expect(buy.getByText('Доступно только 3 шт., количество уменьшено')).toBeVisible();
    await expect(qty).toHaveValue('3');

    // Curl CC is sold out: its chip says so to a screen reader, and it can be chosen.
    const soldOut = chip('CC');
    await expect(soldOut).toHaveAccessibleName(/CC\s*— нет в наличии/);
    const box = await soldOut.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await soldOut.click();
    await expect(soldOut).toHaveAttribute('aria-pressed', 'true');
    await expect(buy.getByText(`NT-${RUN}-CC`, { exact: true })).toBeVisible();
    await expect(buy.getByText(formatMoney(112000)).first()).toBeVisible();
    await expect(buy.getByRole('button', { name: 'В корзину' })).toHaveCount(0);
    const notify = buy.getByRole('button', { name: 'Сообщить о поступлении' });
    expect((await notify.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(page).toHaveURL(new RegExp(`offer=${product.offers[2]!.id}`));

    await notify.click();
    const dialog = page.getByRole('dialog', { name: 'Сообщить о поступлении' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Картинка с надписью' })).toBeVisible();
    const send = dialog.getByRole('button', { name: 'Сообщить мне' });
    // Nothing to write to: the form asks for a contact.
    await dialog.getByLabel('Надпись с капчи *').fill(CAPTCHA_ANSWER);
    await expect(send).toBeDisabled();
    await dialog.getByLabel('E-mail').fill(EMAIL);
    await send.click();
    const promise = `Напишем на ${EMAIL}, как только товар появится`;
    await expect(page.getByText(promise).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // The administrator's product form: curl CC gets five pieces.
    const headers = await adminHeaders(request);
    const loaded = (await (
      await request.get(`/api/admin/products/${product.id}`, { headers })
    ).json()) as AdminProduct;
    const offers = loaded.offers.map((o) => (o.article.endsWith('-CC') ? { ...o, stock: 5 } : o));
    const saved = await request.put(`/api/admin/products/${product.id}`, {
      headers,
      data: { ...loaded, offers },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const letter = await waitForLetter(EMAIL, /снова в наличии/);
    expect(letter.subject).toBe(`${TITLE} снова в наличии`);
    expect(letter.html).toContain(`NT-${RUN}-CC`);
    expect(letter.html).toContain(`/product/notify-${RUN}?offer=${product.offers[2]!.id}`);
    expect(errors).toEqual([]);
  });

  test('the sticky bar never covers the footer’s last line', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/catalog/all/product/notify-${RUN}`);
    await page.waitForLoadState('networkidle');
    const bar = page.locator('.sticky-buy');
    await expect(bar).toBeVisible();
    // To the very bottom of the page, as a thumb flicks there.
    await page.mouse.wheel(0, 100_000);
    const policy = page.locator('footer').getByRole('link', { name: 'Политика конфиденциальности' });
    await expect(policy).toBeInViewport();
    await expect
      .poll(async () => {
        const link = (await policy.boundingBox())!;
        const barBox = (await bar.boundingBox())!;
        return link.y + link.height <= barBox.y;
      })
      .toBe(true);
    // A tap on the link reaches the link, not the bar (Playwright checks what receives the pointer).
    await policy.click({ trial: true, timeout: 3_000 });
  });
});
