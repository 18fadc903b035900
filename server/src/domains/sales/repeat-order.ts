// «Повторить заказ»: the offers of a placed order go back into the caller's cart, each as many as its stock
// allows beside what the cart holds; offers gone, off sale or sold out are left out and named, so the cart
// page can say what is missing. The signed-in customer's route and the guest's private link (its key) open
// the order the same way as its other actions (findCustomerOrder); the cart is the caller's own.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderAccessRequest, OrderRepeated } from '@shop/schemas';
import { orderItems } from '../../../generated/tables';
import { requireUser } from '../../platform/auth/guard';
import type { Db } from '../../platform/db';
import { limitOf } from '../../platform/http/rate-limit';
import { api, envelope, failure, pathParams } from '../../platform/http/route-schemas';
import { addLineWithinStock, cartCookie, cartFor, linesOf, ownerOf } from './cart-store';
import { ORDER_NUMBER } from './order-access';
import { findCustomerOrder } from './order-access';

const ANSWERS = {
  200: envelope(api('order-repeated')),
  404: failure('Заказа нет или ключ не подходит'),
  429: failure('Слишком много запросов'),
};
const SUMMARY = 'Повторить заказ: его товары — в корзину, сколько есть на складе';

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
  const answer = await db.transaction(async (tx) => {
    const { cart, token } = await cartFor(tx, ownerOf(request));
    const result: OrderRepeated = { added: 0, skipped: [], limited: [], count: 0, cartToken: token };
    for (const line of lines) {
      const named = { title: line.title, attributes: (line.attributes ?? {}) as Record<string, string> };
      const put =
        line.offerId === null ? null : await addLineWithinStock(tx, cart.id, line.offerId, line.quantity);
      if (!put) result.skipped.push(named);
      else {
        result.added += 1;
        if (put.limited) result.limited.push({ ...named, available: put.stock });
      }
    }
    result.count = (await linesOf(tx, cart.id)).reduce((sum, l) => sum + l.quantity, 0);
    return result;
  });
  if (answer.cartToken) reply.header('set-cookie', cartCookie(answer.cartToken));
  return answer;
}

export function repeatOrderRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    app.post(
      '/orders/:number/repeat',
      {
        config: { rateLimit: limitOf('orderLink') },
        schema: {
          tags: ['Заказы'],
          summary: SUMMARY,
          description: 'Гость называет ключ личной ссылки на заказ; вошедший покупатель может не называть.',
          params: pathParams({ number: ORDER_NUMBER }),
          body: api('order-access-request'),
          response: ANSWERS,
        },
      },
      async (request, reply) => {
        const { number } = request.params as { number: string };
        const { key } = (request.body ?? {}) as OrderAccessRequest;
        return { data: await repeatOrder(db, request, reply, number, key) };
      },
    );

    app.post(
      '/profile/orders/:name/repeat',
      {
        preValidation: requireUser,
        config: { rateLimit: limitOf('orderLink') },
        schema: {
          tags: ['Личный кабинет'],
          summary: `${SUMMARY} (свой заказ или заказ группы: X-User-Group)`,
          params: pathParams({ name: ORDER_NUMBER }),
          response: { ...ANSWERS, 401: failure('Требуется вход') },
        },
      },
      async (request, reply) => {
        const { name } = request.params as { name: string };
        return { data: await repeatOrder(db, request, reply, name, undefined) };
      },
    );
  };
}
