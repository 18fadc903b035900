// A resource's fields and its table's columns, both ways: what the service selects (the fields the API
// answers) and what it writes (a body's values as column values). Shared by reading, writing and child rows.
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef } from '../types';

export const columnsOf = (t: PgTable) => getTableColumns(t) as Record<string, PgColumn>;
const outFields = (fields: FieldDef[]) => fields.filter((f) => !f.private && !f.virtual && !f.writeOnly);

export function selection(table: PgTable, fields: FieldDef[]) {
  const cols = columnsOf(table);
  return Object.fromEntries(outFields(fields).map((f) => [f.name, cols[f.name]!]));
}

/**
 * Values → column values: timestamps become Dates; virtual fields are dropped. Read-only fields pass here
 * because only hooks can set them: client input lost them in stripReadOnly.
 */
export function toColumns(fields: FieldDef[], data: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in data) || f.virtual || f.name === 'id') continue;
    const v = data[f.name];
    out[f.name] = f.kind === 'date-time' && typeof v === 'string' ? new Date(v) : v;
  }
  return out;
}
