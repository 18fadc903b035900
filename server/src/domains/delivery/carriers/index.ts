// Which carrier a delivery service speaks to: its `provider`, with its tariff and (СДЭК) its keys, written
// in the admin. A service without a connected carrier is priced by its own flat price, or by its courier
// zones (quotes.ts).
import type { DeliveryService } from '@shop/schemas';
import type { Config } from '../../../platform/config';
import type { Carrier } from './carrier';
import { cdekCarrier } from './cdek';
import { russianPostCarrier } from './russian-post';

export type CarrierConfig = Pick<
  Config,
  'cdekApiUrl' | 'cdekTestApiUrl' | 'russianPostApiUrl' | 'carrierTimeoutMs'
>;

export type CarrierServiceRow = Pick<DeliveryService, 'tariffCode' | 'testMode'> & {
  provider: string;
  /** A JSON column: an object of strings as the admin's form writes it. */
  credentials: unknown;
};

const keysOf = (service: CarrierServiceRow): Record<string, string | undefined> =>
  service.credentials && typeof service.credentials === 'object'
    ? (service.credentials as Record<string, string | undefined>)
    : {};

/** The carrier of a service, or null when it has none the shop speaks, or its tariff or keys are missing. */
export function carrierOf(service: CarrierServiceRow, config: CarrierConfig): Carrier | null {
  if (!service.tariffCode) return null;
  const timeoutMs = config.carrierTimeoutMs;
  if (service.provider === 'russian_post')
    return russianPostCarrier({ apiUrl: config.russianPostApiUrl, timeoutMs });
  if (service.provider === 'cdek') {
    const keys = keysOf(service);
    const clientId = keys.clientId?.trim();
    const clientSecret = keys.clientSecret?.trim();
    if (!clientId || !clientSecret) return null;
    const apiUrl = service.testMode ? config.cdekTestApiUrl : config.cdekApiUrl;
    return cdekCarrier({ apiUrl, clientId, clientSecret, timeoutMs });
  }
  return null;
}

export { CarrierError, type Carrier, type Parcel, type PickupPoint, type Place } from './carrier';
export type { ShipmentRequest, ShipmentState, ShipmentStatus } from './carrier';
