// The feeds' endpoints (server/src/domains/feeds): the YML feed's state for the admin. The feed itself is
// served outside /api, at the address of the settings (/yml.xml by default).
import { contract, envelope } from './contract';

const nullableInt = { type: ['integer', 'null'] } as const;
const nullableText = { type: ['string', 'null'] } as const;

/** One offer (or product) left out of the feed, and why. */
const feedWarning = {
  type: 'object',
  additionalProperties: false,
  required: ['reason', 'text', 'productId', 'productTitle', 'offerId', 'article'],
  properties: {
    reason: {
      type: 'string',
      enum: ['no_offers', 'no_category', 'no_picture', 'no_brand', 'no_price', 'same_params', 'shop_name'],
    },
    text: { type: 'string', description: 'Причина по-русски' },
    productId: nullableInt,
    productTitle: nullableText,
    offerId: nullableInt,
    article: nullableText,
  },
} as const;

export const ymlFeedState = contract({
  name: 'adminFeeds.ymlState',
  method: 'GET',
  path: '/admin/feeds/yml',
  tags: ['Фиды'],
  summary: 'Фид для Яндекс Маркета и Директа: адрес, последняя сборка, число предложений и что не вошло',
  description:
    'Собирает фид заново, если каталог изменился с последней сборки. Фид собирается и тогда, когда он ' +
    'выключен в настройках: предупреждения можно разобрать до включения.',
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'url', 'protected', 'build'],
      properties: {
        enabled: { type: 'boolean', description: 'Фид включён в настройках' },
        url: { type: 'string', description: 'Полный адрес фида для кабинета Маркета или Директа' },
        protected: { type: 'boolean', description: 'Заданы логин и пароль: фид отдаётся по HTTP Basic' },
        build: {
          type: 'object',
          additionalProperties: false,
          required: [
            'date',
            'checkedAt',
            'offers',
            'products',
            'bytes',
            'gzipBytes',
            'buildMs',
            'warningsTotal',
            'reasons',
            'warnings',
          ],
          properties: {
            date: { type: 'string', format: 'date-time', description: 'Дата фида (атрибут date)' },
            checkedAt: {
              type: 'string',
              format: 'date-time',
              description: 'Когда каталог прочитан последний раз',
            },
            offers: { type: 'integer' },
            products: { type: 'integer' },
            bytes: { type: 'integer' },
            gzipBytes: { type: 'integer' },
            buildMs: { type: 'integer' },
            warningsTotal: { type: 'integer' },
            reasons: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['reason', 'text', 'count'],
                properties: {
                  reason: feedWarning.properties.reason,
                  text: { type: 'string' },
                  count: { type: 'integer' },
                },
              },
            },
            warnings: { type: 'array', items: feedWarning, description: 'Первые 200 предупреждений' },
          },
        },
      },
    }),
  },
});
