// Which order a customer may open or act on: a guest by the private link's key, a signed-in customer their
// own orders (or their group's). Every miss answers alike, so a link tells nothing of other orders.
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { orders } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/http/errors';
import { ownerOf } from './profile-orders';

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The id of the order a guest's private link opens, or null: a wrong key and a missing order answer alike,
 * so the link tells nothing of other orders. Also the invoice's link (invoice-routes.ts).
 */
export async function orderIdByLink(db: Db, number: string, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id, accessKey: orders.accessKey })
    .from(orders)
    .where(eq(orders.number, number));
  return row?.accessKey && sameKey(row.accessKey, key) ? row.id : null;
}

/**
 * The order a customer may act on: with the private key of the guest's link (whoever holds it), or else one
 * of the signed-in customer's own orders (or their group's). Anything else is 404 alike: the answer tells
 * nothing of other people's orders.
 */
export async function findCustomerOrder(
  db: Db,
  request: FastifyRequest,
  number: string,
  key: string | null | undefined,
): Promise<number> {
  if (key) {
    const id = await orderIdByLink(db, number, key);
    if (id !== null) return id;
  } else if (request.user) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.number, number), ownerOf(request)));
    if (row) return row.id;
  }
  throw notFound(`Заказ ${number} не найден`);
}
