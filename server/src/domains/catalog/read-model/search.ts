// A search text answered from the read model: PostgreSQL reads the text once (search/readings.ts: the
// words, their other layouts, corrections and beginnings, as the tsquery of search/query.ts), then the
// matches are sets of the word index (word-index.ts) and the relevance is search/query.ts's order computed
// over the ranking documents in memory (search/ts-rank.ts). query.ts's SQL stays the reference and answers
// what the memory does not hold: a word found only in descriptions.
import { Bitset } from './bitset';
import type { CatalogIndex } from './catalog-index';
import type { ReferenceData } from './load';
import { matching, type Compiled } from './queries';
import {
  hasAtWeightA,
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

/** The reading prepared for memory, or null when PostgreSQL must answer it. */
export function memorySearch(reading: SearchReading): MemorySearch | null {
  if (reading.body) return null;
  if (reading.q === null) return { reading, tree: null, rank: { items: [], and: false }, operands: [] };
  const tree = parseTsquery(reading.q);
  if (!tree || hasNot(tree)) return null;
  return { reading, tree, rank: rankQuery(tree), operands: operandsOf(tree) };
}

function hasNot(q: TsQuery): boolean {
  return q.op === '!' || (q.op !== 'term' && q.args.some(hasNot));
}

/** The slots the search's words match (every word, each any of its readings). */
export function searchSlots(index: CatalogIndex, search: MemorySearch): Bitset {
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

/** The relevance keys of one match, compared as search/query.ts's ORDER BY (best first). */
interface Ranked {
  slot: number;
  /** r0, r1, r2 as 0/1 and r5 as 0/1; r3 the title's rank (Infinity for no document: NULLS FIRST). */
  exact: number;
  variant: number;
  asked: number;
  title: number;
  inStock: number;
  popular: number;
}

function better(a: Ranked, b: Ranked): boolean {
  if (a.exact !== b.exact) return a.exact > b.exact;
  if (a.variant !== b.variant) return a.variant > b.variant;
  if (a.asked !== b.asked) return a.asked > b.asked;
  if (a.title !== b.title) return a.title > b.title;
  if (a.inStock !== b.inStock) return a.inStock > b.inStock;
  return a.popular < b.popular;
}

/**
 * A page of the matches (the scope already holds the search's slots: compile) by relevance: an exact article
 * first, then the products having the variant the notation describes, then those that are what was asked
 * for (a word in the title's head or in their category's), then the title's rank, those in stock first, then
 * the popular order. Only the page's worth of best matches is kept while the matches are walked.
 */
export function relevancePage(
  index: CatalogIndex,
  ref: ReferenceData,
  c: Compiled,
  search: MemorySearch,
  pageNumber: number,
  perPage: number,
): { ids: number[]; total: number } {
  const set = matching(index, c);
  const total = set.count();
  const keep = pageNumber * perPage;
  if ((pageNumber - 1) * perPage >= total) return { ids: [], total };

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

  const top: Ranked[] = [];
  set.forEach((slot) => {
    const doc = index.words.title(slot);
    const categories = index.categoriesOf[slot] ?? [];
    const r: Ranked = {
      slot,
      exact: exact.has(slot) ? 1 : 0,
      variant: variant?.has(slot) ? 1 : 0,
      asked:
        (doc !== null && hasAtWeightA(doc, search.operands)) || categories.some((id) => asked.has(id))
          ? 1
          : 0,
      title: tsRank(doc, search.rank) ?? Infinity,
      inStock: index.inStock.has(slot) ? 1 : 0,
      popular: popular[slot]!,
    };
    if (top.length === keep && !better(r, top[keep - 1]!)) return;
    let at = top.length;
    while (at > 0 && better(r, top[at - 1]!)) at--;
    top.splice(at, 0, r);
    if (top.length > keep) top.pop();
  });
  return {
    ids: top.slice((pageNumber - 1) * perPage).map((r) => index.ids[r.slot]!),
    total,
  };
}
