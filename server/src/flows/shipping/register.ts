// «Передать в СДЭК»: an order becomes a shipment at its delivery service's carrier. Checked and prepared
// under the order's row lock, with a claim (a shipment row without the carrier's id) that keeps a second
// press or a second manager out; the carrier is asked with no lock held (it may take seconds); then the
// answer is stored with the order's history under the lock again. A refusal or an outage deletes the claim:
// nothing stays but the Russian reason in the answer.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { deliveryServices, orders, shipments } from '../../../generated/tables';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { ApiError, conflict } from '../../platform/http/errors';
import { carrierOf, CarrierError, type ShipmentRequest } from '../../domains/delivery';
import { lockOrder, recordOrderEvent, type LockedOrder, type OrderActor } from '../../domains/sales';
import { CARRIER_LABELS, LIVE_STATES, type Carrier, type CarrierName } from './carriers';
import { shipmentRequest, type OrderDelivery } from './shipment-request';
import { shipmentView, type ShipmentRow } from './shipment-view';

export type ShippingConfig = Pick<
  Config,
  'cdekApiUrl' | 'cdekTestApiUrl' | 'russianPostApiUrl' | 'carrierTimeoutMs'
>;

/** The carrier of the order's delivery service that takes shipments, or null (and its service row). */
export async function shipmentCarrierOf(db: Db | Tx, orderId: number, config: ShippingConfig) {
  const [row] = await db
    .select({ service: deliveryServices })
    .from(orders)
    .innerJoin(deliveryServices, eq(deliveryServices.id, orders.deliveryServiceId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const carrier = carrierOf(row.service, config);
  return carrier?.register ? { carrier, service: row.service } : null;
}

/** The order's live shipment, else the last refused one, else null. */
export async function latestShipment(db: Db | Tx, orderId: number): Promise<ShipmentRow | null> {
  const [live] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, LIVE_STATES)));
  if (live) return live;
  const [last] = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(1);
  return last ?? null;
}

/** The carrier's failure as the API answers it: its refusal 409, an outage 502. */
export function carrierFailure(error: unknown, carrierLabel: string): unknown {
  if (!(error instanceof CarrierError)) return error;
  if (error.kind === 'refused') return new ApiError(409, 'carrier_refused', error.message);
  return new ApiError(502, 'carrier_unavailable', `${carrierLabel} не отвечает, попробуйте позже`);
}

/** Why the order cannot go to a carrier now, in words a manager can act on; null when it can. */
function whyNot(order: LockedOrder): string | null {
  switch (order.status) {
    case 'canceled':
      return 'Заказ отменён: передавать в доставку нечего';
    case 'completed':
      return 'Заказ выполнен: он уже у покупателя';
    case 'shipped':
      return 'Заказ уже отправлен';
    case 'new':
      return 'Сначала подтвердите заказ';
    default:
  }
  // As the order rules have it for shipping: paid first, unless the customer pays on receipt.
  if (order.paymentKind !== 'on_delivery' && order.paymentStatus !== 'paid')
    return order.paymentKind === 'online'
      ? 'Заказ ещё не оплачен онлайн: передать его в доставку можно после оплаты'
      : 'Заказ ещё не оплачен: передать его в доставку можно после оплаты';
  return null;
}

interface Prepared {
  claimId: number;
  carrier: Carrier;
  label: string;
  request: ShipmentRequest;
}

async function prepare(db: Db, config: ShippingConfig, orderId: number, now: Date): Promise<Prepared> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const why = whyNot(order);
    if (why) throw conflict(why);
    const found = await shipmentCarrierOf(tx, orderId, config);
    if (!found)
      throw conflict(
        'У способа доставки заказа нет подключённой службы, принимающей заявки: проверьте тариф и ключи доступа',
      );
    const label = CARRIER_LABELS[found.carrier.name];
    const [live] = await tx
      .select({ carrierId: shipments.carrierId })
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, LIVE_STATES)));
    if (live)
      throw conflict(
        live.carrierId
          ? `Заказ уже передан в ${label}: заявка ${live.carrierId}`
          : `Заказ уже передаётся в ${label}: дождитесь ответа службы`,
      );
    const [row] = await tx
      .select({
        city: orders.deliveryCity,
        postalCode: orders.deliveryPostalCode,
        address: orders.deliveryAddress,
        pickupPoint: orders.deliveryPickupPoint,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    const delivery: OrderDelivery = { ...row!, deliveryServiceId: found.service.id, service: found.service };
    const request = await shipmentRequest(tx, order, delivery);
    const [claim] = await tx
      .insert(shipments)
      .values({
        orderId,
        deliveryServiceId: found.service.id,
        carrier: found.carrier.name satisfies CarrierName,
        state: 'registering',
        packages: request.packages,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: shipments.id });
    return { claimId: claim!.id, carrier: found.carrier, label, request };
  });
}

/**
 * Hands the order to its delivery service's carrier: the stored shipment (usually `registering`; the
 * periodic task follows it from there). 409 with the reason when the order cannot go or the carrier refuses,
 * 502 when the carrier does not answer; then nothing is stored.
 */
export async function registerShipment(
  db: Db,
  config: ShippingConfig,
  orderId: number,
  actor: OrderActor,
  now = new Date(),
) {
  const { claimId, carrier, label, request } = await prepare(db, config, orderId, now);
  let status;
  try {
    status = await carrier.register!(request);
  } catch (error) {
    await db.delete(shipments).where(and(eq(shipments.id, claimId), isNull(shipments.carrierId)));
    throw carrierFailure(error, label);
  }
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [row] = await tx
      .update(shipments)
      .set({
        carrierId: status.carrierId,
        state: status.state,
        trackNumber: status.trackNumber,
        statusText: status.statusText,
        errors: status.errors,
        checkedAt: now,
        updatedAt: now,
      })
      .where(eq(shipments.id, claimId))
      .returning();
    await recordOrderEvent(tx, {
      orderId,
      kind: 'note',
      actor,
      comment:
        status.state === 'invalid'
          ? `${label} отклонил заявку ${status.carrierId}: ${status.errors.join('; ')}`
          : `Передан в ${label}: заявка ${status.carrierId}`,
      public: false,
      at: now,
    });
    return shipmentView(row!);
  });
}
