// x-children: an array property stored as a table of its own (a product's offers, an order's lines), its
// rows pointing at the parent's.
import { checkFieldRenames, checkWhere, fail, typesOf } from './check';
import { fieldModel } from './field';
import { snake, tableName } from './names';
import type { ChildModel, JsonSchema } from './types';

export interface RawChildren {
  table?: string;
  title?: string;
  label?: { one: string; many: string };
  renamedFrom?: unknown;
}

/** The child table of property `name` (schema `p`, x-children `ch`) of the entity typed `parentTitle`. */
export function childModel(
  file: string,
  parentTitle: string,
  name: string,
  p: JsonSchema,
  ch: RawChildren,
): ChildModel {
  if (typesOf(p)[0] !== 'array' || !p.items?.properties)
    fail(file, name, 'x-children needs an array of objects');
  if (!ch.table || !ch.title || !ch.label) fail(file, name, 'x-children needs table, title and label');
  const items = p.items;
  if (items.additionalProperties !== false) fail(file, `${name}.items`, 'additionalProperties must be false');
  const childFields = Object.entries(items.properties ?? {}).map(([n, cp]) =>
    fieldModel(file, n, cp, items.required ?? [], `${name}.${n}`),
  );
  const idField = childFields.find((f) => f.name === 'id');
  if (!idField || idField.kind !== 'integer' || idField.readOnly)
    fail(
      file,
      `${name}.id`,
      'child items have "id": { "type": "integer" } (not readOnly: it is sent back on update)',
    );
  const child: ChildModel = {
    property: name,
    table: ch.table,
    typeName: ch.title,
    label: ch.label,
    parentColumn: `${snake(parentTitle.charAt(0).toLowerCase() + parentTitle.slice(1))}_id`,
    fields: childFields,
    readOnly: p.readOnly === true,
    ...(ch.renamedFrom !== undefined
      ? { renamedFrom: tableName(file, `${name}: x-children.renamedFrom`, ch.renamedFrom) }
      : {}),
  };
  checkFieldRenames(file, name, childFields);
  for (const f of childFields)
    if (f.notBefore) fail(file, `${name}.${f.name}`, 'x-not-before is checked on top-level fields only');
  for (const f of childFields)
    if (f.uniqueWhere) checkWhere(file, `${name}.${f.name}: x-db.unique.where`, f.uniqueWhere, childFields);
  return child;
}
