// The one WHERE builder of the product listings: GET /api/products/search (catalogue, category, novelties,
// search results, favourites) and GET /api/products/facets take the same query and go through here, so the
// counts next to the filters always agree with the list.
//
// Query keys (all optional; lists are comma-separated or repeated keys):
//   filter[search]        text (the search engine's condition, `searchTextCondition`)
//   filter[categorySlug]  an active category and every active category below it
//   filter[ids]           product ids, at most 100 (favourites)
//   filter[isNew]=1, filter[isHit]=1, filter[inStock]=1
//   filter[priceMin], filter[priceMax]   kopecks, on an offer's stored price (sale price, else base price):
//                         not the customer's price the cards show (catalog-pricing.ts), which SQL cannot compute
//   filter[<directory code>]=code1,code2 entries of a filterable directory (directories.useInFilter):
//                         `brand` through products.brandId, the others through offers' `attributes`.
// Offer conditions (characteristics, price, stock) must hold for one and the same active offer: "D, 0,07,
// in stock, up to 900 ₽" means a variant that is all of that. Values of one group are alternatives (OR).
// Unknown directory codes are ignored (a shared link outlives a filter the administrator switched off);
// malformed values answer 400.
import { sql, type SQL } from 'drizzle-orm';
import type { FacetGroup, ProductFacets } from '@shop/schemas';
import { selectRows, type DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/http/errors';
import { INT4_MAX } from '@shop/schemas/contracts/contract';
import { searchCondition } from './search/query';

/** Ids as one SQL int[] value (a literal: the planner sees how much of the catalogue they hold). */
export const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export interface ProductFilters {
  /** Trimmed search text, '' for none. */
  search: string;
  categorySlug: string | null;
  /**
   * The category's ids with those below it, resolved by the read model (read-model/load.ts categoryIdsOf)
   * before any statement, so that the planner of a search knows how much of the catalogue they hold. Null
   * without a category.
   */
  categoryIds: number[] | null;
  ids: number[] | null;
  isNew: boolean;
  isHit: boolean;
  inStock: boolean;
  priceMin: number | null;
  priceMax: number | null;
  /** Directory code → chosen entry codes, for every filter[<code>] key that is not one of the above. */
  values: Map<string, string[]>;
}

/** A directory shown as a filter: `brand` filters products.brandId, the others offers' attributes. */
export interface FilterDirectory {
  id: number;
  code: string;
  title: string;
  kind: 'brand' | 'offer';
}

const RESERVED = new Set([
  'search',
  'categoryslug',
  'ids',
  'isnew',
  'ishit',
  'instock',
  'pricemin',
  'pricemax',
]);
const ENTRY_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MAX_VALUES = 50;
const MAX_IDS = 100;
const FLAG_ON = new Set(['1', 'true']);

function strings(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter(Boolean);
}

function single(raw: unknown): string {
  const list: unknown[] = Array.isArray(raw) ? (raw as unknown[]) : [raw];
  const v = list.at(-1);
  // The route's schema has already turned a declared integer (filter[priceMin]) into a number.
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

function flag(raw: unknown, name: string): boolean {
  const v = single(raw);
  if (v === '' || v === '0' || v === 'false') return false;
  if (FLAG_ON.has(v)) return true;
  throw badRequest(`Параметр filter[${name}]: 1 или 0`);
}

function kopecks(raw: unknown, name: string): number | null {
  const v = single(raw);
  if (v === '') return null;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0 || n > INT4_MAX)
    throw badRequest(`Параметр filter[${name}]: цена в копейках, целое число`);
  return n;
}

/** Reads the filter[...] keys of a listing query (Fastify's parser leaves the brackets in the key names). */
export function parseProductFilters(query: Record<string, unknown>): ProductFilters {
  const values = new Map<string, string[]>();
  const named: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const m = /^filter\[([A-Za-z][A-Za-z0-9_]*)\]$/.exec(key);
    if (!m) continue;
    const name = m[1]!;
    if (RESERVED.has(name.toLowerCase())) {
      named[name.toLowerCase()] = raw;
      continue;
    }
    const codes = [...new Set(strings(raw))];
    if (!codes.length) continue;
    if (codes.length > MAX_VALUES)
      throw badRequest(`Параметр filter[${name}]: не больше ${MAX_VALUES} значений`);
    if (!codes.every((c) => ENTRY_CODE.test(c)))
      throw badRequest(`Параметр filter[${name}]: неверное значение`);
    values.set(name, codes);
  }
  let ids: number[] | null = null;
  if (named.ids !== undefined) {
    const list = strings(named.ids);
    if (list.length > MAX_IDS) throw badRequest(`Параметр filter[ids]: не больше ${MAX_IDS} товаров`);
    ids = list.map((v) => {
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 1 || n > INT4_MAX)
        throw badRequest('Параметр filter[ids]: номера товаров через запятую');
      return n;
    });
  }
  const priceMin = kopecks(named.pricemin, 'priceMin');
  const priceMax = kopecks(named.pricemax, 'priceMax');
  const slug = single(named.categoryslug);
  return {
    search: single(named.search).slice(0, 200),
    categorySlug: slug || null,
    categoryIds: null,
    ids,
    isNew: flag(named.isnew, 'isNew'),
    isHit: flag(named.ishit, 'isHit'),
    inStock: flag(named.instock, 'inStock'),
    // A reversed range is read the way it was meant.
    priceMin: priceMin !== null && priceMax !== null ? Math.min(priceMin, priceMax) : priceMin,
    priceMax: priceMin !== null && priceMax !== null ? Math.max(priceMin, priceMax) : priceMax,
    values,
  };
}

/** The active directories marked "Фильтр в каталоге", in their order. */
export async function filterDirectories(db: DbOrTx): Promise<FilterDirectory[]> {
  const rows = await selectRows<{ id: number; code: string; title: string; use_in_offers: boolean }>(
    db,
    sql`SELECT id, code, title, use_in_offers FROM directories
        WHERE active AND use_in_filter ORDER BY sort_order, id`,
  );
  return rows.flatMap((r): FilterDirectory[] => {
    if (r.code === 'brand') return [{ id: r.id, code: r.code, title: r.title, kind: 'brand' }];
    // A directory that offers do not use has nothing to filter by.
    return r.use_in_offers ? [{ id: r.id, code: r.code, title: r.title, kind: 'offer' }] : [];
  });
}

/**
 * The text condition on products p: the search engine's (server/src/domains/catalog/search: morphology, typos, keyboard
 * layout, transliteration, lash notation, articles). The listing and the facets both call this one.
 */
export function searchTextCondition(text: string): SQL {
  return searchCondition(text);
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** What a count leaves out: a directory's code, or '$price', '$inStock', '$isNew', '$isHit'. */
export type FilterKey = string;

/** The scope: what a listing is about (active products, category, search, ids); facet values come from it. */
export function scopeConditions(f: ProductFilters): SQL[] {
  const out: SQL[] = [sql`p.active`];
  if (f.search) out.push(searchTextCondition(f.search));
  if (f.categoryIds) out.push(sql`p.category_ids && ${intArray(f.categoryIds)}`);
  if (f.ids) out.push(f.ids.length ? sql`p.id IN (${list(f.ids)})` : sql`false`);
  return out;
}

/** Conditions on the product row itself (flags and brand), leaving out `skip`. */
function productConditions(f: ProductFilters, dirs: FilterDirectory[], skip?: FilterKey): SQL[] {
  const out: SQL[] = [];
  if (f.isNew && skip !== '$isNew') out.push(sql`p.is_new`);
  if (f.isHit && skip !== '$isHit') out.push(sql`p.is_hit`);
  for (const d of dirs) {
    const codes = f.values.get(d.code);
    if (d.kind !== 'brand' || !codes || skip === d.code) continue;
    out.push(sql`p.brand_id IN (SELECT id FROM directory_entries
      WHERE directory_id = ${d.id} AND code IN (${list(codes)}))`);
  }
  return out;
}

/** Conditions on one offer row `o` (characteristics, price, stock), leaving out `skip`. */
function offerConditions(f: ProductFilters, dirs: FilterDirectory[], skip?: FilterKey): SQL[] {
  const out: SQL[] = [];
  for (const d of dirs) {
    const codes = f.values.get(d.code);
    if (d.kind !== 'offer' || !codes || skip === d.code) continue;
    out.push(sql`(o.attributes->>${d.code}) IN (${list(codes)})`);
  }
  // The stored offer price on purpose: filtering (and the facets' price range) stays the same for everyone
  // and in SQL; the price a card shows is the engine's, for the customer who asks.
  if (skip !== '$price') {
    if (f.priceMin !== null) out.push(sql`coalesce(o.sale_price, o.base_price) >= ${f.priceMin}`);
    if (f.priceMax !== null) out.push(sql`coalesce(o.sale_price, o.base_price) <= ${f.priceMax}`);
  }
  if (f.inStock && skip !== '$inStock') out.push(sql`o.stock > 0`);
  return out;
}

const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` AND `) : sql`true`);

/** Everything but the scope, leaving out `skip`: product conditions and one matching active offer. */
function filterCondition(f: ProductFilters, dirs: FilterDirectory[], skip?: FilterKey): SQL {
  const offer = offerConditions(f, dirs, skip);
  const conditions = productConditions(f, dirs, skip);
  if (offer.length) {
    // OFFSET 0 keeps this a check per product: the planner cannot estimate how many offers have a
    // characteristic (a JSON key) and, guessing few, turned it into a scan of every offer (1.4 s at
    // 100 000 products for one curl) where the listing needs 20 products in its index's order.
    conditions.push(sql`EXISTS (SELECT 1 FROM product_offers o
      WHERE o.product_id = p.id AND o.active AND ${and(offer)} OFFSET 0)`);
  }
  return and(conditions);
}

/** The WHERE of a listing over products `p`: scope and every filter. */
export function productWhere(f: ProductFilters, dirs: FilterDirectory[]): SQL {
  return and([...scopeConditions(f), filterCondition(f, dirs)]);
}

/** The active entries of the filter directories, in their order. */
export function filterEntries(db: DbOrTx, dirs: FilterDirectory[]) {
  return selectRows<{ id: number; directory_id: number; code: string; title: string; hex: string | null }>(
    db,
    sql`SELECT id, directory_id, code, title, values->>'hex' AS hex FROM directory_entries
        WHERE active AND directory_id IN (${list(dirs.map((d) => d.id))})
        ORDER BY sort_order, id`,
  );
}

export type Entry = Awaited<ReturnType<typeof filterEntries>>[number];

/**
 * A directory's values with their counts: those found in the scope (`found`) or chosen. A group with a
 * single value cannot narrow anything down, unless that value is chosen: null then.
 */
export function facetGroup(
  f: ProductFilters,
  d: FilterDirectory,
  entries: Entry[],
  found: (e: Entry) => boolean,
  count: (e: Entry) => number,
): FacetGroup | null {
  const chosen = new Set(f.values.get(d.code) ?? []);
  const values = entries
    .filter((e) => e.directory_id === d.id && (found(e) || chosen.has(e.code)))
    .map((e) => ({
      code: e.code,
      title: e.title,
      count: found(e) ? count(e) : 0,
      selected: chosen.has(e.code),
      hex: e.hex && /^#[0-9a-fA-F]{3,8}$/.test(e.hex) ? e.hex : null,
    }));
  return values.length > 1 || values.some((v) => v.selected)
    ? { code: d.code, title: d.title, values }
    : null;
}

/**
 * The counts of any filters, from the offers of the scope: every offer, which grows with the catalogue. The
 * shop counts in memory (read-model/queries.ts); this is the SQL those counts must equal
 * (server/test/catalog-read-model.test.ts).
 */
export async function facetsFromOffers(
  db: DbOrTx,
  f: ProductFilters,
  dirs: FilterDirectory[],
): Promise<ProductFacets> {
  const scope = and(scopeConditions(f));
  const [counts] = await selectRows<{ total: number; in_stock: number; is_new: number; is_hit: number }>(
    db,
    sql`SELECT
      count(*) FILTER (WHERE ${filterCondition(f, dirs)})::int AS total,
      count(*) FILTER (WHERE ${filterCondition({ ...f, inStock: true }, dirs)})::int AS in_stock,
      count(*) FILTER (WHERE p.is_new AND ${filterCondition(f, dirs, '$isNew')})::int AS is_new,
      count(*) FILTER (WHERE p.is_hit AND ${filterCondition(f, dirs, '$isHit')})::int AS is_hit
    FROM products p WHERE ${scope}`,
  );
  const [price] = await selectRows<{ min: number | null; max: number | null }>(
    db,
    sql`SELECT min(coalesce(o.sale_price, o.base_price))::int AS min,
               max(coalesce(o.sale_price, o.base_price))::int AS max
    FROM products p JOIN product_offers o ON o.product_id = p.id AND o.active
    WHERE ${scope} AND ${and(productConditions(f, dirs))} AND ${and(offerConditions(f, dirs, '$price'))}`,
  );

  const groups: FacetGroup[] = [];
  const entries = dirs.length ? await filterEntries(db, dirs) : [];
  for (const d of dirs) {
    // Values found in the scope, each counted with every other filter kept and its own group left out.
    const rows =
      d.kind === 'brand'
        ? await selectRows<{ code: string; n: number }>(
            db,
            sql`SELECT e.code, count(*) FILTER (WHERE ${filterCondition(f, dirs, d.code)})::int AS n
            FROM products p JOIN directory_entries e ON e.id = p.brand_id
            WHERE ${scope} GROUP BY e.code`,
          )
        : await selectRows<{ code: string; n: number }>(
            db,
            sql`SELECT o.attributes->>${d.code} AS code,
              count(DISTINCT p.id) FILTER (WHERE ${and([
                ...productConditions(f, dirs, d.code),
                ...offerConditions(f, dirs, d.code),
              ])})::int AS n
            FROM products p JOIN product_offers o ON o.product_id = p.id AND o.active
            WHERE ${scope} AND (o.attributes->>${d.code}) IS NOT NULL
            GROUP BY 1`,
          );
    const counts = new Map(rows.map((r) => [r.code, Number(r.n)]));
    const group = facetGroup(
      f,
      d,
      entries,
      (e) => counts.has(e.code),
      (e) => counts.get(e.code) ?? 0,
    );
    if (group) groups.push(group);
  }
  return {
    total: Number(counts?.total ?? 0),
    price: { min: price?.min ?? null, max: price?.max ?? null },
    inStock: Number(counts?.in_stock ?? 0),
    isNew: Number(counts?.is_new ?? 0),
    isHit: Number(counts?.is_hit ?? 0),
    groups,
  };
}
