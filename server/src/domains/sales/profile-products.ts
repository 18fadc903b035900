// «Мои товары» (GET /api/profile/products, POST /api/profile/products/to-cart): the exact variants a customer
// has bought, newest purchase first, with what was paid the last time and what the catalogue has now, and
// the chosen ones back in the cart in one step. A master reorders the same lengths every few weeks; this is
// that list. Whose purchases: the same rule as the account's orders (profile-orders.ts ownerOf); canceled
// orders do not count.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProfileProduct } from '@shop/schemas';
import { profileProducts, profileProductsToCart } from '@shop/schemas/contracts/sales/profile-orders';
import { requireUser } from '../../platform/auth/guard';
import { selectRows, type Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { badRequest } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { ownerOf } from './profile-orders';
import { putLinesInCart } from './repeat-order';

interface Row {
  offer_id: number;
  product_id: number | null;
  title: string;
  slug: string | null;
  image: string | null;
  attributes: Record<string, string> | null;
  price_paid: number;
  quantity: number;
  ordered_at: string | Date;
  number: string;
  times: number | string;
  price_now: number | null;
  stock: number | null;
  on_sale: boolean | null;
  total: number | string;
}

/**
 * The caller's bought variants, the last purchase of each (its title, characteristics, price and quantity
 * as that order has them), `limit` from `offset`, each row with the number of variants in all.
 */
function boughtVariants(request: FastifyRequest, limit: number, offset: number, only?: readonly number[]) {
  const chosen = only
    ? sql`AND order_items.offer_id IN (${sql.join(
        only.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql``;
  return sql`
    WITH bought AS (
      SELECT order_items.offer_id, order_items.title, order_items.attributes, order_items.price AS price_paid,
             order_items.quantity, orders.created_at AS ordered_at, orders.number,
             row_number() OVER (PARTITION BY order_items.offer_id
                                ORDER BY orders.created_at DESC, order_items.id DESC) AS nth,
             -- An order holds an offer on one line (a cart merges them): lines are orders.
             count(*) OVER (PARTITION BY order_items.offer_id) AS times
      FROM order_items JOIN orders ON orders.id = order_items.order_id
      WHERE ${ownerOf(request)} AND orders.status <> 'canceled' AND order_items.offer_id IS NOT NULL ${chosen}
    )
    SELECT b.offer_id, p.id AS product_id, b.title, p.slug, p.images->0->>'url' AS image, b.attributes,
           b.price_paid, b.quantity, b.ordered_at, b.number, b.times,
           coalesce(o.sale_price, o.base_price) AS price_now, o.stock, (o.active AND p.active) AS on_sale,
           count(*) OVER () AS total
    FROM bought b
    LEFT JOIN product_offers o ON o.id = b.offer_id
    LEFT JOIN products p ON p.id = o.product_id
    WHERE b.nth = 1
    ORDER BY b.ordered_at DESC, b.offer_id
    LIMIT ${limit} OFFSET ${offset}`;
}

function productOf(r: Row): ProfileProduct {
  return {
    offerId: r.offer_id,
    productId: r.product_id,
    title: r.title,
    slug: r.slug,
    image: r.image,
    attributes: r.attributes ?? {},
    lastPrice: r.price_paid,
    lastQuantity: r.quantity,
    lastOrderedAt: new Date(r.ordered_at).toISOString(),
    lastOrderNumber: r.number,
    timesOrdered: Number(r.times),
    price: r.product_id === null ? null : r.price_now,
    stock: r.stock ?? 0,
    onSale: r.on_sale === true,
  };
}

export function profileProductRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      profileProducts,
      async (request) => {
        const { page, perPage } = request.query;
        const rows = await selectRows<Row>(db, boughtVariants(request, perPage, (page - 1) * perPage));
        const total = rows.length ? Number(rows[0]!.total) : 0;
        return { data: rows.map(productOf), meta: { total, page, perPage } };
      },
      { preValidation: requireUser },
    );

    serve(
      app,
      profileProductsToCart,
      async (request, reply) => {
        const wanted = request.body.lines;
        const ids = [...new Set(wanted.map((l) => l.offerId))];
        if (ids.length !== wanted.length)
          throw badRequest('Каждый товар можно отметить один раз', { lines: 'Товар указан дважды' });
        const bought = new Map(
          (await selectRows<Row>(db, boughtVariants(request, ids.length, 0, ids))).map((r) => [
            r.offer_id,
            r,
          ]),
        );
        const missing = ids.find((id) => !bought.has(id));
        if (missing !== undefined)
          throw badRequest('Этого товара нет среди ваших покупок', {
            lines: `Вариант №${missing} не покупался`,
          });
        const lines = wanted.map((l) => {
          const r = bought.get(l.offerId)!;
          return { offerId: l.offerId, title: r.title, attributes: r.attributes, quantity: l.quantity };
        });
        return { data: await putLinesInCart(db, request, reply, lines) };
      },
      { preValidation: requireUser, config: { rateLimit: limitOf('cart') } },
    );
  };
}
