// GET /api/admin/dashboard: the desktop's figures in one call, each block only when the caller's role may
// list the resource it comes from (the same x-access as the lists the blocks link to).
// GET /api/admin/dashboard/today: «Сегодня», each figure counted by the orders list itself (sumRecords with the
// list's filter, row scope and views), and answered with that filter, so the link shows exactly those orders.
import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '@shop/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { selectRows, type Db } from '../../platform/db';
import { forbidden } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { dashboard, dashboardToday } from '@shop/schemas/contracts/sales/admin-dashboard';
import type { AdminDashboardToday, DashboardOrdersFilter } from '@shop/schemas';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { sumRecords } from '../../platform/crud/service';
import { addDays, moscowDay, moscowDayBounds } from '../../platform/moscow-time';
import { resourceOf, roleMay, userOf } from '../../platform/crud/resource-access';
import type { CrudContext, Registry } from '../../platform/crud/types';
import { LOW_STOCK_THRESHOLD } from '@shop/schemas';

/** Orders that count as sales: paid for, on their way or delivered (not new, confirmed or canceled). */
export const SALE_STATUSES = ['paid', 'shipped', 'completed'] as const;
export const REVENUE_DAYS = 30;
const LATEST = 5;
const STAFF: string[] = ['admin', 'manager', 'content'];

/** The answer's shape is schemas/api/admin-dashboard.schema.json, shared with the admin's desktop. */
export type DashboardData = AdminDashboard;

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(db, query))[0]?.n ?? 0);

async function ordersBlock(db: Db): Promise<DashboardData['orders']> {
  const newCount = await count(db, sql`SELECT count(*) AS n FROM orders WHERE status = 'new'`);
  const latest = await selectRows<NonNullable<DashboardData['orders']>['latest'][number]>(
    db,
    sql`SELECT id, number, created_at AS "createdAt", customer_name AS "customerName", total
        FROM orders WHERE status = 'new' ORDER BY created_at DESC, id DESC LIMIT ${LATEST}`,
  );
  return { newCount, latest: latest.map((o) => ({ ...o, createdAt: new Date(o.createdAt).toISOString() })) };
}

/** Revenue of the last 30 Moscow days, today included; days without sales are zero. */
async function revenueBlock(db: Db): Promise<DashboardData['revenue']> {
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const days = await selectRows<{ day: string; total: number; count: number }>(
    db,
    sql`WITH today AS (SELECT (now() AT TIME ZONE 'Europe/Moscow')::date AS d),
          span AS (SELECT generate_series((SELECT d FROM today) - ${REVENUE_DAYS - 1}::int,
                                          (SELECT d FROM today), interval '1 day')::date AS day),
          sales AS (SELECT (created_at AT TIME ZONE 'Europe/Moscow')::date AS day,
                           sum(total)::bigint AS total, count(*) AS count
                    FROM orders
                    WHERE status IN (${statuses})
                      AND created_at >= ((SELECT d FROM today) - ${REVENUE_DAYS - 1}::int)::timestamp
                                        AT TIME ZONE 'Europe/Moscow'
                    GROUP BY 1)
        SELECT to_char(span.day, 'YYYY-MM-DD') AS day, coalesce(sales.total, 0) AS total,
               coalesce(sales.count, 0) AS count
        FROM span LEFT JOIN sales ON sales.day = span.day ORDER BY span.day`,
  );
  const rows = days.map((d) => ({ day: d.day, total: Number(d.total), count: Number(d.count) }));
  return {
    days: rows,
    total: rows.reduce((s, d) => s + d.total, 0),
    count: rows.reduce((s, d) => s + d.count, 0),
  };
}

async function feedbackBlock(db: Db): Promise<DashboardData['feedback']> {
  const unprocessed = await count(db, sql`SELECT count(*) AS n FROM feedback_requests WHERE NOT processed`);
  const latest = await selectRows<NonNullable<DashboardData['feedback']>['latest'][number]>(
    db,
    sql`SELECT id, kind, name, created_at AS "createdAt" FROM feedback_requests
        WHERE NOT processed ORDER BY created_at DESC, id DESC LIMIT ${LATEST}`,
  );
  return {
    unprocessed,
    latest: latest.map((f) => ({ ...f, createdAt: new Date(f.createdAt).toISOString() })),
  };
}

async function lowStockBlock(db: Db): Promise<DashboardData['lowStock']> {
  const where = sql`o.active AND p.active AND o.stock <= ${LOW_STOCK_THRESHOLD}`;
  const total = await count(
    db,
    sql`SELECT count(*) AS n FROM product_offers o JOIN products p ON p.id = o.product_id WHERE ${where}`,
  );
  const offers = await selectRows<NonNullable<DashboardData['lowStock']>['offers'][number]>(
    db,
    sql`SELECT o.id, o.product_id AS "productId", p.title, o.article, o.stock
        FROM product_offers o JOIN products p ON p.id = o.product_id
        WHERE ${where} ORDER BY o.stock, p.title, o.id LIMIT 10`,
  );
  return { threshold: LOW_STOCK_THRESHOLD, count: total, offers };
}

/** «Не оплачены N дней»: an order waiting for its payment this many Moscow days or more. */
export const UNPAID_DAYS = 3;

/**
 * «Сегодня» for the caller's context on the orders (its role's rows): today's and yesterday's orders and revenue
 * (placed that Moscow day, canceled ones left out), the orders to confirm, to ship, and those waiting for an
 * online or invoice payment UNPAID_DAYS days or more. `now` is the clock (a test's).
 */
export async function todayFigures(orders: CrudContext, now = new Date()): Promise<AdminDashboardToday> {
  const today = moscowDay(now);
  const figure = async (filter: DashboardOrdersFilter) => ({
    ...(await sumRecords(orders, filter as Record<string, unknown>, 'total')),
    filter,
  });
  const dayOf = async (day: string) => {
    const { start, end } = moscowDayBounds(day);
    const { count, sum, filter } = await figure({
      createdAt_gte: start.toISOString(),
      createdAt_lte: end.toISOString(),
      status_ne: 'canceled',
    });
    return { day, count, revenue: sum, filter };
  };
  const counted = async (filter: DashboardOrdersFilter) => {
    const { count } = await figure(filter);
    return { count, filter };
  };
  const unpaidBy = moscowDayBounds(addDays(today, -UNPAID_DAYS)).end.toISOString();
  return {
    day: today,
    today: await dayOf(today),
    yesterday: await dayOf(addDays(today, -1)),
    toConfirm: await counted({ status: 'new' }),
    toShip: await counted({ view: 'toShip' }),
    unpaid: {
      ...(await counted({ view: 'awaitingPayment', createdAt_lte: unpaidBy })),
      days: UNPAID_DAYS,
    },
  };
}

export function dashboardRoutes(db: Db, registry: Registry) {
  const orders = resourceOf(registry, 'orders');
  const siteReviews = resourceOf(registry, 'reviews-on-site');
  const productReviews = resourceOf(registry, 'reviews-on-products');
  const feedback = resourceOf(registry, 'feedback');
  const products = resourceOf(registry, 'products');
  return async function plugin(app: FastifyInstance) {
    const staffOnly = async (request: FastifyRequest) => {
      if (!STAFF.includes(userOf(request).role)) throw forbidden();
    };
    serve(
      app,
      dashboard,
      async (request) => {
        const { role } = userOf(request);
        const data: DashboardData = {};
        if (roleMay(orders, role, 'list')) {
          data.orders = await ordersBlock(db);
          data.revenue = await revenueBlock(db);
        }
        const pending = sql`SELECT count(*) AS n FROM`;
        if (roleMay(siteReviews, role, 'list'))
          (data.reviews ??= {}).site = await count(db, sql`${pending} site_reviews WHERE status = 'pending'`);
        if (roleMay(productReviews, role, 'list'))
          (data.reviews ??= {}).products = await count(
            db,
            sql`${pending} product_reviews WHERE status = 'pending'`,
          );
        if (roleMay(feedback, role, 'list')) data.feedback = await feedbackBlock(db);
        if (roleMay(products, role, 'list')) data.lowStock = await lowStockBlock(db);
        return { data };
      },
      { preValidation: staffOnly },
    );

    serve(
      app,
      dashboardToday,
      async (request) => ({ data: await todayFigures(userContext(db, registry, orders, request.user!)) }),
      // Who may list the orders sees the figures the list would show them.
      { preValidation: requireAccess(orders, 'list') },
    );
  };
}
