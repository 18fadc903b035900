// The search document of a product (products.search_vector, GIN-indexed, with search_title, the title
// alone, for ranking) and the search vocabulary
// (search_words). Both are written by the server only: the products hook on every admin save, the seed
// code for generated catalogues, and `indexProducts` for rows that have none (a database created before
// search existed). All three go through `searchDocuments`, so a product reads the same however it came in.
//
// The document, by weight (ranked A > B > C; the body only when nothing matches the rest):
//   A  title and brand
//   B  articles of the active offers, as '#article' (matched exactly or as a beginning, never stemmed)
//   C  characteristics of the active offers ("изгиб d", "толщина 0.07 мм") and the category path
//   ~  short description and description: lexemes written with a leading '~', so that the GIN index
//      tells "the word is in the text" apart from "the word is in the title or the characteristics"
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type DbOrTx } from '../../../platform/db';
import { articleKey, normalizeText, stripHtml, variantKeys, vocabularyWords } from './normalize';

export interface SearchSource {
  title?: unknown;
  brandId?: unknown;
  categoryIds?: unknown;
  shortDescription?: unknown;
  description?: unknown;
  offers?: unknown;
}

interface OfferLike {
  article?: unknown;
  attributes?: unknown;
  active?: unknown;
}

/** The four texts of a document, normalised. */
export interface DocumentParts {
  main: string;
  /** A tsvector literal of the articles: '#lb12-c-007-10':1 … */
  articles: string;
  /** A tsvector literal of the offers' notation keys: '=0.07/11/d' … (variantKeys) */
  variants: string;
  attributes: string;
  body: string;
}

/** Words for the vocabulary: those of the title, brand, characteristics and categories, and the others. */
export interface DocumentWords {
  main: string[];
  body: string[];
}

export interface SearchDocument {
  /** The values to store in products.search_vector and products.search_title (SQL expressions). */
  vector: SQL;
  title: SQL;
  words: DocumentWords;
}

/** What a document needs from the other tables: brand, category and characteristic titles. */
export interface Lookups {
  brands: Map<number, string>;
  categories: Map<number, { title: string; parentId: number | null }>;
  /** `${directory code}/${entry code}` → titles. */
  entries: Map<string, { directory: string; title: string }>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
const activeOffers = (v: unknown): OfferLike[] =>
  Array.isArray(v) ? (v as OfferLike[]).filter((o) => o && typeof o === 'object' && o.active !== false) : [];
const attributesOf = (o: OfferLike): [string, string][] =>
  o.attributes && typeof o.attributes === 'object'
    ? Object.entries(o.attributes as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
      )
    : [];

/** The texts of one product's document. Pure: the lookups bring the titles from the other tables. */
export function documentParts(source: SearchSource, lookups: Lookups): DocumentParts {
  const title = text(source.title);
  const brand = typeof source.brandId === 'number' ? (lookups.brands.get(source.brandId) ?? '') : '';
  const main = normalizeText(
    brand && !title.toLowerCase().includes(brand.toLowerCase()) ? `${title} ${brand}` : title,
  );

  const offers = activeOffers(source.offers);
  const articles = [...new Set(offers.map((o) => articleKey(text(o.article))).filter(Boolean))];

  const attributes = new Set<string>();
  const variants = new Set<string>();
  for (const o of offers) {
    const values: string[] = [];
    for (const [dir, code] of attributesOf(o)) {
      const entry = lookups.entries.get(`${dir}/${code}`);
      attributes.add(entry ? `${entry.directory} ${entry.title}` : code);
      values.push(entry?.title ?? code);
    }
    for (const key of variantKeys(values)) variants.add(key);
  }
  // The category and the ones above it: "Чёрные ресницы", "Ресницы".
  for (const id of ids(source.categoryIds)) {
    const seen = new Set<number>();
    for (let c = lookups.categories.get(id), cid = id; c && !seen.has(cid);) {
      seen.add(cid);
      attributes.add(c.title);
      if (c.parentId === null) break;
      cid = c.parentId;
      c = lookups.categories.get(cid);
    }
  }

  return {
    main,
    articles: articles.map((a, i) => `'#${a}':${i + 1}`).join(' '),
    variants: [...variants].map((v) => `'=${v}'`).join(' '),
    attributes: normalizeText([...attributes].join(' \n ')),
    body: normalizeText(`${text(source.shortDescription)} \n ${stripHtml(text(source.description))}`),
  };
}

/** The tsvector expression of a document from four SQL values (parameters or columns). */
export function vectorExpression(main: SQL, articles: SQL, attributes: SQL, body: SQL): SQL {
  return sql`(setweight(to_tsvector('russian'::regconfig, ${main}), 'A')
    || setweight((${articles})::tsvector, 'B')
    || setweight(to_tsvector('russian'::regconfig, ${attributes}), 'C')
    || coalesce((SELECT array_to_tsvector(array_agg(DISTINCT '~' || t.lexeme))
                 FROM unnest(to_tsvector('russian'::regconfig, ${body})) t), ''::tsvector))`;
}

export function documentWords(parts: DocumentParts): DocumentWords {
  const main = new Set([parts.main, parts.attributes].flatMap(vocabularyWords));
  return { main: [...main], body: [...new Set(vocabularyWords(parts.body))].filter((w) => !main.has(w)) };
}

const inList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Loads the titles the documents of these products refer to. */
export async function loadLookups(db: DbOrTx, sources: SearchSource[]): Promise<Lookups> {
  const brandIds = [
    ...new Set(sources.map((s) => s.brandId).filter((v): v is number => Number.isInteger(v))),
  ];
  const dirs = [
    ...new Set(
      sources.flatMap((s) => activeOffers(s.offers).flatMap((o) => attributesOf(o).map(([d]) => d))),
    ),
  ];
  const brands = brandIds.length
    ? await selectRows<{ id: number; title: string }>(
        db,
        sql`SELECT id, title FROM directory_entries WHERE id IN (${inList(brandIds)})`,
      )
    : [];
  const categories = sources.some((s) => ids(s.categoryIds).length)
    ? await selectRows<{ id: number; title: string; parent_id: number | null }>(
        db,
        sql`SELECT id, title, parent_id FROM product_categories`,
      )
    : [];
  const entries = dirs.length
    ? await selectRows<{ dir: string; dir_title: string; code: string; title: string }>(
        db,
        sql`SELECT d.code AS dir, d.title AS dir_title, e.code, e.title
            FROM directory_entries e JOIN directories d ON d.id = e.directory_id
            WHERE d.code IN (${inList(dirs)})`,
      )
    : [];
  return {
    brands: new Map(brands.map((b) => [b.id, b.title])),
    categories: new Map(categories.map((c) => [c.id, { title: c.title, parentId: c.parent_id }])),
    entries: new Map(entries.map((e) => [`${e.dir}/${e.code}`, { directory: e.dir_title, title: e.title }])),
  };
}

/** Words of the title that name what the product is: «Клей для…» → клей; «Нефритовый камень для клея». */
export const TITLE_HEAD_WORDS = 2;

/**
 * The small document read for every match when ranking (products.search_title): title and brand, its
 * head (the first TITLE_HEAD_WORDS words) weighted A and the rest B, so that a title naming what was asked
 * for ranks above one that only mentions it (query.ts), and the offers' notation keys ('=0.07/11/d', no
 * weight): small enough to stay in the row uncompressed.
 */
export function titleExpression(main: SQL, variants: SQL): SQL {
  const words = sql`string_to_array(${main}, ' ')`;
  return sql`(setweight(to_tsvector('russian'::regconfig, array_to_string((${words})[1:${sql.raw(String(TITLE_HEAD_WORDS))}], ' ')), 'A')
    || setweight(to_tsvector('russian'::regconfig, array_to_string((${words})[${sql.raw(String(TITLE_HEAD_WORDS + 1))}:], ' ')), 'B')
    || (${variants})::tsvector)`;
}

/** The tsvectors of documents, as text, computed by PostgreSQL in one statement. */
async function vectorsOf(db: DbOrTx, parts: DocumentParts[]): Promise<{ v: string; t: string }[]> {
  const input = parts.map((p, i) => ({
    i,
    m: p.main,
    a: p.articles,
    c: p.attributes,
    b: p.body,
    k: p.variants,
  }));
  const rows = await selectRows<{ i: number; v: string; t: string }>(
    db,
    sql`SELECT x.i, ${vectorExpression(sql`x.m`, sql`x.a`, sql`x.c`, sql`x.b`)}::text AS v,
          ${titleExpression(sql`x.m`, sql`x.k`)}::text AS t
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(i int, m text, a text, c text, b text, k text)`,
  );
  const out = parts.map(() => ({ v: '', t: '' }));
  for (const r of rows) out[r.i] = r;
  return out;
}

/**
 * The documents of some products (new or changed), in their order: what to store in search_vector and
 * the words for the vocabulary. One statement for any number of products.
 */
export async function searchDocuments(db: DbOrTx, sources: SearchSource[]): Promise<SearchDocument[]> {
  if (!sources.length) return [];
  const lookups = await loadLookups(db, sources);
  const parts = sources.map((s) => documentParts(s, lookups));
  const vectors = await vectorsOf(db, parts);
  return parts.map((p, i) => ({
    vector: sql`${vectors[i]!.v}::tsvector`,
    title: sql`${vectors[i]!.t}::tsvector`,
    words: documentWords(p),
  }));
}

// A PostgreSQL array literal of words that hold only letters (vocabularyWords sees to that).
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/**
 * Adds words to the vocabulary, each with its lexeme, and marks those found outside descriptions
 * (`main`); a word once marked stays marked.
 */
export async function rememberWords(db: DbOrTx, docs: Iterable<DocumentWords>): Promise<void> {
  const main = new Set<string>();
  const body = new Set<string>();
  for (const d of docs) {
    for (const w of d.main) main.add(w);
    for (const w of d.body) body.add(w);
  }
  const words = [...main.keys(), ...[...body].filter((w) => !main.has(w))];
  for (let i = 0; i < words.length; i += 5000) {
    const chunk = words.slice(i, i + 5000);
    await db.execute(sql`
      INSERT INTO search_words (word, lexeme, main)
      SELECT w, lx, m FROM (
        SELECT w, m, (SELECT t.lexeme FROM unnest(to_tsvector('russian'::regconfig, w)) t LIMIT 1) AS lx
        FROM unnest(${textArray(chunk)}::text[], ${`{${chunk.map((w) => main.has(w)).join(',')}}`}::boolean[]) AS x(w, m)
      ) x
      WHERE lx IS NOT NULL
      ON CONFLICT (word) DO UPDATE SET main = true WHERE excluded.main AND NOT search_words.main`);
  }
}

/**
 * Gives a search document to every product that has none (a database from before search existed, rows
 * written around the server), `batch` products per statement. With `all`, rebuilds every document
 * (after brands, categories or characteristics were renamed). Returns how many products were indexed.
 */
export async function indexProducts(
  db: DbOrTx,
  opts: { all?: boolean; batch?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? 500;
  let done = 0;
  let lastId = 0;
  for (;;) {
    const rows = await selectRows<{
      id: number;
      title: string;
      brand_id: number | null;
      category_ids: number[] | null;
      short_description: string | null;
      description: string | null;
      offers: OfferLike[] | null;
    }>(
      db,
      sql`SELECT p.id, p.title, p.brand_id, p.category_ids, p.short_description, p.description,
            (SELECT json_agg(json_build_object('article', o.article, 'attributes', o.attributes, 'active', o.active)
                             ORDER BY o.position, o.id)
             FROM product_offers o WHERE o.product_id = p.id) AS offers
          FROM products p
          WHERE p.id > ${lastId} ${opts.all ? sql`` : sql`AND (p.search_vector IS NULL OR p.search_title IS NULL)`}
          ORDER BY p.id LIMIT ${batch}`,
    );
    if (!rows.length) return done;
    const sources = rows.map((r) => ({
      title: r.title,
      brandId: r.brand_id,
      categoryIds: r.category_ids,
      shortDescription: r.short_description,
      description: r.description,
      offers: r.offers ?? [],
    }));
    const lookups = await loadLookups(db, sources);
    const parts = sources.map((s) => documentParts(s, lookups));
    await rememberWords(db, parts.map(documentWords));
    const values = sql.join(
      rows.map((r, i) => {
        const p = parts[i]!;
        return sql`(${r.id}::int, ${p.main}::text, ${p.articles}::text, ${p.attributes}::text, ${p.body}::text, ${p.variants}::text)`;
      }),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE products p
      SET search_vector = ${vectorExpression(sql`v.main`, sql`v.articles`, sql`v.attributes`, sql`v.body`)},
          search_title = ${titleExpression(sql`v.main`, sql`v.variants`)}
      FROM (VALUES ${values}) AS v(id, main, articles, attributes, body, variants)
      WHERE p.id = v.id`);
    done += rows.length;
    lastId = rows.at(-1)!.id;
  }
}

/**
 * After writing many documents (seeding, indexing): VACUUM ANALYZE the search tables, so that the planner
 * knows them (PGlite has no autovacuum; GIN keeps its statistics and pending entries until a VACUUM).
 * Not inside a transaction.
 */
export async function vacuumSearchTables(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE products`);
  await db.execute(sql`VACUUM ANALYZE search_words`);
}

/**
 * Rewrites the search documents of the products in a category and in its subcategories: a document holds
 * the category path ("Ресницы Чёрные ресницы"), so renaming or moving a category changes what finds them.
 */
export async function reindexCategoryProducts(db: DbOrTx, categoryId: number): Promise<number> {
  await db.execute(sql`
    UPDATE products SET search_vector = NULL
    WHERE category_ids && ARRAY(SELECT id FROM product_categories WHERE id = ${categoryId} OR parent_id = ${categoryId})`);
  return indexProducts(db);
}
