// Order numbers: the Moscow year and a running count (2026-000123) from a sequence of that year. A
// sequence hands out each value once, whatever is deleted later, and does not hold back other orders: a
// count of the year's orders would repeat a deleted order's number and needed one lock for every order.
// The year's sequence is made by its first order, under an advisory lock so that two first orders do not
// both make it, starting after the highest number of that year already stored (orders numbered before the
// sequences existed).
import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../platform/db';

const SEQUENCE_LOCK = 72_431_002;

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Moscow', year: 'numeric' });
const moscowYear = (now: Date) => Number(yearFormat.format(now));

/** A new order's keys: its id, drawn from the table's own sequence (so that the rows that point at it can be
 * written in the same statement as the order: platform/db/together.ts), and its number. */
export interface NewOrderKeys {
  id: number;
  number: string;
}

export async function newOrderKeys(tx: DbOrTx, now = new Date()): Promise<NewOrderKeys> {
  const year = moscowYear(now);
  const name = `order_number_${year}`;
  // One statement once the year's sequence exists: nextval of a missing one (to_regclass is null) is null.
  const [next] = await selectRows<{ id: number | string; n: number | string | null }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, nextval(to_regclass(${name})) AS n`,
  );
  let n = next?.n ?? null;
  if (n === null) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEQUENCE_LOCK})`);
    const [last] = await selectRows<{ n: number | null }>(
      tx,
      sql`SELECT max(substring(number FROM 6)::int) AS n FROM orders WHERE number ~ ${`^${year}-[0-9]{6}$`}`,
    );
    // The year is a number this code made: the name needs no quoting.
    await tx.execute(sql.raw(`CREATE SEQUENCE IF NOT EXISTS ${name} START WITH ${(last?.n ?? 0) + 1}`));
    const [made] = await selectRows<{ n: number | string }>(tx, sql`SELECT nextval(${name}) AS n`);
    n = made!.n;
  }
  return { id: Number(next!.id), number: `${year}-${String(n).padStart(6, '0')}` };
}
