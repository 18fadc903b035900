// A shipment row as the order screen shows it (schemas/api/delivery/admin-shipment): labels, the tracking page.
import type { AdminShipment } from '@shop/schemas';
import type { shipments } from '../../../generated/tables';
import type { ShipmentState } from '../../domains/delivery';
import { CARRIER_LABELS, LIVE_STATES, STATE_LABELS, trackingUrlOf, type CarrierName } from './carriers';

export type ShipmentRow = typeof shipments.$inferSelect;

export function shipmentView(row: ShipmentRow): AdminShipment {
  const carrier = row.carrier as CarrierName;
  const state = row.state as ShipmentState;
  return {
    id: row.id,
    carrier,
    carrierLabel: CARRIER_LABELS[carrier],
    carrierId: row.carrierId,
    trackNumber: row.trackNumber,
    trackingUrl: row.trackNumber ? trackingUrlOf(carrier, row.trackNumber) : null,
    state,
    stateLabel: STATE_LABELS[state],
    live: LIVE_STATES.includes(state),
    statusText: row.statusText,
    errors: row.errors,
    checkedAt: row.checkedAt ? row.checkedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
