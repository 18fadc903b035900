// The cart's endpoints (server/src/domains/sales/cart-routes.ts). Every answer is the whole cart as the pricing
// engine priced it; a guest's first change answers the new cart's token once.
import { api, contract, envelope, failure, idParams, INT4_MAX } from '../contract';

const TAGS = ['Корзина'];
const CART = envelope(api('cart'));
/** What every change of the cart may answer. */
const CHANGED = {
  200: CART,
  400: failure('Товара нет, он не продаётся, его не хватает на складе, или данные неверны'),
  404: failure('В корзине нет такой строки'),
  429: failure('Слишком много изменений корзины'),
};

export const cartGet = contract({
  name: 'cart.get',
  method: 'GET',
  path: '/cart',
  tags: TAGS,
  summary: 'Корзина: строки с ценами, скидки, купон, бонусы, доставка, итоги',
  description:
    'С deliveryServiceId и paymentServiceId корзина посчитана так, как её оформит заказ: с ценой ' +
    'этой доставки и способами оплаты, которые она допускает.',
  query: {
    type: 'object',
    properties: {
      deliveryServiceId: { type: 'integer', minimum: 1, maximum: INT4_MAX, 'x-label': 'Способ доставки' },
      paymentServiceId: { type: 'integer', minimum: 1, maximum: INT4_MAX, 'x-label': 'Способ оплаты' },
      withCarriers: {
        type: 'boolean',
        'x-label': 'Цены служб доставки',
        description:
          'Цены и сроки доставки в город корзины по расчёту служб (СДЭК, Почта России, зоны курьера); ' +
          'без него — фиксированные цены способов доставки, и службы не спрашиваются.',
      },
    },
  },
  response: { 200: CART },
});

export const cartSetDestination = contract({
  name: 'cart.setDestination',
  method: 'PUT',
  path: '/cart/destination',
  tags: TAGS,
  summary: 'Город доставки: корзина запоминает его и считает доставку для него',
  description:
    'Ответ — корзина с ценами и сроками служб доставки для этого города. Город остаётся у корзины: ' +
    'при следующем визите (и у покупателя с аккаунтом — на любом устройстве) его не нужно выбирать снова.',
  body: api('delivery-destination-request'),
  response: CHANGED,
});

export const cartAdd = contract({
  name: 'cart.add',
  method: 'POST',
  path: '/cart/items',
  tags: TAGS,
  summary: 'Положить товар в корзину (количество прибавляется)',
  body: api('cart-item-add-request'),
  response: CHANGED,
});

export const cartAddMany = contract({
  name: 'cart.addMany',
  method: 'POST',
  path: '/cart/items/many',
  tags: TAGS,
  summary: 'Положить в корзину несколько вариантов сразу, каждый отдельной строкой (сетка длин)',
  description:
    'Как «Положить товар в корзину» для каждого варианта, в одной транзакции: если хоть один вариант ' +
    'не продаётся или его не хватает на складе (с тем, что уже в корзине), ответ — 400 с его названием, ' +
    'и корзина не меняется. Вариант указывается один раз.',
  body: api('cart-items-add-request'),
  response: CHANGED,
});

export const cartUpdate = contract({
  name: 'cart.update',
  method: 'PATCH',
  path: '/cart/items/:id',
  tags: TAGS,
  summary: 'Изменить количество товара в корзине',
  params: idParams,
  body: api('cart-item-update-request'),
  response: CHANGED,
});

export const cartRemove = contract({
  name: 'cart.remove',
  method: 'DELETE',
  path: '/cart/items/:id',
  tags: TAGS,
  summary: 'Убрать товар из корзины',
  params: idParams,
  response: CHANGED,
});

export const cartApplyCoupon = contract({
  name: 'cart.applyCoupon',
  method: 'POST',
  path: '/cart/coupon',
  tags: TAGS,
  summary: 'Применить промокод (ответ объясняет, почему он не подошёл)',
  body: api('cart-coupon-request'),
  response: CHANGED,
});

export const cartRemoveCoupon = contract({
  name: 'cart.removeCoupon',
  method: 'DELETE',
  path: '/cart/coupon',
  tags: TAGS,
  summary: 'Убрать промокод',
  response: CHANGED,
});

export const cartSetBonuses = contract({
  name: 'cart.setBonuses',
  method: 'PUT',
  path: '/cart/bonuses',
  tags: TAGS,
  summary: 'Сколько бонусных баллов списать (больше допустимого — сколько можно)',
  body: api('cart-bonuses-request'),
  response: CHANGED,
});
