// How the delivery pickers compare what a customer types with a city or a pickup point: case-blind, ё as е
// (people type «Королев» for «Королёв»), word by word in any order («ленина 5» finds «ул. Ленина, д. 5»).
import type { PickupPoint } from './delivery-types';

/** The text as the pickers compare it: lower case, ё as е. */
export function searchable(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е');
}

/** The words of a query, without the punctuation people put between them. */
function wordsOf(query: string): string[] {
  return searchable(query)
    .split(/[\s,.;:«»"()№#-]+/)
    .filter(Boolean);
}

/** Whether a point's name, address or code holds every word of the query (an empty query holds all). */
export function pointMatches(point: Pick<PickupPoint, 'name' | 'address' | 'code'>, query: string): boolean {
  const words = wordsOf(query);
  if (words.length === 0) return true;
  const text = searchable(`${point.name} ${point.address} ${point.code}`);
  return words.every((word) => text.includes(word));
}

/**
 * The points a query finds. The chosen point stays even when the query does not find it: its radio is what
 * the form sends, and a filtered-away radio would send nothing.
 */
export function filterPickupPoints<T extends PickupPoint>(
  points: readonly T[],
  query: string,
  selectedCode: string | null,
): T[] {
  return points.filter((point) => point.code === selectedCode || pointMatches(point, query));
}

/** Whether two city names are the same as a customer would see it («москва» and «Москва»). */
export function sameCityName(a: string, b: string): boolean {
  return searchable(a.trim()) === searchable(b.trim());
}
