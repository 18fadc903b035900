// The 1C exchange driven by a script acting as 1C (exchange1c-client.ts) through HTTP, on both databases:
// sign-in and cookie, the catalogue (groups, properties, goods with pictures, offers with characteristics,
// prices of the configured type, stock), zip, split packages, namespaces and BOM, changes-only, a re-sent
// part, a broken package changing nothing; the orders out (query, repeated without success, success) and
// their statuses back; the log in the admin.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { OneC } from './exchange1c-client';
import { importXml, LASH_OFFERS, LASHES, offersXml, picture, zip } from './exchange1c-fixtures';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

const ONEC = { email: 'onec@test.local', password: 'onec-password-1' };

describeOnDatabases('the 1C exchange on $name', (target) => {
  let t: TestApp;
  const admin = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: t.adminToken } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  type Product = {
    id: number;
    title: string;
    slug: string;
    active: boolean;
    categoryIds: number[];
    brandId: number | null;
    description: string | null;
    images: { url: string }[];
    offers: {
      id: number;
      article: string;
      basePrice: number;
      stock: number;
      active: boolean;
      attributes: Record<string, string>;
    }[];
  };
  const productByTitle = async (title: string) => {
    const list = await admin<Product[]>(
      `/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`,
    );
    const found = list.find((p) => p.title === title);
    return found ? admin<Product>(`/api/admin/products/${found.id}`) : null;
  };

  beforeAll(async () => {
    t = await startTestApp(target, { config: { exchange1cStepMs: 1 } });
    await signedInUser(t, { ...ONEC, role: 'exchange1c', name: 'Обмен 1С' });
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses a wrong password, a user without the role and a call without the cookie, in text for 1C', async () => {
    const onec = new OneC(t.app, 'catalog');
    const wrong = await onec.checkauth(ONEC.email, 'nope');
    expect(wrong.status).toBe(200);
    expect(wrong.contentType).toMatch(/^text\/plain/);
    expect(wrong.lines[0]).toBe('failure');
    expect(wrong.lines[1]).toBe('Неверный логин или пароль');
    const notRole = await new OneC(t.app, 'catalog').checkauth('admin@test.local', 'admin-password-1');
    expect(notRole.lines).toEqual(['failure', expect.stringContaining('нет роли «Обмен с 1С»'), '']);
    const noCookie = await onec.call('init', { cookie: null });
    expect(noCookie.lines[0]).toBe('failure');
    expect(noCookie.lines[1]).toContain('cookie');
    const stale = await onec.call('init', { cookie: 'shop_1c_exchange=deadbeef' });
    expect(stale.lines[0]).toBe('failure');
  });

  it('imports a zipped catalogue with pictures, then its offers, and the product is on the storefront', async () => {
    const onec = new OneC(t.app, 'catalog', '/1c_exchange.php');
    const auth = await onec.checkauth(ONEC.email, ONEC.password);
    expect(auth.lines.slice(0, 2)).toEqual(['success', 'shop_1c_exchange']);
    await onec.init();
    expect(onec.zip).toBe(true);
    const pkg = zip({
      'import.xml': importXml({}, LASHES),
      'offers.xml': offersXml({}, LASH_OFFERS),
      'import_files/ab/pic-1.jpg': await picture(200, 30, 30),
    });
    await onec.send('/tmp/v8_1C/upload/1c/webdata/package.zip', pkg, 700);
    const imported = await onec.importFile('import.xml');
    expect(imported.lines[0], imported.body).toBe('success');
    expect(onec.imports.some((a) => a.startsWith('progress'))).toBe(true);
    const offers = await onec.importFile('offers.xml');
    expect(offers.lines[0], offers.body).toBe('success');

    const p = (await productByTitle('Ресницы Лэш Би 1С чёрные'))!;
    expect(p).not.toBeNull();
    expect(p.active).toBe(true);
    expect(p.description).toBe('<p>Мягкие ресницы.</p><p>Для классики &amp; объёма</p>');
    expect(p.images).toHaveLength(1);
    expect(p.images[0]!.url).toMatch(/^\/uploads\/1c\/.+\.jpg$/);
    expect(p.offers.map((o) => [o.basePrice, o.stock, o.active, o.attributes]).sort()).toEqual([
      [89000, 12, true, expect.objectContaining({ tolshchina: '0.07' })],
      [91050, 3, true, expect.objectContaining({ tolshchina: '0.10' })],
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${p.slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Ресницы Лэш Би 1С чёрные');
  });
});
