// The catalogue's admin work beyond CRUD, through the real HTTP API on a real database: bulk price and
// stock of offers (all or nothing), moving categories in the two-level tree, directory entry values
// checked against their directory's fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

interface Offer {
  id: number;
  article: string;
  basePrice: number;
  salePrice: number | null;
  stock: number;
}
interface Category {
  id: number;
  parentId: number | null;
  sortOrder: number;
  slug: string;
}

describeOnDatabases('admin catalogue on $name', (target) => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    t.app.inject({ method, url, headers: { authorization: token ?? t.adminToken }, payload });
  const created = async (url: string, payload: object) => {
    const res = await call('POST', url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const offersOf = async (id: number) =>
    (await call('GET', `/api/admin/products/${id}`)).json<{ offers: Offer[] }>().offers;
  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { message: string; fields?: Record<string, string> } }).error;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  // Each test makes the rows it reads and changes (a shuffled run found the bulk, tree and directory tests
  // leaning on what an earlier test had done to shared rows); the counter keeps slugs and codes unique.
  let seq = 0;

  describe('bulk price and stock of offers', () => {
    const offer = (article: string, basePrice: number, salePrice: number | null = null) => ({
      article,
      basePrice,
      salePrice,
      stock: 3,
    });
    /** Two products of the test's own, at the prices and stock they were created with. */
    const pair = async () => {
      const n = ++seq;
      const a = await created('/api/admin/products', {
        title: 'Ресницы А',
        slug: `bulk-a-${n}`,
        offers: [offer(`BA-1-${n}`, 100000, 90000), offer(`BA-2-${n}`, 55555)],
      });
      const b = await created('/api/admin/products', {
        title: 'Ресницы Б',
        slug: `bulk-b-${n}`,
        offers: [offer(`BB-1-${n}`, 20000)],
      });
      return { n, a, b };
    };

    it('changes the base and sale prices of every offer by a percentage, to whole kopecks', async () => {
      const { a, b } = await pair();
      const res = await call('POST', '/api/admin/products/bulk-offers', {
        ids: [a, b],
        price: { mode: 'percent', value: 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { products: 2, offers: 3 } });
      const [a1, a2] = await offersOf(a);
      expect([a1!.basePrice, a1!.salePrice, a2!.basePrice, a2!.salePrice]).toEqual([
        110000,
        99000,
        61111,
        null,
      ]);
      expect((await offersOf(b))[0]!.basePrice).toBe(22000);
    });

    it('sets a price and the stock', async () => {
      const { n, b } = await pair();
      const res = await call('POST', '/api/admin/products/bulk-offers', {
        ids: [b],
        price: { mode: 'set', value: 15000 },
        stock: 42,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await offersOf(b)).toMatchObject([{ basePrice: 15000, stock: 42 }]);
      // The product's history names the offer and what changed, and who changed it.
      const history = await call('GET', `/api/admin/history?resource=products&recordId=${b}`);
      const [last] = history.json<{ data: { userName: string; changes: Record<string, unknown> }[] }>().data;
      expect(last!.userName).toContain('admin@test.local');
      expect(last!.changes.offers).toMatchObject({
        changed: [
          {
            article: `BB-1-${n}`,
            fields: { basePrice: { from: 20000, to: 15000 }, stock: { from: 3, to: 42 } },
          },
        ],
      });
    });

    it('refuses bad input in Russian and changes nothing, even for the products that exist', async () => {
      const { a, b } = await pair();
      const before = [await offersOf(a), await offersOf(b)];
      const bad: [object, RegExp][] = [
        [{ ids: [a, 999999], stock: 1 }, /Товары не найдены: №999999/],
        [{ ids: [a], price: { mode: 'percent', value: -100 } }, /от -99 до 1000/],
        [{ ids: [a], price: { mode: 'set', value: -1 } }, /неотрицательной/],
        [{ ids: [a], price: { mode: 'set', value: 10.5 } }, /в копейках/],
        [{ ids: [a], stock: -3 }, /Остаток/],
        [{ ids: [a] }, /Укажите новую цену/],
        [{ ids: [], stock: 1 }, /выберите хотя бы один товар/i],
      ];
      for (const [payload, message] of bad) {
        const res = await call('POST', '/api/admin/products/bulk-offers', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(errorOf(res).message).toMatch(message);
      }
      expect([await offersOf(a), await offersOf(b)]).toEqual(before);
      const history = await call('GET', `/api/admin/history?resource=products&recordId=${a}`);
      // Only its creation: the refused requests left no entry.
      expect(history.json<{ total: number }>().total).toBe(1);
    });

    it('is refused to a content editor, who changes texts, not prices or stock', async () => {
      const { a } = await pair();
      const { token } = await signedInUser(t, {
        email: 'content@catalog.test',
        name: 'Контент-редактор',
        role: 'content',
        password: 'content-password-1',
      });
      const res = await call('POST', '/api/admin/products/bulk-offers', { ids: [a], stock: 0 }, token);
      expect(res.statusCode).toBe(403);
      expect((await offersOf(a))[0]!.stock).toBe(3);
    });
  });

  describe("offers' characteristics", () => {
    it('must be entries of the directory they name; keys no directory describes stay free', async () => {
      const curl = await created('/api/admin/directories', {
        title: 'Изгиб',
        code: 'curl',
        useInOffers: true,
      });
      await created('/api/admin/directory-entries', { directoryId: curl, code: 'D', title: 'D' });
      const product = (attributes: Record<string, string>, slug: string) =>
        call('POST', '/api/admin/products', {
          title: 'Ресницы с изгибом',
          slug,
          offers: [{ article: `ATTR-${slug}`, attributes, basePrice: 10000 }],
        });
      const bad = await product({ curl: 'ZZ' }, 'attr-bad');
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).message).toBe('Вариант «ATTR-attr-bad»: в справочнике «Изгиб» нет значения «ZZ»');
      expect(errorOf(bad).fields).toEqual({
        'offers.0.attributes.curl': 'В справочнике «Изгиб» нет значения «ZZ»',
      });
      expect(
        (await call('GET', `/api/admin/products?filter=${encodeURIComponent('{"q":"attr-bad"}')}`)).json(),
      ).toEqual([]);
      expect((await product({ curl: 'D', glueBase: 'цианоакрилат' }, 'attr-good')).statusCode).toBe(201);
    });
  });

  describe('the category tree', () => {
    const found = async (product: number, text: string) =>
      (await t.app.inject(`/api/products/search?perPage=50&filter[search]=${encodeURIComponent(text)}`))
        .json<{ data: { id: number }[] }>()
        .data.some((p) => p.id === product);
    const tree = async () =>
      (await call('GET', '/api/admin/product-categories?range=[0,999]')).json<Category[]>();
    const move = (id: number, parentId: number | null, position: number) =>
      call('POST', `/api/admin/product-categories/${id}/move`, { parentId, position });

    /**
     * A tree of the test's own: «Ресницы» (top1) with «Чёрные» (childA), «Клей» (top2), and «Цветные» (childB,
     * holding the product) under the parent the test starts from.
     */
    const newTree = async (childBUnder: 'top1' | 'top2') => {
      const n = ++seq;
      const top1 = await created('/api/admin/product-categories', {
        title: 'Ресницы',
        slug: `tree-lashes-${n}`,
      });
      const top2 = await created('/api/admin/product-categories', { title: 'Клей', slug: `tree-glue-${n}` });
      const childA = await created('/api/admin/product-categories', {
        title: 'Чёрные',
        slug: `tree-a-${n}`,
        parentId: top1,
      });
      const childB = await created('/api/admin/product-categories', {
        title: 'Цветные',
        slug: `tree-b-${n}`,
        parentId: childBUnder === 'top1' ? top1 : top2,
      });
      const product = await created('/api/admin/products', {
        title: 'Ресницы для проверки дерева',
        slug: `tree-product-${n}`,
        categoryIds: [childB],
        offers: [{ article: `TREE-1-${n}`, basePrice: 50000, stock: 5 }],
      });
      return { top1, top2, childA, childB, product };
    };

    it('reorders within a level and moves under another parent, renumbering both levels', async () => {
      const { top1, top2, childA, childB, product } = await newTree('top1');
      expect((await move(childB, top1, 0)).statusCode).toBe(200);
      let all = await tree();
      const at = (id: number) => all.find((c) => c.id === id)!;
      expect([at(childB).sortOrder, at(childA).sortOrder]).toEqual([0, 1]);
      expect(await found(product, 'клей')).toBe(false);
      expect((await move(childB, top2, 5)).statusCode).toBe(200);
      // The product's search document now holds its category's new path.
      expect(await found(product, 'клей')).toBe(true);
      all = await tree();
      expect(at(childB)).toMatchObject({ parentId: top2, sortOrder: 0 });
      expect(at(childA)).toMatchObject({ parentId: top1, sortOrder: 0 });
      expect((await move(top2, null, 0)).statusCode).toBe(200);
      all = await tree();
      expect(at(top2).sortOrder).toBeLessThan(at(top1).sortOrder);
      const history = await call('GET', `/api/admin/history?resource=product-categories&recordId=${childB}`);
      const entries = history.json<{ data: { action: string; changes: object }[] }>().data;
      expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
      expect(entries[0]!.changes).toMatchObject({ parentId: { from: top1, to: top2 } });
    });

    it('rewrites the search documents when a category is renamed or moved through the ordinary edit', async () => {
      const { top1, top2, childB, product } = await newTree('top2');
      expect(await found(product, 'клей')).toBe(true);
      expect(await found(product, 'лампочки')).toBe(false);
      const renamed = await call('PUT', `/api/admin/product-categories/${top2}`, { title: 'Лампочки' });
      expect(renamed.statusCode).toBe(200);
      // The product sits in a subcategory of the renamed one: its path now says «Лампочки».
      expect(await found(product, 'лампочки')).toBe(true);
      const moved = await call('PUT', `/api/admin/product-categories/${childB}`, { parentId: top1 });
      expect(moved.statusCode).toBe(200);
      expect(await found(product, 'лампочки')).toBe(false);
      expect(
        (await call('PUT', `/api/admin/product-categories/${childB}`, { parentId: top2 })).statusCode,
      ).toBe(200);
      expect(await found(product, 'лампочки')).toBe(true);
    });

    it('refuses a third level and a category under its own child, and changes nothing', async () => {
      const { top1, top2, childA, childB } = await newTree('top2');
      const before = await tree();
      const cases: [number, number, RegExp][] = [
        [top2, childB, /собственную подкатегорию/],
        [top1, top2, /есть подкатегории/],
        [childA, childB, /только два уровня/],
        [top1, top1, /саму себя/],
      ];
      for (const [id, parentId, message] of cases) {
        const res = await move(id, parentId, 0);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).message).toMatch(message);
      }
      // The generic edit form keeps the same rules.
      const put = await call('PUT', `/api/admin/product-categories/${childA}`, { parentId: childB });
      expect(put.statusCode).toBe(400);
      expect(errorOf(put).fields?.parentId).toMatch(/только два уровня/);
      expect(await tree()).toEqual(before);
    });
  });

  describe('directory entries', () => {
    /** A directory of the test's own with one entry, «black», whose values match its fields. */
    const newDirectory = async () => {
      const n = ++seq;
      const directoryId = await created('/api/admin/directories', {
        title: 'Цвет клея',
        code: `glue_colour_${n}`,
        fields: [
          { code: 'hex', title: 'Образец', type: 'color', required: true },
          { code: 'viscosity', title: 'Вязкость', type: 'number' },
          { code: 'fast', title: 'Быстрый', type: 'boolean' },
          { code: 'photo', title: 'Фото', type: 'image' },
        ],
      });
      const entryId = await created('/api/admin/directory-entries', {
        directoryId,
        code: 'black',
        title: 'Чёрный',
        values: { hex: '#101010', viscosity: 3.5, fast: true, photo: '/uploads/glue.png' },
      });
      return { directoryId, entryId };
    };

    it('keeps values that match the fields', async () => {
      const { entryId: id } = await newDirectory();
      const res = await call('GET', `/api/admin/directory-entries/${id}`);
      expect(res.json()).toMatchObject({ values: { hex: '#101010', viscosity: 3.5, fast: true } });
    });

    it('refuses values that do not match the fields, naming each in Russian', async () => {
      const { directoryId } = await newDirectory();
      const res = await call('POST', '/api/admin/directory-entries', {
        directoryId,
        code: 'bad',
        title: 'Плохой',
        values: { viscosity: 'густой', fast: 'да', colourName: 'x' },
      });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.message).toMatch(/«Образец»: обязательное поле/);
      expect(error.fields).toMatchObject({
        'values.hex': 'Обязательное поле',
        'values.viscosity': 'Ожидается число',
        'values.fast': 'Ожидается «да» или «нет»',
        'values.colourName': 'В справочнике «Цвет клея» нет поля «colourName»',
      });
      const list = await call(
        'GET',
        `/api/admin/directory-entries?filter=${encodeURIComponent(JSON.stringify({ directoryId }))}`,
      );
      expect(list.json<{ code: string }[]>().map((e) => e.code)).toEqual(['black']);
    });

    it('refuses a colour in the wrong form on update', async () => {
      const { entryId } = await newDirectory();
      const res = await call('PUT', `/api/admin/directory-entries/${entryId}`, { values: { hex: 'red' } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.['values.hex']).toMatch(/#RRGGBB/);
    });

    it('refuses two fields with one code in a directory', async () => {
      const { directoryId } = await newDirectory();
      const res = await call('PUT', `/api/admin/directories/${directoryId}`, {
        fields: [
          { code: 'hex', title: 'Образец', type: 'color' },
          { code: 'hex', title: 'Ещё образец', type: 'string' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.['fields.1.code']).toMatch(/уже есть в поле №1/);
    });
  });
});
