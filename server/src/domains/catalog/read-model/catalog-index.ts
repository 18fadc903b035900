// The catalogue read model's data: every product as a slot, and per category, brand, flag and characteristic
// value the set of slots that have it (bitset.ts), so that a count is an intersection and a listing is a
// sorted list cut by pages (queries.ts). Only what filtering and ordering read is kept: a product's flags,
// brand, categories, order keys, and its active offers' stored prices, stock (in or out) and characteristics.
// PostgreSQL stays the truth: live.ts builds this from it and puts back every product a write changes.
import { Bitset } from './bitset';
import { PackedHeap } from './packed-heap';
import { WordIndex } from './word-index';

/** An active offer as filtering reads it. */
export interface OfferFacts {
  /** The stored price in kopecks: sale price, else base price. */
  price: number;
  inStock: boolean;
  /** Its characteristics as `code=value` (offers' `attributes`, as `->>` reads them). */
  keys: string[];
}

/** A product as filtering reads it (live.ts loads these). */
export interface ProductFacts {
  id: number;
  active: boolean;
  isNew: boolean;
  isHit: boolean;
  brandId: number | null;
  categoryIds: number[];
  sortOrder: number;
  /** Microseconds since 1970 (exact in a double): the "new" order ties as PostgreSQL's does. */
  createdAt: number;
  /** Active offers only. */
  offers: OfferFacts[];
  /** The search document's lexemes but the descriptions' and the articles' (word-index.ts). */
  words?: string[];
  /** The ranking document, products.search_title as text. */
  title?: string | null;
}

export type SortName = 'popular' | 'new' | 'price' | '-price';

const NO_PRICE = -1;
/** Per offer in `heap`: price, in stock (0/1), number of keys, then the keys' ids. */
export const OFFER_HEAD = 3;
/** Key ids stay below this (a pair of keys is one number: pairId). */
const PAIR_BASE = 1 << 20;

export class CatalogIndex {
  /** Slot → product id (0: a free slot). */
  ids = new Int32Array(1024);
  readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  /** Slots in use or ever used: every loop over slots stops here. */
  size = 0;

  /** Active products: what every listing starts from. */
  readonly listed = new Bitset();
  readonly isNew = new Bitset();
  readonly isHit = new Bitset();
  /** Products with an active offer in stock ("В наличии"). */
  readonly inStock = new Bitset();
  readonly byCategory = new Map<number, Bitset>();
  readonly byBrand = new Map<number, Bitset>();
  /** Per characteristic key id: products with an active offer with it, and with one in stock. */
  readonly byKey: Bitset[] = [];
  readonly byKeyInStock: Bitset[] = [];
  /**
   * Per pair of keys found on one offer (pairId): products with an active offer having both, and with one in
   * stock. "Curl D with 0,10" is then a set too: counts with one characteristic chosen, and listings with two,
   * are intersections.
   */
  readonly byPair = new Map<number, Bitset>();
  readonly byPairInStock = new Map<number, Bitset>();
  /** The active products' search documents (their lexemes, their ranking documents). */
  readonly words = new WordIndex();

  /** Interned characteristic keys `code=value`: id → code, value. */
  readonly keyId = new Map<string, number>();
  readonly keyCode: string[] = [];
  readonly keyValue: string[] = [];

  brandOf = new Int32Array(1024);
  categoriesOf: (number[] | undefined)[] = [];
  sortOrder = new Float64Array(1024);
  createdAt = new Float64Array(1024);
  /** The cheapest and dearest active offer's stored price (NO_PRICE without one), and among those in stock. */
  minPrice = new Int32Array(1024);
  maxPrice = new Int32Array(1024);
  minPriceInStock = new Int32Array(1024);
  maxPriceInStock = new Int32Array(1024);

  /** The active offers of every slot, packed (OFFER_HEAD). */
  readonly offers = new PackedHeap();

  /** The orders, built when first asked after a change of what they sort by. */
  private readonly orders = new Map<SortName, Int32Array>();
  private readonly places = new Map<SortName, Int32Array>();

  /** Counts the puts: what is computed over the whole index is kept while it stays (read-model/search.ts). */
  version = 0;

  /** Puts a product in (or back), or takes it out when `facts` is null. */
  put(id: number, facts: ProductFacts | null): void {
    this.version++;
    let slot = this.slotOf.get(id);
    const was = slot === undefined ? null : this.orderKeys(slot);
    if (slot !== undefined) this.clear(slot);
    if (!facts) {
      // A slot let go stays in the orders (no set has it any more) until it is taken again.
      if (slot !== undefined) {
        this.slotOf.delete(id);
        this.ids[slot] = 0;
        this.freeSlots.push(slot);
      }
      return;
    }
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.size++;
      this.grow(slot + 1);
      this.slotOf.set(id, slot);
      this.ids[slot] = id;
    }
    this.fill(slot, facts);
    // Only the orders whose keys changed are built again: stock crossing zero or a new title moves none.
    const now = this.orderKeys(slot);
    for (const sort of ['popular', 'new', 'price', '-price'] as const)
      if (!was || was[sort] !== now[sort]) this.forgetOrder(sort);
  }

  /** What each order sorts a slot by (ties aside: by id, which a slot keeps). */
  private orderKeys(slot: number): Record<SortName, string> {
    const price = String(this.minPrice[slot]);
    return {
      popular: `${this.isHit.has(slot)}/${this.sortOrder[slot]}`,
      new: String(this.createdAt[slot]),
      price,
      '-price': price,
    };
  }

  /** The slots of a sort, best first (every slot in use, listed or not: a listing filters them). */
  order(sort: SortName): Int32Array {
    let order = this.orders.get(sort);
    if (!order) {
      order = this.sorted(sort);
      this.orders.set(sort, order);
    }
    return order;
  }

  /** An order is built again when next asked (a product came, or changed what it sorts by). */
  private forgetOrder(sort: SortName): void {
    this.orders.delete(sort);
    this.places.delete(sort);
  }

  /** Per slot, its place in a sort's order (a search ranks ties by the popular order with it). */
  positions(sort: SortName): Int32Array {
    let positions = this.places.get(sort);
    if (!positions) {
      const order = this.order(sort);
      positions = new Int32Array(this.size);
      for (let i = 0; i < order.length; i++) positions[order[i]!] = i;
      this.places.set(sort, positions);
    }
    return positions;
  }

  /** Ids of the keys of characteristic `code` (every value seen). */
  keysOf(code: string): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.keyCode.length; k++) if (this.keyCode[k] === code) out.push(k);
    return out;
  }

  /**
   * Calls `visit` with each active offer of `slot`: price, in stock, and where its keys lie in `heap`. (The
   * queries' hot loops walk the heap inline: queries.ts.)
   */
  private forEachOffer(
    slot: number,
    visit: (price: number, inStock: boolean, keysFrom: number, keysTo: number) => void,
  ): void {
    const heap = this.offers.data;
    let at = this.offers.start[slot]!;
    const end = at + this.offers.length[slot]!;
    while (at < end) {
      const n = heap[at + 2]!;
      visit(heap[at]!, heap[at + 1] === 1, at + OFFER_HEAD, at + OFFER_HEAD + n);
      at += OFFER_HEAD + n;
    }
  }

  /** Bytes the typed arrays hold (the sets, the per-slot facts and the offers' heap). */
  bytes(): number {
    let n = 0;
    const sets = [
      this.listed,
      this.isNew,
      this.isHit,
      this.inStock,
      ...this.byCategory.values(),
      ...this.byBrand.values(),
      ...this.byKey,
      ...this.byKeyInStock,
    ];
    for (const s of sets) n += s.words.byteLength;
    for (const s of this.byPair.values()) n += s.words.byteLength;
    for (const s of this.byPairInStock.values()) n += s.words.byteLength;
    n += this.words.bytes() + this.offers.bytes();
    for (const a of [
      this.ids,
      this.brandOf,
      this.sortOrder,
      this.createdAt,
      this.minPrice,
      this.maxPrice,
      this.minPriceInStock,
      this.maxPriceInStock,
      ...this.orders.values(),
    ])
      n += a.byteLength;
    return n;
  }

  /** The pair of two keys found on one offer, in either order. */
  static pairId(a: number, b: number): number {
    return a < b ? a * PAIR_BASE + b : b * PAIR_BASE + a;
  }

  private setOf(map: Map<number, Bitset>, key: number): Bitset {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Bitset(this.size)));
    return set;
  }

  private internKey(key: string): number {
    let id = this.keyId.get(key);
    if (id === undefined) {
      id = this.keyCode.length;
      const eq = key.indexOf('=');
      this.keyId.set(key, id);
      this.keyCode.push(key.slice(0, eq));
      this.keyValue.push(key.slice(eq + 1));
      this.byKey.push(new Bitset(this.size));
      this.byKeyInStock.push(new Bitset(this.size));
    }
    return id;
  }

  private fill(slot: number, p: ProductFacts): void {
    if (p.active) {
      this.listed.add(slot);
      this.words.put(slot, p.words ?? [], p.title ?? null, this.size);
    }
    if (p.isNew) this.isNew.add(slot);
    if (p.isHit) this.isHit.add(slot);
    this.brandOf[slot] = p.brandId ?? 0;
    if (p.brandId !== null) this.setOf(this.byBrand, p.brandId).add(slot);
    this.categoriesOf[slot] = p.categoryIds;
    for (const c of p.categoryIds) this.setOf(this.byCategory, c).add(slot);
    this.sortOrder[slot] = p.sortOrder;
    this.createdAt[slot] = p.createdAt;

    let words = 0;
    for (const o of p.offers) words += OFFER_HEAD + o.keys.length;
    let at = this.offers.allocate(slot, words);
    const heap = this.offers.data;
    let min = NO_PRICE;
    let max = NO_PRICE;
    let minIn = NO_PRICE;
    let maxIn = NO_PRICE;
    for (const o of p.offers) {
      heap[at] = o.price;
      heap[at + 1] = o.inStock ? 1 : 0;
      heap[at + 2] = o.keys.length;
      at += OFFER_HEAD;
      const first = at;
      for (const key of o.keys) {
        const k = this.internKey(key);
        heap[at++] = k;
        this.byKey[k]!.add(slot);
        if (o.inStock) this.byKeyInStock[k]!.add(slot);
      }
      for (let i = first; i < at; i++)
        for (let j = i + 1; j < at; j++) {
          const pair = CatalogIndex.pairId(heap[i]!, heap[j]!);
          this.setOf(this.byPair, pair).add(slot);
          if (o.inStock) this.setOf(this.byPairInStock, pair).add(slot);
        }
      if (min === NO_PRICE || o.price < min) min = o.price;
      if (o.price > max) max = o.price;
      if (o.inStock) {
        this.inStock.add(slot);
        if (minIn === NO_PRICE || o.price < minIn) minIn = o.price;
        if (o.price > maxIn) maxIn = o.price;
      }
    }
    this.minPrice[slot] = min;
    this.maxPrice[slot] = max;
    this.minPriceInStock[slot] = minIn;
    this.maxPriceInStock[slot] = maxIn;
  }

  /** Takes a slot out of every set (its product is about to be put back or removed). */
  private clear(slot: number): void {
    this.listed.delete(slot);
    this.words.clear(slot);
    this.isNew.delete(slot);
    this.isHit.delete(slot);
    this.inStock.delete(slot);
    const brand = this.brandOf[slot]!;
    if (brand) this.byBrand.get(brand)?.delete(slot);
    for (const c of this.categoriesOf[slot] ?? []) this.byCategory.get(c)?.delete(slot);
    this.categoriesOf[slot] = undefined;
    this.forEachOffer(slot, (_price, _inStock, from, to) => {
      for (let i = from; i < to; i++) {
        const k = this.offers.data[i]!;
        this.byKey[k]!.delete(slot);
        this.byKeyInStock[k]!.delete(slot);
        for (let j = i + 1; j < to; j++) {
          const pair = CatalogIndex.pairId(k, this.offers.data[j]!);
          this.byPair.get(pair)?.delete(slot);
          this.byPairInStock.get(pair)?.delete(slot);
        }
      }
    });
    this.offers.release(slot);
    this.minPrice[slot] = NO_PRICE;
  }

  /** Room for `size` slots in the per-slot arrays. */
  private grow(size: number): void {
    if (size <= this.ids.length) return;
    const n = Math.max(size, this.ids.length * 2);
    const grown = <T extends Int32Array | Float64Array>(a: T, fill = 0): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.fill(fill);
      b.set(a);
      return b;
    };
    this.ids = grown(this.ids);
    this.brandOf = grown(this.brandOf);
    this.sortOrder = grown(this.sortOrder);
    this.createdAt = grown(this.createdAt);
    this.minPrice = grown(this.minPrice, NO_PRICE);
    this.maxPrice = grown(this.maxPrice, NO_PRICE);
    this.minPriceInStock = grown(this.minPriceInStock, NO_PRICE);
    this.maxPriceInStock = grown(this.maxPriceInStock, NO_PRICE);
  }

  /** The listing orders of catalog-routes.ts's SORTS, over slots in use; ties last by id, descending. */
  private sorted(sort: SortName): Int32Array {
    const slots: number[] = [];
    for (let s = 0; s < this.size; s++) if (this.ids[s]) slots.push(s);
    const ids = this.ids;
    const byId = (a: number, b: number) => ids[b]! - ids[a]!;
    // A product without an active offer has no price: last in both price orders (NULLS LAST).
    const price = (s: number) => (this.minPrice[s] === NO_PRICE ? null : this.minPrice[s]!);
    const compare: Record<SortName, (a: number, b: number) => number> = {
      popular: (a, b) =>
        Number(this.isHit.has(b)) - Number(this.isHit.has(a)) ||
        this.sortOrder[a]! - this.sortOrder[b]! ||
        byId(a, b),
      new: (a, b) => this.createdAt[b]! - this.createdAt[a]! || byId(a, b),
      price: (a, b) => nullsLast(price(a), price(b), 1) || byId(a, b),
      '-price': (a, b) => nullsLast(price(a), price(b), -1) || byId(a, b),
    };
    return Int32Array.from(slots.sort(compare[sort]));
  }
}

function nullsLast(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}
