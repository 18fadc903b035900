// The catalogue's endpoints: the public listing, category and product pages, the stock notice; and the
// admin's bulk offers and category moves (under /api/admin).
import { api, contract, envelope, failure, idParams, INT4_MAX, pageOf, slugParams } from './contract';

const TAGS = ['Каталог'];

export const categoriesTree = contract({
  name: 'catalog.categoriesTree',
  method: 'GET',
  path: '/categories/tree',
  tags: TAGS,
  summary: 'Дерево активных категорий (спец. §7)',
  response: { 200: envelope({ type: 'array', items: api('category-node') }) },
});

/**
 * The listing (search, category, filters, favourites). The client's searchProducts, listProducts build its
 * `filter[…]` query (client/src/index.ts productListQuery).
 */
export const productsSearch = contract({
  name: 'catalog.productsSearch',
  method: 'GET',
  path: '/products/search',
  tags: TAGS,
  summary: 'Товары: поиск, категория, фильтры, избранное (спец. §7: perPage=7&page=1&filter[search]=…)',
  query: api('product-list-query'),
  response: {
    200: pageOf(
      { type: 'array', items: api('search-product') },
      // The total is TOTAL_CAP and there are more ("более 1000").
      {
        totalCapped: { type: 'boolean' },
        // With filter[search]: the query as it was read when a word was read otherwise than typed
        // (another keyboard layout, a transliteration, a typo's correction), else null.
        searchedFor: { type: ['string', 'null'] },
      },
    ),
  },
});

export const productsFacets = contract({
  name: 'catalog.productsFacets',
  method: 'GET',
  path: '/products/facets',
  tags: TAGS,
  summary: 'Фильтры списка товаров со счётчиками (тот же запрос, что у /products/search)',
  query: api('product-list-query'),
  response: { 200: envelope(api('product-facets')) },
});

export const category = contract({
  name: 'catalog.category',
  method: 'GET',
  path: '/catalog/categories/:slug',
  tags: TAGS,
  summary: 'Страница категории: описание, SEO, путь, подкатегории',
  params: slugParams,
  response: { 200: envelope(api('catalog-category')) },
});

export const product = contract({
  name: 'catalog.product',
  method: 'GET',
  path: '/products/:slug',
  tags: TAGS,
  summary: 'Товар для его страницы: варианты, бренд, категории, отзывы',
  params: slugParams,
  response: { 200: envelope(api('product-page')) },
});

export const addReview = contract({
  name: 'catalog.addReview',
  method: 'POST',
  path: '/products/:slug/reviews',
  tags: TAGS,
  summary: 'Отзыв о товаре (для вошедших; публикуется после модерации)',
  params: slugParams,
  // Text fields are trimmed by the schema (x-trim): "   " is no review and no advantage.
  body: api('product-review-request'),
  response: { 201: envelope(api('review-created')) },
});

// ---- admin ----------------------------------------------------------------------------------------

/** Select products in the list → set the price, change it by a percentage, or set the stock of all offers. */
export const updateOffersInBulk = contract({
  name: 'adminCatalog.updateOffersInBulk',
  method: 'POST',
  path: '/admin/products/bulk-offers',
  tags: ['Товары'],
  summary: 'Цена и остаток всех вариантов выбранных товаров: новая цена, изменение в процентах, остаток',
  body: api('admin-bulk-offers-request'),
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['products', 'offers'],
      properties: {
        products: { type: 'integer', description: 'Сколько товаров изменено' },
        offers: { type: 'integer', description: 'Сколько их вариантов изменено' },
      },
    }),
  },
});

/** Drag a category: to another place among its siblings, or under another top-level category. */
export const moveCategory = contract({
  name: 'adminCatalog.moveCategory',
  method: 'POST',
  path: '/admin/product-categories/:id/move',
  tags: ['Категории товаров'],
  summary: 'Перенос категории: новое место среди соседних или под другую категорию верхнего уровня',
  params: idParams,
  body: api('admin-category-move-request'),
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'parentId', 'position'],
      properties: {
        id: { type: 'integer' },
        parentId: { type: ['integer', 'null'] },
        position: { type: 'integer', description: 'Место среди соседних, с 0' },
      },
    }),
  },
});

/** What «Сообщить о поступлении» answers: the request waits for the variant (a repeat answers the same). */
const NOTICE_STORED = {
  description: 'Запрос сохранён (или такой уже ждёт)',
  ...envelope({
    type: 'object',
    additionalProperties: false,
    required: ['status', 'email', 'phone'],
    properties: {
      status: { type: 'string', enum: ['waiting'] },
      email: { type: ['string', 'null'] },
      phone: { type: ['string', 'null'] },
    },
  }),
};

export const notifyStock = contract({
  name: 'catalog.notifyStock',
  method: 'POST',
  path: '/stock-notices',
  tags: TAGS,
  summary: 'Сообщить о поступлении варианта товара',
  description:
    'E-mail или телефон (+7XXXXXXXXXX) — хотя бы одно; письмо уходит на e-mail, а без него — SMS. ' +
    'Вариант должен быть на витрине и без остатка. Сначала проверяются поля, затем капча (она ' +
    'расходуется при любом ответе). Повторный запрос того же контакта на тот же вариант, пока первый ' +
    'ждёт, ничего не добавляет и отвечает так же. Сохраняет согласие на обработку данных.',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['offerId', 'captchaId', 'captchaPhrase'],
    properties: {
      offerId: { type: 'integer', minimum: 1, maximum: INT4_MAX, 'x-label': 'Вариант товара' },
      email: {
        type: ['string', 'null'],
        format: 'email',
        maxLength: 255,
        'x-label': 'E-mail',
        'x-trim': true,
      },
      phone: {
        type: ['string', 'null'],
        pattern: '^\\+7\\d{10}$',
        'x-label': 'Телефон',
        'x-trim': true,
        'x-messages': { pattern: 'введите номер полностью: +7 (900) 000-00-00' },
      },
      captchaId: { type: 'string', minLength: 1, maxLength: 64, 'x-label': 'Капча', 'x-trim': true },
      captchaPhrase: {
        type: 'string',
        minLength: 1,
        maxLength: 50,
        'x-label': 'Надпись с капчи',
        'x-trim': true,
      },
    },
  },
  response: {
    201: NOTICE_STORED,
    400: failure('Ошибки по полям; неверная капча — code captcha_invalid (поле captchaPhrase)'),
    404: failure('Такого варианта на витрине нет'),
    409: failure('Вариант уже в наличии'),
    429: failure('Слишком много запросов с этого адреса: «Повторите через N с.»'),
  },
});

export const profileNotifyStock = contract({
  name: 'profile.notifyStock',
  method: 'POST',
  path: '/profile/stock-notices',
  tags: TAGS,
  summary: 'Сообщить о поступлении варианта товара — покупателю с аккаунтом, в одно касание',
  description:
    'Письмо уйдёт на e-mail аккаунта: ни формы, ни капчи (покупатель уже вошёл, согласие на обработку ' +
    'данных дано при регистрации). Вариант должен быть на витрине и без остатка; повторный запрос на тот ' +
    'же вариант, пока первый ждёт, ничего не добавляет и отвечает так же.',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['offerId'],
    properties: {
      offerId: { type: 'integer', minimum: 1, maximum: INT4_MAX, 'x-label': 'Вариант товара' },
    },
  },
  response: {
    201: NOTICE_STORED,
    401: failure('Требуется вход'),
    404: failure('Такого варианта на витрине нет'),
    409: failure('Вариант уже в наличии'),
    429: failure('Слишком много запросов'),
  },
});
