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
  addLines,
  holdLines,
  ownerOf,
  removeLine,
  setCartFields,
  setLineQuantity,
  touchCart,
  type HeldLines,
  type StoredCart,
} from './cart-store';
import { cartView, priceContents, type CartQuote } from './cart-view';
import type { ShopTerms } from './shop-terms';
import { viewerOf } from '../pricing';
import { destinationOf, type CarrierConfig } from '../delivery';

/** A cart change's limit: promo codes are not to be guessed, so they have a tighter one. */
const limited = (limit: 'cart' | 'cartCoupon' = 'cart') => ({ config: { rateLimit: limitOf(limit) } });

export function cartRoutes(db: Db, carriers: CarrierConfig, terms: ShopTerms) {
  return async function plugin(app: FastifyInstance) {
    /**
     * Runs a change on the caller's cart and answers the whole cart. Only adding to it (a line, a promo code,
     * bonuses) makes a cart; a change of what is not there (`onNone`) makes none. The cart's row is locked
     * (and marked changed) first, then its lines and their offers are read once, with those of `offerIds`;
     * the change edits what it read as it writes, and the answer is priced from that, with the settings,
     * rules and services kept in memory: a handful of statements in all.
     */
    const change = async (
      request: FastifyRequest,
      reply: FastifyReply,
      write: (tx: Tx, cart: StoredCart, held: HeldLines) => Promise<Partial<StoredCart> | void>,
      onNone: 'create' | 'not_found' | 'nothing' = 'create',
      quote: CartQuote = {},
      offerIds: number[] = [],
    ) => {
      const changed = await db.transaction(async (tx) => {
        const owner = ownerOf(request);
        const made = onNone === 'create' ? await cartFor(tx, owner) : null;
        const cart = made?.cart ?? (await touchCart(tx, owner));
        if (!cart && onNone === 'not_found') throw notFound('В корзине нет такой строки');
        if (!cart) return null;
        const held = await holdLines(tx, cart.id, offerIds);
        const fields = await write(tx, cart, held);
        return { cart: { ...cart, ...fields }, held, token: made?.token ?? null };
      });
      const token = changed?.token ?? null;
      if (token) reply.header('set-cookie', cartCookie(token));
      const { view } = await priceContents(
        db,
        changed
          ? {
              ...changed.held,
              couponCode: changed.cart.couponCode,
              bonusPoints: changed.cart.bonusPoints,
            }
          : { lines: [], couponCode: null, bonusPoints: 0 },
        viewerOf(request),
        { destination: changed?.cart.destination ?? null, ...quote, terms },
      );
      return { data: { ...view, cartToken: token } };
    };
    /** Sets fields of the cart's row; the answer is priced with them. */
    const setFields =
      (fields: Partial<Pick<StoredCart, 'couponCode' | 'bonusPoints' | 'destination'>>) =>
      async (tx: Tx, cart: StoredCart) => {
        await setCartFields(tx, cart.id, fields);
        return fields;
      };
    serve(app, cartGet, async (request) => {
      const cart = await findCart(db, ownerOf(request));
      const { withCarriers, ...services } = request.query;
      const quote = { ...services, carriers: withCarriers ? carriers : undefined };
      return {
        data: { ...(await cartView(db, cart, viewerOf(request), { ...quote, terms })), cartToken: null },
      };
    });
    serve(
      app,
      cartSetDestination,
      async (request, reply) => {
        const { city, postalCode, region } = request.body;
        const destination = destinationOf(city, postalCode, region);
        if (!destination) throw badRequest('Укажите город', { city: 'Укажите город' });
        return change(request, reply, setFields({ destination }), 'create', { carriers });
      },
      limited(),
    );
    serve(
      app,
      cartAdd,
      async (request, reply) => {
        const { offerId, quantity } = request.body;
        return change(
          request,
          reply,
          (tx, cart, held) => addLine(tx, cart.id, held, offerId, quantity),
          'create',
          {},
          [offerId],
        );
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
          (tx, cart, held) => addLines(tx, cart.id, held, lines),
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
        return change(
          request,
          reply,
          (tx, _cart, held) => setLineQuantity(tx, held, id, quantity),
          'not_found',
        );
      },
      limited(),
    );
    serve(
      app,
      cartRemove,
      async (request, reply) => {
        const { id } = request.params;
        return change(request, reply, (tx, _cart, held) => removeLine(tx, held, id), 'not_found');
      },
      limited(),
    );
    serve(
      app,
      cartApplyCoupon,
      async (request, reply) => {
        const code = normalizeCouponCode(request.body.code);
        if (!code) throw badRequest('Введите промокод', { code: 'Введите промокод' });
        return change(request, reply, setFields({ couponCode: code }));
      },
      limited('cartCoupon'),
    );
    serve(
      app,
      cartRemoveCoupon,
      async (request, reply) => change(request, reply, setFields({ couponCode: null }), 'nothing'),
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
        return change(request, reply, setFields({ bonusPoints: points }));
      },
      limited(),
    );
  };
}
