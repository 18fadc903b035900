// Several writes as one statement: each is a data-modifying CTE of one WITH, so the round trips, parses and
// plans of a hot path's writes are paid once (placing an order writes six tables). They all see the snapshot
// the statement started with, not each other's rows; a write that needs another's new row takes its key
// from the caller (an id drawn from the sequence first), and the foreign keys are checked at the statement's
// end, when every row is there. Any failure writes none of them.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { selectRows, type DbOrTx } from './index';

/**
 * Runs the writes (inserts, updates, deletes built with Drizzle or `sql`) in one statement. The `answered`
 * ones (writes with RETURNING) come back by name, each the rows it returned.
 */
export async function writeTogether<
  Answers extends Record<string, unknown[] | undefined> = Record<string, never>,
>(
  db: DbOrTx,
  writes: readonly SQLWrapper[],
  answered: { [Name in keyof Answers]: SQLWrapper } = {} as { [Name in keyof Answers]: SQLWrapper },
): Promise<Answers> {
  const names = Object.keys(answered);
  if (!writes.length && !names.length) return {} as Answers;
  const ctes = sql.join(
    [
      ...writes.map((write, i) => sql`${sql.identifier(`write_${i}`)} AS (${write.getSQL()})`),
      ...names.map((name) => sql`${sql.identifier(`answer_${name}`)} AS (${answered[name]!.getSQL()})`),
    ],
    sql`, `,
  );
  const answers = names.length
    ? sql.join(
        names.map(
          (name) =>
            sql`(SELECT coalesce(json_agg(a), '[]') FROM ${sql.identifier(`answer_${name}`)} a) AS ${sql.identifier(name)}`,
        ),
        sql`, `,
      )
    : sql`1`;
  const [row] = await selectRows<Answers>(db, sql`WITH ${ctes} SELECT ${answers}`);
  return names.length ? row! : ({} as Answers);
}
