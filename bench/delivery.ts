// The checkout with carriers (docs/delivery.md): the local servers that speak СДЭК's and Почта России's
// protocols answer every call only after CARRIER_LATENCY_MS, as a slow carrier would. Measured, as medians
// and p95 against GET /api/health under the same load in the same run: the checkout's cart without a city
// (no carrier asked), the cart for Казань once the carriers' answers are cached (the carrier's latency must
// not be on the path), the checkout page itself for Казань (server-rendered), and the first cart for a city
// nobody asked yet (the carrier's latency is: one request, for scale). `npm run bench -- --delivery-only`.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { FakeCdek } from '../server/test/fake-cdek';
import type { FakeRussianPost } from '../server/test/fake-russian-post';
import { median, p95 } from './util';

export const CARRIER_LATENCY_MS = 300;
export const BENCH_CDEK_KEYS = { clientId: 'bench-account', clientSecret: 'bench-secret' };

export interface DeliveryRow {
  name: string;
  status: number;
  median: number;
  p95: number;
}

async function underLoad(
  clients: number,
  rounds: number,
  call: (client: number) => InjectOptions,
  app: FastifyInstance,
) {
  const times: number[] = [];
  let status = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        const res = await app.inject(call(client));
        times.push(performance.now() - t0);
        status = res.statusCode;
      }
    }),
  );
  return { status, median: median(times), p95: p95(times) };
}

export async function benchDelivery(
  app: FastifyInstance,
  adminToken: string,
  carriers: { cdek: FakeCdek; post: FakeRussianPost },
  clients = 10,
  rounds = 30,
): Promise<DeliveryRow[]> {
  const admin = { authorization: adminToken };
  const services = (
    await app.inject({ method: 'GET', url: '/api/admin/delivery-services?range=[0,99]', headers: admin })
  ).json<{ id: number; code: string }[]>();
  const cdek = services.find((s) => s.code === 'cdek_pvz');
  if (!cdek) throw new Error('bench delivery: the demo shop has no СДЭК service');
  const keys = await app.inject({
    method: 'PUT',
    url: `/api/admin/delivery-services/${cdek.id}`,
    headers: admin,
    payload: { credentials: BENCH_CDEK_KEYS },
  });
  if (keys.statusCode !== 200) throw new Error(`bench delivery: СДЭК keys not saved: ${keys.body}`);
  const offers = (
    await app.inject({
      method: 'GET',
      url: `/api/admin/products?range=[0,49]&filter=${encodeURIComponent('{"active":true}')}`,
      headers: admin,
    })
  )
    .json<{ offers: { id: number; stock: number; active: boolean }[] }[]>()
    .flatMap((p) => p.offers)
    .filter((o) => o.active && o.stock >= clients)
    .slice(0, 3);
  // Each client a guest with a cart of three lines.
  const tokens: string[] = [];
  for (let c = 0; c < clients; c++) {
    let token = '';
    for (const offer of offers) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: token ? { 'x-cart-token': token } : {},
        payload: { offerId: offer.id, quantity: 1 },
      });
      token ||= res.json<{ data: { cartToken: string } }>().data.cartToken;
    }
    tokens.push(token);
  }
  const cart = `/api/cart?withCarriers=true&deliveryServiceId=${cdek.id}`;
  const as = (c: number) => ({ 'x-cart-token': tokens[c]! });
  const baseline = await underLoad(clients, rounds, (c) => ({ url: '/api/health', headers: as(c) }), app);
  const noCity = await underLoad(clients, rounds, (c) => ({ url: cart, headers: as(c) }), app);

  carriers.cdek.delayNext(CARRIER_LATENCY_MS, 1_000_000);
  carriers.post.delayNext(CARRIER_LATENCY_MS, 1_000_000);
  // The first cart for Казань asks both carriers (not cached yet): its time carries their latency.
  const t0 = performance.now();
  const first = await app.inject({
    method: 'PUT',
    url: '/api/cart/destination',
    headers: as(0),
    payload: { city: 'Казань' },
  });
  const firstMs = performance.now() - t0;
  for (let c = 1; c < clients; c++)
    await app.inject({
      method: 'PUT',
      url: '/api/cart/destination',
      headers: as(c),
      payload: { city: 'Казань' },
    });
  const checkoutPage = (c: number) => ({
    url: `/cart/order?delivery=${cdek.id}`,
    headers: { cookie: `cartToken=${tokens[c]!}` },
  });
  // The page also lists СДЭК's points in Казань: asked once, by the first page.
  await app.inject(checkoutPage(0));
  const asked = carriers.cdek.requests.length + carriers.post.requests.length;
  const cached = await underLoad(clients, rounds, (c) => ({ url: cart, headers: as(c) }), app);
  const page = await underLoad(clients, Math.max(3, Math.floor(rounds / 3)), checkoutPage, app);
  const askedAfter = carriers.cdek.requests.length + carriers.post.requests.length;
  if (askedAfter !== asked)
    throw new Error(`bench delivery: cached checkouts asked the carriers ${askedAfter - asked} times`);
  carriers.cdek.delayNext(0, 0);
  carriers.post.delayNext(0, 0);
  return [
    { name: 'baseline: GET /api/health', ...baseline },
    { name: 'checkout cart, no city (no carrier asked)', ...noCity },
    {
      name: `checkout cart for Казань, carriers cached (each carrier ${CARRIER_LATENCY_MS} ms slow)`,
      ...cached,
    },
    { name: 'checkout page /cart/order for Казань, cached (server-rendered)', ...page },
    {
      name: 'first cart for Казань: both carriers asked (one request)',
      status: first.statusCode,
      median: firstMs,
      p95: firstMs,
    },
  ];
}

export function printDelivery(rows: DeliveryRow[], clients: number, rounds: number, kind: string) {
  const base = rows[0]!.median;
  console.log(`\nCheckout with carriers: ${clients} clients at once, ${rounds} requests each, ${kind}\n`);
  console.log('| case | status | median ms | p95 ms | × baseline (median) |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.status} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / base).toFixed(1)} |`,
    );
}
