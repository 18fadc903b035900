// x-db at the top of an entity schema: its indexes, the bounds that hold under a condition, its previous
// name; and the checks of the fields' own x-db that need the whole table (partial unique conditions, renames).
import { BOUNDS, boundsOf, checkFieldRenames, checkWhere, fail, whereModel } from './check';
import type { EntityModel, FieldModel, IndexModel } from './types';

/** The table's x-db; `renamedFrom` as written, checked by the caller (tableName). */
export function tableModel(
  file: string,
  raw: unknown,
  fields: FieldModel[],
): Pick<EntityModel, 'indexes' | 'checks'> & { renamedFrom: unknown } {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const entityDb = (raw ?? {}) as {
    indexes?: { columns: string[]; unique?: boolean; where?: unknown }[];
    checks?: unknown;
    renamedFrom?: unknown;
  };
  for (const key of Object.keys(entityDb))
    if (!['indexes', 'checks', 'renamedFrom'].includes(key)) fail(file, 'x-db', `unknown key ${key}`);
  if (entityDb.checks !== undefined && !Array.isArray(entityDb.checks))
    fail(file, 'x-db.checks', 'a list of { "field", "when", "minimum"/"maximum"… } expected');
  const checks = ((entityDb.checks ?? []) as Record<string, unknown>[]).map((c, n) => {
    const where = `x-db.checks[${n}]`;
    for (const key of Object.keys(c))
      if (key !== 'field' && key !== 'when' && !(BOUNDS as readonly string[]).includes(key))
        fail(file, where, `unknown key ${key}`);
    const f = typeof c.field === 'string' ? byName.get(c.field) : undefined;
    if (!f || f.virtual || !['integer', 'bigint', 'number'].includes(f.kind))
      fail(file, where, `field: ${String(c.field)} is not a stored numeric field`);
    const bounds = boundsOf(file, where, c);
    if (!Object.keys(bounds).length)
      fail(file, where, 'minimum, maximum, exclusiveMinimum or exclusiveMaximum expected');
    if (c.when === undefined)
      fail(file, where, 'when: the condition is required (bounds that always hold go on the property)');
    const when = whereModel(file, `${where}.when`, c.when);
    checkWhere(file, `${where}.when`, when, fields);
    return { field: f.name, when, bounds };
  });
  // The constraint is named after the field and the condition's fields: two with both the same collide.
  const checkNames = new Set<string>();
  for (const c of checks) {
    const key = `${c.field}|${Object.keys(c.when).join(',')}`;
    if (checkNames.has(key))
      fail(file, 'x-db.checks', `two checks of ${c.field} under a condition on the same fields`);
    checkNames.add(key);
  }
  const indexes = (entityDb.indexes ?? []).map((i, n) => {
    for (const c of i.columns) if (!byName.has(c)) fail(file, 'x-db.indexes', `${c} is not a field`);
    const model: IndexModel = { columns: i.columns, unique: i.unique === true };
    if (i.where !== undefined) {
      model.where = whereModel(file, `x-db.indexes[${n}].where`, i.where);
      checkWhere(file, `x-db.indexes[${n}].where`, model.where, fields);
    }
    return model;
  });
  for (const f of fields)
    if (f.uniqueWhere) checkWhere(file, `${f.name}: x-db.unique.where`, f.uniqueWhere, fields);
  checkFieldRenames(file, '', fields);
  return { indexes, checks, renamedFrom: entityDb.renamedFrom };
}
