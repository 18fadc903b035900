// Every public page of the storefront, fetched as plain HTML without a browser (what a search engine or a
// slow phone gets before any script runs): HTTP 200, its own title and heading, and its main content.
// Unknown addresses answer 404. The cart, checkout and account pages come with their own issues.
import { expect, test, type APIRequestContext } from '@playwright/test';

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function html(request: APIRequestContext, path: string, status = 200): Promise<string> {
  const res = await request.get(path, { headers: { 'user-agent': 'curl/8' } });
  expect(res.status(), path).toBe(status);
  expect(res.headers()['content-type'], path).toContain('text/html');
  return res.text();
}

/** The text of the page's first <h1>, tags stripped. */
function heading(page: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page);
  return (match?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
}

test('every public page is complete in the server-rendered HTML', async ({ request }) => {
  const [product] = await json<{ title: string; url: string }[]>(
    request,
    '/api/products/search?filter[categorySlug]=resnitsy&perPage=1',
  );
  const [articleCard] = await json<{ slug: string; title: string }[]>(request, '/api/articles');
  const [promotion] = await json<{ slug: string; title: string }[]>(request, '/api/promotions');
  const tree = await json<{ title: string; slug: string }[]>(request, '/api/categories/tree');

  const pages: { path: string; h1: RegExp | string; contains: string[] }[] = [
    { path: '/', h1: /наращивания и ламинирования ресниц/, contains: ['id="represent"', tree[0]!.title] },
    { path: '/catalog', h1: 'Каталог', contains: tree.map((c) => `/catalog/${c.slug}`) },
    { path: '/catalog/resnitsy', h1: 'Ресницы', contains: ['catalog__count', product!.url] },
    {
      path: product!.url,
      h1: product!.title,
      contains: ['application/ld+json', '"@type":"Product"', 'В корзину'],
    },
    { path: '/catalog-new', h1: 'Новинки', contains: ['/product/'] },
    {
      path: `/search?qwery=${encodeURIComponent('клей')}`,
      h1: 'Результаты поиска «клей»',
      contains: ['/product/'],
    },
    { path: '/favorites', h1: 'Избранное', contains: [] },
    { path: '/promotions', h1: 'Акции', contains: [`/promotions/${promotion!.slug}`] },
    { path: `/promotions/${promotion!.slug}`, h1: promotion!.title, contains: [] },
    { path: '/company', h1: 'О компании', contains: [] },
    { path: '/company/consent', h1: /Согласие на обработку персональных данных/, contains: [] },
    { path: '/company/reviews', h1: 'Отзывы о магазине', contains: ['<form'] },
    { path: '/company/activity', h1: 'Деятельность', contains: [] },
    {
      path: '/company/interesting',
      h1: 'Интересное',
      contains: [`/company/interesting/${articleCard!.slug}`],
    },
    { path: `/company/interesting/${articleCard!.slug}`, h1: articleCard!.title, contains: [] },
    { path: '/loyalty', h1: 'Программа лояльности', contains: [] },
    { path: '/contacts', h1: 'Контакты', contains: ['tel:'] },
    { path: '/where-buy', h1: 'Где купить', contains: [] },
    { path: '/payment-and-delivery', h1: 'Оплата и доставка', contains: ['/payment-and-delivery/one_page'] },
    { path: '/payment-and-delivery/one_page', h1: /Оплата/, contains: [] },
    { path: '/payment-and-delivery/two_page', h1: /Доставка/, contains: [] },
    { path: '/payment-and-delivery/tree_page', h1: /Возврат и обмен/, contains: [] },
  ];
  for (const { path, h1, contains } of pages) {
    const page = await html(request, path);
    const text = heading(page);
    if (typeof h1 === 'string') expect(text, path).toBe(h1);
    else expect(text, path).toMatch(h1);
    expect(page, path).toMatch(/<title>[^<]+<\/title>/);
    expect(page, path).toMatch(/<meta name="description" content="[^"]+"/);
    expect(page, path).toContain('rel="canonical"');
    for (const piece of contains) expect(page, `${path} holds ${piece}`).toContain(piece);
  }
});

test('unknown addresses, categories and products answer 404 with the spec page', async ({ request }) => {
  for (const path of ['/no-such-page', '/catalog/no-such-category', '/catalog/resnitsy/product/nope']) {
    const page = await html(request, path, 404);
    expect(page, path).toContain('Ошибка 404');
    expect(page, path).toContain('Страница не найдена');
    expect(page, path).toContain('Неправильно набран адрес или такой страницы не существует');
  }
});

test('the footer links the privacy policy as a PDF that the server makes from the page text', async ({
  request,
}) => {
  const home = await html(request, '/');
  const footer = home.slice(home.indexOf('<footer'));
  expect(footer).toMatch(/<a href="\/privacy-policy\.pdf"[^>]*>Политика конфиденциальности<\/a>/);
  const pdf = await request.get('/privacy-policy.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
