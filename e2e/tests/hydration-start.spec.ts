// A page's hydration scripts start once its main picture is painted (issue 28, storefront/app/lib/page-scripts.tsx):
// on a phone's connection the picture gets the bandwidth first, and Lighthouse's simulated LCP no longer pays
// for the scripts. The page is the server's meanwhile (its links and forms work); then it hydrates as before.
import { expect, test, type Page, type Route } from '@playwright/test';
import { watchErrors } from '../page-errors';
import { products } from '../shop';

test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

/** The page's own modules as the browser asks for them, in order. */
function watchModules(page: Page): string[] {
  const modules: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) modules.push(pathname);
  });
  return modules;
}

/** Every picture of the page held until `release()`: the main one (fetchpriority="high") among them. */
async function holdPictures(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/img\//, (route) => (released ? route.continue() : held.push(route)));
  return {
    held,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** After the frame that follows: anything the page would have started by now has been asked for. */
const aFrameLater = (page: Page) =>
  page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');

test('a product page asks for no script until its main picture has arrived, then hydrates', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const { several } = await products(request);
  const modules = watchModules(page);
  const pictures = await holdPictures(page);

  const response = await page.goto(several.url, { waitUntil: 'domcontentloaded' });
  // The server's page is there (the starter at the end of its body has run), its main picture on its way.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => pictures.held.length).toBeGreaterThan(0);
  await aFrameLater(page);
  expect(modules).toEqual([]);
  // React Router's modules wait in the page, under a type the browser does not run.
  await expect(page.locator('script[type="module"]')).toHaveCount(0);

  await pictures.release();
  await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
  expect(modules.some((m) => /\/entry\.client-/.test(m))).toBe(true);
  // One module script, with the response's nonce (a kept page's is allowed by its hash: the next test).
  const module = page.locator('script[type="module"]');
  await expect(module).toHaveCount(1);
  const policy = response!.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  // The property: browsers hide the attribute.
  if (nonce)
    expect(await page.evaluate<string>('document.querySelector(\'script[type="module"]\').nonce')).toBe(
      nonce,
    );
  expect(errors).toEqual([]);
});

test('a page kept by the page cache hydrates: its module script is allowed by the hash of the waiting one', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const { several } = await products(request);
  let response = await page.goto(several.url);
  if (response?.headers()['x-page-cache'] === 'miss') response = await page.goto(several.url);
  expect(response?.headers()['x-page-cache']).toBe('hit');
  await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
  // A refused inline script would be a console error.
  expect(errors).toEqual([]);
});

test('a page whose main picture never arrives still hydrates', async ({ page, request }) => {
  const errors = watchErrors(page, { console: false });
  const { several } = await products(request);
  const modules = watchModules(page);
  await holdPictures(page);

  await page.goto(several.url, { waitUntil: 'domcontentloaded' });
  await aFrameLater(page);
  expect(modules).toEqual([]);
  // START_AT_THE_LATEST_MS (3 s) after the page was parsed.
  await expect(page.locator('.purchase[data-hydrated]')).toBeVisible();
  expect(errors).toEqual([]);
});
