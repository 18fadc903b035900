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

/** A tsvector: its lexemes in PostgreSQL's order, each with its positions (pos << 2 | weight) or null. */
export interface TsDocument {
  lexemes: string[];
  positions: (Uint16Array | null)[];
}

const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** PostgreSQL's order of lexemes (memcmp of the UTF-8 bytes, then the length): code points' order here. */
export const compareLexemes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Reads a quoted lexeme at `at` (just after its opening quote): the text and where it ended. */
function readQuoted(text: string, at: number): [string, number] {
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

/** The text PostgreSQL prints for a tsvector, read back (its lexemes come sorted and unique). */
export function parseTsvector(text: string | null): TsDocument | null {
  if (text === null) return null;
  const lexemes: string[] = [];
  const positions: (Uint16Array | null)[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    const [lexeme, end] = readQuoted(text, i + 1);
    i = end;
    let list: number[] | null = null;
    if (text[i] === ':') {
      list = [];
      const match = /^:((?:\d+[A-D]?,?)+)/.exec(text.slice(i, i + 400))!;
      for (const part of match[1]!.split(',')) {
        if (!part) continue;
        const weight = WEIGHT_OF[part.at(-1)!] ?? 0;
        const pos = Number.parseInt(part, 10);
        list.push((pos << 2) | weight);
      }
      i += match[0].length;
    }
    lexemes.push(lexeme);
    positions.push(list ? Uint16Array.from(list) : null);
  }
  return { lexemes, positions };
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
  const and = (): TsQuery | null => {
    const args = [primary()];
    for (space(); text[i] === '&'; space()) {
      i++;
      args.push(primary());
    }
    if (args.some((a) => a === null)) return null;
    return args.length === 1 ? args[0]! : { op: '&', args: args as TsQuery[] };
  };
  const or = (): TsQuery | null => {
    const args = [and()];
    for (space(); text[i] === '|'; space()) {
      i++;
      args.push(and());
    }
    if (args.some((a) => a === null)) return null;
    return args.length === 1 ? args[0]! : { op: '|', args: args as TsQuery[] };
  };
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

/** The first entry of `doc` at or after `lexeme` (binary search over the sorted lexemes). */
function lowerBound(lexemes: string[], lexeme: string): number {
  let lo = 0;
  let hi = lexemes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lexemes[mid]! < lexeme) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries of `doc` an operand finds: [first, count]. */
export function findEntries(doc: TsDocument, item: { lexeme: string; prefix: boolean }): [number, number] {
  const first = lowerBound(doc.lexemes, item.lexeme);
  if (!item.prefix) return [first, doc.lexemes[first] === item.lexeme ? 1 : 0];
  let n = 0;
  while (first + n < doc.lexemes.length && doc.lexemes[first + n]!.startsWith(item.lexeme)) n++;
  return [first, n];
}

const NO_POSITION_OR = Uint16Array.of(0);
const NO_POSITION_AND = Uint16Array.of((MAX_ENTRY_POS - 1) << 2);

function wordDistance(distance: number): number {
  if (distance > 100) return f32(1e-30);
  return f32(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

function rankOr(doc: TsDocument, q: RankQuery): number {
  let res = 0;
  for (const item of q.items) {
    const [first, n] = findEntries(doc, item);
    for (let e = first; e < first + n; e++) {
      const post = doc.positions[e] ?? NO_POSITION_OR;
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < post.length; j++) {
        const w = WEIGHTS[post[j]! & 3]!;
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

function rankAnd(doc: TsDocument, q: RankQuery): number {
  if (q.items.length < 2) return rankOr(doc, q);
  const found = Array.from<Uint16Array | null>({ length: q.items.length }).fill(null);
  let res = -1;
  for (let i = 0; i < q.items.length; i++) {
    const [first, n] = findEntries(doc, q.items[i]!);
    for (let e = first; e < first + n; e++) {
      const post = doc.positions[e] ?? NO_POSITION_AND;
      found[i] = post;
      for (let k = 0; k < i; k++) {
        const ct = found[k];
        if (!ct) continue;
        for (let l = 0; l < post.length; l++)
          for (let p = 0; p < ct.length; p++) {
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

/** ts_rank(doc, query) as PostgreSQL computes it (a float4); null for a null document, as in SQL. */
export function tsRank(doc: TsDocument | null, q: RankQuery): number | null {
  if (!doc) return null;
  if (doc.lexemes.length === 0 || q.items.length === 0) return 0;
  const res = q.and ? rankAnd(doc, q) : rankOr(doc, q);
  return res < 0 ? f32(1e-20) : res;
}

/** Whether `doc` has a lexeme an operand finds with a position of weight A (the query's words weighted :A). */
export function hasAtWeightA(doc: TsDocument, items: { lexeme: string; prefix: boolean }[]): boolean {
  for (const item of items) {
    const [first, n] = findEntries(doc, item);
    for (let e = first; e < first + n; e++) {
      const post = doc.positions[e];
      if (post) for (const p of post) if ((p & 3) === 3) return true;
    }
  }
  return false;
}
