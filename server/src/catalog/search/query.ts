// The SQL of a product search, over products `p`: the condition (shared by the listing and the facets,
// so that their counts agree) and the relevance order. Everything is synchronous SQL: the query's
// readings (normalize.ts) go to PostgreSQL as JSON, and one scalar subquery, evaluated once per
// statement, turns them into a tsquery with the vocabulary (search_words):
//
// 1. Each reading of a word gets its lexeme (the russian configuration: ресницы, ресниц → ресниц).
// 2. A reading is known when the vocabulary has its lexeme, or, for the word still being typed, a word
//    beginning with it (then it matches as a beginning and as the lexemes of those words). The word as
//    typed wins; the other layout and transliterations count only when it is unknown (htcybws →
//    ресницы, миралаш → miralash).
// 3. A word with no known reading is corrected: the two vocabulary words most similar to it as typed or
//    transliterated (pg_trgm `%`, similarity ≥ 0.3, a letter more or less at most, two for long words,
//    the first or the second letter right: рисницы → ресницы, пенцет → пинцет; жирафы is not жира).
// 4. Curls, numbers and articles always count as they are (articles as beginnings of '#article').
// 5. A word with no reading left (a stop word, nonsense) is dropped; when nothing is left, nothing matches.
// 6. The words must all match (AND; each one any of its readings, OR): in the title, brand, articles,
//    characteristics and categories. When a word occurs only in descriptions (the vocabulary's `main`
//    flag), the descriptions count too (their lexemes are stored as '~lexeme'): "гиалуроновая" finds
//    the patches whose description names it, "ресницы" does not bring every product that mentions them.
import { sql, type SQL } from 'drizzle-orm';
import { analyzeQuery, type AnalyzedQuery } from './normalize';

/** ts_rank weights {D, C, B, A}: description, characteristics and categories, articles, title and brand. */
export const RANK_WEIGHTS = '{0.05,0.2,0.4,1.0}';

interface AltRow {
  u: number;
  w: string;
  k: string;
  p: boolean;
}

/** The readings as rows for the SQL (exported for the tests). */
export function altRows(q: AnalyzedQuery): AltRow[] {
  return q.units.flatMap((unit, u) => unit.alts.map((a) => ({ u, w: a.word, k: a.kind, p: unit.prefix })));
}

/** The scalar subquery giving the tsquery of `rows`; NULL when no word is left. */
function tsquerySql(rows: AltRow[]): SQL {
  const q = (s: string) => sql.raw(s);
  return sql`(WITH a AS (
    SELECT x.u, x.w, x.k, x.p,
      CASE WHEN x.k IN ('typed', 'layout', 'translit')
        THEN (SELECT t.lexeme FROM unnest(to_tsvector('russian'::regconfig, x.w)) t LIMIT 1) END AS lx
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(u int, w text, k text, p boolean)
  ), known AS (
    -- The lexemes the vocabulary knows for each reading: its own; for the word being typed also those of
    -- the words it begins ("delicat" → delicate → delic). The word as typed wins: its other readings
    -- count only when it is unknown.
    SELECT v.*, bool_or(v.k = 'typed') OVER (PARTITION BY v.u) AS typed FROM (
      SELECT a.u, a.k, a.lx AS own, a.p, l.lex, l.main FROM a CROSS JOIN LATERAL (
        SELECT a.lx AS lex, bool_or(s.main) AS main FROM search_words s
        WHERE s.lexeme = a.lx HAVING count(*) > 0
        UNION ALL
        (SELECT s.lexeme, bool_or(s.main) FROM search_words s
         WHERE a.p AND s.word LIKE a.w || '%' GROUP BY s.lexeme ORDER BY 2 DESC, 1 LIMIT 20)
      ) l
      WHERE a.lx IS NOT NULL
    ) v
  ), chosen AS (
    SELECT u, lex, false AS pre, main FROM known WHERE k = 'typed' OR NOT typed
    UNION ALL
    -- The word being typed also matches as a beginning.
    SELECT u, own, true, main FROM known WHERE p AND (k = 'typed' OR NOT typed)
  ), unknown AS (
    -- Words to correct: as typed or transliterated (a typo made with the wrong layout on is too much).
    SELECT a.* FROM a WHERE a.lx IS NOT NULL AND length(a.w) >= 4 AND a.k IN ('typed', 'translit')
      AND a.u NOT IN (SELECT u FROM chosen)
      AND a.u NOT IN (SELECT u FROM a WHERE k = 'typed' AND lx IS NULL)
  ), fuzzy AS (
    SELECT f.u, f.lexeme, bool_or(f.main) AS main FROM (
      SELECT n.u, s.lexeme, s.main,
        row_number() OVER (PARTITION BY n.u ORDER BY similarity(s.word, n.w) DESC, s.main DESC, s.word) AS r
      FROM unknown n CROSS JOIN LATERAL (
        -- Cheap tests first (OFFSET 0 keeps them first): about as long, the first or second letter right.
        SELECT s.* FROM search_words s
        WHERE abs(length(s.word) - length(n.w)) <= CASE WHEN length(n.w) <= 7 THEN 1 ELSE 2 END
          AND (left(s.word, 1) = left(n.w, 1) OR substr(s.word, 2, 1) = substr(n.w, 2, 1))
        OFFSET 0
      ) s
      WHERE s.word % n.w
    ) f WHERE f.r <= 2 GROUP BY f.u, f.lexeme
  ), term AS (
    SELECT u, lex, bool_or(pre) AS pre, bool_and(body) AS body, bool_or(main) AS main FROM (
      SELECT u, lex, pre, true AS body, main FROM chosen
      UNION ALL SELECT u, lexeme, false, true, main FROM fuzzy
      UNION ALL SELECT u, w, false, true, true FROM a WHERE k IN ('curl', 'literal')
      UNION ALL SELECT u, '#' || w, true, false, true FROM a WHERE k = 'article'
    ) t GROUP BY u, lex
  ), unit AS (
    SELECT u, bool_or(main) AS main,
      '(' || string_agg(${q(`'''' || lex || '''' || CASE WHEN pre THEN ':*' ELSE '' END`)}, ' | ') || ')' AS m,
      '(' || string_agg(${q(`'''' || lex || '''' || CASE WHEN pre THEN ':*' ELSE '' END
        || CASE WHEN body THEN ' | ''~' || lex || '''' || CASE WHEN pre THEN ':*' ELSE '' END ELSE '' END`)}, ' | ') || ')' AS f
    FROM term GROUP BY u
  )
  SELECT (CASE WHEN bool_and(main) THEN string_agg(m, ' & ' ORDER BY u) ELSE string_agg(f, ' & ' ORDER BY u) END)::tsquery
  FROM unit)`;
}

/** The compiled search over products `p`. */
export interface ProductSearch {
  /** True when the text has no word to look for (nothing matches then). */
  empty: boolean;
  /** The tsquery (a scalar subquery), NULL when no word is left. */
  tsquery: SQL;
  /** The condition, with the tsquery computed in it. */
  where: SQL;
  /**
   * The relevance over a tsquery computed once (`q`) and whether it reaches into descriptions (`body`,
   * see tsqueryInfo): `columns` to select over products `p` (named r0, r1…) and `order`, the ORDER BY
   * over them. An exact article first, then the products having the variant the notation describes
   * (D 0,07 11 мм in one offer), then the title's rank; among the rest, when descriptions count,
   * ts_rank over the whole document (title > articles > characteristics > text). Only the title's small
   * document is read for every match: the whole one only when it must be.
   */
  rank: (q: SQL, body: SQL, doc?: RankedDocument) => { columns: SQL; order: SQL };
}

/** Where the ranked documents are: products `p`, or the read model's narrow copy (catalog-routes.ts). */
export interface RankedDocument {
  /** The document (search_vector, or a copy holding at least its title, brand and articles). */
  vector: SQL;
  title: SQL;
}

const PRODUCT_DOCUMENT: RankedDocument = { vector: sql`p.search_vector`, title: sql`p.search_title` };

/** The columns `q` (the tsquery) and `body` (it reaches into descriptions) of one row, for a CTE. */
export function tsqueryInfo(tsquery: SQL): SQL {
  return sql`SELECT t.q, strpos(t.q::text, '''~') > 0 AS body FROM (SELECT ${tsquery} AS q OFFSET 0) t`;
}

export function compileSearch(text: string): ProductSearch {
  const analyzed = analyzeQuery(text);
  const rows = altRows(analyzed);
  if (!rows.length)
    return {
      empty: true,
      tsquery: sql`NULL::tsquery`,
      where: sql`false`,
      rank: () => ({ columns: sql`0 AS r0`, order: sql`r0` }),
    };
  const tsquery = tsquerySql(rows);
  const exact = analyzed.articles.map((a) => `'#${a}'`).join(' | ');
  const rank = (q: SQL, body: SQL, doc: RankedDocument = PRODUCT_DOCUMENT) => {
    const keys: [SQL, string][] = [
      ...(exact ? [[sql`coalesce(${doc.vector} @@ ${exact}::tsquery, false)`, 'DESC'] as [SQL, string]] : []),
      ...(analyzed.variant
        ? [
            [sql`coalesce(${doc.title} @@ ${`'=${analyzed.variant}'`}::tsquery, false)`, 'DESC'] as [
              SQL,
              string,
            ],
          ]
        : []),
      [sql`ts_rank(${doc.title}, ${q})`, 'DESC'],
      [
        sql`CASE WHEN ${body} THEN ts_rank(${RANK_WEIGHTS}::float4[], ${doc.vector}, ${q}) END`,
        'DESC NULLS LAST',
      ],
    ];
    return {
      columns: sql.join(
        keys.map(([expr], i) => sql`${expr} AS ${sql.raw(`r${i}`)}`),
        sql`, `,
      ),
      order: sql.raw(keys.map(([, dir], i) => `r${i} ${dir}`).join(', ')),
    };
  };
  return { empty: false, tsquery, where: sql`p.search_vector @@ ${tsquery}`, rank };
}

/** The condition on products `p` for a search text (see product-filters.ts). */
export function searchCondition(text: string): SQL {
  return compileSearch(text).where;
}
