// The CRUD service keeps a role's fields and rows (x-access) and the change history whoever writes through
// it: the generic routes, the CSV import, a hand-written endpoint, or a caller that skips the preview. The
// products here get rules the shipped schema does not have (a field only the administrator sets, and a
// content editor limited to hidden products), so that each writer has something to break.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources as generatedResources } from '../generated/resources';
import { userContext } from '../src/platform/crud/context';
import { writeImport } from '../src/domains/catalog/product-import';
import { createRegistry } from '../src/platform/crud/routes';
import { selectRows } from '../src/platform/db';
import { signedInUser } from './accounts';
import { runJob } from './jobs';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import type { ResourceDef } from '../src/platform/crud/types';

const restricted: ResourceDef[] = generatedResources.map((def) =>
  def.resource === 'products'
    ? {
        ...def,
        fields: def.fields.map((f) => (f.name === 'isHit' ? { ...f, writeRoles: ['admin'] } : f)),
        rowScopes: { content: { active: [false] }, manager: { active: [false] } },
      }
    : def,
);
const products = restricted.find((d) => d.resource === 'products')!;

const HEADER = 'Адрес (slug);Название;Активен;Хит;Артикул;Цена';

describeOnDatabases('the CRUD service keeps fields, rows and history for every writer on $name', (target) => {
  let t: TestApp;
  let editor: { id: number; token: string };
  const EDITOR = {
    email: 'editor@service.test',
    name: 'Редактор',
    role: 'content',
    password: 'editor-pass-1',
  };

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const importJob = (token: string, csv: string, preview = false) =>
    runJob(t.app, `/api/admin/products/import${preview ? '/preview' : ''}`, { csv }, token);
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const productCount = async () =>
    Number((await rows<{ n: number }>(sql`SELECT count(*) AS n FROM products`))[0]!.n);
  const hitOf = async (slug: string) =>
    (await rows<{ is_hit: boolean }>(sql`SELECT is_hit FROM products WHERE slug = ${slug}`))[0]?.is_hit;

  beforeAll(async () => {
    t = await startTestApp(target, { resources: restricted });
    editor = await signedInUser(t, EDITOR);
    // A product on sale (outside the editor's rows) and a hidden one (inside), both by the administrator.
    for (const [slug, active] of [
      ['on-sale', true],
      ['hidden', false],
    ] as const) {
      const res = await call(t.adminToken, 'POST', '/api/admin/products', {
        slug,
        title: slug,
        active,
        offers: [{ article: `${slug}-1`, basePrice: 10000, stock: 1 }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a CSV import reports a field the role may not set, and writes nothing', async () => {
    const before = await productCount();
    const csv = `${HEADER}\r\nnew-hit;Новый хит;нет;да;NH-1;100\r\n`;
    const preview = await importJob(editor.token, csv, true);
    expect(preview.job!.status).toBe('done');
    const report = preview.job!.result!;
    expect(report.valid).toBe(false);
    expect(report.rows[0]!.errors.join(' ')).toMatch(/«Хит[^»]*»: недостаточно прав/);
    const res = await importJob(editor.token, csv);
    expect(res.job!.status).toBe('failed');
    expect(await productCount()).toBe(before);
    // The administrator may.
    const admin = await importJob(t.adminToken, csv);
    expect(admin.job!.status, admin.job!.error ?? '').toBe('done');
    expect(await hitOf('new-hit')).toBe(true);
  });

  it('a CSV import cannot reach a product outside the role’s rows', async () => {
    const csv = `${HEADER}\r\non-sale;Переименован;;;on-sale-1;200\r\n`;
    const preview = await importJob(editor.token, csv, true);
    const report = preview.job!.result!;
    expect(report.valid).toBe(false);
    expect(report.rows[0]!.errors).toEqual(['Товар: запись не найдена']);
    expect((await importJob(editor.token, csv)).job!.status).toBe('failed');
    const [stored] = await rows<{ title: string }>(sql`SELECT title FROM products WHERE slug = 'on-sale'`);
    expect(stored!.title).toBe('on-sale');
  });

  it('within its rows and fields the import writes, with the editor named in the history', async () => {
    // The price as stored: prices are the manager's (x-access.write), the title the editor's.
    const csv = `${HEADER}
hidden;Скрытый товар;;;hidden-1;100
`;
    const res = await importJob(editor.token, csv);
    expect(res.job!.status, res.job!.error ?? '').toBe('done');
    const [entry] = await rows<{ user_id: number; changes: Record<string, unknown> }>(
      sql`SELECT h.user_id, h.changes FROM history h JOIN products p ON p.id = h.record_id
          WHERE h.resource = 'products' AND p.slug = 'hidden' AND h.action = 'update'`,
    );
    expect(entry).toMatchObject({
      user_id: editor.id,
      changes: { title: { from: 'hidden', to: 'Скрытый товар' } },
    });
  });

  it('a caller that skips the preview is stopped by the service itself, and nothing is written', async () => {
    const registry = createRegistry(restricted);
    const ctx = userContext(t.database.db, registry, products, { ...EDITOR, id: editor.id });
    const before = await productCount();
    const plan = [
      { existingId: null, body: { slug: 'first-fine', title: 'Первый', active: false, offers: [] } },
      {
        existingId: null,
        body: { slug: 'second-hit', title: 'Второй', active: false, isHit: true, offers: [] },
      },
    ];
    await expect(writeImport(ctx, plan)).rejects.toMatchObject({ status: 403 });
    expect(await productCount()).toBe(before);
    const [onSale] = await rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = 'on-sale'`);
    const outside = [{ existingId: onSale!.id, body: { title: 'Чужой' } }];
    await expect(writeImport(ctx, outside)).rejects.toMatchObject({ status: 404 });
  });

  it('a hand-written endpoint (bulk prices) cannot change a product outside the role’s rows', async () => {
    // A manager, who may change stock (a content editor may not at all), limited here to hidden products.
    const manager = await signedInUser(t, { ...EDITOR, email: 'manager@service.test', role: 'manager' });
    const [onSale] = await rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = 'on-sale'`);
    const res = await call(manager.token, 'POST', '/api/admin/products/bulk-offers', {
      ids: [onSale!.id],
      stock: 0,
    });
    expect(res.statusCode).toBe(404);
    const [offer] = await rows<{ stock: number }>(
      sql`SELECT stock FROM product_offers WHERE article = 'on-sale-1'`,
    );
    expect(offer!.stock).toBe(1);
  });
});
