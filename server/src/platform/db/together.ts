// Several writes as one statement: each is a data-modifying CTE of one WITH, so the round trips, parses and
// plans of a hot path's writes are paid once (placing an order writes six tables). They all see the snapshot
// the statement started with, not each other's rows; a write that needs another's new row takes its key
// from the caller (an id drawn from the sequence first), and the foreign keys are checked at the statement's
// end, when every row is there. Any failure writes none of them.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { selectRows, type DbOrTx } from './index';

/** A named write of writeTogether did not return the number of rows it had to: nothing was written. */
export class WriteRefused extends Error {
  constructor(public readonly write: string) {
    super(`The write ${write} changed other rows than it had to: the statement was undone`);
  }
}

/**
 * Runs the writes (inserts, updates, deletes built with Drizzle or `sql`) in one statement. The `answered`
 * ones (writes with RETURNING) come back by name, each the rows it returned. With `expect`, a named write
 * that returns another number of rows fails the whole statement (the function of migration 0026), so that
 * nothing is written even outside a transaction: WriteRefused names the first such write.
 */
export async function writeTogether<
  Answers extends Record<string, unknown[] | undefined> = Record<string, never>,
>(
  db: DbOrTx,
  writes: readonly SQLWrapper[],
  answered: { [Name in keyof Answers]: SQLWrapper } = {} as { [Name in keyof Answers]: SQLWrapper },
  expect: { [Name in keyof Answers]?: number } = {},
): Promise<Answers> {
  const names = Object.keys(answered);
  if (!writes.length && !names.length) return {} as Answers;
  const answer = (name: string) => sql.identifier(`answer_${name}`);
  const ctes = sql.join(
    [
      ...writes.map((write, i) => sql`${sql.identifier(`write_${i}`)} AS (${write.getSQL()})`),
      ...names.map((name) => sql`${answer(name)} AS (${answered[name]!.getSQL()})`),
    ],
    sql`, `,
  );
  const checks = Object.entries(expect as Record<string, number | undefined>)
    .filter(([, rows]) => rows !== undefined)
    .map(
      ([name, rows]) =>
        sql`(SELECT count(*) FROM ${answer(name)}) <> ${rows}::int AND shop_refuse_write(${name})`,
    );
  const columns = [
    ...names.map(
      (name) => sql`(SELECT coalesce(json_agg(a), '[]') FROM ${answer(name)} a) AS ${sql.identifier(name)}`,
    ),
    // The checks in the order given: the first that fails raises.
    ...checks.map((check, i) => sql`(${check}) AS ${sql.identifier(`refused_${i}`)}`),
  ];
  try {
    const [row] = await selectRows<Answers>(
      db,
      sql`WITH ${ctes} SELECT ${columns.length ? sql.join(columns, sql`, `) : sql`1`}`,
    );
    return names.length ? row! : ({} as Answers);
  } catch (error) {
    const refused = refusedWrite(error);
    if (refused) throw new WriteRefused(refused);
    throw error;
  }
}

/** The write that shop_refuse_write named in this database error, if it is one. */
function refusedWrite(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, hint, message } = e as { code?: unknown; hint?: unknown; message?: unknown };
    if (code !== 'P0001') continue;
    if (typeof hint === 'string') return hint;
    const named = typeof message === 'string' ? /^write refused: (.+)$/.exec(message) : null;
    if (named) return named[1]!;
  }
  return null;
}
