// Delivery: the services' carriers behind one interface (СДЭК, Почта России), the shop's courier zones and
// self pickup; prices and dates for the customer's city (cached, time-boxed, with a fallback to the flat
// price), pickup points, the cities the checkout suggests, and how a cart becomes packages. Handing an
// order to a carrier and following it moves an order: that is a flow (flows/shipping).
import type { ServerPart } from '../../platform/server-part';
import { deliveryRoutes } from './routes';

export const server: ServerPart = {
  api: (ctx) => deliveryRoutes(ctx.database.db, ctx.config),
};

// What other folders use of this domain.
export { carrierOf, CarrierError, type CarrierConfig, type Parcel, type PickupPoint } from './carriers';
export type { ShipmentRequest, ShipmentState, ShipmentStatus } from './carriers';
export { destinationOf, type Destination } from './cities';
export { clearPointsCache, findPoint, pointsOf } from './points';
export { packCart, type ParcelLine } from './parcels';
export { trackingUrlOf } from './tracking';
export {
  clearQuoteCache,
  quoteDelivery,
  type DeliveryQuote,
  type PriceSource,
  type QuotedServiceRow,
} from './quotes';
