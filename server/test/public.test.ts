// The spec's public read endpoints (§7) with their exact shapes (§3), on the demo shop.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

describeOnDatabases('public API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(() => t.close());
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('GET /api/categories/tree: id, title, slug, image.url, children of the same shape', async () => {
    type Node = { id: number; title: string; slug: string; image: { url: string } | null; children: Node[] };
    const { data } = await get<{ data: Node[] }>('/api/categories/tree');
    expect(data.length).toBeGreaterThanOrEqual(5);
    const withChildren = data.find((c) => c.children.length > 0)!;
    expect(Object.keys(withChildren).sort()).toEqual(['children', 'id', 'image', 'slug', 'title']);
    expect(Object.keys(withChildren.children[0]!).sort()).toEqual([
      'children',
      'id',
      'image',
      'slug',
      'title',
    ]);
    expect(withChildren.image?.url).toMatch(/^\/uploads\//);
  });

  it('GET /api/products/search?perPage=7&page=1&filter[search]=…: the spec shape, Russian morphology', async () => {
    const res = await get<{ data: Record<string, unknown>[]; meta: { total: number; perPage: number } }>(
      `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent('клеем')}`,
    );
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.length).toBeLessThanOrEqual(7);
    expect(res.meta.perPage).toBe(7);
    for (const p of res.data) {
      expect(p).toMatchObject({
        id: expect.any(Number),
        url: expect.stringMatching(/^\/catalog\/[a-z0-9-]+\/product\/[a-z0-9-]+$/),
        benefitPercent: expect.any(Number),
        diffPrice: expect.any(Number),
        basePrice: expect.any(Number),
        salePrice: expect.any(Number),
      });
      expect(p.basePrice as number).toBeGreaterThanOrEqual(p.salePrice as number);
      expect(p.diffPrice).toBe((p.basePrice as number) - (p.salePrice as number));
    }
    // "клеем" (instrumental case) finds glue titled "Клей …".
    expect(res.data.some((p) => /клей/i.test(p.title as string))).toBe(true);
    const none = await get<{ data: unknown[]; meta: { total: number } }>(
      `/api/products/search?filter[search]=${encodeURIComponent('жирафы')}`,
    );
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/search?perPage=1000' });
    expect(bad.statusCode).toBe(400);
  });

  it('selects new products and products of a category with its subcategories', async () => {
    const fresh = await get<{ data: { isNew: boolean }[] }>(
      '/api/products/search?filter[isNew]=1&perPage=50',
    );
    expect(fresh.data.length).toBeGreaterThan(0);
    expect(fresh.data.every((p) => p.isNew)).toBe(true);
    const top = await get<{ meta: { total: number } }>('/api/products/search?filter[categorySlug]=resnitsy');
    const sub = await get<{ meta: { total: number } }>(
      '/api/products/search?filter[categorySlug]=chernye-resnitsy',
    );
    expect(sub.meta.total).toBeGreaterThan(0);
    expect(top.meta.total).toBeGreaterThan(sub.meta.total);
  });

  it('GET /api/maintenance-mode and /api/site/settings', async () => {
    expect(await get('/api/maintenance-mode')).toEqual({ data: { maintenanceMode: false, cartCount: 0 } });
    const { data } = await get<{ data: Record<string, unknown> }>('/api/site/settings');
    expect(data).toMatchObject({
      supportPhone: expect.stringMatching(/^\+7/),
      legalName: expect.any(String),
      ogrn: expect.stringMatching(/^\d{13,15}$/),
      // «+N баллов» on the product page is computed with these (schemas/rules/bonus-points.ts).
      bonus: { accrualPercent: 5, pointValue: 100 },
    });
    expect(JSON.stringify(data)).not.toMatch(/credentials|password/i);
  });

  it('describes the whole API in OpenAPI at /api/docs', async () => {
    const doc = await get<{
      openapi: string;
      paths: Record<string, object>;
      components: { schemas: Record<string, object> };
    }>('/api/docs/json');
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/auth/login',
      '/api/products/search',
      '/api/admin/products',
      '/api/admin/products/{id}',
      '/api/admin/orders',
    ])
      expect(doc.paths).toHaveProperty([path]);
    // A generated resource's operations carry the schemas derived from its entity schema.
    const create = (doc.paths['/api/admin/products'] as Record<string, { requestBody?: unknown }>).post!;
    expect(create.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { title: 'ProductInput', required: expect.arrayContaining(['title']) },
        },
      },
    });
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
