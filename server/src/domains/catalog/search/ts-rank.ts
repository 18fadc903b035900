// PostgreSQL's full-text pieces the catalogue's in-memory search needs, computed in JavaScript exactly as
// PostgreSQL computes them, so that a search answered from memory ranks as the SQL one does (query.ts stays
// the reference; server/test/search-memory.test.ts compares both):
// - the text of a tsvector ('ресниц':2B 'клей':1A '=0.07/d') read into a document;
// - the text of a tsquery (('клей' | 'клей':*) & 'd') read into a tree;
// - ts_rank(document, query) with the default weights and no normalisation, in single precision step by step
//   as PostgreSQL's float4 arithmetic does (src/backend/utils/adt/tsrank.c: calc_rank_or, calc_rank_and), so
//   that equal ranks stay equal and the order of two products never depends on a rounding.

const f32 = Math.fround;

/** The default weights of ts_rank, indexed by weight (D, C, B, A), as float4. */
const WEIGHTS = [f32(0.1), f32(0.2), f32(0.4), f32(1.0)];
/** Positions are 14 bits; a lexeme without positions ranks as if at the last one (tsrank.c's POSNULL). */
const MAX_ENTRY_POS = 1 << 14;

/**
 * A tsvector, packed (a read model holds one per product): from `base` in `data`, [n, the n entries' offsets
 * from `base`, then per entry its lexeme's id in `lexemes`, its number of positions (-1: none) and the
 * positions (pos << 2 | weight)]. The entries are in PostgreSQL's order of lexemes.
 */
export interface TsDocument {
  data: Int32Array;
  base: number;
  lexemes: readonly string[];
}

const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** PostgreSQL's order of lexemes (memcmp of the UTF-8 bytes, then the length): code points' order here. */
export const compareLexemes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Reads a quoted lexeme at `at` (just after its opening quote): the text and where it ended. */
function readQuoted(text: string, at: number): [string, number] {
  const close = text.indexOf("'", at);
  const slash = text.indexOf('\\', at);
  // Mostly a plain lexeme: no quote or backslash inside.
  if (close >= 0 && text[close + 1] !== "'" && (slash < 0 || slash > close))
    return [text.slice(at, close), close + 1];
  let out = '';
  for (let i = at; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      out += text[++i] ?? '';
    } else if (ch === "'") {
      if (text[i + 1] === "'") {
        out += "'";
        i++;
      } else return [out, i + 1];
    } else out += ch;
  }
  return [out, text.length];
}

/**
 * The text PostgreSQL prints for a tsvector, read back (its lexemes come sorted and unique); `intern` gives a
 * lexeme's id in `lexemes`. A lexeme `takeAside` takes (answers true for) is left out of the document.
 */
export function parseTsvector(
  text: string | null,
  intern: (lexeme: string) => number,
  lexemes: readonly string[],
  takeAside?: (lexeme: string) => boolean,
): TsDocument | null {
  if (text === null) return null;
  // The entries are written one after another in `scratch` (no array per entry: a read model parses 100 000
  // documents at start), their starts in `starts`, then copied behind the offsets.
  let used = 0;
  let n = 0;
  const put = (value: number) => {
    if (used === scratch.length) {
      const grown = new Int32Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    scratch[used++] = value;
  };
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    const [lexeme, end] = readQuoted(text, i + 1);
    i = end;
    const kept = !takeAside?.(lexeme);
    const start = used;
    if (kept) {
      starts[n++] = start;
      put(intern(lexeme));
      put(-1);
    }
    if (text[i] !== ':') continue;
    // Positions: digits, maybe a weight letter, separated by commas (1A,3,7C).
    i++;
    for (;;) {
      let pos = 0;
      while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57)
        pos = pos * 10 + text.charCodeAt(i++) - 48;
      const weight = WEIGHT_OF[text[i]!];
      if (weight !== undefined) i++;
      if (kept) put((pos << 2) | (weight ?? 0));
      if (text[i] !== ',') break;
      i++;
    }
    if (kept) scratch[start + 1] = used - start - 2;
  }
  const data = new Int32Array(1 + n + used);
  data[0] = n;
  for (let k = 0; k < n; k++) data[1 + k] = 1 + n + starts[k]!;
  data.set(scratch.subarray(0, used), 1 + n);
  return { data, base: 0, lexemes };
}

let scratch = new Int32Array(1024);
const starts: number[] = [];

/** A document's lexemes interned in a list of its own (the tests read PostgreSQL's documents with it). */
export function parseOwnTsvector(text: string | null): TsDocument | null {
  const lexemes: string[] = [];
  const ids = new Map<string, number>();
  const intern = (lexeme: string) => {
    let id = ids.get(lexeme);
    if (id === undefined) ids.set(lexeme, (id = lexemes.push(lexeme) - 1));
    return id;
  };
  return parseTsvector(text, intern, lexemes);
}

const lexemeAt = (doc: TsDocument, entry: number) =>
  doc.lexemes[doc.data[doc.base + doc.data[doc.base + 1 + entry]!]!]!;

/** Entry `entry`'s positions (pos << 2 | weight) as [from, to) in `doc.data`, or null without positions. */
function positionsOf(doc: TsDocument, entry: number): [number, number] | null {
  const at = doc.base + doc.data[doc.base + 1 + entry]!;
  const n = doc.data[at + 1]!;
  return n < 0 ? null : [at + 2, at + 2 + n];
}

/** A tsquery's tree: an operand (a lexeme, maybe a beginning), or an operator over its operands. */
export type TsQuery =
  | { op: 'term'; lexeme: string; prefix: boolean }
  | { op: '&' | '|'; args: TsQuery[] }
  | { op: '!'; arg: TsQuery };

/**
 * The text PostgreSQL prints for a tsquery, read back: operands, &, |, ! and parentheses (the search never
 * builds phrases or weights; a query with them is answered null: the caller then asks PostgreSQL).
 */
export function parseTsquery(text: string): TsQuery | null {
  let i = 0;
  const space = () => {
    while (text[i] === ' ') i++;
  };
  let failed = false;
  const primary = (): TsQuery | null => {
    space();
    if (text[i] === '!') {
      i++;
      const arg = primary();
      return arg && { op: '!', arg };
    }
    if (text[i] === '(') {
      i++;
      const inner = or();
      space();
      if (text[i] !== ')') failed = true;
      i++;
      return inner;
    }
    if (text[i] !== "'") {
      failed = true;
      return null;
    }
    const [lexeme, end] = readQuoted(text, i + 1);
    i = end;
    let prefix = false;
    if (text[i] === ':') {
      const flags = /^:([*A-D]+)/.exec(text.slice(i, i + 8));
      if (!flags || flags[1] !== '*') failed = true;
      prefix = true;
      i += flags?.[0].length ?? 1;
    }
    return { op: 'term', lexeme, prefix };
  };
  // `&` binds tighter than `|`: a chain of `next` joined by `op`.
  const chain = (op: '&' | '|', next: () => TsQuery | null) => (): TsQuery | null => {
    const args = [next()];
    for (space(); text[i] === op; space()) {
      i++;
      args.push(next());
    }
    if (args.some((a) => a === null)) return null;
    return args.length === 1 ? args[0]! : { op, args: args as TsQuery[] };
  };
  const or = chain('|', chain('&', primary));
  const tree = or();
  space();
  return failed || i < text.length ? null : tree;
}

/** Every operand of a tree, left to right. */
export function operandsOf(q: TsQuery): { lexeme: string; prefix: boolean }[] {
  if (q.op === 'term') return [q];
  if (q.op === '!') return operandsOf(q.arg);
  return q.args.flatMap(operandsOf);
}

/** A query prepared for ranking: its distinct operands sorted as PostgreSQL sorts them, and its root. */
export interface RankQuery {
  items: { lexeme: string; prefix: boolean }[];
  and: boolean;
}

export function rankQuery(q: TsQuery): RankQuery {
  const seen = new Map<string, { lexeme: string; prefix: boolean }>();
  for (const o of operandsOf(q)) if (!seen.has(o.lexeme)) seen.set(o.lexeme, o);
  const items = [...seen.values()].sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  return { items, and: q.op === '&' };
}

/** The first entry of `doc` at or after `lexeme` (binary search over its sorted lexemes). */
function lowerBound(doc: TsDocument, lexeme: string): number {
  let lo = 0;
  let hi = doc.data[doc.base]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lexemeAt(doc, mid) < lexeme) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries of `doc` an operand finds: [first, count]. */
function findEntries(doc: TsDocument, item: { lexeme: string; prefix: boolean }): [number, number] {
  const size = doc.data[doc.base]!;
  const first = lowerBound(doc, item.lexeme);
  if (!item.prefix) return [first, first < size && lexemeAt(doc, first) === item.lexeme ? 1 : 0];
  let n = 0;
  while (first + n < size && lexemeAt(doc, first + n).startsWith(item.lexeme)) n++;
  return [first, n];
}

// tsrank.c's stand-ins for an entry without positions: position 0 in calc_rank_or, the last one in
// calc_rank_and; weight D in both.
const NO_POSITION_OR = Int32Array.of(0);
const NO_POSITION_AND = Int32Array.of((MAX_ENTRY_POS - 1) << 2);

function wordDistance(distance: number): number {
  if (distance > 100) return f32(1e-30);
  return f32(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

/** An entry's positions as an array and its range there. */
function positionsRange(doc: TsDocument, entry: number, none: Int32Array): [Int32Array, number, number] {
  const range = positionsOf(doc, entry);
  return range ? [doc.data, range[0], range[1]] : [none, 0, 1];
}

/**
 * The entries each item of a query finds in one document, in the document's order: item i's are
 * `list[start[i] .. start[i] + count[i])`. Filled per document (by `findAll`, or `findBound` with a query bound
 * to the dictionary), read by the rank functions.
 */
interface Found {
  list: Int32Array;
  start: Int32Array;
  count: Int32Array;
}

const foundScratch: Found = {
  list: new Int32Array(256),
  start: new Int32Array(32),
  count: new Int32Array(32),
};

/** Room in `foundScratch` for `items` items and `entries` entries in all. */
function scratchFor(items: number, entries: number): Found {
  if (foundScratch.start.length < items) {
    foundScratch.start = new Int32Array(items * 2);
    foundScratch.count = new Int32Array(items * 2);
  }
  if (foundScratch.list.length < entries) foundScratch.list = new Int32Array(entries * 2);
  return foundScratch;
}

/** Each item's entries by a binary search of the document per item (tsrank.c's find_wordentry). */
function findAll(doc: TsDocument, q: RankQuery): Found {
  const found = scratchFor(q.items.length, doc.data[doc.base]! * q.items.length);
  let used = 0;
  q.items.forEach((item, i) => {
    const [first, n] = findEntries(doc, item);
    found.start[i] = used;
    found.count[i] = n;
    for (let e = first; e < first + n; e++) found.list[used++] = e;
  });
  return found;
}

/**
 * A query bound to a dictionary of lexemes (a read model's): per lexeme id, the items that find it, and whether
 * an operand finds it. Ranking every match of a common word then walks each document once.
 */
export interface BoundQuery {
  q: RankQuery;
  /** Per lexeme id, the indices of the items finding it (none: not in the map). */
  itemsOf: Map<number, number[]>;
  /** Lexeme ids some operand finds (the "asked for" test: boundAtWeightA). */
  operandFinds: Set<number>;
}

const finds = (o: { lexeme: string; prefix: boolean }, lexeme: string) =>
  o.prefix ? lexeme.startsWith(o.lexeme) : lexeme === o.lexeme;

export function bindQuery(
  q: RankQuery,
  operands: { lexeme: string; prefix: boolean }[],
  lexemes: readonly string[],
): BoundQuery {
  const itemsOf = new Map<number, number[]>();
  const operandFinds = new Set<number>();
  lexemes.forEach((lexeme, id) => {
    q.items.forEach((item, i) => {
      if (!finds(item, lexeme)) return;
      const list = itemsOf.get(id);
      if (list) list.push(i);
      else itemsOf.set(id, [i]);
    });
    if (operands.some((o) => finds(o, lexeme))) operandFinds.add(id);
  });
  return { q, itemsOf, operandFinds };
}

/** Each item's entries by one walk of the document with a bound query. */
function findBound(doc: TsDocument, bound: BoundQuery): Found {
  const n = doc.data[doc.base]!;
  const items = bound.q.items.length;
  const found = scratchFor(items, n * items);
  found.count.fill(0, 0, items);
  for (let e = 0; e < n; e++) {
    const hits = bound.itemsOf.get(doc.data[doc.base + doc.data[doc.base + 1 + e]!]!);
    if (hits) for (const i of hits) found.count[i]!++;
  }
  let used = 0;
  for (let i = 0; i < items; i++) {
    found.start[i] = used;
    used += found.count[i]!;
    found.count[i] = 0;
  }
  for (let e = 0; e < n; e++) {
    const hits = bound.itemsOf.get(doc.data[doc.base + doc.data[doc.base + 1 + e]!]!);
    if (hits) for (const i of hits) found.list[found.start[i]! + found.count[i]!++] = e;
  }
  return found;
}

function rankOr(doc: TsDocument, q: RankQuery, found: Found): number {
  let res = 0;
  for (let i = 0; i < q.items.length; i++) {
    for (let f = found.start[i]!; f < found.start[i]! + found.count[i]!; f++) {
      const [post, from, to] = positionsRange(doc, found.list[f]!, NO_POSITION_OR);
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < to - from; j++) {
        const w = WEIGHTS[post[from + j]! & 3]!;
        resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      const inner = f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
      res = f32(res + inner / 1.64493406685);
    }
  }
  return q.items.length > 0 ? f32(res / q.items.length) : res;
}

function rankAnd(doc: TsDocument, q: RankQuery, found: Found): number {
  if (q.items.length < 2) return rankOr(doc, q, found);
  let res = -1;
  for (let i = 0; i < q.items.length; i++) {
    for (let f = found.start[i]!; f < found.start[i]! + found.count[i]!; f++) {
      const [post, from, to] = positionsRange(doc, found.list[f]!, NO_POSITION_AND);
      // Against every earlier item's last entry (tsrank.c keeps that one for the later items).
      for (let k = 0; k < i; k++) {
        if (found.count[k] === 0) continue;
        const [ct, cFrom, cTo] = positionsRange(
          doc,
          found.list[found.start[k]! + found.count[k]! - 1]!,
          NO_POSITION_AND,
        );
        for (let l = from; l < to; l++)
          for (let p = cFrom; p < cTo; p++) {
            let dist = Math.abs((post[l]! >> 2) - (ct[p]! >> 2));
            if (dist || post === NO_POSITION_AND || ct === NO_POSITION_AND) {
              if (!dist) dist = MAX_ENTRY_POS;
              const curw = f32(
                Math.sqrt(f32(f32(WEIGHTS[post[l]! & 3]! * WEIGHTS[ct[p]! & 3]!) * wordDistance(dist))),
              );
              res = f32(res < 0 ? curw : 1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
      }
    }
  }
  return res;
}

/**
 * ts_rank(doc, query) as PostgreSQL computes it (a float4); null for a null document, as in SQL. With a
 * query bound to the document's dictionary (`bindQuery`), the document is walked once instead of searched per
 * item.
 */
export function tsRank(doc: TsDocument | null, q: RankQuery | BoundQuery): number | null {
  if (!doc) return null;
  const query = 'itemsOf' in q ? q.q : q;
  if (doc.data[doc.base] === 0 || query.items.length === 0) return 0;
  const found = 'itemsOf' in q ? findBound(doc, q) : findAll(doc, query);
  const res = query.and ? rankAnd(doc, query, found) : rankOr(doc, query, found);
  return res < 0 ? f32(1e-20) : res;
}

/** Whether a document has a lexeme some operand (of `bound`) finds with a position of weight A. */
export function boundAtWeightA(doc: TsDocument, bound: BoundQuery): boolean {
  const n = doc.data[doc.base]!;
  for (let e = 0; e < n; e++) {
    if (!bound.operandFinds.has(doc.data[doc.base + doc.data[doc.base + 1 + e]!]!)) continue;
    const range = positionsOf(doc, e);
    if (range) for (let p = range[0]; p < range[1]; p++) if ((doc.data[p]! & 3) === 3) return true;
  }
  return false;
}
