// What the shop hands to a carrier for one order (delivery's ShipmentRequest): the recipient, where the
// parcel goes (the chosen pickup point, or the courier's address), the packages with the order's items, and
// what the recipient pays on delivery. The packages follow the cart's rule (delivery/parcels.ts packCart):
// each unit weighs and measures what its offer says, else its category's defaults, else the shop's.
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../platform/db';
import { conflict } from '../../platform/http/errors';
import { packCart, type Parcel, type ShipmentRequest } from '../../domains/delivery';
import type { LockedOrder } from '../../domains/sales';
import { settingsRow } from '../../domains/settings';

/** The order's delivery as the request needs it (the order row and its service). */
export interface OrderDelivery {
  deliveryServiceId: number;
  city: string | null;
  postalCode: string | null;
  address: string | null;
  pickupPoint: string | null;
  service: {
    tariffCode: number | null;
    senderCity: string | null;
    senderPostalCode: string | null;
    shipmentPoint: string | null;
  };
}

type Size = { weight: number | null; length: number | null; width: number | null; height: number | null };

interface ItemRow {
  title: string;
  article: string | null;
  offerId: number | null;
  price: number;
  quantity: number;
  /** The offer's own figures (all null when the offer was deleted since). */
  size: Size;
  /** The product's first category that has defaults, or null. */
  categorySize: Size | null;
}

const NO_SIZE: Size = { weight: null, length: null, width: null, height: null };

/** The order's lines with their offers' weights and sizes, read as the cart reads them (sales/cart-view.ts). */
function orderItemsWithSizes(tx: Tx, orderId: number) {
  return selectRows<ItemRow>(
    tx,
    sql`SELECT i.title, i.article, i.offer_id AS "offerId", i.price, i.quantity,
          json_build_object('weight', po.weight, 'length', po.length,
                            'width', po.width, 'height', po.height) AS size,
          (SELECT json_build_object('weight', c.parcel_weight, 'length', c.parcel_length,
                                    'width', c.parcel_width, 'height', c.parcel_height)
             FROM product_categories c WHERE c.id = ANY(p.category_ids)
             ORDER BY array_position(p.category_ids, c.id) LIMIT 1) AS "categorySize"
        FROM order_items i
        LEFT JOIN product_offers po ON po.id = i.offer_id
        LEFT JOIN products p ON p.id = po.product_id
        WHERE i.order_id = ${orderId}
        ORDER BY i.position, i.id`,
  );
}

/**
 * The packages of the lines, each with the items it holds. packCart fills its boxes with the lines' units
 * in order, one after another, so each box's weight is the sum of a run of consecutive units: walking the
 * units with their own weights (packCart of one unit) finds where each box ends, without a second copy of
 * the packing rule.
 */
export function packOrder(lines: readonly ItemRow[], shop: Parcel): ShipmentRequest['packages'] {
  const parcelLines = lines.map((l) => ({
    quantity: l.quantity,
    offer: l.size ?? NO_SIZE,
    category: l.categorySize ?? NO_SIZE,
  }));
  const packages: ShipmentRequest['packages'] = packCart(parcelLines, shop).map((box) => ({
    ...box,
    items: [],
  }));
  let box = 0;
  let filled = 0;
  lines.forEach((line, i) => {
    const unit = packCart([{ ...parcelLines[i]!, quantity: 1 }], shop)[0]!;
    const item = {
      name: line.title,
      article: line.article ?? `offer-${line.offerId ?? i + 1}`,
      price: line.price,
      weight: unit.weight,
    };
    for (let n = 0; n < line.quantity; n++) {
      if (filled + unit.weight > packages[box]!.weight) [box, filled] = [box + 1, 0];
      filled += unit.weight;
      const items = packages[box]!.items;
      const last = items.at(-1);
      if (last && last.article === item.article && last.name === item.name) last.quantity += 1;
      else items.push({ ...item, quantity: 1 });
    }
  });
  return packages;
}

/** The request for the order as it is now; a refusal (409) when the order lacks what the carrier needs. */
export async function shipmentRequest(
  tx: Tx,
  order: LockedOrder,
  delivery: OrderDelivery,
): Promise<ShipmentRequest> {
  const { service } = delivery;
  if (!service.tariffCode) throw conflict('У способа доставки не указан тариф службы доставки');
  const toPoint = order.deliveryKind === 'pickup_point';
  if (toPoint && !delivery.pickupPoint) throw conflict('В заказе не выбран пункт выдачи');
  if (!toPoint && !delivery.address)
    throw conflict('В заказе нет адреса доставки: курьеру некуда везти посылку');
  if (!delivery.city) throw conflict('В заказе не указан город доставки');
  const [items, shop] = await Promise.all([orderItemsWithSizes(tx, order.id), settingsRow(tx)]);
  if (!items.length) throw conflict('В заказе нет товаров');
  const packages = packOrder(items, {
    weight: shop?.parcelWeight ?? 200,
    length: shop?.parcelLength ?? 20,
    width: shop?.parcelWidth ?? 15,
    height: shop?.parcelHeight ?? 5,
  });
  // Paid on delivery and not yet paid: the carrier collects the whole order (goods and delivery).
  const collect = order.paymentKind === 'on_delivery' && order.paymentStatus !== 'paid' ? order.total : 0;
  return {
    orderNumber: order.number,
    tariffCode: service.tariffCode,
    from: { city: service.senderCity ?? 'Москва', postalCode: service.senderPostalCode },
    shipmentPoint: service.shipmentPoint,
    deliveryPoint: toPoint ? delivery.pickupPoint : null,
    to: { city: delivery.city, postalCode: delivery.postalCode, address: toPoint ? null : delivery.address },
    recipient: { name: order.customerName, phone: order.customerPhone, email: order.customerEmail },
    collectOnDelivery: collect,
    packages,
  };
}
