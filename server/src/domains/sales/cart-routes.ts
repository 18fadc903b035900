// The cart API (issue 11): GET /api/cart, POST /api/cart/items, PATCH and DELETE /api/cart/items/{id},
// POST and DELETE /api/cart/coupon, PUT /api/cart/bonuses. Every answer is the whole cart as priced by the
// pricing engine (cart-view.ts). A guest's first change makes the cart and answers its token once (also set
// as the cookie cartToken, HttpOnly); the storefront's server keeps it and sends it as X-Cart-Token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  CartBonusesRequest,
  CartCouponRequest,
  CartItemAddRequest,
  CartItemUpdateRequest,
} from '@shop/schemas';
import type { Db, Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { api, envelope, failure, idParams } from '../../platform/http/route-schemas';
import { normalizeCouponCode } from '../pricing';
import {
  cartCookie,
  cartFor,
  findCart,
  addLine,
  ownerOf,
  readCart,
  removeLine,
  setCartFields,
  setLineQuantity,
  type StoredCart,
} from './cart-store';
import { cartView } from './cart-view';
import { viewerOf } from '../pricing';

const TAGS = ['Корзина'];
const CART = envelope(api('cart'));
const WRITE_ERRORS = {
  400: failure('Товара нет, он не продаётся, его не хватает на складе, или данные неверны'),
  404: failure('В корзине нет такой строки'),
  429: failure('Слишком много изменений корзины'),
};

export function cartRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    /**
     * Runs a change on the caller's cart and answers the whole cart. Only adding to it (a line, a promo code,
     * bonuses) makes a cart; a change of what is not there (`onNone`) makes none.
     */
    const change = async (
      request: FastifyRequest,
      reply: FastifyReply,
      write: (tx: Tx, cart: StoredCart) => Promise<void>,
      onNone: 'create' | 'not_found' | 'nothing' = 'create',
    ) => {
      const { cart, token } = await db.transaction(async (tx) => {
        if (onNone !== 'create') {
          const found = await findCart(tx, ownerOf(request), { lock: true });
          if (!found && onNone === 'not_found') throw notFound('В корзине нет такой строки');
          if (!found) return { cart: null, token: null };
          await write(tx, found);
          return { cart: await readCart(tx, found.id), token: null };
        }
        const made = await cartFor(tx, ownerOf(request));
        await write(tx, made.cart);
        return { cart: await readCart(tx, made.cart.id), token: made.token };
      });
      if (token) reply.header('set-cookie', cartCookie(token));
      return { data: { ...(await cartView(db, cart, viewerOf(request))), cartToken: token } };
    };
    /** A cart change's route options: its summary, body and path schemas, and its limit. */
    const writeOptions = (
      summary: string,
      {
        body,
        params,
        limit = 'cart',
      }: { body?: object; params?: object; limit?: 'cart' | 'cartCoupon' } = {},
    ) => ({
      config: { rateLimit: limitOf(limit) },
      schema: {
        tags: TAGS,
        summary,
        ...(params ? { params } : {}),
        ...(body ? { body } : {}),
        response: { 200: CART, ...WRITE_ERRORS },
      },
    });

    app.get(
      '/cart',
      {
        schema: {
          tags: TAGS,
          summary: 'Корзина: строки с ценами, скидки, купон, бонусы, доставка, итоги',
          description:
            'С deliveryServiceId и paymentServiceId корзина посчитана так, как её оформит заказ: с ценой ' +
            'этой доставки и способами оплаты, которые она допускает.',
          querystring: {
            type: 'object',
            properties: {
              deliveryServiceId: {
                type: 'integer',
                minimum: 1,
                maximum: 2147483647,
                'x-label': 'Способ доставки',
              },
              paymentServiceId: {
                type: 'integer',
                minimum: 1,
                maximum: 2147483647,
                'x-label': 'Способ оплаты',
              },
            },
          },
          response: { 200: CART },
        },
      },
      async (request) => {
        const quote = request.query as { deliveryServiceId?: number; paymentServiceId?: number };
        const cart = await findCart(db, ownerOf(request));
        return { data: { ...(await cartView(db, cart, viewerOf(request), quote)), cartToken: null } };
      },
    );
    app.post(
      '/cart/items',
      writeOptions('Положить товар в корзину (количество прибавляется)', {
        body: api('cart-item-add-request'),
      }),
      async (request, reply) => {
        const { offerId, quantity } = request.body as CartItemAddRequest;
        return change(request, reply, (tx, cart) => addLine(tx, cart.id, offerId, quantity));
      },
    );
    app.patch(
      '/cart/items/:id',
      writeOptions('Изменить количество товара в корзине', {
        body: api('cart-item-update-request'),
        params: idParams,
      }),
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const { quantity } = request.body as CartItemUpdateRequest;
        return change(request, reply, (tx, cart) => setLineQuantity(tx, cart.id, id, quantity), 'not_found');
      },
    );
    app.delete(
      '/cart/items/:id',
      writeOptions('Убрать товар из корзины', { params: idParams }),
      async (request, reply) => {
        const { id } = request.params as { id: number };
        return change(request, reply, (tx, cart) => removeLine(tx, cart.id, id), 'not_found');
      },
    );
    app.post(
      '/cart/coupon',
      writeOptions('Применить промокод (ответ объясняет, почему он не подошёл)', {
        body: api('cart-coupon-request'),
        limit: 'cartCoupon',
      }),
      async (request, reply) => {
        const code = normalizeCouponCode((request.body as CartCouponRequest).code);
        if (!code) throw badRequest('Введите промокод', { code: 'Введите промокод' });
        return change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { couponCode: code }));
      },
    );
    app.delete('/cart/coupon', writeOptions('Убрать промокод'), async (request, reply) =>
      change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { couponCode: null }), 'nothing'),
    );
    app.put(
      '/cart/bonuses',
      writeOptions('Сколько бонусных баллов списать (больше допустимого — сколько можно)', {
        body: api('cart-bonuses-request'),
      }),
      async (request, reply) => {
        const { points } = request.body as CartBonusesRequest;
        if (points > 0 && !request.user)
          throw badRequest('Баллами могут платить покупатели, вошедшие в личный кабинет', {
            points: 'Войдите',
          });
        return change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { bonusPoints: points }));
      },
    );
  };
}
