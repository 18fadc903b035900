// The shop the ordering tests sell from, set up through the admin API as the staff would: delivery and
// payment services, products with one offer, a guest's cart; and the requests and counts those tests make.
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../src/platform/db';
import type { TestApp } from './harness';

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; json: <T>() => T };
/** What the administrator's requests need of the test's app. */
type Shop = Pick<TestApp, 'app' | 'adminToken'>;

/** A request's method, address, headers (a token, X-Cart-Token…) and JSON payload, if any. */
export type RequestArgs = [method: 'GET' | 'POST' | 'PUT', url: string, headers?: Json, payload?: object];

/** A request through the app, without the network. */
export function request(t: Pick<TestApp, 'app'>, ...[method, url, headers = {}, payload]: RequestArgs) {
  return t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
}

/** The administrator's POST. */
export const adminPost = (t: Shop, url: string, payload: object) =>
  request(t, 'POST', url, { authorization: t.adminToken }, payload);

/** The id of what the request created, which must answer 201. */
export function created(res: Res): number {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Creates a record through the admin API (a coupon, a user type…): its id. */
export const adminCreate = async (t: Shop, url: string, payload: object) =>
  created(await adminPost(t, url, payload));

/** The rows of `table` that match `where`. */
export async function countRows(t: Pick<TestApp, 'database'>, table: string, where: SQL = sql`TRUE`) {
  const [row] = await selectRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE ${where}`,
  );
  return Number(row!.n);
}

/** The offer's stock as the database holds it. */
export async function offerStock(t: Pick<TestApp, 'database'>, offerId: number): Promise<number> {
  const [row] = await selectRows<{ stock: number }>(
    t.database.db,
    sql`SELECT stock FROM product_offers WHERE id = ${offerId}`,
  );
  return row!.stock;
}

/** The services a test of ordering picks from, as the staff set them up. */
export const SERVICES = {
  pickup: {
    resource: 'delivery-services',
    fields: {
      code: 'self',
      title: 'Самовывоз',
      kind: 'self_pickup',
      pickupAddress: 'Москва, ул. Лесная, 5',
      price: 0,
    },
  },
  courier: {
    resource: 'delivery-services',
    fields: { code: 'courier', title: 'Курьер', kind: 'courier', price: 45000 },
  },
  cash: {
    resource: 'payment-services',
    fields: { code: 'cash', title: 'При получении', kind: 'on_delivery' },
  },
  invoice: {
    resource: 'payment-services',
    fields: { code: 'invoice', title: 'По счёту', kind: 'invoice' },
  },
} as const;

export type ServiceName = keyof typeof SERVICES;
type ServiceIds = Partial<Record<ServiceName, number>>;

/**
 * Creates these services, in this order, through the admin API: their ids by name. A test's own fields go
 * over the defaults, or are made from the ids created before (a payment offered with one delivery only).
 */
export async function createServices<K extends ServiceName>(
  t: Shop,
  names: readonly K[],
  overrides: { [N in K]?: Json | ((ids: ServiceIds) => Json) } = {},
): Promise<Record<K, number>> {
  const ids: ServiceIds = {};
  for (const name of names) {
    const { resource, fields } = SERVICES[name];
    const own = overrides[name];
    ids[name] = await adminCreate(t, `/api/admin/${resource}`, {
      ...fields,
      ...(typeof own === 'function' ? own(ids) : own),
    });
  }
  return ids as Record<K, number>;
}

let products = 0;

/**
 * A product with one offer of this price (kopecks) and stock, created by the administrator: the product's id
 * and the offer's. The slug, title and article are numbered unless given; other fields (vatCode, images…)
 * are the product's.
 */
export async function productWithOffer(
  t: Shop,
  {
    price,
    stock,
    attributes,
    slug,
    title,
    article,
    ...product
  }: {
    price: number;
    stock: number;
    attributes?: Record<string, string>;
    slug?: string;
    title?: string;
    article?: string;
  } & Json,
): Promise<{ productId: number; offerId: number }> {
  products += 1;
  const res = await adminPost(t, '/api/admin/products', {
    slug: slug ?? `product-${products}`,
    title: title ?? `Ресницы ${products}`,
    ...product,
    offers: [
      { article: article ?? `P-${products}`, basePrice: price, stock, ...(attributes ? { attributes } : {}) },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ id: number; offers: { id: number }[] }>();
  return { productId: created.id, offerId: created.offers[0]!.id };
}

/**
 * Puts these lines one by one into the cart `headers` reach (none: a guest's new cart, its token joining the
 * headers from the first answer): the headers that reach the cart.
 */
export async function fillCart(
  t: Pick<TestApp, 'app'>,
  lines: [offerId: number, quantity: number][],
  headers: Json = {},
): Promise<Json> {
  for (const [offerId, quantity] of lines) {
    const res = await request(t, 'POST', '/api/cart/items', headers, { offerId, quantity });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ data: { cartToken: string | null } }>().data.cartToken;
    if (token) headers = { ...headers, 'x-cart-token': token };
  }
  return headers;
}
