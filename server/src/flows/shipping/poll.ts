// Following shipments (a periodic task, server/src/tasks.ts): each live shipment not checked for a few
// minutes is read from its carrier and its state, tracking number and the carrier's words are stored. What
// a state means for the order:
// - the carrier has the parcel (in transit, at the pickup point, or already delivered): the order becomes
//   «Отправлен» through the order service (action ship, as the `system` actor) with the tracking number, and
//   the customer's letter carries the carrier's tracking page. Not earlier: a registered shipment is only a
//   waybill while the parcel is still on the shop's shelf;
// - delivered: «Выполнен» (action complete; an order paid on receipt is paid then);
// - returning: the history and a letter to the shop say so; the manager decides (no cancel);
// - refused (invalid): the carrier's reasons are stored and the history says so; the order may be sent again.
// The order moves are derived from the shipment's stored state and the order's status (settleOrders), not
// from the change just seen, so a move that failed (a crash, a refusal) is tried again on the next rounds.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { deliveryServices, shipments } from '../../../generated/tables';
import type { Config } from '../../platform/config';
import { selectRows, type Db, type Tx } from '../../platform/db';
import { ApiError } from '../../platform/http/errors';
import { carrierOf, type ShipmentStatus } from '../../domains/delivery';
import { enqueueTemplatedEmail } from '../../domains/messages';
import { lockOrder, recordOrderEvent, type LockedOrder } from '../../domains/sales';
import { commonValues, settingsRow } from '../../domains/settings';
import { changeOrderStatus } from '../order-status/order-status';
import { CARRIER_LABELS, FOLLOWED_STATES, trackingUrlOf, type Carrier, type CarrierName } from './carriers';
import type { ShippingConfig } from './register';
import type { ShipmentRow } from './shipment-view';

export type PollConfig = ShippingConfig & Pick<Config, 'siteUrl' | 'yookassaApiUrl'>;

/** A shipment is asked about again when its last answer is older than this. */
export const RECHECK_AFTER_MS = 4 * 60_000;
/** Shipments asked about in one run; a full batch has the scheduler run again at once. */
const BATCH = 50;
/** A claim (registration under way) older than this was abandoned: the server stopped while it waited. */
const CLAIM_ABANDONED_MS = 10 * 60_000;
/** Orders whose shipment changed within this window are checked for the move their shipment implies. */
const SETTLE_WINDOW_MS = 24 * 60 * 60_000;

export interface PollResult {
  /** Shipments the carriers answered about. */
  checked: number;
  /** Of those, the ones whose state, number or status changed. */
  changed: number;
  /** Orders moved (shipped or completed). */
  moved: number;
  /** What went wrong, for the log: a carrier that did not answer, an order move the rules refused. */
  failures: string[];
  /** A full batch: there may be more due now. */
  more: boolean;
}

export async function pollShipments(db: Db, config: PollConfig, now = new Date()): Promise<PollResult> {
  const site = config.siteUrl ?? '';
  await dropAbandonedClaims(db, now);
  const due = await db
    .select()
    .from(shipments)
    .where(
      and(
        inArray(shipments.state, FOLLOWED_STATES),
        sql`${shipments.carrierId} IS NOT NULL`,
        or(isNull(shipments.checkedAt), lt(shipments.checkedAt, new Date(now.getTime() - RECHECK_AFTER_MS))),
      ),
    )
    .orderBy(sql`${shipments.checkedAt} ASC NULLS FIRST`, asc(shipments.id))
    .limit(BATCH);
  const result: PollResult = { checked: 0, changed: 0, moved: 0, failures: [], more: due.length === BATCH };
  const carriers = new Map<number, Promise<Carrier | null>>();
  for (const row of due) {
    if (!carriers.has(row.deliveryServiceId))
      carriers.set(row.deliveryServiceId, serviceCarrier(db, row.deliveryServiceId, config));
    const carrier = await carriers.get(row.deliveryServiceId)!;
    let status: ShipmentStatus;
    try {
      if (!carrier?.status) throw new Error('у способа доставки больше нет подключённой службы');
      status = await carrier.status(row.carrierId!);
    } catch (error) {
      // Asked again after RECHECK_AFTER_MS, like any other.
      await db.update(shipments).set({ checkedAt: now }).where(eq(shipments.id, row.id));
      result.failures.push(
        `отправление ${row.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    result.checked++;
    if (await storeStatus(db, row, status, site, now)) result.changed++;
  }
  const settled = await settleOrders(db, config, site, now);
  result.moved = settled.moved;
  result.failures.push(...settled.failures);
  return result;
}

async function serviceCarrier(db: Db, serviceId: number, config: ShippingConfig) {
  const [service] = await db.select().from(deliveryServices).where(eq(deliveryServices.id, serviceId));
  return service ? carrierOf(service, config) : null;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Stores what the carrier said, with the history row and the shop's letter it calls for; true if changed. */
async function storeStatus(
  db: Db,
  seen: ShipmentRow,
  status: ShipmentStatus,
  site: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, seen.orderId);
    const [row] = await tx.select().from(shipments).where(eq(shipments.id, seen.id)).for('update');
    const changed =
      row!.state !== status.state ||
      row!.trackNumber !== status.trackNumber ||
      row!.statusText !== status.statusText ||
      !sameList(row!.errors, status.errors);
    await tx
      .update(shipments)
      .set({
        checkedAt: now,
        ...(changed
          ? {
              state: status.state,
              trackNumber: status.trackNumber,
              statusText: status.statusText,
              errors: status.errors,
              updatedAt: now,
            }
          : {}),
      })
      .where(eq(shipments.id, row!.id));
    if (changed && row!.state !== status.state) await stateChanged(tx, order, row!, status, site, now);
    return changed;
  });
}

/** The history rows (and the shop's letter) of a shipment's new state; order moves are settleOrders'. */
async function stateChanged(
  tx: Tx,
  order: LockedOrder,
  row: ShipmentRow,
  status: ShipmentStatus,
  site: string,
  now: Date,
) {
  const label = CARRIER_LABELS[row.carrier as CarrierName];
  const actor = { userId: null, label };
  if (status.state === 'invalid')
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'note',
      actor,
      comment:
        `${label} отклонил заявку ${row.carrierId}: ${status.errors.join('; ')}. ` +
        'Исправьте данные заказа и передайте его снова.',
      public: false,
      at: now,
    });
  if (status.state === 'returning') {
    const words = status.statusText ?? 'посылка возвращается';
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'note',
      actor,
      comment: `Посылка возвращается в магазин (${label}: ${words}). Заказ не отменён: решите, что с ним делать.`,
      public: false,
      at: now,
    });
    const shop = await settingsRow(tx);
    const to = shop?.adminNotificationEmail ?? shop?.supportEmail;
    if (to)
      await enqueueTemplatedEmail(tx, {
        code: 'order.shipment_returning',
        to,
        site,
        common: commonValues(shop, site),
        values: {
          orderNumber: order.number,
          trackNumber: status.trackNumber ?? '—',
          shipmentStatus: words,
          adminUrl: `${site}/nuxt/orders/${encodeURIComponent(order.number)}`,
        },
        userId: null,
      });
  }
}

/**
 * Moves the orders whose shipment says the carrier has the parcel (→ «Отправлен») or handed it over
 * (→ «Выполнен»), through the order service, as the `system` actor named by the carrier.
 */
async function settleOrders(
  db: Db,
  config: PollConfig,
  site: string,
  now: Date,
): Promise<{ moved: number; failures: string[] }> {
  const since = new Date(now.getTime() - SETTLE_WINDOW_MS);
  const pending = await selectRows<{
    orderId: number;
    number: string;
    carrier: CarrierName;
    trackNumber: string | null;
    state: string;
    status: string;
  }>(
    db,
    sql`SELECT s.order_id AS "orderId", o.number, s.carrier, s.track_number AS "trackNumber", s.state, o.status
        FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.updated_at > ${since}
          AND ((s.state IN ('in_transit', 'ready', 'delivered') AND o.status IN ('confirmed', 'paid'))
            OR (s.state = 'delivered' AND o.status = 'shipped'))
        ORDER BY s.id`,
  );
  let moved = 0;
  const failures: string[] = [];
  for (const p of pending) {
    const common = { orderId: p.orderId, role: 'system' as const, site, now };
    const actor = { userId: null, label: CARRIER_LABELS[p.carrier] };
    try {
      if (p.status !== 'shipped') {
        await changeOrderStatus(db, config, {
          ...common,
          action: 'ship',
          actor,
          trackNumber: p.trackNumber,
          trackingUrl: p.trackNumber ? trackingUrlOf(p.carrier, p.trackNumber) : null,
        });
        moved++;
      }
      if (p.state === 'delivered') {
        await changeOrderStatus(db, config, { ...common, action: 'complete', actor });
        moved++;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failures.push(`заказ ${p.number}: ${error.message}`);
    }
  }
  return { moved, failures };
}

/**
 * Claims whose registration never came back (the server stopped while the carrier was asked): refused, so
 * that the order may be sent again, with a word to check the carrier's own account for a duplicate. Each
 * under its order's lock, as every change of a shipment.
 */
async function dropAbandonedClaims(db: Db, now: Date) {
  const abandoned = and(
    isNull(shipments.carrierId),
    eq(shipments.state, 'registering'),
    lt(shipments.createdAt, new Date(now.getTime() - CLAIM_ABANDONED_MS)),
  );
  const found = await db
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(abandoned);
  for (const claim of found)
    await db.transaction(async (tx) => {
      await lockOrder(tx, claim.orderId);
      const [dropped] = await tx
        .update(shipments)
        .set({
          state: 'invalid',
          errors: ['Регистрация прервалась, ответ службы доставки не получен'],
          updatedAt: now,
        })
        .where(and(eq(shipments.id, claim.id), abandoned))
        .returning({ carrier: shipments.carrier });
      if (!dropped) return;
      const label = CARRIER_LABELS[dropped.carrier as CarrierName];
      await recordOrderEvent(tx, {
        orderId: claim.orderId,
        kind: 'note',
        actor: { userId: null, label },
        comment:
          `Передача в ${label} прервалась без ответа службы. Проверьте в личном кабинете ${label}, ` +
          'нет ли там заявки по этому заказу, и при необходимости передайте заказ снова.',
        public: false,
        at: now,
      });
    });
}
