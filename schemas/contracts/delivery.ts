// Delivery's public endpoints: the cities the checkout suggests and the pickup points of a service in a
// city (server/src/domains/delivery/routes.ts). The cart's own city is a change of the cart (sales/cart.ts).
import { api, contract, envelope, failure, idParams } from './contract';

const TAGS = ['Доставка'];

export const deliveryCities = contract({
  name: 'delivery.cities',
  method: 'GET',
  path: '/delivery/cities',
  tags: TAGS,
  summary: 'Города для выбора при оформлении заказа: по первым буквам названия',
  query: {
    type: 'object',
    required: ['q'],
    properties: { q: { type: 'string', minLength: 1, maxLength: 100, 'x-label': 'Начало названия города' } },
  },
  response: {
    200: envelope({ type: 'array', items: api('delivery-city') }),
    429: failure('Слишком много запросов'),
  },
});

export const deliveryPoints = contract({
  name: 'delivery.points',
  method: 'GET',
  path: '/delivery/services/:id/points',
  tags: TAGS,
  summary: 'Пункты выдачи службы доставки в городе',
  description:
    'Список для карты и поиска при оформлении. unavailable — служба доставки сейчас не ответила: ' +
    'покупатель может указать адрес пункта сам.',
  params: idParams,
  query: {
    type: 'object',
    required: ['city'],
    properties: {
      city: { type: 'string', minLength: 1, maxLength: 100, 'x-label': 'Город' },
      postalCode: { type: 'string', pattern: '^[0-9]{6}$', 'x-label': 'Индекс' },
    },
  },
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['points', 'unavailable'],
      properties: {
        points: { type: 'array', items: api('pickup-point') },
        unavailable: { type: 'boolean' },
      },
    }),
    404: failure('Нет такого способа доставки'),
    429: failure('Слишком много запросов'),
  },
});
