// POST /api/admin/orders/place: a manager enters an order for a customer (a phone call, the showroom). The
// generic CRUD never writes orders (history in their schema): this goes through the same placing
// service as the checkout (place-order.ts), priced for that customer, with the manager named in the order's
// history. Lines are offers by article, as a manager reads them from the catalogue or the customer.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminOrderPlaceRequest } from '@shop/schemas';
import { placeOrder as placeOrderContract } from '@shop/schemas/contracts/sales/admin-orders';
import { productOffers, users } from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { resourceOf } from '../../platform/crud/resource-access';
import { recordCreated } from '../../platform/crud/service';
import type { Registry } from '../../platform/crud/types';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import type { Config } from '../../platform/config';
import type { CarrierConfig } from '../../domains/delivery';
import { siteOrigin } from '../../domains/settings';
import type { StoredLine } from '../../domains/sales';
import { idempotencyKeyOf } from './order-routes';
import { placeOrder } from './place-order';
import type { Viewer } from '../../domains/pricing';

/** The lines by article: one line per offer (the same article twice adds up); 400 naming unknown ones. */
async function linesByArticle(db: DbOrTx, lines: AdminOrderPlaceRequest['lines']): Promise<StoredLine[]> {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.article, (wanted.get(l.article) ?? 0) + l.quantity);
  const found = await db
    .select({ id: productOffers.id, article: productOffers.article })
    .from(productOffers)
    .where(inArray(productOffers.article, [...wanted.keys()]));
  const idOf = new Map(found.map((o) => [o.article, o.id]));
  const unknown = [...wanted.keys()].filter((a) => !idOf.has(a));
  if (unknown.length)
    throw badRequest(`В каталоге нет артикулов: ${unknown.join(', ')}`, { lines: 'Проверьте артикулы' });
  return [...wanted].map(([article, quantity], position) => ({
    id: position + 1,
    offerId: idOf.get(article)!,
    quantity,
  }));
}

/** The customer the order is priced for and belongs to: their account, or null for one without. */
export async function customerOf(db: DbOrTx, userId: number | null | undefined): Promise<Viewer | null> {
  if (!userId) return null;
  const [user] = await db
    .select({ id: users.id, groupIds: users.groupIds })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw badRequest(`Покупатель №${userId} не найден`, { userId: 'Покупатель не найден' });
  return { id: user.id, groupIds: user.groupIds, actingGroupId: null };
}

export function adminOrderRoutes(
  db: Db,
  registry: Registry,
  config: Pick<Config, 'siteUrl'> & CarrierConfig,
) {
  const def = resourceOf(registry, 'orders');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      placeOrderContract,
      async (request, reply) => {
        const body = request.body;
        const ctx = userContext(db, registry, def, request.user!);
        const { orderId, placed, repeated } = await placeOrder(
          db,
          {
            source: {
              kind: 'manager',
              contents: {
                lines: await linesByArticle(db, body.lines),
                couponCode: body.couponCode || null,
                bonusPoints: body.bonusPoints ?? 0,
              },
              actorId: request.user!.id,
              managerComment: body.managerComment || null,
              onPlaced: async (tx, orderId) => void (await recordCreated({ ...ctx, db: tx }, [orderId])),
            },
            viewer: await customerOf(db, body.userId),
            site: siteOrigin(config.siteUrl, request),
            idempotencyKey: idempotencyKeyOf(request),
            consent: { ip: null, userAgent: null },
            carriers: config,
          },
          body,
        );
        return reply.status(repeated ? 200 : 201).send({ data: { id: orderId, order: placed } });
      },
      // Who may change orders through their services may take one for a customer.
      { preValidation: requireAccess(def, 'service') },
    );
  };
}
