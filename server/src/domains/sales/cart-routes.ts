// The cart API (issue 11): GET /api/cart, POST /api/cart/items (and /items/many: several variants at once, all
// or none), PATCH and DELETE /api/cart/items/{id}, POST and DELETE /api/cart/coupon, PUT /api/cart/bonuses.
// Every answer is the whole cart as priced by the pricing engine (cart-view.ts). A guest's first change makes
// the cart and answers its token once (also set as the cookie cartToken, HttpOnly); the storefront's server
// keeps it and sends it as X-Cart-Token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cartAdd,
  cartAddMany,
  cartApplyCoupon,
  cartGet,
  cartRemove,
  cartRemoveCoupon,
  cartSetBonuses,
  cartSetDestination,
  cartUpdate,
} from '@shop/schemas/contracts/sales/cart';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { badRequest } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { normalizeCouponCode } from '../pricing';
import {
  addLine,
  addLines,
  cartCookie,
  changeCart,
  ownerOf,
  removeLine,
  setCartFields,
  setLineQuantity,
  type CartDecision,
  type HeldLines,
  type StoredCart,
  type WhenNoCart,
} from './cart-store';
import { readCart } from './cart-lines';
import { priceContents, type CartQuote } from './cart-view';
import type { ShopTerms } from './shop-terms';
import { viewerOf } from '../pricing';
import { destinationOf, type CarrierConfig } from '../delivery';

/** A cart change's limit: promo codes are not to be guessed, so they have a tighter one. */
const limited = (limit: 'cart' | 'cartCoupon' = 'cart') => ({ config: { rateLimit: limitOf(limit) } });

export function cartRoutes(db: Db, carriers: CarrierConfig, terms: ShopTerms) {
  return async function plugin(app: FastifyInstance) {
    /**
     * The whole cart as every cart route answers it: priced from what was read (and written), with the
     * settings, rules and services kept in memory; an owner without a cart has an empty one.
     */
    const answer = async (
      request: FastifyRequest,
      found: { cart: StoredCart; held: HeldLines } | null,
      quote: CartQuote,
      cartToken: string | null,
    ) => {
      const contents = found
        ? { ...found.held, couponCode: found.cart.couponCode, bonusPoints: found.cart.bonusPoints }
        : { lines: [], couponCode: null, bonusPoints: 0 };
      const { view } = await priceContents(db, contents, viewerOf(request), {
        destination: found?.cart.destination ?? null,
        ...quote,
        terms,
      });
      return { data: { ...view, cartToken } };
    };
    /**
     * Runs a change on the caller's cart (changeCart: read once, decided in memory, written in one statement)
     * and answers the whole cart. Only adding to it (a line, a promo code, bonuses) makes a cart; a change of
     * what is not there (`onNone`) makes none.
     */
    const change = async (
      request: FastifyRequest,
      reply: FastifyReply,
      decide: CartDecision,
      onNone: WhenNoCart = 'create',
      quote: CartQuote = {},
      offerIds: readonly number[] = [],
    ) => {
      const changed = await changeCart(db, ownerOf(request), decide, { onNone, offerIds });
      const token = changed?.token ?? null;
      if (token) reply.header('set-cookie', cartCookie(token));
      return answer(request, changed, quote, token);
    };
    serve(app, cartGet, async (request) => {
      const { withCarriers, ...services } = request.query;
      const quote = { ...services, carriers: withCarriers ? carriers : undefined };
      return answer(request, await readCart(db, ownerOf(request)), quote, null);
    });
    serve(
      app,
      cartSetDestination,
      async (request, reply) => {
        const { city, postalCode, region } = request.body;
        const destination = destinationOf(city, postalCode, region);
        if (!destination) throw badRequest('Укажите город', { city: 'Укажите город' });
        return change(request, reply, setCartFields({ destination }), 'create', { carriers });
      },
      limited(),
    );
    serve(
      app,
      cartAdd,
      async (request, reply) => {
        const { offerId, quantity } = request.body;
        return change(request, reply, (held, edit) => addLine(held, edit, offerId, quantity), 'create', {}, [
          offerId,
        ]);
      },
      limited(),
    );
    // The grid of lengths: every line or none, in the one transaction of a change.
    serve(
      app,
      cartAddMany,
      async (request, reply) => {
        const { lines } = request.body;
        return change(
          request,
          reply,
          (held, edit) => addLines(held, edit, lines),
          'create',
          {},
          lines.map((l) => l.offerId),
        );
      },
      limited(),
    );
    serve(
      app,
      cartUpdate,
      async (request, reply) => {
        const { id } = request.params;
        const { quantity } = request.body;
        return change(request, reply, (held, edit) => setLineQuantity(held, edit, id, quantity), 'not_found');
      },
      limited(),
    );
    serve(
      app,
      cartRemove,
      async (request, reply) => {
        const { id } = request.params;
        return change(request, reply, (held, edit) => removeLine(held, edit, id), 'not_found');
      },
      limited(),
    );
    serve(
      app,
      cartApplyCoupon,
      async (request, reply) => {
        const code = normalizeCouponCode(request.body.code);
        if (!code) throw badRequest('Введите промокод', { code: 'Введите промокод' });
        return change(request, reply, setCartFields({ couponCode: code }));
      },
      limited('cartCoupon'),
    );
    serve(
      app,
      cartRemoveCoupon,
      async (request, reply) => change(request, reply, setCartFields({ couponCode: null }), 'nothing'),
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
        return change(request, reply, setCartFields({ bonusPoints: points }));
      },
      limited(),
    );
  };
}
