// What a listing and its filters ask of the read model (catalog-index.ts): the same rules as the SQL of
// product-filters.ts, which stays their reference (server/test/catalog-read-model.test.ts compares both).
// A product matches when its own conditions hold (flags, brand) and one and the same active offer meets
// every offer condition (characteristics, price range, stock). Sets answer most of it: "has an offer with
// curl D (in stock)" is a set per value; only two offer conditions together, or a price range, need the
// candidates' offers looked at, and those are already narrowed by the sets.
import type { FacetGroup, ProductFacets } from '@shop/schemas';
import { Bitset } from './bitset';
import { CatalogIndex, OFFER_HEAD, type SortName } from './catalog-index';
import { facetGroup, type Entry, type FilterDirectory, type ProductFilters } from '../product-filters';

/** What a count leaves out: a directory's code, or '$price', '$inStock', '$isNew', '$isHit' (as in SQL). */
type Skip = string | undefined;

/** The filters resolved against the index: sets and key ids instead of codes. */
export interface Compiled {
  f: ProductFilters;
  /** The scope: active products of the category, ids and search matches. */
  scope: Bitset;
  /** Chosen brands per brand directory code (entry ids). */
  brands: Map<string, number[]>;
  /** Chosen characteristic values per offer directory code (key ids; an unknown value has none). */
  groups: Map<string, number[]>;
}

export interface CompileInput {
  f: ProductFilters;
  dirs: FilterDirectory[];
  /** Every entry (active or not) of the brand directories: a chosen brand's code → its id. */
  brandIds: (directoryId: number, code: string) => number | undefined;
  /** The scope's search matches, when there is a search text: their ids, or their slots (read-model/search.ts). */
  searchIds?: number[] | Bitset;
}

export function compile(index: CatalogIndex, input: CompileInput): Compiled {
  const { f, dirs } = input;
  const scope = index.listed.clone(index.size);
  if (f.categoryIds) {
    const inCategory = new Bitset(index.size);
    for (const c of f.categoryIds) {
      const set = index.byCategory.get(c);
      if (set) inCategory.or(set);
    }
    scope.and(inCategory);
  }
  if (f.ids) scope.and(slotsOf(index, f.ids));
  if (input.searchIds instanceof Bitset) scope.and(input.searchIds);
  else if (input.searchIds) scope.and(slotsOf(index, input.searchIds));
  const brands = new Map<string, number[]>();
  const groups = new Map<string, number[]>();
  for (const d of dirs) {
    const codes = f.values.get(d.code);
    if (!codes) continue;
    if (d.kind === 'brand')
      brands.set(
        d.code,
        codes.flatMap((c) => input.brandIds(d.id, c) ?? []),
      );
    else
      groups.set(
        d.code,
        codes.flatMap((c) => index.keyId.get(`${d.code}=${c}`) ?? []),
      );
  }
  return { f, scope, brands, groups };
}

function slotsOf(index: CatalogIndex, ids: number[]): Bitset {
  const set = new Bitset(index.size);
  for (const id of ids) {
    const slot = index.slotOf.get(id);
    if (slot !== undefined) set.add(slot);
  }
  return set;
}

/** The scope narrowed by the product's own conditions (flags, brands), leaving out `skip`. */
function productSet(index: CatalogIndex, c: Compiled, skip: Skip): Bitset {
  const set = c.scope.clone(index.size);
  if (c.f.isNew && skip !== '$isNew') set.and(index.isNew);
  if (c.f.isHit && skip !== '$isHit') set.and(index.isHit);
  for (const [code, brandIds] of c.brands) {
    if (code === skip) continue;
    const union = new Bitset(index.size);
    for (const b of brandIds) {
      const s = index.byBrand.get(b);
      if (s) union.or(s);
    }
    set.and(union);
  }
  return set;
}

/** The offer conditions in force once `skip` (and `inStock` as asked) is applied. */
interface OfferRule {
  /** Per chosen characteristic group, its keys. */
  groups: number[][];
  /** The same groups as masks over key ids (1: the key is one of the group's values), for the scans. */
  masks: Uint8Array[];
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
}

function offerRule(index: CatalogIndex, c: Compiled, skip: Skip, inStock = c.f.inStock): OfferRule {
  const groups: number[][] = [];
  for (const [code, keys] of c.groups) if (code !== skip) groups.push(keys);
  const price = skip !== '$price';
  return {
    groups,
    masks: groups.map((keys) => {
      const mask = new Uint8Array(index.keyCode.length);
      for (const k of keys) mask[k] = 1;
      return mask;
    }),
    priceMin: price ? c.f.priceMin : null,
    priceMax: price ? c.f.priceMax : null,
    inStock: inStock && skip !== '$inStock',
  };
}

/** Whether the sets alone answer the rule: at most two characteristic groups (pairs) and no price range. */
const setsSuffice = (r: OfferRule) => r.groups.length <= 2 && r.priceMin === null && r.priceMax === null;

/** Products with an offer having one key of `a` and one of `b` (in stock, when asked). */
function pairUnion(index: CatalogIndex, a: number[], b: number[], inStock: boolean): Bitset {
  const pairs = inStock ? index.byPairInStock : index.byPair;
  const union = new Bitset(index.size);
  for (const x of a)
    for (const y of b) {
      const set = pairs.get(CatalogIndex.pairId(x, y));
      if (set) union.or(set);
    }
  return union;
}

/** Narrows `set` to products with an offer the rule may accept (exactly, when setsSuffice). */
function narrowBySets(index: CatalogIndex, set: Bitset, r: OfferRule): Bitset {
  if (r.inStock) set.and(index.inStock);
  for (const keys of r.groups) {
    const union = new Bitset(index.size);
    for (const k of keys) union.or((r.inStock ? index.byKeyInStock : index.byKey)[k]!);
    set.and(union);
  }
  // Two groups must meet on one offer: their pairs' sets say which products have such an offer.
  for (let i = 0; i < r.groups.length; i++)
    for (let j = i + 1; j < r.groups.length; j++)
      set.and(pairUnion(index, r.groups[i]!, r.groups[j]!, r.inStock));
  return set;
}

// The scans below run over the candidates' packed offers (catalog-index.ts: price, in stock, number of keys,
// the keys) in plain loops: they are what a count with two characteristics costs.

/** Whether the offer packed at `at` in the heap meets the rule. */
function meetsAt(heap: Int32Array, r: OfferRule, at: number): boolean {
  if (r.inStock && heap[at + 1] !== 1) return false;
  const price = heap[at]!;
  if (r.priceMin !== null && price < r.priceMin) return false;
  if (r.priceMax !== null && price > r.priceMax) return false;
  const from = at + OFFER_HEAD;
  const to = from + heap[at + 2]!;
  for (const mask of r.masks) {
    let i = from;
    while (i < to && mask[heap[i]!] === 0) i++;
    if (i === to) return false;
  }
  return true;
}

function hasOfferMeeting(index: CatalogIndex, slot: number, r: OfferRule): boolean {
  if (r.masks.length === 0) {
    // A price range alone: the product's cheapest and dearest offer (in stock, when asked) mostly answer.
    const lo = (r.inStock ? index.minPriceInStock : index.minPrice)[slot]!;
    const hi = (r.inStock ? index.maxPriceInStock : index.maxPrice)[slot]!;
    const min = r.priceMin ?? -Infinity;
    const max = r.priceMax ?? Infinity;
    if (lo < 0 || lo > max || hi < min) return false;
    if ((lo >= min && lo <= max) || (hi >= min && hi <= max)) return true;
  }
  const heap = index.offers.data;
  let at = index.offers.start[slot]!;
  const end = at + index.offers.length[slot]!;
  while (at < end) {
    if (meetsAt(heap, r, at)) return true;
    at += OFFER_HEAD + heap[at + 2]!;
  }
  return false;
}

/**
 * For each key marked in `wanted`, how many products of `set` have an offer with it meeting the rule (a
 * product counts once per key).
 */
function countKeys(index: CatalogIndex, set: Bitset, r: OfferRule, wanted: Uint8Array): Int32Array {
  const heap = index.offers.data;
  const counts = new Int32Array(wanted.length);
  const lastSlot = new Int32Array(wanted.length).fill(-1);
  set.forEach((slot) => {
    let at = index.offers.start[slot]!;
    const end = at + index.offers.length[slot]!;
    while (at < end) {
      const to = at + OFFER_HEAD + heap[at + 2]!;
      if (meetsAt(heap, r, at))
        for (let i = at + OFFER_HEAD; i < to; i++) {
          const k = heap[i]!;
          if (wanted[k] === 1 && lastSlot[k] !== slot) {
            lastSlot[k] = slot;
            counts[k]!++;
          }
        }
      at = to;
    }
  });
  return counts;
}

/** The products matching everything but `skip`: the scope, product conditions, one offer meeting the rule. */
/** The products matching every filter but `skip`. */
function matching(index: CatalogIndex, c: Compiled, skip?: Skip, inStock = c.f.inStock): Bitset {
  const r = offerRule(index, c, skip, inStock);
  const set = narrowBySets(index, productSet(index, c, skip), r);
  return setsSuffice(r) ? set : set.filter((slot) => hasOfferMeeting(index, slot, r));
}

/** The filters with their counts (product-facets.schema.json), as facetsFromOffers counts them. */
export function facets(
  index: CatalogIndex,
  c: Compiled,
  dirs: FilterDirectory[],
  entries: Entry[],
): ProductFacets {
  const all = matching(index, c);
  // The directories not chosen share one rule (every chosen value) and one base: counted in one pass.
  const notChosen = new Uint8Array(index.keyCode.length);
  for (const d of dirs)
    if (d.kind === 'offer' && !c.groups.has(d.code)) for (const k of index.keysOf(d.code)) notChosen[k] = 1;
  let shared: Int32Array | null = null;
  const scan = (code: string) => (r: OfferRule, base: Bitset) => {
    if (c.groups.has(code)) {
      const wanted = new Uint8Array(index.keyCode.length);
      for (const k of index.keysOf(code)) wanted[k] = 1;
      return countKeys(index, base, r, wanted);
    }
    return (shared ??= countKeys(index, base, r, notChosen));
  };
  const groups: FacetGroup[] = [];
  for (const d of dirs) {
    const group =
      d.kind === 'brand'
        ? brandGroup(index, c, d, entries)
        : characteristicGroup(index, c, d, entries, scan(d.code));
    if (group) groups.push(group);
  }
  return {
    total: all.count(),
    price: priceRange(index, c),
    inStock: matching(index, c, undefined, true).count(),
    isNew: matching(index, c, '$isNew').countAnd(index.isNew),
    isHit: matching(index, c, '$isHit').countAnd(index.isHit),
    groups,
  };
}

/** The stored prices of the offers meeting every filter but the price range: the slider's ends. */
function priceRange(index: CatalogIndex, c: Compiled): { min: number | null; max: number | null } {
  const r = offerRule(index, c, '$price');
  const set = narrowBySets(index, productSet(index, c, undefined), r);
  let min = Infinity;
  let max = -Infinity;
  if (r.groups.length === 0) {
    // Every offer of the product counts (in stock, when asked): its kept extremes.
    const lows = r.inStock ? index.minPriceInStock : index.minPrice;
    const highs = r.inStock ? index.maxPriceInStock : index.maxPrice;
    set.forEach((slot) => {
      const lo = lows[slot]!;
      if (lo < 0) return;
      if (lo < min) min = lo;
      if (highs[slot]! > max) max = highs[slot]!;
    });
  } else {
    const heap = index.offers.data;
    set.forEach((slot) => {
      // A product whose every offer lies within the range found so far cannot widen it: most are skipped.
      if (index.minPrice[slot]! >= min && index.maxPrice[slot]! <= max) return;
      let at = index.offers.start[slot]!;
      const end = at + index.offers.length[slot]!;
      while (at < end) {
        if (meetsAt(heap, r, at)) {
          const price = heap[at]!;
          if (price < min) min = price;
          if (price > max) max = price;
        }
        at += OFFER_HEAD + heap[at + 2]!;
      }
    });
  }
  return min === Infinity ? { min: null, max: null } : { min, max };
}

function brandGroup(
  index: CatalogIndex,
  c: Compiled,
  d: FilterDirectory,
  entries: Entry[],
): FacetGroup | null {
  const base = matching(index, c, d.code);
  return facetGroup(
    c.f,
    d,
    entries,
    (e) => index.byBrand.get(e.id)?.intersects(c.scope) ?? false,
    (e) => {
      const set = index.byBrand.get(e.id);
      return set ? base.countAnd(set) : 0;
    },
  );
}

/**
 * A characteristic's values with their counts: products with an offer of that value meeting every other
 * filter. A value is shown when some product of the scope has an active offer with it. `scan` counts the
 * keys of the directories sharing one rule in one pass (facets: every directory not chosen shares it).
 */
function characteristicGroup(
  index: CatalogIndex,
  c: Compiled,
  d: FilterDirectory,
  entries: Entry[],
  scan: (r: OfferRule, base: Bitset) => Int32Array,
): FacetGroup | null {
  const r = offerRule(index, c, d.code);
  const base = narrowBySets(index, productSet(index, c, d.code), r);
  const counts = new Map<number, number>();
  // The value itself is one more condition on the same offer: sets answer only when it is the only one.
  if (r.groups.length === 0 && r.priceMin === null && r.priceMax === null) {
    const sets = r.inStock ? index.byKeyInStock : index.byKey;
    for (const k of index.keysOf(d.code)) counts.set(k, base.countAnd(sets[k]!));
  } else if (r.groups.length === 1 && r.priceMin === null && r.priceMax === null) {
    // One other characteristic chosen: the value with it on one offer is a pair's set.
    for (const k of index.keysOf(d.code))
      counts.set(k, base.countAnd(pairUnion(index, [k], r.groups[0]!, r.inStock)));
  } else {
    const byKey = scan(r, base);
    for (const k of index.keysOf(d.code)) counts.set(k, byKey[k]!);
  }
  const keyOf = (e: Entry) => index.keyId.get(`${d.code}=${e.code}`);
  return facetGroup(
    c.f,
    d,
    entries,
    (e) => {
      const k = keyOf(e);
      return k !== undefined && index.byKey[k]!.intersects(c.scope);
    },
    (e) => counts.get(keyOf(e) ?? -1) ?? 0,
  );
}

/** A page of the matching products' ids in a listing order, with the exact total. */
export function page(
  index: CatalogIndex,
  c: Compiled,
  sort: SortName,
  pageNumber: number,
  perPage: number,
): { ids: number[]; total: number } {
  return pageInOrder(index, c, () => index.order(sort), pageNumber, perPage);
}

/**
 * A page of the matching products' ids in the order `order` gives (every slot it may hold, best first; asked
 * only when the page is not past the end), with the exact total.
 */
export function pageInOrder(
  index: CatalogIndex,
  c: Compiled,
  order: () => Int32Array,
  pageNumber: number,
  perPage: number,
): { ids: number[]; total: number } {
  const set = matching(index, c);
  const total = set.count();
  const skip = (pageNumber - 1) * perPage;
  const ids: number[] = [];
  if (skip >= total) return { ids, total };
  let seen = 0;
  for (const slot of order()) {
    if (!set.has(slot)) continue;
    if (seen++ < skip) continue;
    ids.push(index.ids[slot]!);
    if (ids.length === perPage) break;
  }
  return { ids, total };
}
