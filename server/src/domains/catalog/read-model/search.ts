// A search text answered from the read model: PostgreSQL reads the text once (search/readings.ts: the
// words, their other layouts, corrections and beginnings, as the tsquery of search/query.ts), then the
// matches are sets of the word index (word-index.ts) and the relevance is search/query.ts's order computed
// over the ranking documents in memory (search/ts-rank.ts). query.ts's SQL stays the reference and answers
// what the memory does not hold: a word found only in descriptions.
import { Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';
import type { ReferenceData } from './load';
import { pageInOrder, type Compiled } from './queries';
import { KeptWhileUnchanged } from './kept';
import {
  bindQuery,
  boundAtWeightA,
  operandsOf,
  parseTsquery,
  rankQuery,
  tsRank,
  type RankQuery,
  type TsQuery,
} from '../search/ts-rank';

/** What PostgreSQL made of a search text (search/readings.ts). */
export interface SearchReading {
  /** The tsquery as text, null when no word is left (nothing matches). */
  q: string | null;
  /** Some word is found only in descriptions (then PostgreSQL answers). */
  body: boolean;
  /** The query as it was read, when a word was read otherwise than typed; else null. */
  shown: string | null;
  /** The products each article term of the query finds (its text as a tsquery → product ids). */
  articles: Map<string, number[]>;
  /** The products with an article the whole query is (the first relevance key), null when it is none. */
  exactIds: number[] | null;
  /** The lash notation the query describes ('0.07/11/d'), see normalize.ts variantKeys. */
  variant: string | null;
}

/** A reading the read model can answer: its tree, and its operands as ranking reads them. */
export interface MemorySearch {
  reading: SearchReading;
  tree: TsQuery | null;
  rank: RankQuery;
  operands: { lexeme: string; prefix: boolean }[];
}

/** The text of an article term as search/readings.ts asks PostgreSQL about it. */
export const articleTerm = (lexeme: string, prefix: boolean) =>
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;

/** The reading prepared for memory, or null when PostgreSQL must answer it (one per reading: see `kept`). */
export function memorySearch(reading: SearchReading): MemorySearch | null {
  let search = prepared.get(reading);
  if (search === undefined) {
    search = prepare(reading);
    prepared.set(reading, search);
  }
  return search;
}

const prepared = new WeakMap<SearchReading, MemorySearch | null>();

function prepare(reading: SearchReading): MemorySearch | null {
  if (reading.body) return null;
  if (reading.q === null) return { reading, tree: null, rank: { items: [], and: false }, operands: [] };
  const tree = parseTsquery(reading.q);
  if (!tree || hasNot(tree)) return null;
  return { reading, tree, rank: rankQuery(tree), operands: operandsOf(tree) };
}

function hasNot(q: TsQuery): boolean {
  return q.op === '!' || (q.op !== 'term' && q.args.some(hasNot));
}

/**
 * What a search computed over the whole index: its matches and its relevance order, kept while the index
 * stays as it was (the 64 searches last asked: an order of 100 000 matches is 400 kB). A live search asks the
 * same words again and again, and a results page its next pages: they then only walk the order.
 */
interface Computed {
  slots?: Bitset;
  order?: Int32Array;
}

const kept = new KeptWhileUnchanged<MemorySearch, Computed>(64);

/** The slots the search's words match (every word, each any of its readings); the caller may not change it. */
export function searchSlots(index: CatalogIndex, ref: ReferenceData, search: MemorySearch): Bitset {
  const k = kept.get(search, index, ref, () => ({}));
  k.slots ??= matchingSlots(index, search);
  return k.slots;
}

function matchingSlots(index: CatalogIndex, search: MemorySearch): Bitset {
  if (!search.tree) return new Bitset(index.size);
  const evaluate = (q: TsQuery): Bitset => {
    if (q.op === 'term') {
      const set = new Bitset(index.size);
      if (!q.lexeme.startsWith('#')) return index.words.find(q.lexeme, q.prefix, set);
      for (const id of search.reading.articles.get(articleTerm(q.lexeme, q.prefix)) ?? []) {
        const slot = index.slotOf.get(id);
        if (slot !== undefined) set.add(slot);
      }
      return set;
    }
    if (q.op === '!') throw new Error('a negation is answered by PostgreSQL');
    const [first, ...rest] = q.args.map(evaluate);
    for (const other of rest)
      if (q.op === '&') first!.and(other);
      else first!.or(other);
    return first!;
  };
  return evaluate(search.tree);
}

/**
 * A page of the matches (the scope already holds the search's slots: compile) by relevance (`relevanceOrder`),
 * with the exact total.
 */
export function relevancePage(
  index: CatalogIndex,
  ref: ReferenceData,
  c: Compiled,
  search: MemorySearch,
  pageNumber: number,
  perPage: number,
): { ids: number[]; total: number } {
  return pageInOrder(
    index,
    c,
    () => {
      const k = kept.get(search, index, ref, () => ({}));
      k.order ??= relevanceOrder(index, ref, search, searchSlots(index, ref, search));
      return k.order;
    },
    pageNumber,
    perPage,
  );
}

/**
 * Every active product the search matches, best first, as search/query.ts orders them: an exact article
 * first, then the products having the variant the notation describes, then those that are what was asked
 * for (a word in the title's head or in their category's), then the title's rank (ts_rank; a product with
 * no ranking document first, as NULLS FIRST puts it), those in stock first, then the popular order.
 */
function relevanceOrder(
  index: CatalogIndex,
  ref: ReferenceData,
  search: MemorySearch,
  slots: Bitset,
): Int32Array {
  const matches: number[] = [];
  slots.forEach((slot) => {
    if (index.listed.has(slot)) matches.push(slot);
  });
  const n = matches.length;
  const asked = new Set<number>();
  for (const category of ref.categories.values())
    if (
      category.head.some((l) =>
        search.operands.some((o) => (o.prefix ? l.startsWith(o.lexeme) : l === o.lexeme)),
      )
    )
      asked.add(category.id);
  const exact = new Set(
    (search.reading.exactIds ?? []).map((id) => index.slotOf.get(id)).filter((s) => s !== undefined),
  );
  const variant = search.reading.variant
    ? index.words.find(`=${search.reading.variant}`, false, new Bitset(index.size))
    : null;
  const popular = index.positions('popular');
  const bound = bindQuery(search.rank, search.operands, index.words.dictionary());
  // The keys as one number per match where they are flags (exact, variant, asked, in stock: bits 3 to 0),
  // the title's rank apart.
  const flags = new Uint8Array(n);
  const title = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const slot = matches[i]!;
    const doc = index.words.title(slot);
    const isAsked =
      (doc !== null && boundAtWeightA(doc, bound)) ||
      (index.categoriesOf[slot] ?? []).some((id) => asked.has(id));
    flags[i] =
      (exact.has(slot) ? 8 : 0) |
      (variant?.has(slot) ? 4 : 0) |
      (isAsked ? 2 : 0) |
      (index.inStock.has(slot) ? 1 : 0);
    title[i] = tsRank(doc, bound) ?? Infinity;
  }
  const at = Array.from({ length: n }, (_, i) => i);
  at.sort(
    (a, b) =>
      (flags[b]! >> 1) - (flags[a]! >> 1) ||
      title[b]! - title[a]! ||
      (flags[b]! & 1) - (flags[a]! & 1) ||
      popular[matches[a]!]! - popular[matches[b]!]!,
  );
  return Int32Array.from(at, (i) => matches[i]!);
}
