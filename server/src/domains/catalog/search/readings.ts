// What PostgreSQL makes of a search text, for the read model to answer it (read-model/search.ts): the
// tsquery of query.ts (built with the vocabulary: stems, beginnings, the other layout, corrections), whether a
// word is found only in descriptions, the query as it was read, and the products its article terms find (the
// articles stay in PostgreSQL's index: hundreds of thousands of them would weigh more than the rest of the
// model). Kept per text until the catalogue changes: a live search asks the same beginnings again and again.
import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../../platform/db';
import { keptUntilChange, type PublicData } from '../../../platform/web/public-data';
import { analyzeQuery } from './normalize';
import { compileSearch } from './query';
import { operandsOf, parseTsquery } from './ts-rank';
import { articleTerm, type SearchReading } from '../read-model/search';

export async function readSearch(db: DbOrTx, text: string): Promise<SearchReading> {
  const analyzed = analyzeQuery(text);
  const search = compileSearch(text);
  const [info] = await selectRows<{ q: string | null; body: boolean | null; shown: string | null }>(
    db,
    search.info,
  );
  const q = info?.q ?? null;
  const tree = q === null ? null : parseTsquery(q);
  const terms = new Set(
    (tree ? operandsOf(tree) : [])
      .filter((o) => o.lexeme.startsWith('#'))
      .map((o) => articleTerm(o.lexeme, o.prefix)),
  );
  const exact = analyzed.articles.length
    ? analyzed.articles.map((a) => articleTerm(`#${a}`, false)).join(' | ')
    : null;
  if (exact) terms.add(exact);
  // One SELECT per term, each tsquery a constant: the GIN index answers it (a tsquery read from a row is
  // tested on every product: 150 ms at 100 000).
  const found = terms.size
    ? await selectRows<{ term: string; ids: number[] }>(
        db,
        sql.join(
          [...terms].map(
            (term) => sql`SELECT ${term}::text AS term, ARRAY(SELECT k.product_id FROM catalog_product_keys k
              WHERE k.search_main @@ ${term}::tsquery) AS ids`,
          ),
          sql` UNION ALL `,
        ),
      )
    : [];
  const articles = new Map(found.map((r) => [r.term, r.ids]));
  return {
    q,
    body: info?.body === true,
    shown: info?.shown ?? null,
    articles,
    exactIds: exact ? (articles.get(exact) ?? []) : null,
    variant: analyzed.variant,
  };
}

/** Readings kept per text until a product changes (the vocabulary and the articles change with them). */
export function keptSearchReadings(db: DbOrTx, publicData: PublicData) {
  return keptUntilChange(publicData, (text) => readSearch(db, text), {
    maxEntries: 1000,
    tables: ['products'],
  });
}
