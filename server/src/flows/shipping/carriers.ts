// What the shipping flow says of a carrier in Russian, and where a customer follows a parcel. The carriers
// themselves (delivery/carriers) speak protocols; names and tracking pages are for people.
import { trackingUrlOf as trackingUrl, type carrierOf, type ShipmentState } from '../../domains/delivery';
import shipmentsSchema from '@shop/schemas/entities/delivery/shipments.schema.json' with { type: 'json' };

/** A carrier as the delivery domain gives it (its interface is not part of the domain's surface). */
export type Carrier = NonNullable<ReturnType<typeof carrierOf>>;
export type CarrierName = Carrier['name'];

/** «СДЭК», «Почта России»: the schema's labels, one wording everywhere. */
export const CARRIER_LABELS: Record<CarrierName, string> =
  shipmentsSchema.properties.carrier['x-enum-labels'];

export const STATE_LABELS: Record<ShipmentState, string> = shipmentsSchema.properties.state['x-enum-labels'];

/** The carrier's public page for a tracking number (the delivery domain knows them all). */
export function trackingUrlOf(carrier: CarrierName, trackNumber: string): string {
  return trackingUrl(carrier, trackNumber)!;
}

/**
 * A shipment the carrier still has (or is taking): the order's one; a refused one leaves room for another.
 * The schema's partial unique index says which (one live shipment per order), read from there.
 */
export const LIVE_STATES = shipmentsSchema['x-db'].indexes[0]!.where!.state as ShipmentState[];

/** States that may still change: the periodic task asks the carrier about these. */
export const FOLLOWED_STATES: ShipmentState[] = [
  'registering',
  'registered',
  'in_transit',
  'ready',
  'returning',
];
