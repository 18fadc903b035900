// The home slider's banners speak in text: headline, text and button are the page's own words in the site's
// typeface over a plain picture, whole and inside the screen on a phone and on a desktop, and what an
// administrator writes in the admin shows on the home page at once.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminHeaders, signInAdmin } from '../admin';

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

interface AdminBanner {
  id: number;
  headline: string | null;
  position: string;
  active: boolean;
}

/** The slider's first banner as the admin API has it (the one a visitor sees first). */
async function firstBanner(request: APIRequestContext, headers: { authorization: string }) {
  const res = await request.get('/api/admin/banners?sort=["sortOrder","ASC"]&range=[0,99]', { headers });
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as AdminBanner[]).filter((b) => b.position === 'home_slider' && b.active);
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!;
}

// The e2e project has no DOM types: what the page's code below touches, spelled out.
interface BoxElement {
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; height: number };
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}
interface PageGlobals {
  getComputedStyle(el: BoxElement): { fontFamily: string };
  document: { documentElement: { scrollWidth: number } };
}

/** What a box of the slide shows of itself: its place, and whether its content is wider or taller than it. */
function measure(box: Locator) {
  return box.evaluate((node) => {
    const el = node as unknown as BoxElement;
    const r = el.getBoundingClientRect();
    return {
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      height: r.height,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
      font: (globalThis as unknown as PageGlobals).getComputedStyle(el).fontFamily,
    };
  });
}

/** The first slide's words are text inside the screen and inside the slide; nothing is cut. */
async function expectWholeWords(page: Page, viewport: { width: number; height: number }) {
  const slide = page.locator('.banner-slider__slide').first();
  const headline = slide.getByRole('heading', { level: 2 });
  await expect(headline).toBeVisible();
  const h = await measure(headline);
  expect(h.font).toContain('Golos Text');
  expect(h.scrollWidth, 'the headline is wider than its box').toBeLessThanOrEqual(h.clientWidth);
  expect(h.left).toBeGreaterThanOrEqual(0);
  expect(h.right).toBeLessThanOrEqual(viewport.width);
  expect(h.top).toBeGreaterThanOrEqual(0);
  expect(h.bottom).toBeLessThanOrEqual(viewport.height);

  const s = await measure(slide);
  for (const part of [
    headline,
    slide.locator('.banner-slider__text'),
    slide.locator('.banner-slider__button'),
  ]) {
    const p = await measure(part);
    expect(p.scrollWidth).toBeLessThanOrEqual(p.clientWidth);
    expect(p.left).toBeGreaterThanOrEqual(s.left);
    expect(p.right).toBeLessThanOrEqual(s.right);
    expect(p.bottom).toBeLessThanOrEqual(s.bottom);
  }
  const button = await measure(slide.locator('.banner-slider__button'));
  expect(button.height).toBeGreaterThanOrEqual(44);
  const pageWidth = await page.evaluate(
    () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
  );
  expect(pageWidth, 'the page scrolls sideways').toBeLessThanOrEqual(viewport.width);
}

test.beforeEach(async ({ page }) => {
  // No automatic turning while a test measures the first slide.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px the banner's headline, text and button are whole text inside the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expectWholeWords(page, viewport);
    const slide = page.locator('.banner-slider__slide').first();
    // A plain background per viewport: the phone's own picture below 768 px.
    const src = await slide
      .locator('.banner-slider__image')
      .evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
    expect(src).toMatch(viewport.width < 768 ? /mobile-bg\.webp$/ : /desktop-bg\.webp$/);
    // The whole banner is the link: a tap on the picture, away from the button, opens it.
    const box = (await slide.boundingBox())!;
    await page.mouse.click(box.x + box.width - 24, box.y + box.height - 24);
    await expect(page).toHaveURL(/\/promotions\/nedelya-easy-fan$/);
  });
}

test("an administrator's new headline shows on the home page at once, wrapped and whole on a phone", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const banner = await firstBanner(request, headers);
  // 80 characters, the most the field takes, with a long word: it must wrap, never be cut.
  const headline = 'Сверхпрофессиональные ресницы для наращивания: новая коллекция уже в продаже!!';
  expect(headline.length).toBeLessThanOrEqual(80);
  await page.setViewportSize(VIEWPORTS[0]!);
  await page.goto('/');
  await expect(page.locator('.banner-slider__headline').first()).toHaveText(banner.headline!);
  try {
    const saved = await request.put(`/api/admin/banners/${banner.id}`, { headers, data: { headline } });
    expect(saved.status(), await saved.text()).toBe(200);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.locator('.banner-slider__headline').first()).toHaveText(headline);
      await expectWholeWords(page, viewport);
    }
  } finally {
    // The shop is shared by every spec: the demo headline goes back.
    const restored = await request.put(`/api/admin/banners/${banner.id}`, {
      headers,
      data: { headline: banner.headline },
    });
    expect(restored.status()).toBe(200);
  }
});

test('the admin edits the banner texts with their labels and help', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const banner = await firstBanner(request, headers);
  await signInAdmin(page);
  await page.goto(`/nuxt/banners/${banner.id}`);
  await expect(page.getByRole('textbox', { name: 'Заголовок' })).toHaveValue(banner.headline!);
  await expect(page.getByRole('textbox', { name: 'Текст', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Надпись на кнопке' })).toBeVisible();
  await expect(page.getByText('Крупный текст поверх картинки', { exact: false })).toBeVisible();
});
