// POST /api/admin/orders/place: a manager enters an order for a customer (a phone call, the showroom). The
// generic CRUD never writes orders (history in their schema): this goes through the same placing
// service as the checkout (place-order.ts), priced for that customer, with the manager named in the order's
// history. Lines are offers by article, as a manager reads them from the catalogue or the customer.
// POST /api/admin/orders/quote prices the same form before it is placed, by the same priceContents call with
// the same customer, contacts and delivery, and the same reasons not to place it (reasonsNotToPlace): the
// total it answers is the one placing gives, and the form sends it back as expectedTotal.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminOrderPlaceRequest, AdminOrderQuote, AdminOrderQuoteRequest } from '@shop/schemas';
import { storedPhone } from '@shop/schemas';
import {
  placeOrder as placeOrderContract,
  quoteOrder as quoteOrderContract,
} from '@shop/schemas/contracts/sales/admin-orders';
import { attributeReader, type Attributes } from '../../platform/crud/directory-values';
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
import { destinationOf, type CarrierConfig } from '../../domains/delivery';
import { siteOrigin } from '../../domains/settings';
import { priceContents, type StoredLine } from '../../domains/sales';
import { idempotencyKeyOf } from './order-routes';
import { placeOrder, reasonsNotToPlace } from './place-order';
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

/**
 * What the manager's order would be if placed now: priced by priceContents with what placeOrder passes it (the
 * customer, the contacts typed for a promo code's per-customer limit, the delivery for the typed city), and
 * refused for what placeOrder would refuse (reasonsNotToPlace). Nothing is written.
 */
export async function quoteManagerOrder(
  db: Db,
  body: AdminOrderQuoteRequest,
  carriers: CarrierConfig,
): Promise<AdminOrderQuote> {
  const lines = await linesByArticle(db, body.lines);
  const viewer = await customerOf(db, body.userId);
  const phone = body.customerPhone ? storedPhone(body.customerPhone) : null;
  const email = body.customerEmail?.trim().toLowerCase() || null;
  const city = body.deliveryCity?.trim();
  const quote = await priceContents(
    db,
    { lines, couponCode: body.couponCode || null, bonusPoints: body.bonusPoints ?? 0 },
    viewer,
    {
      deliveryServiceId: body.deliveryServiceId ?? null,
      paymentServiceId: body.paymentServiceId ?? null,
      carriers,
      destination: city ? destinationOf(city, body.deliveryPostalCode) : null,
      // As placing counts a promo code's uses: by the typed phone and e-mail, else by the account's own.
      ...(phone || email ? { contact: { userId: viewer?.id ?? null, phone, email } } : {}),
    },
  );
  const { view } = quote;
  const attributesOf = (a: unknown) => (a ?? {}) as Attributes;
  const read = await attributeReader(
    db,
    view.items.map((i) => attributesOf(i.attributes)),
  );
  const delivery = view.delivery.options.find((o) => o.id === view.delivery.selectedId);
  const problems = reasonsNotToPlace(quote);
  return {
    lines: view.items.map((i) => ({
      article: i.article ?? '',
      offerId: i.offerId,
      productId: i.productId,
      title: i.title,
      variant: read(attributesOf(i.attributes))
        .map((a) => `${a.name}: ${a.value}`)
        .join(', '),
      image: i.image,
      quantity: i.quantity,
      stock: i.stock,
      price: i.price,
      unitPrice: i.unitPrice,
      total: i.total,
      problem: i.problem,
    })),
    discounts: view.discounts
      .filter((d) => d.amount > 0 || d.deliverySaving > 0)
      .map((d) => ({ title: d.title, amount: d.amount || d.deliverySaving })),
    coupon: view.coupon && {
      code: view.coupon.code,
      applied: view.coupon.state === 'applied',
      message: view.coupon.message,
    },
    bonuses: { available: view.bonuses.available, spent: view.bonuses.spent, value: view.bonuses.value },
    delivery: delivery ? { title: delivery.title, price: view.totals.delivery } : null,
    totals: view.totals,
    problems,
    canPlace: problems.length === 0,
  };
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

    serve(
      app,
      quoteOrderContract,
      async (request) => ({ data: await quoteManagerOrder(db, request.body, config) }),
      { preValidation: requireAccess(def, 'service') },
    );
  };
}
