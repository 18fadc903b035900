// «Повторить заказ» (and «Мои товары», profile-products.ts): the offers of a placed order go back into the caller's cart, each as many as its stock
// allows beside what the cart holds; offers gone, off sale or sold out are left out and named, so the cart
// page can say what is missing. The signed-in customer's route and the guest's private link (its key) open
// the order the same way as its other actions (findCustomerOrder); the cart is the caller's own.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderRepeated } from '@shop/schemas';
import { orderRepeat } from '@shop/schemas/contracts/sales/orders';
import { profileRepeatOrder } from '@shop/schemas/contracts/sales/profile-orders';
import { orderItems } from '../../../generated/tables';
import { requireUser } from '../../platform/auth/guard';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { limitOf } from '../../platform/http/rate-limit';
import { addLineWithinStock, cartCookie, changeCart, ownerOf } from './cart-store';
import { findCustomerOrder } from './order-access';

/** A line to put back in a cart, named as the customer bought it (for what is left out or limited). */
export interface RepeatLine {
  offerId: number | null;
  title: string;
  attributes: unknown;
  quantity: number;
}

/**
 * Puts lines in the caller's cart, in their order, each as many as its stock allows beside what the cart
 * holds; what cannot go in is named. «Повторить заказ» and «Мои товары» both go through here.
 */
export async function putLinesInCart(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  lines: readonly RepeatLine[],
): Promise<OrderRepeated> {
  const asked = lines.flatMap((l) => (l.offerId === null ? [] : [l.offerId]));
  const changed = await changeCart(
    db,
    ownerOf(request),
    (held, edit) => {
      const result: OrderRepeated = { added: 0, skipped: [], limited: [], count: 0, cartToken: null };
      for (const line of lines) {
        const named = { title: line.title, attributes: (line.attributes ?? {}) as Record<string, string> };
        const put =
          line.offerId === null ? null : addLineWithinStock(held, edit, line.offerId, line.quantity);
        if (!put) result.skipped.push(named);
        else {
          result.added += 1;
          if (put.limited) result.limited.push({ ...named, available: put.stock });
        }
      }
      return result;
    },
    { offerIds: asked },
  );
  // 'create': a cart is always there after the change.
  const { decided, held, token } = changed!;
  const answer = {
    ...decided,
    count: held.lines.reduce((sum, l) => sum + l.quantity, 0),
    cartToken: token,
  };
  if (answer.cartToken) reply.header('set-cookie', cartCookie(answer.cartToken));
  return answer;
}

/** Puts the order's lines in the caller's cart, in the order's order. */
async function repeatOrder(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  number: string,
  key: string | undefined,
): Promise<OrderRepeated> {
  const orderId = await findCustomerOrder(db, request, number, key);
  const lines = await db
    .select({
      offerId: orderItems.offerId,
      title: orderItems.title,
      attributes: orderItems.attributes,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return putLinesInCart(db, request, reply, lines);
}

export function repeatOrderRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      orderRepeat,
      async (request, reply) => ({
        data: await repeatOrder(db, request, reply, request.params.number, request.body.key),
      }),
      { config: { rateLimit: limitOf('orderLink') } },
    );

    serve(
      app,
      profileRepeatOrder,
      async (request, reply) => ({
        data: await repeatOrder(db, request, reply, request.params.name, undefined),
      }),
      { preValidation: requireUser, config: { rateLimit: limitOf('orderLink') } },
    );
  };
}
