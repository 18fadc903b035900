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

/**
 * A new order's keys: its id, drawn from the table's own sequence (so that the rows that point at it can be
 * written in the same statement as the order: platform/db/together.ts), and its number.
 */
export interface NewOrderKeys {
  id: number;
  number: string;
}

/** Draws a new order's keys, in the caller's transaction or without one (a guest's order has none). */
export async function newOrderKeys(db: DbOrTx, now = new Date()): Promise<NewOrderKeys> {
  const year = moscowYear(now);
  const name = `order_number_${year}`;
  // One statement once the year's sequence exists: nextval of a missing one (to_regclass is null) is null.
  const [next] = await selectRows<{ id: number | string; n: number | string | null }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, nextval(to_regclass(${name})) AS n`,
  );
  let n = next?.n ?? null;
  if (n === null) {
    // The year's first order makes the sequence in one statement, so that the advisory lock is held until it
    // is made whether or not the caller is in a transaction (outside one, each statement commits alone). The
    // year is a number this code made: the name and the pattern need no quoting.
    await db.execute(
      sql.raw(`DO $$
        DECLARE start bigint;
        BEGIN
          PERFORM pg_advisory_xact_lock(${SEQUENCE_LOCK});
          IF to_regclass('${name}') IS NULL THEN
            SELECT coalesce(max(substring(number FROM 6)::int), 0) + 1 INTO start
              FROM orders WHERE number ~ '^${year}-[0-9]{6}$';
            -- Made meanwhile by another order, unseen by this statement's look at the catalogue: it stands.
            BEGIN
              EXECUTE format('CREATE SEQUENCE ${name} START WITH %s', start);
            EXCEPTION WHEN duplicate_table OR unique_violation THEN NULL;
            END;
          END IF;
        END $$`),
    );
    const [made] = await selectRows<{ n: number | string }>(db, sql`SELECT nextval(${name}) AS n`);
    n = made!.n;
  }
  return { id: Number(next!.id), number: `${year}-${String(n).padStart(6, '0')}` };
}
