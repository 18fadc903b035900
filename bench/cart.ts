// The cart on the demo shop under load: 20 clients at once, each a guest with a cart of its own, adding an
// offer (then taking it out again, not timed, so that stock never runs short) and reading a cart of five
// lines; then placing orders (each client a new guest cart of one line, not timed, then POST /api/orders,
// pickup and payment on receipt); medians and p95 as ratios to GET /api/health under the same load,
// measured in the same run. `npm run bench -- --cart-only` runs this section alone.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { median, p95 } from './util';

export interface CartRow {
  name: string;
  status: number;
  median: number;
  p95: number;
}

/** Runs `round` for each client `rounds` times, all clients at once; the times of every timed call. */
async function underLoad(
  clients: number,
  rounds: number,
  round: (client: number) => Promise<{ ms: number; status: number }>,
): Promise<CartRow & { name: '' }> {
  const times: number[] = [];
  let status = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < rounds; i++) {
        const r = await round(client);
        times.push(r.ms);
        status = r.status;
      }
    }),
  );
  return { name: '', status, median: median(times), p95: p95(times) };
}

async function timed(app: FastifyInstance, opts: InjectOptions) {
  const t0 = performance.now();
  const res = await app.inject(opts);
  return { ms: performance.now() - t0, status: res.statusCode, res };
}

export async function benchCart(
  app: FastifyInstance,
  adminToken: string,
  clients = 20,
  rounds = 50,
): Promise<CartRow[]> {
  const inject = (opts: InjectOptions) => app.inject(opts);
  // Offers on sale with stock enough for every client to hold a piece of each, as the admin lists them.
  const listed = await inject({
    method: 'GET',
    url: `/api/admin/products?range=[0,99]&filter=${encodeURIComponent('{"active":true}')}`,
    headers: { authorization: adminToken },
  });
  const offers = listed
    .json<{ offers: { id: number; stock: number; active: boolean }[] }[]>()
    .flatMap((p) => p.offers)
    .filter((o) => o.active && o.stock >= clients)
    .slice(0, 6)
    .map((o) => o.id);
  if (offers.length < 6) throw new Error('bench cart: the demo shop has too few offers in stock');
  // Each client's cart: five lines to read, the sixth offer to add and take out.
  const tokens: string[] = [];
  for (let c = 0; c < clients; c++) {
    let token = '';
    for (const offerId of offers.slice(0, 5)) {
      const res = await inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: token ? { 'x-cart-token': token } : {},
        payload: { offerId, quantity: 1 },
      });
      token ||= res.json<{ data: { cartToken: string } }>().data.cartToken;
    }
    tokens.push(token);
  }
  const baseline = await underLoad(clients, rounds, (c) =>
    timed(app, { method: 'GET', url: '/api/health', headers: { 'x-cart-token': tokens[c]! } }),
  );
  const read = await underLoad(clients, rounds, (c) =>
    timed(app, { method: 'GET', url: '/api/cart', headers: { 'x-cart-token': tokens[c]! } }),
  );
  const add = await underLoad(clients, rounds, async (c) => {
    const headers = { 'x-cart-token': tokens[c]! };
    const r = await timed(app, {
      method: 'POST',
      url: '/api/cart/items',
      headers,
      payload: { offerId: offers[5]!, quantity: 1 },
    });
    const line = r.res
      .json<{ data: { items: { id: number; offerId: number }[] } }>()
      .data.items.find((l) => l.offerId === offers[5]);
    if (line) await inject({ method: 'DELETE', url: `/api/cart/items/${line.id}`, headers });
    return r;
  });
  const place = await benchPlaceOrder(app, adminToken, clients, 'one');
  const placeSpread = await benchPlaceOrder(app, adminToken, clients, 'each');
  return [
    { ...baseline, name: 'baseline: GET /api/health' },
    { ...read, name: 'cart read (5 lines, priced)' },
    { ...add, name: 'add to cart (answers the priced cart)' },
    { ...place, name: 'place order (1 line, pickup, payment on receipt)' },
    { ...placeSpread, name: 'place order, each client its own offer (no wait on one row)' },
  ];
}

/**
 * Orders placed by `clients` guests at once, as many rounds as the stock allows (≤ 10): all of the
 * best-stocked offer (every order waits on that offer's row from taking its stock to its commit, as in a
 * sale of one product), or each client of an offer of its own (what the order itself costs).
 */
async function benchPlaceOrder(
  app: FastifyInstance,
  adminToken: string,
  clients: number,
  offers: 'one' | 'each',
) {
  const admin = { authorization: adminToken };
  const list = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers: admin })).json<T>();
  const delivery = (
    await list<{ id: number; code: string }[]>('/api/admin/delivery-services?range=[0,99]')
  ).find((d) => d.code === 'self_pickup');
  const payment = (
    await list<{ id: number; code: string }[]>('/api/admin/payment-services?range=[0,99]')
  ).find((p) => p.code === 'on_delivery');
  if (!delivery || !payment) throw new Error('bench cart: the demo shop has no pickup or payment on receipt');
  const products = await list<
    {
      offers: { id: number; stock: number; active: boolean; basePrice: number; salePrice: number | null }[];
    }[]
  >(`/api/admin/products?range=[0,199]&filter=${encodeURIComponent('{"active":true}')}`);
  const stocked = products
    .flatMap((p) => p.offers)
    .filter((o) => o.active)
    .sort((a, b) => b.stock - a.stock);
  // The shop's minimum order (500 ₽ in the demo) is met by one piece of each offer taken.
  const priced = stocked.filter((o) => (o.salePrice ?? o.basePrice) >= 100_000);
  const chosen =
    offers === 'one' ? Array.from({ length: clients }, () => stocked[0]!) : priced.slice(0, clients);
  // One offer holds a round's orders of every client; each of the others one client's.
  const rounds = Math.min(
    10,
    offers === 'one' ? Math.floor(stocked[0]!.stock / clients) : Math.min(...chosen.map((o) => o.stock)),
  );
  if (rounds < 1 || chosen.length < clients)
    throw new Error('bench cart: no offer has stock enough for every client to order it');
  let n = 0;
  return underLoad(clients, rounds, async (client) => {
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload: { offerId: chosen[client]!.id, quantity: 1 },
    });
    const token = added.json<{ data: { cartToken: string } }>().data.cartToken;
    n += 1;
    return timed(app, {
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-cart-token': token, 'idempotency-key': `bench-order-${n}` },
      payload: {
        customerName: 'Покупатель нагрузочного теста',
        customerPhone: `+7999${String(1_000_000 + n).slice(-7)}`,
        customerEmail: `bench-${n}@example.test`,
        deliveryServiceId: delivery.id,
        paymentServiceId: payment.id,
        consent: true,
      },
    });
  });
}

export function printCart(rows: CartRow[], clients: number, rounds: number, kind: string) {
  const base = rows[0]!.median;
  const baseP95 = rows[0]!.p95;
  console.log(`\nCart: ${clients} clients at once, ${rounds} requests each, ${kind}\n`);
  console.log('| case | status | median ms | p95 ms | × baseline (median) | × baseline (p95) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.status} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / base).toFixed(1)} | ${(r.p95 / baseP95).toFixed(1)} |`,
    );
}
