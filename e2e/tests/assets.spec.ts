// The storefront's scripts and styles as the production build ships them: compressed once at build time
// (storefront/scripts/precompress.mjs) and answered as those very bytes — brotli to a browser, gzip to an older
// client, the file itself to one that accepts neither — never compressed per request.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ASSETS = resolve(import.meta.dirname, '../../storefront/build/client/assets');

test('a script is answered as the build compressed it, for each encoding the client accepts', async ({
  request,
}) => {
  const script = readdirSync(ASSETS).find((f) => /^entry\.client-.*\.js$/.test(f));
  expect(script, 'the build’s entry script').toBeTruthy();
  const size = (file: string) => statSync(join(ASSETS, file)).size;
  for (const [accept, encoding, file] of [
    ['gzip, deflate, br', 'br', `${script}.br`],
    ['gzip', 'gzip', `${script}.gz`],
    ['identity', undefined, script!],
  ] as const) {
    const res = await request.get(`/assets/${script}`, { headers: { 'accept-encoding': accept } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding'], accept).toBe(encoding);
    // The stored file's length: the bytes are the build's, not a compression made for this request.
    expect(Number(res.headers()['content-length']), accept).toBe(size(file));
    expect(res.headers()['cache-control']).toContain('immutable');
  }
});
