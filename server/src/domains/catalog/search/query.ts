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
import { TITLE_HEAD_WORDS } from './document';
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

/**
 * The search's statement over `rows`: `select` is its last SELECT, over the CTE `unit` (the tsquery, one
 * aggregate row) and `shown` (each typed word and the word it was read as).
 */
function searchSql(rows: AltRow[], select: SQL): SQL {
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
      SELECT a.u, a.k, a.w, a.lx AS own, a.p, l.lex, l.main FROM a CROSS JOIN LATERAL (
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
  ), near AS (
    SELECT f.* FROM (
      SELECT n.u, s.word, s.lexeme, s.main,
        row_number() OVER (PARTITION BY n.u ORDER BY similarity(s.word, n.w) DESC, s.main DESC, s.word) AS r
      FROM unknown n CROSS JOIN LATERAL (
        -- Cheap tests first (OFFSET 0 keeps them first): about as long, the first or second letter right.
        SELECT s.* FROM search_words s
        WHERE abs(length(s.word) - length(n.w)) <= CASE WHEN length(n.w) <= 7 THEN 1 ELSE 2 END
          AND (left(s.word, 1) = left(n.w, 1) OR substr(s.word, 2, 1) = substr(n.w, 2, 1))
        OFFSET 0
      ) s
      WHERE s.word % n.w
    ) f WHERE f.r <= 2
  ), fuzzy AS (
    SELECT u, lexeme, bool_or(main) AS main FROM near GROUP BY u, lexeme
  ), shown AS (
    -- What each typed word was read as: itself when known, else the other layout or a transliteration,
    -- else its closest correction; a word that found nothing stays as typed.
    -- Curls, numbers and articles are taken as typed, and so are words of one letter.
    SELECT t.u, t.w AS typed, CASE WHEN t.plain AND length(t.w) > 1 THEN coalesce(
      (SELECT t.w FROM known k WHERE k.u = t.u AND k.k = 'typed' LIMIT 1),
      (SELECT k.w FROM known k WHERE k.u = t.u AND k.k IN ('layout', 'translit')
        ORDER BY k.k = 'layout' DESC, k.w LIMIT 1),
      (SELECT n.word FROM near n WHERE n.u = t.u ORDER BY n.r LIMIT 1),
      t.w) ELSE t.w END AS used
    FROM (SELECT DISTINCT ON (u) u, w,
        bool_or(k IN ('typed', 'layout')) OVER (PARTITION BY u)
          AND NOT bool_or(k IN ('curl', 'literal')) OVER (PARTITION BY u) AS plain
      FROM a ORDER BY u, k <> 'typed', w) t
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
  ${select})`;
}

/** The tsquery of the CTE `unit`: every word (AND), each any of its readings (OR). */
const TSQUERY = sql.raw(
  `(SELECT (CASE WHEN bool_and(main) THEN string_agg(m, ' & ' ORDER BY u) ELSE string_agg(f, ' & ' ORDER BY u) END)::tsquery FROM unit)`,
);

/** The scalar subquery giving the tsquery of `rows`; NULL when no word is left. */
function tsquerySql(rows: AltRow[]): SQL {
  return searchSql(rows, sql`SELECT ${TSQUERY}`);
}

/**
 * One row: `q` (the tsquery), `body` (it reaches into descriptions) and `shown`, the query as it was read
 * when some word was read otherwise than typed (another layout, a transliteration, a correction:
 * «htcybws» → «ресницы»), else NULL. `shown` names the words found; a word that found nothing stays.
 */
function infoSql(rows: AltRow[]): SQL {
  return sql`SELECT i.q, strpos(i.q::text, '''~') > 0 AS body, i.shown FROM ${searchSql(
    rows,
    sql`SELECT ${TSQUERY} AS q,
      (SELECT CASE WHEN bool_or(s.used <> s.typed) THEN string_agg(s.used, ' ' ORDER BY s.u) END FROM shown s) AS shown`,
  )} i`;
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
   * A statement giving one row: `q` the tsquery, `body` whether it reaches into descriptions, `shown` the
   * query as it was read when a word was read otherwise than typed (layout, transliteration, a typo's
   * correction: «htcybws» → «ресницы»), else NULL.
   */
  info: SQL;
  /**
   * The relevance over a tsquery computed once (`q`) and whether it reaches into descriptions (`body`,
   * see `info`): `columns` to select over products `p` (named r0, r1…) and `order`, the ORDER BY
   * over them. An exact article first, then the products having the variant the notation describes
   * (D 0,07 11 мм in one offer), then the products that are what was asked for (isAsked), then the
   * title's rank; among the rest, when descriptions count, ts_rank over the whole document (title >
   * articles > characteristics > text); at equal relevance, those in stock first. Only the title's small
   * document is read for every match: the whole one only when it must be.
   */
  rank: (q: SQL, body: SQL, doc?: RankedDocument) => { columns: SQL; order: SQL };
}

/** Where the ranked documents are: products `p`, or the read model's narrow copy (catalog-routes.ts). */
export interface RankedDocument {
  /** The document (search_vector, or a copy holding at least its title, brand and articles). */
  vector: SQL;
  title: SQL;
  /** The product's categories (products.category_ids). */
  categoryIds: SQL;
  /** The product has an active offer in stock. */
  inStock: SQL;
}

const PRODUCT_DOCUMENT: RankedDocument = {
  vector: sql`p.search_vector`,
  title: sql`p.search_title`,
  categoryIds: sql`p.category_ids`,
  inStock: sql`EXISTS (SELECT 1 FROM product_offers o WHERE o.product_id = p.id AND o.active AND o.stock > 0)`,
};

/**
 * `q` with any of its words enough (OR instead of AND) and, with `head`, only where weighted A: in a title
 * document, its head (document.ts, titleExpression). Computed once per statement.
 */
// Every term of a tsquery's text, 'клей' or 'клей':*, restricted to weight A: 'клей':A, 'клей':*A.
const HEAD_TERM = "'([^']+)'(:(\\*))?";
const HEAD_WEIGHT = "'\\1':\\3A";
const anyWord = (q: SQL, head: boolean) => {
  const any = sql`replace(${q}::text, ' & ', ' | ')`;
  return head
    ? sql`(SELECT regexp_replace(${any}, ${HEAD_TERM}, ${HEAD_WEIGHT}, 'g')::tsquery)`
    : sql`(SELECT ${any}::tsquery)`;
};

/** The document of the head of a category's title (product_categories `c`). */
export const categoryHead = sql`to_tsvector('russian'::regconfig, array_to_string(
  (string_to_array(translate(lower(c.title), 'ё', 'е'), ' '))[1:${sql.raw(String(TITLE_HEAD_WORDS))}], ' '))`;

/**
 * The key "the product is what was asked for": one of the query's words is in the head of its title (the
 * first words, weighted A), or in the head of one of its categories' titles. «клей» then brings the glues
 * before the jade stone «для клея», whose title only mentions it. The categories are matched once per
 * statement.
 */
function isAsked(q: SQL, doc: RankedDocument): SQL {
  const categories = sql`ARRAY(SELECT c.id FROM product_categories c WHERE ${categoryHead} @@ ${anyWord(q, false)})`;
  return sql`(coalesce(${doc.title} @@ ${anyWord(q, true)}, false)
    OR coalesce(${doc.categoryIds} && ${categories}, false))`;
}

export function compileSearch(text: string): ProductSearch {
  const analyzed = analyzeQuery(text);
  const rows = altRows(analyzed);
  if (!rows.length)
    return {
      empty: true,
      tsquery: sql`NULL::tsquery`,
      where: sql`false`,
      info: sql`SELECT NULL::tsquery AS q, false AS body, NULL::text AS shown`,
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
      [isAsked(q, doc), 'DESC'],
      [sql`ts_rank(${doc.title}, ${q})`, 'DESC'],
      [
        sql`CASE WHEN ${body} THEN ts_rank(${RANK_WEIGHTS}::float4[], ${doc.vector}, ${q}) END`,
        'DESC NULLS LAST',
      ],
      // At equal relevance what can be bought today comes first.
      [doc.inStock, 'DESC'],
    ];
    return {
      columns: sql.join(
        keys.map(([expr], i) => sql`${expr} AS ${sql.raw(`r${i}`)}`),
        sql`, `,
      ),
      order: sql.raw(keys.map(([, dir], i) => `r${i} ${dir}`).join(', ')),
    };
  };
  return { empty: false, tsquery, where: sql`p.search_vector @@ ${tsquery}`, info: infoSql(rows), rank };
}

/** The condition on products `p` for a search text (see product-filters.ts). */
export function searchCondition(text: string): SQL {
  return compileSearch(text).where;
}
