// Reads schemas/entities/*.schema.json and turns each into an EntityModel: the one description every
// emitter (types, zod, Drizzle tables, migrations, REST registration, OpenAPI, react-admin) works from.
// Vocabulary errors are reported here, once, with the file and the property that is wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  format?: string;
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
};

export type Role = 'admin' | 'manager' | 'content';
export const ROLES: Role[] = ['admin', 'manager', 'content'];
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';
export const ACTIONS: Action[] = ['list', 'show', 'create', 'edit', 'delete', 'export'];

export type FieldKind =
  | 'integer'
  | 'bigint'
  | 'number'
  | 'string'
  | 'boolean'
  | 'date-time'
  | 'date'
  | 'integer[]'
  | 'string[]'
  | 'json';

export type UiWidget =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'money'
  | 'image'
  | 'images'
  | 'select'
  | 'autocomplete'
  | 'rating'
  | 'color'
  | 'json'
  | 'password'
  | 'email'
  | 'phone';
export type UiPlace = 'list' | 'form' | 'show' | 'filter';

export interface RefModel {
  resource: string;
  many: boolean;
  display?: string;
  onDelete: 'restrict' | 'cascade' | 'set null';
}

export interface FieldModel {
  name: string;
  column: string;
  kind: FieldKind;
  /** The JSON Schema of the property as written (x- annotations included). */
  schema: JsonSchema;
  label: string;
  required: boolean;
  /** May hold null in the database and the API. */
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  /** Stored, never sent out by the API. */
  private: boolean;
  /** Accepted in input, never stored: a server hook consumes it. */
  virtual: boolean;
  default?: unknown;
  enum?: (string | number)[];
  enumLabels?: Record<string, string>;
  ref?: RefModel;
  unique: boolean;
  /** `trgm`: a pg_trgm GIN index (similarity, `%`, `LIKE`) on a text column; it may sit next to `unique`. */
  index: false | 'btree' | 'gin' | 'trgm';
  /** A column type other than the kind's own: `tsvector` for a text field (a server-maintained search document). */
  dbType: 'tsvector' | null;
  widget: UiWidget;
  help?: string;
  hidden: UiPlace[];
  /** x-access.write on the property: the roles that may set or change it (the administrator always may). */
  writeRoles?: Role[];
}

export interface ChildModel {
  property: string;
  table: string;
  typeName: string;
  label: { one: string; many: string };
  /** Column in the child table that points at the parent row. */
  parentColumn: string;
  fields: FieldModel[];
}

export interface FilterModel {
  field: string;
  ops: ('eq' | 'gte' | 'lte' | 'ne')[];
}

export interface IndexModel {
  columns: string[];
  unique: boolean;
}

export interface EntityModel {
  resource: string;
  typeName: string;
  table: string;
  file: string;
  schema: JsonSchema;
  label: { one: string; many: string };
  menu: string;
  icon: string;
  recordTitle: string;
  admin: boolean;
  fields: FieldModel[];
  children: ChildModel[];
  list: {
    columns: string[];
    sort: { field: string; order: 'ASC' | 'DESC' };
    perPage: number;
    search: string[];
    filters: FilterModel[];
    sortable: string[];
  };
  form?: { tabs: { label: string; fields: string[] }[] };
  access: Record<Action, Role[]>;
  /**
   * x-access.rows: per role, the rows it may see and touch at all, as field → allowed values (a manager
   * works with customers' accounts only). Roles not named see every row.
   */
  rowScopes: Partial<Record<Role, Record<string, (string | number | boolean)[]>>>;
  hooks: Record<string, string>;
  components: Record<string, string>;
  indexes: IndexModel[];
}

export class SchemaError extends Error {}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const pascal = (s: string) =>
  s
    .split(/[-_]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

const WIDGETS: UiWidget[] = [
  'text',
  'textarea',
  'richtext',
  'money',
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
];
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
const PROPERTY_X_KEYS = new Set([
  'x-label',
  'x-enum-labels',
  'x-db',
  'x-ref',
  'x-ui',
  'x-children',
  'x-custom-fields',
  'x-access',
]);

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

function fail(file: string, where: string, msg: string): never {
  throw new SchemaError(`${file}: ${where}: ${msg}`);
}

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

function fieldModel(
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
  const db = (s['x-db'] ?? {}) as {
    unique?: boolean;
    index?: boolean | 'gin' | 'btree' | 'trgm';
    private?: boolean;
    virtual?: boolean;
    type?: string;
  };
  const ui = (s['x-ui'] ?? {}) as { widget?: UiWidget; help?: string; hidden?: UiPlace[] | boolean };
  if (ui.widget && !WIDGETS.includes(ui.widget)) fail(file, where, `unknown x-ui.widget ${ui.widget}`);
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
    unique: db.unique === true,
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
    f.writeRoles = [...new Set<Role>(['admin', ...(roles as Role[])])];
  }
  return f;
}

function entityModel(file: string, s: JsonSchema): EntityModel {
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
  };
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
    const ch = p['x-children'] as
      { table?: string; title?: string; label?: { one: string; many: string } } | undefined;
    if (ch) {
      if (typesOf(p)[0] !== 'array' || !p.items?.properties)
        fail(file, name, 'x-children needs an array of objects');
      if (!ch.table || !ch.title || !ch.label) fail(file, name, 'x-children needs table, title and label');
      const items = p.items;
      if (items.additionalProperties !== false)
        fail(file, `${name}.items`, 'additionalProperties must be false');
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
      children.push({
        property: name,
        table: ch.table,
        typeName: ch.title,
        label: ch.label,
        parentColumn: `${snake(s.title.charAt(0).toLowerCase() + s.title.slice(1))}_id`,
        fields: childFields,
      });
      continue;
    }
    fields.push(fieldModel(file, name, p, requiredList));
  }

  const byName = new Map(fields.map((f) => [f.name, f]));
  const xl = (s['x-list'] ?? {}) as {
    columns?: string[];
    sort?: { field: string; order: 'ASC' | 'DESC' };
    perPage?: number;
    search?: string[];
    filters?: (string | { field: string; ops?: FilterModel['ops'] })[];
    sortable?: string[];
  };
  const visible = fields.filter((f) => !f.private && !f.virtual && !f.writeOnly);
  const columns =
    xl.columns ??
    visible
      .filter((f) => f.kind !== 'json')
      .slice(0, 8)
      .map((f) => f.name);
  for (const c of columns) if (!byName.has(c)) fail(file, 'x-list.columns', `${c} is not a field`);
  const search = xl.search ?? [];
  for (const c of search) {
    const f = byName.get(c);
    if (!f || f.kind !== 'string') fail(file, 'x-list.search', `${c} is not a text field`);
  }
  const filters: FilterModel[] = (xl.filters ?? []).map((fl) =>
    typeof fl === 'string' ? { field: fl, ops: ['eq'] } : { field: fl.field, ops: fl.ops ?? ['eq'] },
  );
  for (const fl of filters) {
    const f = byName.get(fl.field);
    if (!f || f.private || f.kind === 'json') fail(file, 'x-list.filters', `${fl.field} cannot be filtered`);
  }
  const scalar = (f: FieldModel) => !f.kind.endsWith('[]') && f.kind !== 'json' && !f.private && !f.virtual;
  const sortable = xl.sortable ?? [...new Set(['id', ...columns.filter((c) => scalar(byName.get(c)!))])];
  for (const c of sortable) {
    const f = byName.get(c);
    if (!f || !scalar(f)) fail(file, 'x-list.sortable', `${c} cannot be sorted`);
  }
  const sort = xl.sort ?? { field: 'id', order: 'DESC' };
  if (!sortable.includes(sort.field)) fail(file, 'x-list.sort', `${sort.field} is not sortable`);

  const { rows: rawRows, ...rawAccess } = (s['x-access'] ?? {}) as Partial<
    Record<Action | 'read' | 'write' | 'all', Role[]>
  > & { rows?: Record<string, Record<string, unknown>> };
  for (const key of Object.keys(rawAccess))
    if (!(ACTIONS as string[]).includes(key) && !['read', 'write', 'all'].includes(key))
      fail(file, 'x-access', `unknown key ${key}`);
  const rowScopes: EntityModel['rowScopes'] = {};
  for (const [role, scope] of Object.entries(rawRows ?? {})) {
    if (!ROLES.includes(role as Role) || role === 'admin')
      fail(file, 'x-access.rows', `${role}: a staff role other than admin expected`);
    for (const [name, values] of Object.entries(scope)) {
      const f = byName.get(name);
      if (!f || f.kind.endsWith('[]') || f.kind === 'json' || f.private || f.virtual)
        fail(file, 'x-access.rows', `${name} is not a scalar field`);
      if (!Array.isArray(values) || values.length === 0)
        fail(file, 'x-access.rows', `${role}.${name}: a list of allowed values expected`);
    }
    rowScopes[role as Role] = scope as Record<string, (string | number | boolean)[]>;
  }
  const access = {} as Record<Action, Role[]>;
  for (const a of ACTIONS) {
    const group = a === 'list' || a === 'show' || a === 'export' ? 'read' : 'write';
    const roles = rawAccess[a] ?? rawAccess[group] ?? rawAccess.all ?? ['admin'];
    for (const r of roles) if (!ROLES.includes(r)) fail(file, 'x-access', `unknown role ${r}`);
    // The administrator may do everything.
    access[a] = [...new Set<Role>(['admin', ...roles])];
  }
  const form = s['x-form'] as EntityModel['form'];
  if (form) {
    const names = new Set([...fields.map((f) => f.name), ...children.map((c) => c.property)]);
    for (const t of form.tabs)
      for (const f of t.fields) if (!names.has(f)) fail(file, 'x-form', `${f} is not a field`);
  }
  const dbIdx = ((s['x-db'] ?? {}) as { indexes?: { columns: string[]; unique?: boolean }[] }).indexes ?? [];
  const indexes = dbIdx.map((i) => {
    for (const c of i.columns) if (!byName.has(c)) fail(file, 'x-db.indexes', `${c} is not a field`);
    return { columns: i.columns, unique: i.unique === true };
  });
  const recordTitle = ent.recordTitle ?? (byName.has('title') ? 'title' : byName.has('name') ? 'name' : 'id');
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
    admin: ent.admin !== false,
    fields,
    children,
    list: {
      columns,
      sort,
      perPage: xl.perPage ?? 25,
      search,
      filters,
      sortable,
    },
    form,
    access,
    rowScopes,
    hooks: (s['x-hooks'] ?? {}) as Record<string, string>,
    components: (s['x-components'] ?? {}) as Record<string, string>,
    indexes,
  };
}

export const DEFAULT_SCHEMAS_DIR = resolve(import.meta.dirname, '../../schemas/entities');

/** Loads and checks every entity schema; entities come sorted by resource name. */
export function loadModel(dir = DEFAULT_SCHEMAS_DIR): EntityModel[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  const entities = files.map((f) => {
    const path = join(dir, f);
    let raw: JsonSchema;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
    } catch (e) {
      throw new SchemaError(`${f}: not valid JSON: ${(e as Error).message}`);
    }
    return entityModel(f, raw);
  });
  const byResource = new Map(entities.map((e) => [e.resource, e]));
  const tables = new Set<string>();
  for (const e of entities) {
    for (const t of [e.table, ...e.children.map((c) => c.table)]) {
      if (tables.has(t)) throw new SchemaError(`${e.file}: table ${t} is used twice`);
      tables.add(t);
    }
    for (const f of [...e.fields, ...e.children.flatMap((c) => c.fields)]) {
      if (f.ref && !byResource.has(f.ref.resource))
        throw new SchemaError(`${e.file}: ${f.name}: x-ref names unknown resource ${f.ref.resource}`);
    }
  }
  return entities;
}
