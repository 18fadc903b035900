// A many-reference (an array of ids, such as a product's categories) has no foreign key in PostgreSQL:
// the service checks its ids itself, for the records and the child rows it writes, one query per field for
// all of them.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { badRequest } from '../../http/errors';
import type { FieldDef, Registry } from '../types';
import { columnsOf } from './columns';

export async function checkManyRefs(
  db: DbOrTx,
  registry: Registry,
  fields: FieldDef[],
  records: Record<string, unknown>[],
) {
  for (const f of fields) {
    if (!f.ref?.many) continue;
    const lists = records
      .map((r) => r[f.name])
      .filter((ids): ids is number[] => Array.isArray(ids) && ids.length > 0);
    if (!lists.length) continue;
    const target = registry.get(f.ref.resource)!;
    const id = columnsOf(target.table).id!;
    const found = new Set(
      (
        await db
          .select({ id })
          .from(target.table)
          .where(inArray(id, [...new Set(lists.flat())]))
      ).map((r) => r.id as number),
    );
    for (const ids of lists) {
      const missing = ids.filter((x) => !found.has(x));
      if (missing.length)
        throw badRequest(`«${f.label}»: нет записей с номерами ${missing.join(', ')}`, {
          [f.name]: `Нет записей с номерами ${missing.join(', ')}`,
        });
    }
  }
}
