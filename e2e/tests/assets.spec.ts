// The storefront's and the admin's scripts and styles as the production builds ship them: compressed once at
// build time (storefront/scripts/precompress.mjs, run by both builds) and answered as those very bytes —
// brotli to a browser, gzip to an older client, the file itself to one that accepts neither — never
// compressed per request.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const STOREFRONT_ASSETS = resolve(import.meta.dirname, '../../storefront/build/client/assets');
const ADMIN_ASSETS = resolve(import.meta.dirname, '../../admin/dist/assets');

for (const { name, dir, prefix } of [
  { name: 'storefront', dir: STOREFRONT_ASSETS, prefix: '/assets/' },
  { name: 'admin', dir: ADMIN_ASSETS, prefix: '/nuxt/assets/' },
]) {
  test(`${name}: a script is answered as the build compressed it, for each encoding the client accepts`, async ({
    request,
  }) => {
    // The largest script: small ones (under 1 kB) are left as they are.
    const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const script = scripts.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
    expect(script, 'a script of the build').toBeTruthy();
    const size = (file: string) => statSync(join(dir, file)).size;
    for (const [accept, encoding, file] of [
      ['gzip, deflate, br', 'br', `${script}.br`],
      ['gzip', 'gzip', `${script}.gz`],
      ['identity', undefined, script!],
    ] as const) {
      const res = await request.get(`${prefix}${script}`, { headers: { 'accept-encoding': accept } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-encoding'], accept).toBe(encoding);
      // The stored file's length: the bytes are the build's, not a compression made for this request.
      expect(Number(res.headers()['content-length']), accept).toBe(size(file));
      expect(res.headers()['cache-control']).toContain('immutable');
    }
  });
}
