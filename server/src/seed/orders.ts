// The demo shop's orders: about forty over the last 30 days from the demo customers, in every status, so the
// admin's desktop, the orders list and a customer's history have something true to show before the first
// real order. They are history, written as stored rows at their list prices (a real order is placed through
// the placing service, sales/place-order.ts); numbers come from the same per-year sequence.
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { nextOrderNumber } from '../sales/order-number';
import {
  deliveryServices,
  orderItems,
  orders,
  paymentServices,
  productOffers,
  products,
  users,
} from '../../generated/tables';
import { Rng } from './random';

const DAY = 24 * 60 * 60 * 1000;
const ORDERS = 42;

type Status = 'new' | 'confirmed' | 'paid' | 'shipped' | 'completed' | 'canceled';

/** Older orders are further along: what was ordered today is new, what was ordered a month ago is done. */
function statusOf(daysAgo: number, rng: Rng, turn: number): Status {
  if (rng.chance(0.08)) return 'canceled';
  if (daysAgo < 1) return 'new';
  if (daysAgo < 3) return (['confirmed', 'paid', 'new'] as const)[turn % 3]!;
  if (daysAgo < 8) return rng.pick(['paid', 'shipped', 'shipped']);
  return rng.chance(0.9) ? 'completed' : 'shipped';
}

const CITIES: [string, string, string][] = [
  ['Москва', '115114', 'ул. Летниковская, д. 4, кв. 12'],
  ['Санкт-Петербург', '191025', 'Невский пр., д. 88, кв. 7'],
  ['Казань', '420111', 'ул. Баумана, д. 15, кв. 3'],
  ['Екатеринбург', '620014', 'ул. Малышева, д. 36, кв. 41'],
  ['Новосибирск', '630099', 'Красный пр., д. 22, кв. 9'],
  ['Краснодар', '350000', 'ул. Красная, д. 120, кв. 55'],
];

export async function seedOrders(tx: Tx, now: Date): Promise<Record<string, number>> {
  const rng = new Rng(20261124);
  const customers = await tx
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(eq(users.role, 'customer'))
    .orderBy(asc(users.id));
  const offers = await tx
    .select({
      id: productOffers.id,
      productId: productOffers.productId,
      article: productOffers.article,
      attributes: productOffers.attributes,
      basePrice: productOffers.basePrice,
      salePrice: productOffers.salePrice,
      title: products.title,
    })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .orderBy(asc(productOffers.id));
  const delivery = await tx
    .select({ id: deliveryServices.id, code: deliveryServices.code })
    .from(deliveryServices);
  const payment = await tx
    .select({ id: paymentServices.id, code: paymentServices.code })
    .from(paymentServices);
  if (!customers.length || !offers.length || !delivery.length || !payment.length) return { orders: 0 };

  // Spread over 30 days, more of them recent, each at a daytime hour; placed (and so numbered) oldest first.
  const moments = Array.from({ length: ORDERS }, () => {
    const daysAgo = Math.floor(30 * rng.next() ** 1.6);
    return { daysAgo, placed: new Date(now.getTime() - daysAgo * DAY - rng.int(0, 10) * 60 * 60 * 1000) };
  }).sort((a, b) => a.placed.getTime() - b.placed.getTime());

  let count = 0;
  for (const [turn, { daysAgo, placed }] of moments.entries()) {
    const customer = rng.pick(customers);
    const status = statusOf(daysAgo, rng, turn);
    const [city, postalCode, address] = rng.pick(CITIES);
    const items = rng.sample(offers, rng.int(1, 4)).map((o) => {
      const price = o.salePrice ?? o.basePrice;
      const quantity = rng.int(1, 5);
      return {
        productId: o.productId,
        offerId: o.id,
        title: o.title,
        article: o.article,
        attributes: o.attributes as Record<string, string>,
        price,
        quantity,
        total: price * quantity,
      };
    });
    const paid = status === 'paid' || status === 'shipped' || status === 'completed';
    const itemsTotal = items.reduce((s, i) => s + i.total, 0);
    const deliveryPrice = rng.pick([0, 29_000, 35_000, 45_000]);
    const [row] = await tx
      .insert(orders)
      .values({
        number: await nextOrderNumber(tx, placed),
        userId: customer.id,
        status,
        cancelReason: status === 'canceled' ? 'Покупатель передумал' : null,
        customerName: [customer.name, customer.lastName].filter(Boolean).join(' '),
        customerPhone: customer.phone ?? '+79990000000',
        customerEmail: customer.email,
        deliveryServiceId: rng.pick(delivery).id,
        deliveryCity: city,
        deliveryPostalCode: postalCode,
        deliveryAddress: address,
        deliveryPrice,
        paymentServiceId: rng.pick(payment).id,
        paymentStatus: paid ? 'paid' : 'unpaid',
        itemsTotal,
        total: itemsTotal + deliveryPrice,
        paidAt: paid ? new Date(placed.getTime() + 20 * 60 * 1000) : null,
        createdAt: placed,
        updatedAt: placed,
      })
      .returning({ id: orders.id });
    await tx
      .insert(orderItems)
      .values(items.map((item, position) => ({ ...item, orderId: row!.id, position })));
    count++;
  }
  return { orders: count };
}
