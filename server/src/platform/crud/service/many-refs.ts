// A many-reference (an array of ids, such as a product's categories) has no foreign key in PostgreSQL:
// the service checks its ids itself, for a record and for each child row it writes.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { badRequest } from '../../http/errors';
import type { FieldDef, Registry } from '../types';
import { columnsOf } from './columns';

export async function checkManyRefs(
  db: DbOrTx,
  registry: Registry,
  fields: FieldDef[],
  data: Record<string, unknown>,
) {
  for (const f of fields) {
    if (!f.ref?.many) continue;
    const ids = data[f.name];
    if (!Array.isArray(ids) || !ids.length) continue;
    const target = registry.get(f.ref.resource)!;
    const found = await db
      .select({ id: columnsOf(target.table).id! })
      .from(target.table)
      .where(inArray(columnsOf(target.table).id!, ids as number[]));
    const missing = (ids as number[]).filter((id) => !found.some((r) => r.id === id));
    if (missing.length) {
      throw badRequest(`«${f.label}»: нет записей с номерами ${missing.join(', ')}`, {
        [f.name]: `Нет записей с номерами ${missing.join(', ')}`,
      });
    }
  }
}
