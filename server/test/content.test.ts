// The content API on the demo shop: pages, articles, promotions, banners, site reviews (reading and
// sending one for moderation) and representatives, on PGlite and, when configured, PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, banners, pages, promotions, siteReviews, userGroups } from '../generated/tables';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (n: number) => new Date(Date.now() + n * DAY);

describeOnDatabases('content API on $name', (target) => {
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
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('pages', () => {
    it('GET /api/pages/:slug answers a published page with its SEO fields', async () => {
      const { data } = await get<{ data: Record<string, unknown> }>('/api/pages/company');
      expect(Object.keys(data).sort()).toEqual([
        'content',
        'seoDescription',
        'seoTitle',
        'slug',
        'title',
        'updatedAt',
      ]);
      expect(data).toMatchObject({ slug: 'company', title: 'О компании', seoTitle: expect.any(String) });
      expect(data.content).toContain('<h2>');
    });

    it('takes slugs with a slash, written as a path or encoded', async () => {
      for (const url of [
        '/api/pages/payment-and-delivery/one_page',
        '/api/pages/payment-and-delivery%2Fone_page',
      ]) {
        const { data } = await get<{ data: { slug: string; title: string } }>(url);
        expect(data).toMatchObject({ slug: 'payment-and-delivery/one_page', title: 'Оплата' });
      }
    });

    it('answers 404 in Russian for unknown, malformed and unpublished pages', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/pages/no-such-page' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Страница не найдена' } });
      expect(await status('/api/pages/..%2Fadmin')).toBe(404);
      expect(await status('/api/pages/')).toBe(404);
      await t.database.db.insert(pages).values({ slug: 'draft-page', title: 'Черновик', active: false });
      expect(await status('/api/pages/draft-page')).toBe(404);
    });

    it('cleans the HTML an administrator saved: no scripts, handlers or javascript: links', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/pages',
        headers: { authorization: t.adminToken },
        payload: {
          slug: 'xss-check',
          title: 'Проверка',
          content:
            '<p onclick="steal()">Текст <b>жирный</b></p><script>alert(1)</script>' +
            '<img src=x onerror=alert(2) alt="Фото"><a href="javascript:alert(3)">ссылка</a>' +
            '<iframe src="https://evil.example"></iframe><a href="/catalog">каталог</a>',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = await get<{ data: { content: string } }>('/api/pages/xss-check');
      expect(data.content).toBe(
        '<p>Текст <b>жирный</b></p><img src="x" alt="Фото"><a>ссылка</a><a href="/catalog">каталог</a>',
      );
    });
  });

  describe('articles', () => {
    it('GET /api/articles lists published articles, newest first, paginated', async () => {
      const all = await get<{
        data: { slug: string; publishedAt: string; coverUrl: string | null }[];
        meta: { total: number; page: number; perPage: number };
      }>('/api/articles');
      expect(all.meta).toEqual({ total: 5, page: 1, perPage: 12 });
      const dates = all.data.map((a) => Date.parse(a.publishedAt));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect(all.data[0]!.coverUrl).toMatch(/^\/uploads\//);
      expect(Object.keys(all.data[0]!).sort()).toEqual([
        'announce',
        'coverUrl',
        'id',
        'publishedAt',
        'slug',
        'title',
      ]);
      const second = await get<{ data: { slug: string }[] }>('/api/articles?perPage=2&page=2');
      expect(second.data.map((a) => a.slug)).toEqual(all.data.slice(2, 4).map((a) => a.slug));
      expect(await status('/api/articles?perPage=0')).toBe(400);
    });

    it('hides drafts, future and inactive articles, in the list and by slug', async () => {
      await t.database.db.insert(articles).values([
        { slug: 'chernovik', title: 'Черновик', publishedAt: null },
        { slug: 'budushchaya', title: 'Будущая', publishedAt: daysFromNow(3) },
        { slug: 'skrytaya', title: 'Скрытая', publishedAt: daysFromNow(-1), active: false },
      ]);
      const list = await get<{ data: { slug: string }[]; meta: { total: number } }>('/api/articles');
      expect(list.meta.total).toBe(5);
      for (const slug of ['chernovik', 'budushchaya', 'skrytaya']) {
        expect(list.data.map((a) => a.slug)).not.toContain(slug);
        expect(await status(`/api/articles/${slug}`)).toBe(404);
      }
    });

    it('GET /api/articles/:slug answers the article with cleaned content', async () => {
      const { data } = await get<{ data: Record<string, unknown> }>(
        '/api/articles/kak-podobrat-izgib-resnits',
      );
      expect(data).toMatchObject({
        slug: 'kak-podobrat-izgib-resnits',
        title: expect.stringContaining('изгиб'),
        seoDescription: expect.any(String),
      });
      expect(data.content).toContain('<h2>');
      const res = await t.app.inject({ method: 'GET', url: '/api/articles/net-takoy' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found', message: 'Статья не найдена' } });
    });
  });

  describe('promotions', () => {
    it('GET /api/promotions lists running promotions only', async () => {
      await t.database.db.insert(promotions).values([
        { slug: 'proshla', title: 'Прошла', startsAt: daysFromNow(-30), endsAt: daysFromNow(-1) },
        { slug: 'skoro', title: 'Скоро', startsAt: daysFromNow(2) },
        { slug: 'vyklyuchena', title: 'Выключена', active: false },
        { slug: 'bessrochnaya', title: 'Бессрочная', sortOrder: 1 },
      ]);
      const { data } = await get<{ data: { slug: string }[] }>('/api/promotions');
      expect(data.map((p) => p.slug)).toEqual([
        'bessrochnaya',
        'nedelya-easy-fan',
        'podarok-k-zakazu',
        'kley-dlya-chuvstvitelnyh-glaz-skidka',
      ]);
    });

    it('GET /api/promotions/:slug answers the promotion with its products', async () => {
      const { data } = await get<{
        data: { finished: boolean; content: string; products: Record<string, unknown>[] };
      }>('/api/promotions/nedelya-easy-fan');
      expect(data.finished).toBe(false);
      expect(data.content).toContain('<p>');
      expect(data.products.length).toBeGreaterThan(0);
      for (const p of data.products) {
        expect(p).toMatchObject({
          url: expect.stringMatching(/^\/catalog\/[a-z0-9-]+\/product\/[a-z0-9-]+$/),
          salePrice: expect.any(Number),
          basePrice: expect.any(Number),
        });
      }
      // The products come in the order the administrator set.
      const [row] = await t.database.db
        .select({ ids: promotions.productIds })
        .from(promotions)
        .where(eq(promotions.slug, 'nedelya-easy-fan'));
      expect(data.products.map((p) => p.id)).toEqual(row!.ids.slice(0, data.products.length));
    });

    it('an ended promotion keeps its page marked finished; a future or inactive one is not found', async () => {
      const ended = await get<{ data: { finished: boolean } }>('/api/promotions/proshla');
      expect(ended.data.finished).toBe(true);
      expect(await status('/api/promotions/skoro')).toBe(404);
      expect(await status('/api/promotions/vyklyuchena')).toBe(404);
      const res = await t.app.inject({ method: 'GET', url: '/api/promotions/net-takoy' });
      expect(res.json()).toMatchObject({ error: { code: 'not_found', message: 'Акция не найдена' } });
    });
  });

  describe('banners', () => {
    it('GET /api/banners answers current banners of a position in sort order', async () => {
      await t.database.db.insert(banners).values([
        { title: 'Старый', imageDesktopUrl: '/x.webp', endsAt: daysFromNow(-1), sortOrder: 1 },
        { title: 'Выключен', imageDesktopUrl: '/y.webp', active: false, sortOrder: 1 },
        { title: 'Каталог', imageDesktopUrl: '/z.webp', position: 'catalog_top' },
      ]);
      const { data } = await get<{ data: Record<string, unknown>[] }>('/api/banners?position=home_slider');
      expect(data).toHaveLength(3);
      expect(Object.keys(data[0]!).sort()).toEqual([
        'alt',
        'buttonLabel',
        'headline',
        'id',
        'imageDesktopUrl',
        'imageMobileUrl',
        'link',
        'openInNewTab',
        'position',
        'text',
        'textTheme',
      ]);
      expect(data.every((b) => b.position === 'home_slider')).toBe(true);
      // The demo banners' words are fields, their pictures plain backgrounds drawn without lettering.
      expect(data[0]).toMatchObject({
        headline: 'Лёгкие ресницы Easy fan',
        // Dated by its promotion's end (seed.test.ts checks the day), never «до конца месяца».
        text: expect.stringMatching(/^Пучок за одно касание — скидка 15\u00a0% до \d{1,2} [а-я]+$/),
        buttonLabel: 'Подробнее',
        textTheme: 'light',
        imageDesktopUrl: expect.stringMatching(/desktop-bg\.webp$/),
        imageMobileUrl: expect.stringMatching(/mobile-bg\.webp$/),
        link: '/promotions/nedelya-easy-fan',
      });
      expect(data[1]).toMatchObject({ headline: 'Всё для ламинирования', textTheme: 'dark' });
      const everything = await get<{ data: { position: string }[] }>('/api/banners');
      expect(everything.data.map((b) => b.position)).toEqual([
        'catalog_top',
        'home_slider',
        'home_slider',
        'home_slider',
      ]);
      expect(await status('/api/banners?position=sidebar')).toBe(400);
    });

    it('carries the texts an administrator saves, and empty ones as null with the dark theme by default', async () => {
      const created = await post(
        '/api/admin/banners',
        {
          title: 'Зимняя распродажа',
          headline: 'Распродажа до −30 %',
          text: 'Ресницы, клей и пинцеты',
          buttonLabel: 'Смотреть',
          textTheme: 'light',
          imageDesktopUrl: '/uploads/banners/winter.webp',
          link: 'https://partner.example/sale',
          openInNewTab: true,
          position: 'cart',
        },
        { authorization: t.adminToken },
      );
      expect(created.statusCode, created.body).toBe(201);
      await t.database.db.insert(banners).values({
        title: 'Только картинка',
        imageDesktopUrl: '/uploads/banners/plain.webp',
        position: 'cart',
      });
      const { data } = await get<{ data: Record<string, unknown>[] }>('/api/banners?position=cart');
      expect(data).toEqual([
        {
          id: expect.any(Number),
          headline: 'Распродажа до −30 %',
          text: 'Ресницы, клей и пинцеты',
          buttonLabel: 'Смотреть',
          textTheme: 'light',
          imageDesktopUrl: '/uploads/banners/winter.webp',
          imageMobileUrl: null,
          alt: null,
          link: 'https://partner.example/sale',
          openInNewTab: true,
          position: 'cart',
        },
        {
          id: expect.any(Number),
          headline: null,
          text: null,
          buttonLabel: null,
          textTheme: 'dark',
          imageDesktopUrl: '/uploads/banners/plain.webp',
          imageMobileUrl: null,
          alt: null,
          link: null,
          openInNewTab: false,
          position: 'cart',
        },
      ]);
    });
  });

  describe('site reviews', () => {
    it('GET /api/reviews/site answers published reviews with the average rating', async () => {
      const res = await get<{
        data: Record<string, unknown>[];
        meta: { total: number; page: number; perPage: number; averageRating: number };
      }>('/api/reviews/site?perPage=5');
      const published = await t.database.db
        .select({ rating: siteReviews.rating })
        .from(siteReviews)
        .where(eq(siteReviews.status, 'published'));
      const average = published.reduce((s, r) => s + r.rating, 0) / published.length;
      expect(res.meta).toEqual({
        total: published.length,
        page: 1,
        perPage: 5,
        averageRating: Math.round(average * 10) / 10,
      });
      expect(res.data).toHaveLength(5);
      expect(Object.keys(res.data[0]!).sort()).toEqual([
        'answer',
        'answeredAt',
        'authorName',
        'city',
        'createdAt',
        'id',
        'rating',
        'text',
      ]);
      // The seeded review awaiting moderation is not shown.
      const all = await get<{ data: { authorName: string }[] }>('/api/reviews/site?perPage=50');
      expect(all.data.map((r) => r.authorName)).not.toContain('Софья');
    });

    it('POST /api/reviews/site stores a review for moderation', async () => {
      const res = await post('/api/reviews/site', {
        name: '  Ирина ',
        city: '',
        rating: 5,
        text: 'Заказ пришёл на следующий день, всё аккуратно упаковано.',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { data } = res.json<{ data: { id: number; status: string } }>();
      expect(data.status).toBe('pending');
      const [row] = await t.database.db.select().from(siteReviews).where(eq(siteReviews.id, data.id));
      expect(row).toMatchObject({
        authorName: 'Ирина',
        city: null,
        rating: 5,
        status: 'pending',
        userId: null,
      });
      const list = await get<{ data: { id: number }[] }>('/api/reviews/site?perPage=50');
      expect(list.data.map((r) => r.id)).not.toContain(data.id);
    });

    it('a signed-in visitor’s review is linked to them, and a visitor cannot publish it', async () => {
      const res = await post(
        '/api/reviews/site',
        { name: 'Админ', rating: 4, text: 'Проверка связи с пользователем.', status: 'published' },
        { authorization: t.adminToken },
      );
      // "status" is not a field of the request: refused, nothing stored.
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        status: 'Неизвестное поле',
      });
      const ok = await post(
        '/api/reviews/site',
        { name: 'Админ', rating: 4, text: 'Проверка связи с пользователем.' },
        { authorization: t.adminToken },
      );
      expect(ok.statusCode).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(siteReviews)
        .where(eq(siteReviews.id, ok.json<{ data: { id: number } }>().data.id));
      expect(row!.userId).toEqual(expect.any(Number));
    });

    it('refuses invalid reviews with Russian messages per field', async () => {
      const res = await post('/api/reviews/site', { name: '   ', rating: 7, text: 'ok' });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe('bad_request');
      expect(body.error.fields).toEqual({
        name: 'Не короче 2 символов',
        rating: 'Не больше 5',
        text: 'Не короче 10 символов',
      });
      expect(body.error.message).toContain('«Имя»');
      const missing = await post('/api/reviews/site', {});
      expect(missing.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        name: 'Обязательное поле',
        rating: 'Обязательное поле',
        text: 'Обязательное поле',
      });
      const wrongType = await post('/api/reviews/site', {
        name: 'Аня',
        rating: '5',
        text: 'Десять символов',
      });
      expect(wrongType.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        rating: 'Должно быть целым числом',
      });
      const notObject = await t.app.inject({
        method: 'POST',
        url: '/api/reviews/site',
        payload: '[1]',
        headers: { 'content-type': 'application/json' },
      });
      expect(notObject.statusCode).toBe(400);
    });
  });

  describe('representatives', () => {
    it('GET /api/representatives answers active groups shown on the map, by city', async () => {
      await t.database.db.insert(userGroups).values([
        { title: 'Скрытый', showOnMap: false, isRepresentative: true, city: 'Архангельск' },
        { title: 'Неактивный', showOnMap: true, active: false, city: 'Архангельск' },
        { title: 'Магазин в Омске', showOnMap: true, city: 'Омск', latitude: 54.98, longitude: 73.37 },
      ]);
      const { data } = await get<{ data: Record<string, unknown>[] }>('/api/representatives');
      expect(data.map((g) => g.city)).toEqual([
        'Екатеринбург',
        'Казань',
        'Новосибирск',
        'Омск',
        'Санкт-Петербург',
      ]);
      expect(data[0]).toMatchObject({
        isRepresentative: true,
        address: expect.any(String),
        phone: expect.stringMatching(/^\+7/),
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
      expect(data.find((g) => g.city === 'Омск')).toMatchObject({ isRepresentative: false });
    });
  });

  it('describes the content endpoints in OpenAPI', async () => {
    const doc = await get<{ paths: Record<string, object>; components: { schemas: Record<string, object> } }>(
      '/api/docs/json',
    );
    for (const path of [
      '/api/pages/{*}',
      '/api/articles',
      '/api/articles/{slug}',
      '/api/promotions',
      '/api/promotions/{slug}',
      '/api/banners',
      '/api/reviews/site',
      '/api/representatives',
    ])
      expect(doc.paths).toHaveProperty([path]);
    for (const name of ['PublicPage', 'PublicPromotion', 'SiteReviewRequest', 'Representative'])
      expect(doc.components.schemas).toHaveProperty([name]);
    expect(JSON.stringify(doc.components.schemas.SiteReviewRequest)).not.toContain('x-label');
  });

  it('GET /api/site/settings gives the contacts page its legal details and map point', async () => {
    const { data } = await get<{ data: Record<string, unknown> }>('/api/site/settings');
    expect(data).toMatchObject({
      kpp: expect.stringMatching(/^\d{9}$/),
      legalAddress: expect.any(String),
      mapLatitude: expect.any(Number),
      mapLongitude: expect.any(Number),
    });
  });
});
