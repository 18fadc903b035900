// The customer's city: suggestions as they type, and the destination a typed or chosen city resolves to.
// The shop's own list (city-list.ts) answers at once; when СДЭК is connected its city search adds the towns
// the list does not have (quotes.ts asks it, cached, time-boxed).
import { CITIES } from './city-list';

export interface Destination {
  city: string;
  region: string | null;
  /** Six digits: the customer's own index, else the city's main one, else null. */
  postalCode: string | null;
  /** СДЭК's code of the city, when a СДЭК answer gave it. */
  cdekCode: number | null;
}

/** «г. Нижний  Новгород» and «нижний новгород» are the same city; ё is е. */
export function cityKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/^\s*(г\.|город)\s*/, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

const LIST = CITIES.map(([city, region, postalCode]) => ({ city, region, postalCode, key: cityKey(city) }));

/** The list's cities whose name, or a word of it, starts with the query; the largest first. */
export function suggestLocal(query: string, limit = 10): Destination[] {
  const q = cityKey(query);
  if (q.length < 2) return [];
  return LIST.filter((c) => c.key.startsWith(q) || c.key.split(' ').some((w) => w.startsWith(q)))
    .slice(0, limit)
    .map(({ city, region, postalCode }) => ({ city, region, postalCode, cdekCode: null }));
}

/** The list's city of this name, or null. */
export function knownCity(name: string): Destination | null {
  const key = cityKey(name);
  const found = LIST.find((c) => c.key === key);
  return found
    ? { city: found.city, region: found.region, postalCode: found.postalCode, cdekCode: null }
    : null;
}

const POSTAL = /^\d{6}$/;

/**
 * The destination of a city as typed or chosen, and an index if the customer typed one: the list's spelling
 * and region when it knows the city, the typed name otherwise. The index the customer typed wins over the
 * city's main one (Почта prices by it).
 */
export function destinationOf(
  city: string,
  postalCode?: string | null,
  region?: string | null,
): Destination | null {
  const name = city.trim().replace(/\s+/g, ' ');
  if (!name) return null;
  const known = knownCity(name);
  const typed = postalCode?.trim() && POSTAL.test(postalCode.trim()) ? postalCode.trim() : null;
  return {
    city: known?.city ?? name.slice(0, 100),
    region: known?.region ?? region?.trim() ?? null,
    postalCode: typed ?? known?.postalCode ?? null,
    cdekCode: null,
  };
}
