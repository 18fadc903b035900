// Counts from the catalogue's read model (server/migrations/0011_catalog_counts.sql): how many products of a
// category (with the categories below it) have each key, kept current by database triggers on every write
// to products and offers. A category page, and the catalogue with "В наличии", read their filter counts and
// their total here: a few hundred summed rows, whatever the size of the catalogue. Any other filter (a
// characteristic, a price range, novelties, search) needs "on one and the same offer", which per-product keys
// cannot tell: those are counted from the offers (product-filters.ts).
import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../platform/db';
import { intArray, type FilterDirectory, type ProductFilters } from './product-filters';

/** Whether the read model answers for these filters: a category or the whole catalogue, maybe in stock. */
export function countsCover(f: ProductFilters, dirs: FilterDirectory[]): boolean {
  return (
    !f.search &&
    !f.ids &&
    !f.isNew &&
    !f.isHit &&
    f.priceMin === null &&
    f.priceMax === null &&
    !dirs.some((d) => f.values.has(d.code))
  );
}

/** The keys' prefix for these filters: '+' counts only what holds for an offer in stock. */
export const modeOf = (f: ProductFilters) => (f.inStock ? '+' : '');

/**
 * key → products of the scope with it (only keys with some), for `categoryIds` (the category and those
 * below it) or, null, the whole catalogue; `keys` limits the answer to those keys.
 */
export async function keyCounts(
  db: DbOrTx,
  categoryIds: number[] | null,
  keys?: string[],
): Promise<Map<string, number>> {
  const where = sql.join(
    [
      categoryIds ? sql`category_ids && ${intArray(categoryIds)}` : sql`true`,
      keys
        ? sql`key IN (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql`true`,
    ],
    sql` AND `,
  );
  const rows = await selectRows<{ key: string; n: number }>(
    db,
    sql`SELECT key, sum(n)::int AS n FROM (
      SELECT key, n FROM catalog_key_totals WHERE ${where}
      UNION ALL
      SELECT key, n FROM catalog_key_deltas WHERE ${where}
    ) x GROUP BY key HAVING sum(n) > 0`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}
