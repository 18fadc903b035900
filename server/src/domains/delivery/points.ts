// The pickup points of a service's carrier in the customer's city, for the checkout's list and map, and to
// check the point an order names. Kept POINTS_TTL_MS per carrier and city: points change rarely, and the
// carrier publishes no request limits. A carrier that cannot answer gives no list, and the checkout lets
// the customer type the point's address instead (the order is still taken).
import { TtlCache } from './cache';
import type { PickupPoint } from './carriers/carrier';
import { carrierOf } from './carriers';
import type { CarrierConfig } from './carriers';
import { cityKey, type Destination } from './cities';
import type { QuotedServiceRow } from './quotes';

export const POINTS_TTL_MS = 6 * 60 * 60_000;

const cache = new TtlCache<PickupPoint[]>(2_000);

export function clearPointsCache(): void {
  cache.clear();
}

export interface PointsAnswer {
  points: PickupPoint[];
  /** The service has a carrier with points, and it could not answer now. */
  unavailable: boolean;
}

/** The points of this service's carrier in the destination's city; none for a service without points. */
export async function pointsOf(
  service: QuotedServiceRow,
  to: Destination,
  config: CarrierConfig,
): Promise<PointsAnswer> {
  const carrier = service.kind === 'pickup_point' ? carrierOf(service, config) : null;
  if (!carrier?.points) return { points: [], unavailable: false };
  const key = JSON.stringify([
    carrier.name,
    service.testMode,
    to.cdekCode ?? cityKey(to.city),
    service.credentials,
  ]);
  try {
    const points = await cache.get(key, POINTS_TTL_MS, () => carrier.points!(to));
    return { points, unavailable: false };
  } catch {
    return { points: [], unavailable: true };
  }
}

/** The point of this code among the city's, or null (not there, or the carrier cannot say). */
export async function findPoint(
  service: QuotedServiceRow,
  to: Destination,
  code: string,
  config: CarrierConfig,
): Promise<{ point: PickupPoint | null; checked: boolean }> {
  const { points, unavailable } = await pointsOf(service, to, config);
  if (unavailable || !points.length) return { point: null, checked: false };
  return { point: points.find((p) => p.code === code) ?? null, checked: true };
}
