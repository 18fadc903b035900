// Pictures in the admin, in Chromium against the production build: the administrator uploads a photo into
// a product's images and sees it in the form and on the storefront's product page, reorders two photos by
// dragging, adds two files at once to a gallery at /nuxt/gallery/{id}/addImage, uploads a banner's phone
// picture into a single image field, and gets the Russian error (and no change) for a file that is not an image.
// The test pictures are real PNGs made with sharp.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, signInAdmin } from '../admin';
import { watchErrors } from '../page-errors';

interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
interface ImageItem {
  url: string;
  alt?: string | null;
  sortOrder?: number;
}

const png = async (
  name: string,
  rgb: [number, number, number],
  width = 800,
  height = 600,
): Promise<FilePayload> => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer(),
});

let token = '';
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: token } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** Opens a product's form on its images tab and answers the images input. */
async function productImages(page: Page, id: number): Promise<Locator> {
  await page.goto(`/nuxt/products/${id}`);
  await page.getByRole('tab', { name: 'Изображения' }).click();
  const input = page.getByTestId('images-input-images');
  await expect(input).toBeVisible();
  return input;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(/Элемент обновлен|Элемент изменен|обновлен/i).first()).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
});

test('a photo uploaded into a product shows in the form and on the storefront product page', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page, { expected: /status of 400|status of 413/ });
  const [product] = await api<{ id: number; images: ImageItem[] }[]>(
    request,
    '/api/admin/products?range=[0,0]&sort=["id","ASC"]&filter={"active":true}',
  );
  const before = product!.images.length;
  await signInAdmin(page);
  const images = await productImages(page, product!.id);
  await expect(images.getByTestId('image-tile')).toHaveCount(before);

  await images.locator('input[type=file]').setInputFiles(await png('новое-фото.png', [220, 90, 150]));
  await expect(images.getByTestId('image-tile')).toHaveCount(before + 1);
  const preview = images.getByTestId('image-tile').last().locator('img');
  await expect(preview).toHaveAttribute('src', /^\/img\/320\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
  await expect
    .poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(320);
  await images.getByTestId('image-tile').last().getByLabel('Подпись').fill('Новое фото');
  await save(page);

  const stored = await api<{ images: ImageItem[]; slug: string }>(
    request,
    `/api/admin/products/${product!.id}`,
  );
  expect(stored.images).toHaveLength(before + 1);
  const added = stored.images.at(-1)!;
  expect(added.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
  expect(added.alt).toBe('Новое фото');

  // The storefront's product page offers the new photo through its WebP variants.
  const search = await api<{ data: { url: string }[] }>(
    request,
    `/api/products/search?filter[ids]=${product!.id}`,
  );
  await page.goto(search.data[0]!.url);
  const path = added.url.replace('/uploads/', '');
  await expect(page.locator(`source[srcset*="${path}"]`).first()).toBeAttached();
  const variant = await request.get(`/img/640/${path}`);
  expect(variant.status()).toBe(200);
  expect(variant.headers()['content-type']).toBe('image/webp');
  expect(variant.headers()['cache-control']).toContain('max-age=31536000');
  expect(errors).toEqual([]);
});

test('two photos swap places when one is dragged onto the other, and back with the keyboard buttons', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page, { expected: /status of 400|status of 413/ });
  const [product] = await api<{ id: number }[]>(request, '/api/admin/products?range=[1,1]&sort=["id","ASC"]');
  const id = product!.id;
  await signInAdmin(page);
  const images = await productImages(page, id);
  const tiles = images.getByTestId('image-tile');
  const before = await tiles.count();
  await images
    .locator('input[type=file]')
    .setInputFiles([await png('first.png', [250, 40, 40]), await png('second.png', [40, 40, 250])]);
  await expect(tiles).toHaveCount(before + 2);
  await save(page);
  const uploaded = (await api<{ images: ImageItem[] }>(request, `/api/admin/products/${id}`)).images.slice(
    -2,
  );
  expect(uploaded).toHaveLength(2);

  await productImages(page, id);
  await tiles.nth(before + 1).dragTo(tiles.nth(before));
  await expect(tiles.nth(before).locator('img')).toHaveAttribute(
    'src',
    new RegExp(uploaded[1]!.url.slice(9)),
  );
  await save(page);
  const after = (await api<{ images: ImageItem[] }>(request, `/api/admin/products/${id}`)).images.slice(-2);
  expect(after.map((i) => i.url)).toEqual([uploaded[1]!.url, uploaded[0]!.url]);

  // Without a mouse: the move button of a tile, reached and pressed from the keyboard.
  await productImages(page, id);
  await images.getByRole('button', { name: `Переместить изображение ${before + 1} позже` }).focus();
  await page.keyboard.press('Enter');
  await save(page);
  const back = (await api<{ images: ImageItem[] }>(request, `/api/admin/products/${id}`)).images.slice(-2);
  expect(back.map((i) => i.url)).toEqual([uploaded[0]!.url, uploaded[1]!.url]);
  expect(errors).toEqual([]);
});

test('the gallery page adds two files at once and returns to the gallery', async ({ page, request }) => {
  const errors = watchErrors(page, { expected: /status of 400|status of 413/ });
  const [gallery] = await api<{ id: number; images: ImageItem[] }[]>(
    request,
    '/api/admin/gallery?range=[0,0]',
  );
  const before = gallery!.images.length;
  await signInAdmin(page);
  await page.goto(`/nuxt/gallery/${gallery!.id}`);
  await page.getByRole('tab', { name: 'Изображения' }).click();
  await page.getByRole('link', { name: 'Добавить много файлов сразу' }).click();
  await expect(page).toHaveURL(new RegExp(`/nuxt/gallery/${gallery!.id}/addImage$`));

  await page
    .getByLabel('Файлы изображений')
    .setInputFiles([await png('зал-1.png', [200, 180, 60]), await png('зал-2.png', [60, 180, 200])]);
  await expect(page.getByRole('list', { name: 'Выбранные файлы' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Загрузить (2)' }).click();
  await expect(page.getByText('Добавлено изображений: 2')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/nuxt/gallery/${gallery!.id}/1$`));
  await expect(page.getByTestId('images-input-images').getByTestId('image-tile')).toHaveCount(before + 2);

  const stored = await api<{ images: ImageItem[] }>(request, `/api/admin/gallery/${gallery!.id}`);
  expect(stored.images).toHaveLength(before + 2);
  const added = [...stored.images].sort((a, b) => a.sortOrder! - b.sortOrder!).slice(-2);
  for (const image of added) expect(image.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
  expect(errors).toEqual([]);
});

test('a banner picture is uploaded, shown and cleared in its single image field', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page, { expected: /status of 400|status of 413/ });
  const [banner] = await api<{ id: number; imageMobileUrl: string | null }[]>(
    request,
    '/api/admin/banners?range=[0,0]',
  );
  try {
    await signInAdmin(page);
    await page.goto(`/nuxt/banners/${banner!.id}`);
    const field = page.getByTestId('image-input-imageMobileUrl');
    await field
      .locator('input[type=file]')
      .setInputFiles(await png('баннер-телефон.png', [120, 200, 120], 600, 400));
    await expect(field.getByRole('img', { name: 'Предпросмотр' })).toHaveAttribute('src', /^\/img\/320\//);
    await expect(field.getByText('Заменить')).toBeVisible();
    await save(page);
    const stored = await api<{ imageMobileUrl: string | null }>(request, `/api/admin/banners/${banner!.id}`);
    expect(stored.imageMobileUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);

    await page.goto(`/nuxt/banners/${banner!.id}`);
    await field.getByRole('button', { name: 'Очистить' }).click();
    await expect(field.getByText('Нет изображения')).toBeVisible();
    await save(page);
    const cleared = await api<{ imageMobileUrl: string | null }>(request, `/api/admin/banners/${banner!.id}`);
    expect(cleared.imageMobileUrl).toBeNull();
    expect(errors).toEqual([]);
  } finally {
    // The shop is shared by every spec: the home page's slider needs each banner's phone picture back.
    const restored = await request.put(`/api/admin/banners/${banner!.id}`, {
      headers: { authorization: token },
      data: { imageMobileUrl: banner!.imageMobileUrl },
    });
    expect(restored.status()).toBe(200);
  }
});

test('a file that is not an image is refused with a Russian message and changes nothing', async ({
  page,
  request,
}) => {
  const [product] = await api<{ id: number }[]>(request, '/api/admin/products?range=[2,2]&sort=["id","ASC"]');
  await signInAdmin(page);
  const images = await productImages(page, product!.id);
  const before = await images.getByTestId('image-tile').count();
  await images
    .locator('input[type=file]')
    .setInputFiles([
      await png('good.png', [10, 10, 10], 40, 40),
      { name: 'прайс.pdf', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 это не картинка') },
    ]);
  await expect(images.getByRole('alert')).toHaveText(
    'Файл «прайс.pdf» не является изображением JPEG, PNG, WebP, AVIF или GIF. Ничего не загружено.',
  );
  await expect(images.getByTestId('image-tile')).toHaveCount(before);
});
