// A listing's filters with their counts (product-facets.schema.json): from the read model when it covers the
// filters chosen (a category page, catalog-counts.ts), else from the offers (product-filters.ts).
import type { ProductFacets } from '@shop/schemas';
import type { DbOrTx } from '../../platform/db';
import { countsCover, keyCounts, modeOf } from './catalog-counts';
import {
  facetGroup,
  facetsFromOffers,
  filterEntries,
  type Entry,
  type FilterDirectory,
  type ProductFilters,
} from './product-filters';

/**
 * The counts of a category page (no filter but "В наличии") from the read model (catalog-counts.ts). A value
 * is shown when some product of the scope has it, with the count of those that also pass the stock filter
 * (0 when none do), as the offers' count below does.
 */
export async function facetsFromKeys(
  db: DbOrTx,
  f: ProductFilters,
  dirs: FilterDirectory[],
): Promise<ProductFacets> {
  const [n, entries] = await Promise.all([
    keyCounts(db, f.categoryIds),
    dirs.length ? filterEntries(db, dirs) : [],
  ]);
  const m = modeOf(f);
  const prices = [...n.keys()]
    .filter((k) => k.startsWith(`${m}p:`))
    .map((k) => Number(k.slice(m.length + 2)));
  const keyOf = (d: FilterDirectory, e: Entry) =>
    d.kind === 'brand' ? `b:${e.id}` : `a:${d.code}=${e.code}`;
  return {
    total: n.get(`${m}*`) ?? 0,
    price: {
      min: prices.length ? Math.min(...prices) : null,
      max: prices.length ? Math.max(...prices) : null,
    },
    inStock: n.get('+*') ?? 0,
    isNew: n.get(`${m}new`) ?? 0,
    isHit: n.get(`${m}hit`) ?? 0,
    groups: dirs.flatMap((d) => {
      const group = facetGroup(
        f,
        d,
        entries,
        (e) => n.has(keyOf(d, e)),
        (e) => n.get(`${m}${keyOf(d, e)}`) ?? 0,
      );
      return group ? [group] : [];
    }),
  };
}

/** The filters of a listing with their counts (see product-facets.schema.json). */
export function productFacets(
  db: DbOrTx,
  f: ProductFilters,
  dirs: FilterDirectory[],
): Promise<ProductFacets> {
  return countsCover(f, dirs) ? facetsFromKeys(db, f, dirs) : facetsFromOffers(db, f, dirs);
}
