// OpenAPI description of the content endpoints (content.ts), merged into /api/docs by docs.ts.
import articleCard from '../../../schemas/api/article-card.schema.json' with { type: 'json' };
import promotionCard from '../../../schemas/api/promotion-card.schema.json' with { type: 'json' };
import publicArticle from '../../../schemas/api/public-article.schema.json' with { type: 'json' };
import publicBanner from '../../../schemas/api/public-banner.schema.json' with { type: 'json' };
import publicPage from '../../../schemas/api/public-page.schema.json' with { type: 'json' };
import publicPromotion from '../../../schemas/api/public-promotion.schema.json' with { type: 'json' };
import publicSiteReview from '../../../schemas/api/public-site-review.schema.json' with { type: 'json' };
import representative from '../../../schemas/api/representative.schema.json' with { type: 'json' };
import siteReviewRequest from '../../../schemas/api/site-review-request.schema.json' with { type: 'json' };
import { apiError, component, envelope, json, list, ref } from '../http/openapi';

const paging = (perPage: number, max: number) => [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: max, default: perPage } },
];
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };
const notFound = apiError;
const TAG = ['Содержимое'];

export const CONTENT_DOC_PATHS = {
  '/api/pages/{*}': {
    get: {
      tags: TAG,
      summary: 'Опубликованная страница; адрес может содержать косую черту (payment-and-delivery/one_page)',
      parameters: [slug],
      responses: {
        200: { description: 'Страница, HTML очищен', ...envelope(ref('PublicPage')) },
        404: notFound('Страница не найдена'),
      },
    },
  },
  '/api/articles': {
    get: {
      tags: TAG,
      summary: 'Статьи раздела «Интересное»: опубликованные, новые первыми',
      parameters: paging(12, 50),
      responses: { 200: { description: 'Статьи', ...list(ref('ArticleCard')) } },
    },
  },
  '/api/articles/{slug}': {
    get: {
      tags: TAG,
      summary: 'Статья',
      parameters: [slug],
      responses: {
        200: { description: 'Статья, HTML очищен', ...envelope(ref('PublicArticle')) },
        404: notFound('Статья не найдена'),
      },
    },
  },
  '/api/promotions': {
    get: {
      tags: TAG,
      summary: 'Действующие акции',
      responses: {
        200: { description: 'Акции', ...envelope({ type: 'array', items: ref('PromotionCard') }) },
      },
    },
  },
  '/api/promotions/{slug}': {
    get: {
      tags: TAG,
      summary: 'Акция с её товарами (завершённая — с finished: true)',
      parameters: [slug],
      responses: {
        200: { description: 'Акция', ...envelope(ref('PublicPromotion')) },
        404: notFound('Акция не найдена'),
      },
    },
  },
  '/api/banners': {
    get: {
      tags: TAG,
      summary: 'Действующие баннеры по месту показа и порядку',
      parameters: [
        {
          name: 'position',
          in: 'query',
          schema: { type: 'string', enum: ['home_slider', 'home_promo', 'catalog_top', 'cart'] },
        },
      ],
      responses: {
        200: { description: 'Баннеры', ...envelope({ type: 'array', items: ref('PublicBanner') }) },
      },
    },
  },
  '/api/reviews/site': {
    get: {
      tags: TAG,
      summary: 'Опубликованные отзывы о магазине и средняя оценка',
      parameters: paging(10, 50),
      responses: {
        200: {
          description: 'Отзывы; meta.averageRating — средняя оценка опубликованных (null, если их нет)',
          ...list(ref('PublicSiteReview'), { averageRating: { type: ['number', 'null'] } }),
        },
      },
    },
    post: {
      tags: TAG,
      summary: 'Новый отзыв о магазине: сохраняется на модерацию',
      requestBody: { required: true, ...json(ref('SiteReviewRequest')) },
      responses: {
        201: {
          description: 'Отзыв принят',
          ...envelope({
            type: 'object',
            properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['pending'] } },
          }),
        },
        400: { description: 'Ошибки по полям', ...json(ref('ApiErrorBody')) },
      },
    },
  },
  '/api/representatives': {
    get: {
      tags: TAG,
      summary: 'Представители и магазины для страницы «Где купить»',
      responses: {
        200: {
          description: 'Точки с адресами и координатами',
          ...envelope({ type: 'array', items: ref('Representative') }),
        },
      },
    },
  },
};

export const CONTENT_DOC_SCHEMAS = {
  ArticleCard: component(articleCard),
  PromotionCard: component(promotionCard),
  PublicArticle: component(publicArticle),
  PublicBanner: component(publicBanner),
  PublicPage: component(publicPage),
  PublicPromotion: {
    ...(component(publicPromotion) as Record<string, unknown>),
    properties: {
      ...(component(publicPromotion.properties) as Record<string, unknown>),
      products: { type: 'array', items: ref('SearchProduct') },
    },
  },
  PublicSiteReview: component(publicSiteReview),
  Representative: component(representative),
  SiteReviewRequest: component(siteReviewRequest),
};
