// The content's endpoints: the public pages, articles, promotions, banners, site reviews and
// representatives; the admin's image uploads (under /api/admin).
import { api, contract, envelope, pageOf, pagingQuery, slugParams } from './contract';

const TAGS = ['Содержимое'];

/** The places a banner is shown in (the server reads them too). */
export const BANNER_POSITIONS = ['home_slider', 'home_promo', 'catalog_top', 'cart'] as const;

// A page's slug may hold slashes (payment-and-delivery/one_page): the rest of the path is the slug.
export const page = contract({
  name: 'content.page',
  method: 'GET',
  path: '/pages/*',
  tags: TAGS,
  summary: 'Опубликованная страница; адрес может содержать косую черту (payment-and-delivery/one_page)',
  params: {
    type: 'object',
    properties: { '*': { type: 'string', 'x-label': 'Адрес страницы' } },
  },
  response: { 200: envelope(api('public-page')) },
});

export const articles = contract({
  name: 'content.articles',
  method: 'GET',
  path: '/articles',
  tags: TAGS,
  summary: 'Статьи раздела «Интересное»: опубликованные, новые первыми',
  query: pagingQuery({ default: 12, max: 50 }),
  response: { 200: pageOf({ type: 'array', items: api('article-card') }) },
});

export const article = contract({
  name: 'content.article',
  method: 'GET',
  path: '/articles/:slug',
  tags: TAGS,
  summary: 'Статья, HTML очищен',
  params: slugParams,
  response: { 200: envelope(api('public-article')) },
});

export const promotions = contract({
  name: 'content.promotions',
  method: 'GET',
  path: '/promotions',
  tags: TAGS,
  summary: 'Действующие акции',
  response: { 200: envelope({ type: 'array', items: api('promotion-card') }) },
});

export const promotion = contract({
  name: 'content.promotion',
  method: 'GET',
  path: '/promotions/:slug',
  tags: TAGS,
  summary: 'Акция с её товарами (завершённая — с finished: true)',
  params: slugParams,
  response: { 200: envelope(api('public-promotion')) },
});

export const banners = contract({
  name: 'content.bannerList',
  method: 'GET',
  path: '/banners',
  tags: TAGS,
  summary: 'Действующие баннеры по месту показа и порядку',
  query: {
    type: 'object',
    properties: {
      position: {
        type: 'string',
        enum: [...BANNER_POSITIONS],
        'x-label': 'Место показа',
        'x-messages': { enum: `Ожидается одно из: ${BANNER_POSITIONS.join(', ')}` },
      },
    },
  },
  response: { 200: envelope({ type: 'array', items: api('public-banner') }) },
});

/** A page of published site reviews: the list's meta also carries the average rating of all of them. */
export const siteReviews = contract({
  name: 'content.siteReviews',
  method: 'GET',
  path: '/reviews/site',
  tags: TAGS,
  summary: 'Опубликованные отзывы о магазине и средняя оценка',
  query: pagingQuery({ default: 10, max: 50 }),
  response: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['data', 'meta'],
      properties: {
        data: { type: 'array', items: api('public-site-review') },
        meta: {
          type: 'object',
          additionalProperties: false,
          required: ['total', 'page', 'perPage', 'averageRating'],
          properties: {
            total: { type: 'integer' },
            page: { type: 'integer' },
            perPage: { type: 'integer' },
            averageRating: {
              type: ['number', 'null'],
              description: 'Средняя оценка опубликованных отзывов, null — если их нет',
            },
          },
        },
      },
    },
  },
});

export const sendSiteReview = contract({
  name: 'content.sendSiteReview',
  method: 'POST',
  path: '/reviews/site',
  tags: TAGS,
  summary: 'Новый отзыв о магазине: сохраняется на модерацию',
  body: api('site-review-request'),
  response: { 201: envelope(api('review-created')) },
});

export const representatives = contract({
  name: 'content.representatives',
  method: 'GET',
  path: '/representatives',
  tags: TAGS,
  summary: 'Представители и магазины для страницы «Где купить»',
  response: { 200: envelope({ type: 'array', items: api('representative') }) },
});

// ---- admin ----------------------------------------------------------------------------------------

/** The most files one upload takes (the server's multipart limit; the description says so). */
export const MAX_UPLOAD_FILES = 50;

// A multipart form, read file by file by the handler: no JSON body to declare, only what it answers (the
// client sends its FormData as the request's `data`).
export const uploadImages = contract({
  name: 'adminContent.uploadImages',
  method: 'POST',
  path: '/admin/uploads',
  tags: ['Изображения'],
  summary: 'Загрузка изображений (JPEG, PNG, WebP, AVIF, GIF; до 10 МБ каждое): все или ни одного',
  description: `Форма multipart/form-data, до ${MAX_UPLOAD_FILES} файлов за раз.`,
  response: { 200: envelope({ type: 'array', items: api('admin-uploaded-image') }) },
});
