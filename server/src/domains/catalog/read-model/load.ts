// Reads from PostgreSQL what the catalogue read model keeps (catalog-index.ts): products with their active
// offers, and the small reference data filters are resolved with (categories, filter directories, entries).
import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../../platform/db';
import {
  filterDirectories,
  filterEntries,
  intArray,
  type Entry,
  type FilterDirectory,
} from '../product-filters';
import type { ProductFacts } from './catalog-index';
import { categoryHead } from '../search/query';

/** Products read per statement while the whole model is built (keeps each answer a few megabytes). */
const BATCH = 20_000;

interface ProductRow {
  id: number;
  active: boolean;
  is_new: boolean;
  is_hit: boolean;
  brand_id: number | null;
  category_ids: number[];
  sort_order: number;
  created_us: number;
  /** [stored price, in stock, attributes] per active offer, or null without one. */
  offers: [number, boolean, unknown][] | null;
  words: string[] | null;
  title: string | null;
}

// The offers' characteristics come as stored (jsonb) and are read as `->>` reads them in JavaScript
// (attributeKeys): splitting them in SQL for 600 000 offers took half the build.
const columns = sql`p.id, p.active, p.is_new, p.is_hit, p.brand_id, p.category_ids, p.sort_order,
  (extract(epoch FROM p.created_at) * 1000000)::float8 AS created_us,
  (SELECT json_agg(json_build_array(coalesce(o.sale_price, o.base_price), o.stock > 0, o.attributes))
    FROM product_offers o WHERE o.product_id = p.id AND o.active) AS offers,
  -- Weights A and C of the search document: the words but the articles' (B), read from its copy without the
  -- descriptions (catalog_product_keys.search_main, a third of its size).
  CASE WHEN p.active THEN (SELECT tsvector_to_array(ts_filter(k.search_main, '{a,c}'))
    FROM catalog_product_keys k WHERE k.product_id = p.id) END AS words,
  CASE WHEN p.active THEN p.search_title::text END AS title`;

/**
 * An offer's characteristics as `code=value` keys, the value as PostgreSQL's `->>` gives it: a string as
 * it is, a number or a boolean as its text, a JSON null not at all. Anything but an object has none.
 */
export function attributeKeys(attributes: unknown): string[] {
  if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) return [];
  const keys: string[] = [];
  for (const [code, value] of Object.entries(attributes as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    keys.push(`${code}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return keys;
}

const facts = (r: ProductRow): ProductFacts => ({
  id: r.id,
  active: r.active,
  isNew: r.is_new,
  isHit: r.is_hit,
  brandId: r.brand_id,
  categoryIds: r.category_ids ?? [],
  sortOrder: r.sort_order,
  createdAt: Number(r.created_us),
  offers: (r.offers ?? []).map(([price, inStock, attributes]) => ({
    price,
    inStock,
    keys: attributeKeys(attributes),
  })),
  words: r.words ?? [],
  title: r.title,
});

/** Every product, `BATCH` at a time in id order, handed to `take`. */
export async function loadAllProducts(db: DbOrTx, take: (p: ProductFacts) => void): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await selectRows<ProductRow>(
      db,
      sql`SELECT ${columns} FROM products p WHERE p.id > ${after} ORDER BY p.id LIMIT ${BATCH}`,
    );
    for (const r of rows) take(facts(r));
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** The products `ids` as they are now; a missing id is a deleted product. */
export async function loadProducts(db: DbOrTx, ids: number[]): Promise<Map<number, ProductFacts>> {
  const rows = await selectRows<ProductRow>(
    db,
    sql`SELECT ${columns} FROM products p WHERE p.id = ANY(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, facts(r)]));
}

export interface CategoryFacts {
  id: number;
  parentId: number | null;
  active: boolean;
  /** The lexemes of its title's head, sorted (a search asking for them ranks its products first: search/query.ts isAsked). */
  head: string[];
}

/** What filters are resolved with: categories by slug, the filter directories and their entries. */
export interface ReferenceData {
  categories: Map<number, CategoryFacts>;
  categoryBySlug: Map<string, number>;
  childrenOf: Map<number, number[]>;
  dirs: FilterDirectory[];
  /** The active entries of the filter directories, in their order (the facets' values). */
  entries: Entry[];
  /** Every entry of the brand directories, active or not: "directoryId:code" → id. */
  brandEntryIds: Map<string, number>;
}

export async function loadReferenceData(db: DbOrTx): Promise<ReferenceData> {
  const [categories, dirs] = await Promise.all([
    selectRows<{ id: number; parent_id: number | null; active: boolean; slug: string; head: string[] }>(
      db,
      sql`SELECT id, parent_id, active, slug, tsvector_to_array(${categoryHead}) AS head FROM product_categories c`,
    ),
    filterDirectories(db),
  ]);
  const brandDirs = dirs.filter((d) => d.kind === 'brand').map((d) => d.id);
  const [entries, brands] = await Promise.all([
    dirs.length ? filterEntries(db, dirs) : [],
    brandDirs.length
      ? selectRows<{ id: number; directory_id: number; code: string }>(
          db,
          sql`SELECT id, directory_id, code FROM directory_entries
              WHERE directory_id = ANY(${intArray(brandDirs)})`,
        )
      : [],
  ]);
  const childrenOf = new Map<number, number[]>();
  for (const c of categories) {
    if (c.parent_id === null) continue;
    const list = childrenOf.get(c.parent_id) ?? [];
    list.push(c.id);
    childrenOf.set(c.parent_id, list);
  }
  return {
    categories: new Map(
      categories.map((c) => [c.id, { id: c.id, parentId: c.parent_id, active: c.active, head: c.head }]),
    ),
    categoryBySlug: new Map(categories.map((c) => [c.slug, c.id])),
    childrenOf,
    dirs,
    entries,
    brandEntryIds: new Map(brands.map((b) => [`${b.directory_id}:${b.code}`, b.id])),
  };
}

/**
 * The ids of an active category and every active category below it, as product-filters.ts's SQL reads them:
 * none when the slug is unknown or the category, or one above it, is switched off.
 */
export function categoryIdsOf(ref: ReferenceData, slug: string): number[] {
  const id = ref.categoryBySlug.get(slug);
  if (id === undefined) return [];
  let up: number | null = id;
  for (let depth = 0; up !== null && depth <= 10; depth++) {
    const c = ref.categories.get(up);
    if (!c) break;
    if (!c.active) return [];
    up = c.parentId;
  }
  const out: number[] = [];
  const stack = [id];
  const seen = new Set<number>();
  while (stack.length) {
    const c = stack.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    out.push(c);
    for (const child of ref.childrenOf.get(c) ?? []) if (ref.categories.get(child)?.active) stack.push(child);
  }
  return out;
}
