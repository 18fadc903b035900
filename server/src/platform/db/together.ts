// Several writes as one statement: each is a data-modifying CTE of one WITH, so the round trips, parses and
// plans of a hot path's writes are paid once (placing an order writes six tables). They all see the snapshot
// the statement started with, not each other's rows; a write that needs another's new row takes its key
// from the caller (an id drawn from the sequence first), and the foreign keys are checked at the statement's
// end, when every row is there. Any failure writes none of them.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { selectRows, type DbOrTx } from './index';

/**
 * Runs the writes (inserts, updates, deletes built with Drizzle or `sql`) in one statement; with `answer`
 * (a write with RETURNING), its rows are the statement's answer.
 */
export async function writeTogether<Row = never>(
  db: DbOrTx,
  writes: readonly SQLWrapper[],
  answer?: SQLWrapper,
): Promise<Row[]> {
  const all = answer ? [...writes, answer] : writes;
  if (!all.length) return [];
  const ctes = sql.join(
    all.map((write, i) => sql`${sql.identifier(`write_${i}`)} AS (${write.getSQL()})`),
    sql`, `,
  );
  const last = sql.identifier(`write_${all.length - 1}`);
  return selectRows<Row>(db, answer ? sql`WITH ${ctes} SELECT * FROM ${last}` : sql`WITH ${ctes} SELECT 1`);
}
