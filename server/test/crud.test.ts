// The generic admin CRUD through the real HTTP API on a real database: the ra-data-simple-rest
// convention, children rows, validation, errors, and that a refused request changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../generated/resources';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

describeOnDatabases('admin CRUD on $name', (target) => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object | string) => {
    const headers: Record<string, string> = { authorization: t.adminToken };
    // A string is sent as it is: a malformed JSON body.
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  };
  const count = async (resource: string) => {
    const res = await call('GET', `/api/admin/${resource}?range=[0,0]`);
    return Number(res.headers['content-range']!.toString().split('/')[1]);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  // Every test makes the rows it reads, so that none depends on another having run before it (a shuffled
  // run found "lists", "updates" and "refuses" leaning on the product made by "creates"). The counter keeps
  // slugs and articles unique within the file's one database.
  let seq = 0;
  const newProduct = async () => {
    const n = ++seq;
    const cat = await call('POST', '/api/admin/product-categories', {
      title: `Ресницы чёрные ${n}`,
      slug: `resnitsy-chernye-${n}`,
    });
    expect(cat.statusCode).toBe(201);
    const categoryId = cat.json<{ id: number }>().id;
    const slug = `resnitsy-norka-miks-${n}`;
    const articles = [`NM-D-007-10-${n}`, `NM-D-007-11-${n}`] as const;
    const res = await call('POST', '/api/admin/products', {
      title: 'Ресницы Норка микс',
      slug,
      categoryIds: [categoryId],
      shortDescription: 'Мягкие ресницы для классического наращивания',
      offers: [
        {
          article: articles[0],
          attributes: { curl: 'D', thickness: '0.07', length: '10' },
          basePrice: 99000,
          stock: 5,
        },
        {
          article: articles[1],
          attributes: { curl: 'D', thickness: '0.07', length: '11' },
          basePrice: 99000,
          salePrice: 89000,
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    const product = res.json<{
      id: number;
      active: boolean;
      createdAt: string;
      offers: { id: number; article: string; stock: number }[];
    }>();
    return { n, categoryId, slug, articles, product, productId: product.id };
  };

  it('creates records with child rows and read-only fields filled by the database', async () => {
    const { product, articles } = await newProduct();
    expect(product.active).toBe(true);
    expect(new Date(product.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(product.offers.map((o) => o.article)).toEqual([...articles]);
    expect(product.offers[1]!.stock).toBe(0);
  });

  it('lists with sort, range, filter, Content-Range, get-many by id and full-text q', async () => {
    const before = await count('products');
    const { n, categoryId, productId } = await newProduct();
    const ids = [productId];
    for (const [i, title] of ['Клей Супер', 'Пинцет изогнутый', 'Праймер для ресниц'].entries()) {
      const r = await call('POST', '/api/admin/products', { title, slug: `p-${n}-${i}`, isHit: i === 1 });
      expect(r.statusCode).toBe(201);
      ids.push(r.json<{ id: number }>().id);
    }
    // The whole table grew by exactly this test's four; the list itself is read within them (other tests'
    // products would otherwise sort, match or count in between).
    expect(await count('products')).toBe(before + 4);
    const own = (filter: object) => encodeURIComponent(JSON.stringify({ ...filter, id: ids }));
    const page = await call('GET', `/api/admin/products?sort=["title","ASC"]&range=[0,1]&filter=${own({})}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-range']).toBe('products 0-1/4');
    expect(page.json<{ title: string }[]>().map((p) => p.title)).toEqual(['Клей Супер', 'Пинцет изогнутый']);
    const hits = await call('GET', `/api/admin/products?filter=${own({ isHit: true })}`);
    expect(hits.json<{ title: string }[]>().map((p) => p.title)).toEqual(['Пинцет изогнутый']);
    // The category is this test's own, so the filter alone must find exactly its one product.
    const byCategory = await call(
      'GET',
      `/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ categoryIds: categoryId }))}`,
    );
    expect(byCategory.json<{ id: number }[]>().map((p) => p.id)).toEqual([productId]);
    const many = await call(
      'GET',
      `/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ id: [productId] }))}`,
    );
    expect(many.json<{ offers: unknown[] }[]>()[0]!.offers).toHaveLength(2);
    // Russian morphology: "ресниц" finds "ресницы", "Ресницы" and "ресниц".
    const q = await call('GET', `/api/admin/products?filter=${own({ q: 'ресниц' })}&sort=["id","ASC"]`);
    expect(q.json<{ title: string }[]>().map((p) => p.title)).toEqual([
      'Ресницы Норка микс',
      'Праймер для ресниц',
    ]);
  });

  it('finds a product by an offer’s article, whole or in part, in any case (x-list.search "offers.article")', async () => {
    const { productId, articles } = await newProduct();
    for (const text of [articles[1], articles[1].toLowerCase(), articles[1].slice(3)]) {
      const filter = encodeURIComponent(JSON.stringify({ q: text }));
      const res = await call('GET', `/api/admin/products?filter=${filter}`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json<{ id: number }[]>().map((p) => p.id),
        text,
      ).toEqual([productId]);
      expect(res.headers['content-range'], text).toBe('products 0-0/1');
    }
  });

  it('filters products by their offers (x-list.filters "offers.stock"): one offer passing is enough', async () => {
    const { productId, product } = await newProduct();
    const offers = product.offers.map((o, i) => ({ ...o, stock: [5, 10][i] }));
    expect((await call('PUT', `/api/admin/products/${productId}`, { offers })).statusCode).toBe(200);
    const found = async (filter: object) => {
      const f = encodeURIComponent(JSON.stringify({ ...filter, id: [productId] }));
      const res = await call('GET', `/api/admin/products?filter=${f}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number }[]>().map((p) => p.id);
    };
    expect(await found({ offers: { stock_lte: 4 } })).toEqual([]);
    expect(await found({ offers: { stock_lte: 5 } })).toEqual([productId]);
    expect(await found({ offers: { stock_lte: '' } })).toEqual([productId]);
    const refused = await call(
      'GET',
      `/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ offers: { basePrice_gte: 1 } }))}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Фильтр «offers.basePrice_gte» для раздела «Товары» не поддерживается',
    );
  });

  it('updates fields and replaces the set of child rows, keeping the ids of kept rows', async () => {
    const { n, articles, productId } = await newProduct();
    const before = (await call('GET', `/api/admin/products/${productId}`)).json<{
      offers: { id: number }[];
      updatedAt: string;
    }>();
    const [first] = before.offers;
    // react-admin sends the whole record back, read-only fields included.
    const res = await call('PUT', `/api/admin/products/${productId}`, {
      ...before,
      title: 'Ресницы Норка микс (новые)',
      offers: [
        { ...first, stock: 7 },
        { article: `NM-C-010-12-${n}`, attributes: { curl: 'C' }, basePrice: 105000 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<{
      title: string;
      updatedAt: string;
      offers: { id: number; article: string; stock: number }[];
    }>();
    expect(after.title).toBe('Ресницы Норка микс (новые)');
    expect(after.offers.map((o) => o.article)).toEqual([articles[0], `NM-C-010-12-${n}`]);
    expect(after.offers[0]!.id).toBe(first!.id);
    expect(after.offers[0]!.stock).toBe(7);
    expect(after.updatedAt >= before.updatedAt).toBe(true);
  });

  it('refuses bad input with Russian messages and writes nothing', async () => {
    // Its own product supplies the slug and article that are taken, and the record an update must not touch.
    const { slug, articles, productId } = await newProduct();
    const products = await count('products');
    const missing = await call('POST', '/api/admin/products', { slug: 'no-title' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: {
        message: expect.stringContaining('«Название»: обязательное поле'),
        fields: { title: 'Обязательное поле' },
      },
    });

    const wrongType = await call('POST', '/api/admin/product-categories', {
      title: 'X',
      slug: 'x',
      sortOrder: 'first',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: { fields: { sortOrder: 'Должно быть целым числом' } } });

    const badChild = await call('POST', '/api/admin/products', {
      title: 'Т',
      slug: 'bad-child',
      offers: [{ article: 'A-1' }],
    });
    expect(badChild.statusCode).toBe(400);
    expect(badChild.json()).toMatchObject({
      error: { fields: { 'offers.0.basePrice': 'Обязательное поле' } },
    });

    const unknownField = await call('POST', '/api/admin/banners', {
      title: 'Баннер',
      imageDesktopUrl: '/x.webp',
      color: 'red',
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ error: { fields: { color: 'Неизвестное поле' } } });

    const malformed = await call('POST', '/api/admin/products', '{"title": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { message: 'Тело запроса — некорректный JSON' } });

    const unknownFilter = await call(
      'GET',
      `/api/admin/users?filter=${encodeURIComponent('{"passwordHash":"x"}')}`,
    );
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json<{ error: { message: string } }>().error.message).toMatch(
      /Фильтр «passwordHash».*не поддерживается/,
    );

    const badFilterJson = await call('GET', '/api/admin/products?filter={oops');
    expect(badFilterJson.statusCode).toBe(400);
    const badSort = await call('GET', '/api/admin/products?sort=["description","ASC"]');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json<{ error: { message: string } }>().error.message).toBe(
      'Сортировка по полю «Описание» не поддерживается',
    );
    const badRange = await call('GET', '/api/admin/products?range=[0,5000]');
    expect(badRange.statusCode).toBe(400);

    const duplicate = await call('POST', '/api/admin/products', {
      title: 'Дубль',
      slug,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: { message: 'Значение поля «Адрес (slug)» уже занято другой записью' },
    });

    // A failure in a child row rolls back the parent too.
    const dupArticle = await call('POST', '/api/admin/products', {
      title: 'Новый',
      slug: 'novyi',
      offers: [{ article: articles[0], basePrice: 1 }],
    });
    expect(dupArticle.statusCode).toBe(409);
    expect(await count('products')).toBe(products);

    const badRef = await call('POST', '/api/admin/products', {
      title: 'Т',
      slug: 'bad-ref',
      categoryIds: [999999],
    });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json<{ error: { message: string } }>().error.message).toContain(
      '«Категории»: нет записей с номерами 999999',
    );
    expect(await count('products')).toBe(products);

    const update = await call('PUT', `/api/admin/products/${productId}`, { title: '' });
    expect(update.statusCode).toBe(400);
    expect((await call('GET', `/api/admin/products/${productId}`)).json<{ title: string }>().title).toBe(
      'Ресницы Норка микс',
    );
  });

  it('every admin resource refuses bad bodies and filters in Russian and writes nothing', async () => {
    for (const def of resources.filter((r) => r.admin)) {
      const base = `/api/admin/${def.resource}`;
      const before = await count(def.resource);
      if (def.access.create.length === 0) {
        // Records only a service makes (orders): closed before the body is looked at.
        expect((await call('POST', base, { unknownField: 1 })).statusCode, def.resource).toBe(403);
      } else {
        const unknown = await call('POST', base, { unknownField: 1 });
        expect(unknown.statusCode, def.resource).toBe(400);
        expect(unknown.json<{ error: { message: string } }>().error.message).toMatch(/^Проверьте данные: /);
        const wrongType = await call('POST', base, {
          id: 1,
          [def.fields.find((f) => !f.readOnly && f.kind !== 'string')?.name ?? 'x']: 'текст',
        });
        expect(wrongType.statusCode, def.resource).toBe(400);
        const malformed = await call('POST', base, '{"a":');
        expect(malformed.statusCode, def.resource).toBe(400);
      }
      const filter = await call('GET', `${base}?filter=${encodeURIComponent('{"noSuchField":1}')}`);
      expect(filter.statusCode, def.resource).toBe(400);
      expect(filter.json<{ error: { message: string } }>().error.message).toContain('не поддерживается');
      expect(await count(def.resource), def.resource).toBe(before);
    }
  });

  it('answers 404 for an unknown id and 409 when deleting a referenced row', async () => {
    expect((await call('GET', '/api/admin/products/999999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/products/999999', { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/products/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/products/abc')).statusCode).toBe(400);
    const parent = (
      await call('POST', '/api/admin/product-categories', { title: 'Клей', slug: 'klei' })
    ).json<{ id: number }>();
    const child = await call('POST', '/api/admin/product-categories', {
      title: 'Клей для чувствительных глаз',
      slug: 'klei-sens',
      parentId: parent.id,
    });
    expect(child.statusCode).toBe(201);
    const del = await call('DELETE', `/api/admin/product-categories/${parent.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json<{ error: { message: string } }>().error.message).toBe(
      'Нельзя удалить: на эту запись ссылаются записи раздела «Категории товаров»',
    );
  });

  it('deletes a record with its child rows', async () => {
    const { n, articles, productId } = await newProduct();
    const res = await call('DELETE', `/api/admin/products/${productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: number }>().id).toBe(productId);
    expect((await call('GET', `/api/admin/products/${productId}`)).statusCode).toBe(404);
    const reuse = await call('POST', '/api/admin/products', {
      title: 'Снова',
      slug: `snova-${n}`,
      offers: [{ article: articles[0], basePrice: 1 }],
    });
    expect(reuse.statusCode).toBe(201);
  });

  it('closes an action declared for nobody, the administrator included; fills a password hash through a hook', async () => {
    // Orders are placed from a cart (sales/place-order.ts), never typed in: "create": [] in their schema.
    const order = await call('POST', '/api/admin/orders', {
      customerName: 'Анна',
      customerPhone: '+79991234567',
    });
    expect(order.statusCode).toBe(403);
    const user = await call('POST', '/api/admin/users', {
      email: 'Master@Example.ru',
      name: 'Мастер',
      password: 'secret-pass-1',
    });
    expect(user.statusCode).toBe(201);
    expect(user.json()).not.toHaveProperty('passwordHash');
    expect(user.json()).not.toHaveProperty('password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'master@example.ru', password: 'secret-pass-1' },
    });
    expect(login.statusCode).toBe(200);
  });
});
