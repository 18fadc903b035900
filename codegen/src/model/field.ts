// One property of an entity schema (or of an x-children row) as a FieldModel: its kind and column, the
// x-db, x-ui, x-ref, x-access and x-enum-labels it may carry, each checked as it is read.
import { boundsOf, fail, typesOf, whereModel } from './check';
import { checkMessages } from './field-checks';
import { snake } from './names';
import {
  ROLES,
  SQL_TYPE,
  UNITS,
  type CheckModel,
  type FieldKind,
  type FieldModel,
  type JsonSchema,
  type RefModel,
  type Role,
  type UiPlace,
  type UiWidget,
  type UnitFrom,
  type WhereModel,
} from './types';

const WIDGETS: UiWidget[] = [
  'text',
  'textarea',
  'richtext',
  'money',
  'percent',
  'image',
  'images',
  'select',
  'autocomplete',
  'rating',
  'color',
  'json',
  'password',
  'email',
  'phone',
  'slug',
];
const FIELD_DB_KEYS = new Set([
  'unique',
  'index',
  'private',
  'virtual',
  'type',
  'renamedFrom',
  'check',
  'using',
]);
/** Column types a declared conversion (x-db.using.from) may start from: the ones codegen writes. */
const SQL_TYPES = [...Object.values(SQL_TYPE), 'tsvector'];

const PROPERTY_X_KEYS = new Set([
  'x-label',
  'x-enum-labels',
  'x-db',
  'x-ref',
  'x-ui',
  'x-children',
  'x-custom-fields',
  'x-access',
  'x-messages',
  'x-normalize',
  'x-not-before',
]);

function fieldKind(file: string, name: string, s: JsonSchema): FieldKind {
  const dbType = (s['x-db'] as { type?: string } | undefined)?.type;
  const types = typesOf(s).filter((t) => t !== 'null');
  if (types.length !== 1)
    fail(file, name, `exactly one non-null type expected, got ${JSON.stringify(s.type)}`);
  const t = types[0];
  switch (t) {
    case 'integer':
      return dbType === 'bigint' ? 'bigint' : 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      if (s.format === 'date-time') return 'date-time';
      if (s.format === 'date') return 'date';
      return 'string';
    case 'array': {
      const it = s.items ? typesOf(s.items) : [];
      if (it.length === 1 && it[0] === 'integer') return 'integer[]';
      if (it.length === 1 && it[0] === 'string' && !s.items?.format) return 'string[]';
      return 'json';
    }
    case 'object':
      return 'json';
    default:
      return fail(file, name, `unsupported type ${String(t)}`);
  }
}

function defaultWidget(f: Pick<FieldModel, 'kind' | 'enum' | 'ref' | 'schema'>): UiWidget {
  if (f.ref) return 'autocomplete';
  if (f.enum) return 'select';
  if (f.kind === 'json') return 'json';
  if (f.schema.format === 'email') return 'email';
  return 'text';
}

export function fieldModel(
  file: string,
  name: string,
  s: JsonSchema,
  requiredList: string[],
  where = name,
): FieldModel {
  for (const key of Object.keys(s)) {
    if (key.startsWith('x-') && !PROPERTY_X_KEYS.has(key)) fail(file, where, `unknown annotation ${key}`);
  }
  const label = s['x-label'];
  if (typeof label !== 'string' || !label) fail(file, where, 'x-label (Russian field label) is required');
  const kind = fieldKind(file, where, s);
  checkMessages(file, where, s);
  if (s['x-normalize'] !== undefined && (s['x-normalize'] !== 'phone' || kind !== 'string'))
    fail(file, where, 'x-normalize: "phone" on a string field is the one normalisation known');
  const db = (s['x-db'] ?? {}) as {
    unique?: boolean | { where?: unknown };
    index?: boolean | 'gin' | 'btree' | 'trgm';
    private?: boolean;
    virtual?: boolean;
    type?: string;
    renamedFrom?: unknown;
    check?: unknown;
    using?: unknown;
  };
  for (const key of Object.keys(db))
    if (!FIELD_DB_KEYS.has(key)) fail(file, where, `unknown x-db key ${key}`);
  const ui = (s['x-ui'] ?? {}) as {
    widget?: UiWidget;
    help?: string;
    hidden?: UiPlace[] | boolean;
    unitFrom?: unknown;
  };
  if (ui.widget && !WIDGETS.includes(ui.widget)) fail(file, where, `unknown x-ui.widget ${ui.widget}`);
  if ((ui.widget === 'money' || ui.widget === 'percent') && !['integer', 'bigint', 'number'].includes(kind))
    fail(file, where, `x-ui.widget "${ui.widget}" is for a number`);
  const rawRef = s['x-ref'] as
    { resource?: string; display?: string; onDelete?: RefModel['onDelete'] } | undefined;
  let ref: RefModel | undefined;
  if (rawRef) {
    if (!rawRef.resource) fail(file, where, 'x-ref.resource is required');
    if (kind !== 'integer' && kind !== 'integer[]')
      fail(file, where, 'x-ref needs an integer or an integer array');
    ref = {
      resource: rawRef.resource,
      many: kind === 'integer[]',
      display: rawRef.display,
      onDelete: rawRef.onDelete ?? 'restrict',
    };
  }
  const enumValues = s.enum ?? s.items?.enum;
  const enumLabels = s['x-enum-labels'] as Record<string, string> | undefined;
  if (enumValues) {
    for (const v of enumValues) {
      if (v !== null && !enumLabels?.[JSON.stringify(v).replace(/^"|"$/g, '')])
        fail(file, where, `x-enum-labels lacks a label for ${JSON.stringify(v)}`);
    }
  }
  const types = typesOf(s);
  const required = requiredList.includes(name);
  const readOnly = s.readOnly === true;
  const hasDefault = s.default !== undefined;
  const isTimestamp = readOnly && (name === 'createdAt' || name === 'updatedAt');
  const nullable = types.includes('null') || (!required && !hasDefault && !isTimestamp && name !== 'id');
  if (required && types.includes('null')) fail(file, where, 'a required field cannot also allow null');
  if (db.index !== undefined && ![true, false, 'gin', 'btree', 'trgm'].includes(db.index))
    fail(file, where, `unknown x-db.index ${JSON.stringify(db.index)}`);
  if (db.type !== undefined) {
    if (db.type === 'bigint' ? kind !== 'bigint' : db.type !== 'tsvector')
      fail(
        file,
        where,
        `x-db.type ${JSON.stringify(db.type)}: "bigint" goes on an integer, "tsvector" on a string`,
      );
    if (db.type === 'tsvector' && (kind !== 'string' || db.private !== true))
      fail(file, where, 'x-db.type "tsvector" needs a private string field (the API never sends it)');
  }
  const dbType = db.type === 'tsvector' ? 'tsvector' : null;
  let uniqueWhere: WhereModel | undefined;
  if (typeof db.unique === 'object' && db.unique !== null) {
    if (Object.keys(db.unique).join() !== 'where')
      fail(file, where, 'x-db.unique is true or { "where": condition }');
    uniqueWhere = whereModel(file, `${where}: x-db.unique.where`, db.unique.where);
  } else if (db.unique !== undefined && typeof db.unique !== 'boolean')
    fail(file, where, 'x-db.unique is true or { "where": condition }');
  if (db.renamedFrom !== undefined) {
    if (typeof db.renamedFrom !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(db.renamedFrom))
      fail(file, where, 'x-db.renamedFrom is the previous property name (camelCase)');
    if (db.renamedFrom === name) fail(file, where, 'x-db.renamedFrom names the property itself');
    if (db.virtual) fail(file, where, 'x-db.renamedFrom on a virtual field: it has no column');
  }
  let using: FieldModel['using'];
  if (db.using !== undefined) {
    const u = db.using as { from?: unknown; expression?: unknown };
    if (
      typeof u !== 'object' ||
      u === null ||
      Object.keys(u).sort().join() !== 'expression,from' ||
      typeof u.from !== 'string' ||
      !SQL_TYPES.includes(u.from) ||
      typeof u.expression !== 'string' ||
      !u.expression.trim()
    )
      fail(
        file,
        where,
        `x-db.using is { "from": "<earlier column type: ${SQL_TYPES.join(', ')}>", "expression": "<SQL giving the new value>" }`,
      );
    using = { from: u.from, expression: u.expression };
  }
  // The API refuses values outside minimum/maximum; the same bounds in the database stop whatever else
  // writes (hooks, scripts, hand-written SQL) from storing them.
  let check: CheckModel | null = null;
  const bounds = boundsOf(file, where, s);
  const numeric = kind === 'integer' || kind === 'bigint' || kind === 'number';
  if (db.check !== undefined && db.check !== false)
    fail(file, where, 'x-db.check can only be false (no CHECK constraint for minimum/maximum)');
  if (db.check === false && (!numeric || !Object.keys(bounds).length))
    fail(file, where, 'x-db.check: false on a field without numeric bounds');
  if (numeric && Object.keys(bounds).length && db.check !== false && db.virtual !== true) check = bounds;
  if (db.index === 'trgm' && (kind !== 'string' || dbType))
    fail(file, where, 'x-db.index "trgm" needs a text field');
  // Arrays and JSON are searched by containment, so they get GIN; scalars get B-tree.
  const index: FieldModel['index'] =
    db.index === 'trgm'
      ? 'trgm'
      : db.index === 'gin' || (db.index === true && (kind === 'json' || kind.endsWith('[]')))
        ? 'gin'
        : db.index
          ? 'btree'
          : false;
  const f: FieldModel = {
    name,
    column: snake(name),
    kind,
    schema: s,
    label,
    required,
    nullable,
    readOnly,
    writeOnly: s.writeOnly === true,
    private: db.private === true,
    virtual: db.virtual === true,
    default: s.default,
    enum: enumValues?.filter((v): v is string | number => v !== null),
    enumLabels,
    ref,
    unique: db.unique === true || uniqueWhere !== undefined,
    ...(uniqueWhere ? { uniqueWhere } : {}),
    check,
    ...(typeof db.renamedFrom === 'string' ? { renamedFrom: db.renamedFrom } : {}),
    ...(using ? { using } : {}),
    index,
    dbType,
    widget: 'text',
    help: ui.help,
    hidden: Array.isArray(ui.hidden) ? ui.hidden : ui.hidden ? ['list', 'form', 'show', 'filter'] : [],
  };
  f.widget = ui.widget ?? defaultWidget(f);
  if (f.private) f.hidden = ['list', 'form', 'show', 'filter'];
  const fieldAccess = s['x-access'] as { write?: unknown } | undefined;
  if (fieldAccess !== undefined) {
    const keys = Object.keys(fieldAccess);
    const roles = fieldAccess.write;
    if (keys.length !== 1 || keys[0] !== 'write' || !Array.isArray(roles))
      fail(file, where, 'x-access on a property is { "write": [roles] }');
    for (const r of roles) if (!ROLES.includes(r as Role)) fail(file, where, `unknown role ${String(r)}`);
    if (f.readOnly || f.private) fail(file, where, 'x-access.write on a field nobody writes');
    f.writeRoles = [...new Set(roles as Role[])];
  }
  if (s['x-not-before'] !== undefined) f.notBefore = s['x-not-before'] as string;
  if (ui.unitFrom !== undefined) {
    const u = ui.unitFrom as Partial<UnitFrom>;
    if (
      typeof u.field !== 'string' ||
      !u.units ||
      typeof u.units !== 'object' ||
      Object.values(u.units).some((unit) => !(UNITS as readonly string[]).includes(unit))
    )
      fail(
        file,
        where,
        `x-ui.unitFrom is { "field": "<enum field>", "units": { "<value>": "money" | "percent" } }`,
      );
    if (ui.widget || !['integer', 'bigint', 'number'].includes(kind))
      fail(file, where, 'x-ui.unitFrom is for a number without a widget of its own');
    f.unitFrom = { field: u.field, units: u.units };
  }
  return f;
}
