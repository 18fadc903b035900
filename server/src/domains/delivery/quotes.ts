// The price and dates of every delivery service for a destination and the cart's packages, as the checkout
// shows them and the order is charged. A service with a carrier asks it (cached per route and packages for
// TARIFF_TTL_MS, time-boxed by the carrier's client); a carrier that is slow, down or says no falls back to
// the service's flat price and days, with a note, and the failure is remembered for DOWN_TTL_MS so the next
// checkouts do not wait on it again. The shop's courier is priced by its zones; a city outside them has no
// courier. Without a destination every service shows its flat price and says the city will refine it.
import type { DeliveryService } from '@shop/schemas';
import { TtlCache } from './cache';
import type { CarrierQuote, Parcel } from './carriers/carrier';
import { carrierOf, type CarrierConfig } from './carriers';
import { cityKey, type Destination } from './cities';
import { courierDays, deliveryDates, type DeliveryDates } from './dates';

export const TARIFF_TTL_MS = 10 * 60_000;
export const DOWN_TTL_MS = 60_000;

/** A delivery service's row as read (its enums are plain text to Drizzle; the CHECK constraints hold them). */
export type QuotedServiceRow = Pick<
  DeliveryService,
  | 'id'
  | 'title'
  | 'price'
  | 'minDays'
  | 'maxDays'
  | 'handlingDays'
  | 'tariffCode'
  | 'senderCity'
  | 'senderPostalCode'
  | 'timeSlots'
  | 'testMode'
> & { kind: string; provider: string; credentials: unknown; zones: unknown };

type Zone = DeliveryService['zones'][number];
/** A jsonb column: an array of zones as the admin's form writes it (the schema validates it). */
const zonesOf = (s: QuotedServiceRow): Zone[] => (Array.isArray(s.zones) ? (s.zones as Zone[]) : []);

export type PriceSource = 'carrier' | 'zone' | 'flat' | 'fallback';

export interface DeliveryQuote {
  /** false: the service does not go there (a courier outside its zones). */
  available: boolean;
  /** Kopecks, before the cart's free-delivery rules. */
  price: number;
  source: PriceSource;
  /** Why the price is not the carrier's, for the customer; null when it is. */
  note: string | null;
  /** The promise, when the service has days (its own or the carrier's). */
  dates: DeliveryDates | null;
  /** The courier's days to choose from, and its time slots. */
  courierDays: { date: string; label: string }[];
  timeSlots: string[];
}

type Outcome = { ok: true; quote: CarrierQuote } | { ok: false; reason: string };
const tariffs = new TtlCache<Outcome>();

/** Forget every cached answer (tests; an administrator's change of keys takes effect at once too). */
export function clearQuoteCache(): void {
  tariffs.clear();
}

const kindOf = (s: QuotedServiceRow) => s.kind as DeliveryService['kind'];

const CARRIER_NAMES: Record<string, string> = { cdek: 'СДЭК', russian_post: 'Почта России' };

/** The carrier's answer for this route, from the cache or asked now; a failure is an outcome, not a throw. */
function carrierQuote(
  service: QuotedServiceRow,
  to: Destination,
  packages: Parcel[],
  config: CarrierConfig,
): Promise<Outcome> | null {
  const carrier = carrierOf(service, config);
  if (!carrier || !packages.length) return null;
  const from = { city: service.senderCity ?? 'Москва', postalCode: service.senderPostalCode };
  const key = JSON.stringify([
    carrier.name,
    service.testMode,
    service.tariffCode,
    from,
    to.cdekCode ?? cityKey(to.city),
    to.postalCode,
    packages,
    // Another shop's keys (tests run several shops in one process) may see other prices.
    service.credentials,
  ]);
  return tariffs.get(key, TARIFF_TTL_MS, async () => {
    try {
      const quote = await carrier.quote({ from, to, packages, tariffCode: service.tariffCode! });
      return { ok: true, quote };
    } catch (error) {
      const outcome: Outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      // A failure is kept only briefly: the carrier may be back in a minute.
      tariffs.set(key, Promise.resolve(outcome), DOWN_TTL_MS);
      return outcome;
    }
  });
}

function zoneOf(service: QuotedServiceRow, to: Destination) {
  const key = cityKey(to.city);
  return zonesOf(service).find((z) => cityKey(z.city) === key) ?? null;
}

/** Quotes every service for this destination and these packages, at `now`. */
export async function quoteDelivery(
  services: readonly QuotedServiceRow[],
  to: Destination | null,
  packages: Parcel[],
  config: CarrierConfig,
  now: Date,
): Promise<Map<number, DeliveryQuote>> {
  const quotes = await Promise.all(
    services.map(async (s): Promise<[number, DeliveryQuote]> => [
      s.id,
      await quoteOne(s, to, packages, config, now),
    ]),
  );
  return new Map(quotes);
}

async function quoteOne(
  s: QuotedServiceRow,
  to: Destination | null,
  packages: Parcel[],
  config: CarrierConfig,
  now: Date,
): Promise<DeliveryQuote> {
  const flatDays = (minDays: number | null | undefined, maxDays: number | null | undefined) =>
    minDays === null || minDays === undefined
      ? s.kind === 'self_pickup'
        ? deliveryDates(kindOf(s), now, s.handlingDays, 0, 0)
        : null
      : deliveryDates(kindOf(s), now, s.handlingDays, minDays, maxDays ?? minDays);
  const answer = (
    price: number,
    source: PriceSource,
    note: string | null,
    dates: DeliveryDates | null,
    available = true,
  ): DeliveryQuote => ({
    available,
    price,
    source,
    note,
    dates,
    courierDays: s.kind === 'courier' && dates ? courierDays(dates.from) : [],
    timeSlots: s.kind === 'courier' ? [...s.timeSlots] : [],
  });

  if (s.kind === 'courier' && zonesOf(s).length) {
    if (!to) return answer(s.price, 'flat', 'Цена зависит от города', flatDays(s.minDays, s.maxDays));
    const zone = zoneOf(s, to);
    if (!zone) return answer(s.price, 'flat', 'Курьер не возит в этот город', null, false);
    return answer(zone.price, 'zone', null, flatDays(zone.minDays ?? s.minDays, zone.maxDays ?? s.maxDays));
  }
  const pending = to ? carrierQuote(s, to, packages, config) : null;
  if (!pending) {
    const note = !to && carrierOf(s, config) ? 'Точная цена и срок — после выбора города' : null;
    return answer(s.price, 'flat', note, flatDays(s.minDays, s.maxDays));
  }
  const outcome = await pending;
  if (outcome.ok) {
    const { price, minDays, maxDays } = outcome.quote;
    return answer(price, 'carrier', null, deliveryDates(kindOf(s), now, s.handlingDays, minDays, maxDays));
  }
  const name = CARRIER_NAMES[s.provider] ?? 'Служба доставки';
  return answer(
    s.price,
    'fallback',
    `${name} сейчас не отвечает: цена по тарифу магазина`,
    flatDays(s.minDays, s.maxDays),
  );
}
