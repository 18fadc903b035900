// A statement of a hot path, built once: its text is made from the Drizzle `sql` template when the module
// loads (columns still named through the generated tables, so a renamed field breaks the build), and
// PostgreSQL parses and plans it once per connection (a named prepared statement; PGlite runs the same text).
// Building a large select with the query builder, and parsing and planning it, cost more than running it:
// a cart's change is a handful of them (docs/performance.md, "Cart").
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './index';

const dialect = new PgDialect();
const names = new Set<string>();

/** Runs the statement on a database or transaction with the values of its `sql.placeholder(name)`s. */
export type PreparedStatement<Row> = (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]>;

/** `name` must be unique in the process: a connection keeps each name's text until it closes. */
export function prepared<Row>(name: string, query: SQL): PreparedStatement<Row> {
  // Two texts under one name would fail on the first connection that is handed both.
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}`);
  names.add(name);
  const built = dialect.sqlToQuery(query);
  // One driver-side statement per session: the pool's for the database, a transaction's own connection.
  const bySession = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    const session = db._.session;
    let statement = bySession.get(session);
    if (!statement) {
      statement = session.prepareQuery(built, undefined, name, false);
      bySession.set(session, statement);
    }
    const result = (await statement.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
