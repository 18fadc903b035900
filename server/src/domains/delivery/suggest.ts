// The cities offered as the customer types: the shop's list first (instant), then the towns СДЭК knows that
// the list does not, when a СДЭК service is connected. СДЭК's answer is cached by its client and time-boxed;
// when it fails the list's answer stands alone.
import { carrierOf, type CarrierConfig } from './carriers';
import { cityKey, suggestLocal } from './cities';
import type { QuotedServiceRow } from './quotes';

export interface CitySuggestion {
  city: string;
  region: string | null;
  postalCode: string | null;
}

const LIMIT = 10;

export async function suggestCities(
  query: string,
  services: readonly QuotedServiceRow[],
  config: CarrierConfig,
): Promise<CitySuggestion[]> {
  const local = suggestLocal(query, LIMIT).map(({ city, region, postalCode }) => ({
    city,
    region,
    postalCode,
  }));
  if (local.length >= LIMIT || cityKey(query).length < 2) return local;
  const cdek = services
    .filter((s) => s.provider === 'cdek')
    .map((s) => carrierOf(s, config))
    .find((c) => c !== null);
  if (!cdek?.cities) return local;
  let found: { name: string; region: string | null }[] = [];
  try {
    found = await cdek.cities(query);
  } catch {
    return local;
  }
  // A city the list has already is not offered twice (СДЭК writes its region otherwise).
  const listed = new Set(local.map((c) => cityKey(c.city)));
  const more = found
    .filter((c) => !listed.has(cityKey(c.name)))
    .map((c) => ({ city: c.name, region: c.region, postalCode: null }));
  return [...local, ...more].slice(0, LIMIT);
}
