// One entity schema as an EntityModel: the keys at its top (x-entity, x-label, required), its properties as
// fields and child tables, then x-list, x-access, x-form and x-db, each read by its own module.
import { entityAccess } from './access';
import { fail } from './check';
import { childModel, type RawChildren } from './children';
import { fieldModel } from './field';
import { checkNotBefore, checkUnitFrom } from './field-checks';
import { tableName } from './names';
import { formModel, listModel } from './screens';
import { tableModel } from './table';
import type { ChildModel, EntityModel, FieldModel, JsonSchema } from './types';

const ENTITY_KEYS = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  'type',
  'additionalProperties',
  'required',
  'properties',
  'x-entity',
  'x-label',
  'x-list',
  'x-form',
  'x-access',
  'x-hooks',
  'x-components',
  'x-db',
]);

export function entityModel(file: string, s: JsonSchema): EntityModel {
  for (const key of Object.keys(s)) {
    if (!ENTITY_KEYS.has(key)) fail(file, '(entity)', `unknown key ${key}`);
  }
  const resource = s.$id;
  if (typeof resource !== 'string' || !/^[a-z][a-z0-9-]*$/.test(resource))
    fail(file, '$id', 'the resource name (kebab-case) is required');
  if (!file.endsWith(`${resource}.schema.json`))
    fail(file, '$id', `file name must be ${resource}.schema.json`);
  if (typeof s.title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(s.title))
    fail(file, 'title', 'the PascalCase type name is required');
  if (s.additionalProperties !== false) fail(file, 'additionalProperties', 'must be false');
  const ent = (s['x-entity'] ?? {}) as {
    table?: string;
    menu?: string;
    icon?: string;
    recordTitle?: string;
    admin?: boolean;
    storefront?: boolean;
    history?: boolean;
    sitePath?: string;
  };
  if (ent.history !== undefined && typeof ent.history !== 'boolean')
    fail(file, 'x-entity.history', 'true or false expected');
  const label = s['x-label'] as { one?: string; many?: string } | undefined;
  if (!label?.one || !label.many) fail(file, 'x-label', '{ one, many } Russian labels are required');
  const props = s.properties ?? {};
  if (!props.id || props.id.type !== 'integer' || props.id.readOnly !== true)
    fail(file, 'id', 'every entity has "id": { "type": "integer", "readOnly": true }');
  const requiredList = s.required ?? [];
  for (const r of requiredList) if (!props[r]) fail(file, 'required', `${r} is not a property`);

  const fields: FieldModel[] = [];
  const children: ChildModel[] = [];
  for (const [name, p] of Object.entries(props)) {
    const ch = p['x-children'] as RawChildren | undefined;
    if (ch) {
      children.push(childModel(file, s.title, name, p, ch));
      continue;
    }
    fields.push(fieldModel(file, name, p, requiredList));
  }
  checkNotBefore(file, fields);
  checkUnitFrom(file, fields);
  const title = fields.find((f) => f.name === 'title');
  for (const f of fields)
    if (f.widget === 'slug' && (f.kind !== 'string' || title?.kind !== 'string'))
      fail(
        file,
        f.name,
        'x-ui.widget "slug" is a text field of an entity with a text field "title" it fills from',
      );

  const byName = new Map(fields.map((f) => [f.name, f]));
  const list = listModel(file, s['x-list'], fields, children);
  const { access, rowScopes } = entityAccess(file, s['x-access'], ent.history === true, byName);
  const form = formModel(file, s['x-form'], fields, children);
  const db = tableModel(file, s['x-db'], fields);
  const recordTitle = ent.recordTitle ?? (byName.has('title') ? 'title' : byName.has('name') ? 'name' : 'id');
  if (ent.sitePath !== undefined) {
    const names = [...String(ent.sitePath).matchAll(/\{([A-Za-z0-9]+)\}/g)].map((m) => m[1]!);
    if (typeof ent.sitePath !== 'string' || !ent.sitePath.startsWith('/') || names.length === 0)
      fail(
        file,
        'x-entity.sitePath',
        'the record\'s page in the shop: "/path/{field}", e.g. "/product/{slug}"',
      );
    for (const n of names)
      if (byName.get(n)?.kind !== 'string') fail(file, 'x-entity.sitePath', `{${n}} is not a text field`);
  }
  return {
    resource,
    typeName: s.title,
    table: ent.table ?? resource.replace(/-/g, '_'),
    file,
    schema: s,
    label: { one: label.one, many: label.many },
    menu: ent.menu ?? 'other',
    icon: ent.icon ?? 'List',
    recordTitle,
    ...(ent.sitePath ? { sitePath: ent.sitePath } : {}),
    admin: ent.admin !== false,
    storefront: ent.storefront !== false,
    history: ent.history === true,
    fields,
    children,
    list,
    form,
    access,
    rowScopes,
    hooks: (s['x-hooks'] ?? {}) as Record<string, string>,
    components: (s['x-components'] ?? {}) as Record<string, string>,
    indexes: db.indexes,
    checks: db.checks,
    ...(db.renamedFrom !== undefined
      ? { renamedFrom: tableName(file, 'x-db.renamedFrom', db.renamedFrom) }
      : {}),
  };
}
