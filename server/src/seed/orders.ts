// The demo shop's orders: about forty over the last 30 days from the demo customers and a few guests, in
// every status, so that the admin's desktop, the orders list, the order's screen and a customer's history
// have something true to show before the first real order. They are history, written as stored rows at
// their list prices (a real order is placed through the placing service, sales/place-order.ts); numbers
// come from the same per-year sequence. What happened to each after it was placed is order-life.ts.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../platform/db';
import { newOrderKeys } from '../domains/sales';
import type { DeliveryKind, OrderStatus, PaymentKind } from '../domains/sales';
import { settingsRow } from '../domains/settings';
import {
  cartRules,
  deliveryServices,
  orderItems,
  orders,
  paymentServices,
  productOffers,
  products,
  userOrganizations,
  userTypes,
  users,
} from '../../generated/tables';
import {
  assignPayStories,
  lifeOf,
  writeLife,
  writeStrayNotification,
  type CancelStory,
  type OrderDraft,
} from './order-life';
import { Rng } from './random';

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ORDERS = 42;

type Item = Omit<typeof orderItems.$inferInsert, 'orderId' | 'position'> & { total: number; payable: number };

/** Older orders are further along: what was ordered today is new, what was ordered a month ago is done. */
function statusOf(daysAgo: number, rng: Rng, turn: number): OrderStatus {
  if (turn % 10 === 7) return 'canceled';
  if (daysAgo < 1) return 'new';
  if (daysAgo < 3) return (['confirmed', 'paid', 'new'] as const)[turn % 3]!;
  if (daysAgo < 8) return rng.pick(['paid', 'shipped', 'shipped']);
  return rng.chance(0.9) ? 'completed' : 'shipped';
}

/** Every way an order ends up canceled, in turn; the refund and the late payment need an online one. */
const CANCEL_STORIES: CancelStory[] = ['refunded', 'by-customer', 'late', 'by-shop'];

/** City, postal code, street address, the СДЭК pickup point's code there. */
const CITIES: [string, string, string, string][] = [
  ['Москва', '115114', 'ул. Летниковская, д. 4, кв. 12', 'MSK2331'],
  ['Санкт-Петербург', '191025', 'Невский пр., д. 88, кв. 7', 'SPB157'],
  ['Казань', '420111', 'ул. Баумана, д. 15, кв. 3', 'KZN32'],
  ['Екатеринбург', '620014', 'ул. Малышева, д. 36, кв. 41', 'EKB94'],
  ['Новосибирск', '630099', 'Красный пр., д. 22, кв. 9', 'NSK118'],
  ['Краснодар', '350000', 'ул. Красная, д. 120, кв. 55', 'KSD27'],
];

/** Buyers without an account: their orders are opened by the private link of the letter. */
const GUESTS = [
  { name: 'Дарья Белова', phone: '+79151234610', email: 'daria.belova@example.ru' },
  { name: 'Алина Гарипова', phone: '+79871234611', email: null },
  { name: 'Светлана Орлова', phone: '+79221234612', email: 'orlova.lash@example.ru' },
];

/** How often each payment is chosen where it may be; salons with an organisation mostly pay by invoice. */
const PAYMENT_WEIGHTS: Record<PaymentKind, number> = { online: 3, on_delivery: 3, invoice: 8 };

export async function seedOrders(tx: Tx, now: Date): Promise<Record<string, number>> {
  const rng = new Rng(20261124);
  const customers = await tx
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
      type: userTypes.code,
      bonusAllowed: userTypes.bonusAllowed,
      typeActive: userTypes.active,
    })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(eq(users.role, 'customer'))
    .orderBy(asc(users.id));
  const organisationOf = new Map(
    (
      await tx
        .select({ id: userOrganizations.id, userId: userOrganizations.userId })
        .from(userOrganizations)
        .orderBy(asc(userOrganizations.id))
    ).map((o) => [o.userId, o.id]),
  );
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
  const delivery = (await tx.select().from(deliveryServices).orderBy(asc(deliveryServices.sortOrder))).filter(
    (d) => d.active,
  );
  const payment = (await tx.select().from(paymentServices).orderBy(asc(paymentServices.sortOrder))).filter(
    (p) => p.active,
  );
  if (!customers.length || !offers.length || !delivery.length || !payment.length) return { orders: 0 };
  const [freeDelivery] = await tx
    .select({ title: cartRules.title, from: cartRules.minItemsTotal })
    .from(cartRules)
    .where(and(eq(cartRules.discountType, 'free_delivery'), eq(cartRules.active, true)))
    .orderBy(asc(cartRules.priority));
  const [staff] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ['admin', 'manager']))
    .orderBy(asc(users.id))
    .limit(1);
  const shop = await settingsRow(tx);
  const pointValue = shop?.bonusPointValue || 100;
  const ctx = {
    now,
    staffId: staff?.id ?? null,
    bonus: shop?.bonusEnabled
      ? { percent: shop.bonusAccrualPercent, pointValue, lifetimeDays: shop.bonusLifetimeDays }
      : null,
  };

  // Spread over 30 days, more of them recent, each at a daytime hour and at least a quarter of an hour ago;
  // placed (and so numbered) oldest first.
  const moments = Array.from({ length: ORDERS }, () => {
    const daysAgo = Math.floor(30 * rng.next() ** 1.6);
    const ago = daysAgo * DAY + rng.int(0, 10) * HOUR + rng.int(15, 59) * MIN;
    return { daysAgo, placed: new Date(now.getTime() - ago) };
  }).sort((a, b) => a.placed.getTime() - b.placed.getTime());

  let canceled = 0;
  const drafts: { row: typeof orders.$inferInsert; items: Item[]; draft: OrderDraft }[] = [];
  for (const [turn, { daysAgo, placed }] of moments.entries()) {
    const guest = turn % 7 === 3 ? GUESTS[((turn - 3) / 7) % GUESTS.length]! : null;
    const customer = guest ? null : rng.pick(customers);
    const status = statusOf(daysAgo, rng, turn);
    const cancel = status === 'canceled' ? CANCEL_STORIES[canceled++ % CANCEL_STORIES.length]! : null;
    const [city, postalCode, address, pickupPoint] = rng.pick(CITIES);
    // The showroom and the courier are in Moscow.
    const reachable = delivery.filter(
      (d) => city === 'Москва' || (d.kind !== 'courier' && d.kind !== 'self_pickup'),
    );
    const service = rng.pick(reachable.length ? reachable : delivery);
    const wholesale = customer?.type === 'salon';
    const items = rng.sample(offers, rng.int(1, 4)).map((o): Item => {
      const price = o.salePrice ?? o.basePrice;
      const quantity = wholesale ? rng.int(3, 10) : rng.int(1, 5);
      const total = price * quantity;
      return {
        productId: o.productId,
        offerId: o.id,
        title: o.title,
        article: o.article,
        attributes: o.attributes,
        listPrice: price,
        price,
        quantity,
        total,
        payable: total,
      };
    });
    const itemsTotal = items.reduce((s, i) => s + i.total, 0);
    // As the checkout prices it (pricing/delivery.ts): free from the service's threshold, else by the cart
    // rule of free delivery, which the order lists among its discounts.
    const byThreshold = service.price === 0 || (service.freeFrom !== null && itemsTotal >= service.freeFrom);
    const byRule = !byThreshold && !!freeDelivery && itemsTotal >= (freeDelivery.from ?? 0);
    const deliveryPrice = byThreshold || byRule ? 0 : service.price;
    const total = itemsTotal + deliveryPrice;
    const organizationId = (customer && organisationOf.get(customer.id)) ?? null;

    // The payment the checkout would have offered: allowed with this delivery and this total, by invoice
    // only for an organisation; paid on delivery never takes the status «paid» before it is shipped.
    const fits = payment.filter(
      (p) =>
        (p.deliveryServiceIds.length === 0 || p.deliveryServiceIds.includes(service.id)) &&
        (p.minOrderTotal === null || total >= p.minOrderTotal) &&
        (p.maxOrderTotal === null || total <= p.maxOrderTotal) &&
        (p.kind !== 'invoice' || organizationId !== null) &&
        (p.kind !== 'on_delivery' || status !== 'paid') &&
        (p.kind === 'online' || cancel === null || cancel === 'by-customer' || cancel === 'by-shop'),
    );
    const chosen = weighted(rng, fits.length ? fits : payment, (p) => PAYMENT_WEIGHTS[p.kind as PaymentKind]);
    const byManager = chosen.kind !== 'online' && rng.chance(0.15);
    const { id, number } = await newOrderKeys(tx, placed);
    const needs = (kinds: DeliveryKind[]) => kinds.includes(service.kind as DeliveryKind);
    drafts.push({
      row: {
        id,
        number,
        userId: customer?.id ?? null,
        organizationId: chosen.kind === 'invoice' ? organizationId : null,
        customerName: guest?.name ?? [customer!.name, customer!.lastName].filter(Boolean).join(' '),
        customerPhone: guest?.phone ?? customer!.phone ?? '+79990000000',
        customerEmail: guest ? guest.email : customer!.email,
        // Only the fields the delivery needs, as the checkout stores them.
        deliveryServiceId: service.id,
        deliveryCity: needs(['courier', 'post', 'pickup_point']) ? city : null,
        deliveryPostalCode: needs(['post']) ? postalCode : null,
        deliveryAddress: needs(['courier', 'post']) ? address : null,
        deliveryPickupPoint: needs(['pickup_point']) ? pickupPoint : null,
        deliveryPrice,
        paymentServiceId: chosen.id,
        itemsTotal,
        discounts: byRule ? [{ title: freeDelivery.title, amount: service.price }] : [],
        total,
        bonusPointValue: pointValue,
        managerComment: byManager ? 'Заказ по телефону' : null,
        createdAt: placed,
      },
      items,
      draft: {
        placed,
        number,
        status,
        customerId: customer?.id ?? null,
        bonusAllowed: !!customer && customer.bonusAllowed !== false && customer.typeActive !== false,
        byManager,
        delivery: {
          code: service.code,
          kind: service.kind as DeliveryKind,
          minDays: service.minDays ?? 1,
          maxDays: service.maxDays ?? 3,
        },
        payment: { id: chosen.id, kind: chosen.kind as PaymentKind, testMode: chosen.testMode },
        goodsPaid: items.reduce((s, i) => s + i.payable, 0),
        total,
        cancel,
        pay: 'none',
      },
    });
  }
  assignPayStories(
    drafts.map((d) => d.draft),
    now,
  );

  for (const { row, items, draft } of drafts) {
    const life = lifeOf(draft, rng, ctx);
    const [inserted] = await tx
      .insert(orders)
      .values({ ...row, ...life.order })
      .returning({ id: orders.id });
    const orderId = inserted!.id;
    await tx.insert(orderItems).values(items.map((item, position) => ({ ...item, orderId, position })));
    await writeLife(tx, orderId, life);
  }
  await writeStrayNotification(tx, rng, now);
  return { orders: drafts.length };
}

function weighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T {
  const sum = items.reduce((s, i) => s + weight(i), 0);
  let left = rng.next() * sum;
  for (const item of items) if ((left -= weight(item)) < 0) return item;
  return items.at(-1)!;
}
