// The checks several parts of the vocabulary share: the error naming the file and the property, and the
// pieces that occur on fields and on the entity alike (bounds, row conditions, renames).
import type { CheckModel, FieldModel, JsonSchema, WhereModel } from './types';

export class SchemaError extends Error {}

export function fail(file: string, where: string, msg: string): never {
  throw new SchemaError(`${file}: ${where}: ${msg}`);
}

export function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

export const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

export function boundsOf(file: string, where: string, s: Record<string, unknown>): CheckModel {
  const bounds: CheckModel = {};
  for (const k of BOUNDS) {
    const v = s[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(file, where, `${k} must be a number`);
    bounds[k] = v;
  }
  return bounds;
}

export function whereModel(file: string, where: string, raw: unknown): WhereModel {
  if (typeof raw === 'string') return { [raw]: true };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !Object.keys(raw).length)
    fail(file, where, 'a condition is a boolean field name or { "field": value, ... }');
  for (const [k, v] of Object.entries(raw)) {
    const ok =
      v === null ||
      typeof v === 'boolean' ||
      typeof v === 'string' ||
      typeof v === 'number' ||
      (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' || typeof x === 'number'));
    if (!ok) fail(file, where, `${k}: true, false, null, a value or a list of values`);
  }
  return raw as WhereModel;
}

/** A condition names fields of its own table, with values of the right kind. */
export function checkWhere(file: string, where: string, cond: WhereModel, fields: FieldModel[]) {
  for (const [name, v] of Object.entries(cond)) {
    const f = fields.find((x) => x.name === name);
    if (!f || f.virtual || f.kind === 'json' || f.kind.endsWith('[]'))
      fail(file, where, `${name} is not a scalar field of this table`);
    if (typeof v === 'boolean' && f.kind !== 'boolean')
      fail(file, where, `${name}: true/false needs a boolean field`);
    if (v === null && !f.nullable) fail(file, where, `${name}: null, but the column is NOT NULL`);
  }
}

/** Two fields cannot both claim one old name, nor rename from a property that is still there. */
export function checkFieldRenames(file: string, prefix: string, fields: FieldModel[]) {
  const seen = new Set<string>();
  for (const f of fields) {
    if (!f.renamedFrom) continue;
    const where = `${prefix ? `${prefix}.` : ''}${f.name}: x-db.renamedFrom`;
    if (fields.some((o) => o.name === f.renamedFrom))
      fail(file, where, `${f.renamedFrom} is still a property: a rename leaves one of the two`);
    if (seen.has(f.renamedFrom)) fail(file, where, `${f.renamedFrom} is claimed by two fields`);
    seen.add(f.renamedFrom);
  }
}
