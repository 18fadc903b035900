// server/generated/constraints.ts: every unique index, CHECK and foreign key the migrations create, by
// name, with the field it guards and that field's Russian label. When the database refuses a write (a bug
// or a path that skipped validation), the server turns the constraint's name into a 400 or 409 naming the
// field, instead of guessing from the name. The names come from the same function the migrations use.
import { dbObjectsOf } from './migrations';
import type { EntityModel } from '../model';
import { GENERATED_HEADER } from './header';

export function emitConstraints(entities: EntityModel[]): Record<string, string> {
  const map: Record<string, unknown> = {};
  for (const o of dbObjectsOf(entities)) {
    // Plain indexes refuse nothing; the parent key of a child table has no field of its own.
    if (o.kind === 'index' || !o.fields.length) continue;
    map[o.name] = {
      kind: o.kind,
      table: o.table,
      resource: o.entity.resource,
      ...(o.child ? { child: o.child.property } : {}),
      fields: o.fields.map((f) => ({ name: f.name, label: f.label })),
      ...(o.rule ? { rule: o.rule } : {}),
    };
  }
  const text = [
    GENERATED_HEADER,
    '/** What a database constraint guards, for errors that name the field in Russian. */',
    'export interface ConstraintInfo {',
    "  kind: 'unique' | 'check' | 'foreign-key';",
    '  table: string;',
    '  /** The resource whose table (or child table) it is. */',
    '  resource: string;',
    '  /** The x-children property when the table is a child table. */',
    '  child?: string;',
    '  /** The fields it covers (several for a composite unique index), with their labels. */',
    '  fields: { name: string; label: string }[];',
    "  /** A check's rule in Russian, worded as validation words minimum and maximum. */",
    '  rule?: string;',
    '}',
    '',
    `export const constraints: Record<string, ConstraintInfo> = ${JSON.stringify(map, null, 2)};`,
    '',
  ].join('\n');
  return { 'server/generated/constraints.ts': text };
}
