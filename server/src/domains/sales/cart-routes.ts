// The cart API (issue 11): GET /api/cart, POST /api/cart/items, PATCH and DELETE /api/cart/items/{id},
// POST and DELETE /api/cart/coupon, PUT /api/cart/bonuses. Every answer is the whole cart as priced by the
// pricing engine (cart-view.ts). A guest's first change makes the cart and answers its token once (also set
// as the cookie cartToken, HttpOnly); the storefront's server keeps it and sends it as X-Cart-Token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cartAdd,
  cartApplyCoupon,
  cartGet,
  cartRemove,
  cartRemoveCoupon,
  cartSetBonuses,
  cartSetDestination,
  cartUpdate,
} from '@shop/schemas/contracts/sales/cart';
import type { Db, Tx } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { badRequest, notFound } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
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
import { cartView, type CartQuote } from './cart-view';
import { viewerOf } from '../pricing';
import { destinationOf, type CarrierConfig } from '../delivery';

/** A cart change's limit: promo codes are not to be guessed, so they have a tighter one. */
const limited = (limit: 'cart' | 'cartCoupon' = 'cart') => ({ config: { rateLimit: limitOf(limit) } });

export function cartRoutes(db: Db, carriers: CarrierConfig) {
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
      quote: CartQuote = {},
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
      return { data: { ...(await cartView(db, cart, viewerOf(request), quote)), cartToken: token } };
    };
    serve(app, cartGet, async (request) => {
      const cart = await findCart(db, ownerOf(request));
      const { withCarriers, ...services } = request.query;
      const quote = { ...services, carriers: withCarriers ? carriers : undefined };
      return { data: { ...(await cartView(db, cart, viewerOf(request), quote)), cartToken: null } };
    });
    serve(
      app,
      cartSetDestination,
      async (request, reply) => {
        const { city, postalCode, region } = request.body;
        const destination = destinationOf(city, postalCode, region);
        if (!destination) throw badRequest('Укажите город', { city: 'Укажите город' });
        return change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { destination }), 'create', {
          carriers,
        });
      },
      limited(),
    );
    serve(
      app,
      cartAdd,
      async (request, reply) => {
        const { offerId, quantity } = request.body;
        return change(request, reply, (tx, cart) => addLine(tx, cart.id, offerId, quantity));
      },
      limited(),
    );
    serve(
      app,
      cartUpdate,
      async (request, reply) => {
        const { id } = request.params;
        const { quantity } = request.body;
        return change(request, reply, (tx, cart) => setLineQuantity(tx, cart.id, id, quantity), 'not_found');
      },
      limited(),
    );
    serve(
      app,
      cartRemove,
      async (request, reply) => {
        const { id } = request.params;
        return change(request, reply, (tx, cart) => removeLine(tx, cart.id, id), 'not_found');
      },
      limited(),
    );
    serve(
      app,
      cartApplyCoupon,
      async (request, reply) => {
        const code = normalizeCouponCode(request.body.code);
        if (!code) throw badRequest('Введите промокод', { code: 'Введите промокод' });
        return change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { couponCode: code }));
      },
      limited('cartCoupon'),
    );
    serve(
      app,
      cartRemoveCoupon,
      async (request, reply) =>
        change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { couponCode: null }), 'nothing'),
      limited(),
    );
    serve(
      app,
      cartSetBonuses,
      async (request, reply) => {
        const { points } = request.body;
        if (points > 0 && !request.user)
          throw badRequest('Баллами могут платить покупатели, вошедшие в личный кабинет', {
            points: 'Войдите',
          });
        return change(request, reply, (tx, cart) => setCartFields(tx, cart.id, { bonusPoints: points }));
      },
      limited(),
    );
  };
}
