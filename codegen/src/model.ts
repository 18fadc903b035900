// Reads schemas/entities/<domain>/*.schema.json and turns each into an EntityModel: the one description every
// emitter (types, zod, Drizzle tables, migrations, REST registration, OpenAPI, react-admin) works from.
// Vocabulary errors are reported here, once, with the file and the property that is wrong.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTITIES_DIR, schemaFiles } from '@shop/schemas/files';

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
/**
 * The generic CRUD actions, and `service`: changing a history record through its own service (an order's
 * status moves, a bonus correction), the only way such a record changes (x-entity.history).
 */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'service';
export const ACTIONS: Action[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'service'];
/** The actions of the generic CRUD API, closed on a history entity. */
export const WRITE_ACTIONS: Action[] = ['create', 'edit', 'delete'];

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

/** The PostgreSQL column type of each kind; x-db.type "tsvector" is the one other type codegen writes. */
export const SQL_TYPE: Record<FieldKind, string> = {
  integer: 'integer',
  bigint: 'bigint',
  number: 'double precision',
  string: 'text',
  boolean: 'boolean',
  'date-time': 'timestamptz',
  date: 'date',
  'integer[]': 'integer[]',
  'string[]': 'text[]',
  json: 'jsonb',
};

export type UiWidget =
  | 'text'
  | 'slug'
  | 'textarea'
  | 'richtext'
  | 'money'
  | 'percent'
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

/**
 * A row condition of a partial unique index, as field → value: `true`/`false` for a boolean field,
 * `null` for IS NULL, a scalar for equality, a list for IN. The string shorthand `"isDefault"` is
 * `{ "isDefault": true }`.
 */
export type WhereModel = Record<string, boolean | null | string | number | (string | number)[]>;

/** Numeric bounds the database enforces with a CHECK constraint (JSON Schema minimum, maximum…). */
export interface CheckModel {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
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
  /** x-db.unique: { where }: unique only among the rows the condition holds for (a partial unique index). */
  uniqueWhere?: WhereModel;
  /** The bounds of minimum / maximum as a CHECK constraint; null without bounds or with x-db.check false. */
  check: CheckModel | null;
  /** x-db.renamedFrom: the property's previous name; the migration renames the column instead of dropping it. */
  renamedFrom?: string;
  /** x-db.using: how the migration converts the column from an earlier type PostgreSQL cannot cast itself. */
  using?: { from: string; expression: string };
  /** `trgm`: a pg_trgm GIN index (similarity, `%`, `LIKE`) on a text column; it may sit next to `unique`. */
  index: false | 'btree' | 'gin' | 'trgm';
  /** A column type other than the kind's own: `tsvector` for a text field (a server-maintained search document). */
  dbType: 'tsvector' | null;
  widget: UiWidget;
  help?: string;
  hidden: UiPlace[];
  /** x-access.write on the property: the roles that may set or change it, exactly as written. */
  writeRoles?: Role[];
  /**
   * x-not-before: the sibling field this one may not be below (an end date and its start, a maximum and its
   * minimum); checked when both hold a value, on every create and on every update with the stored record.
   */
  notBefore?: string;
  /**
   * x-ui.unitFrom: the unit of a number depends on a sibling enum field (a coupon's `value` is a percentage
   * or a sum by its `type`): that field's name and, for each of its values, the unit (a value not listed
   * has no unit: the number is not used).
   */
  unitFrom?: UnitFrom;
}

/** The units a number may be read in: `money` (kopecks shown as roubles) or `percent`. */
export const UNITS = ['money', 'percent'] as const;
export type Unit = (typeof UNITS)[number];
export interface UnitFrom {
  field: string;
  units: Record<string, Unit>;
}

export interface ChildModel {
  property: string;
  table: string;
  typeName: string;
  label: { one: string; many: string };
  /** Column in the child table that points at the parent row. */
  parentColumn: string;
  fields: FieldModel[];
  /** x-children.renamedFrom: the child table's previous name. */
  renamedFrom?: string;
  /** The rows are the server's (an order's lines): a body's rows are ignored, as a read-only field is. */
  readOnly: boolean;
}

export interface FilterModel {
  field: string;
  ops: ('eq' | 'gte' | 'lte' | 'ne')[];
}

/**
 * x-list.tabs: the list split by the values of one enum field (an order's status), each tab with the count
 * of its records under the other filters; «Все» first. The field must be an `eq` filter: a tab is that filter.
 */
export interface TabsModel {
  field: string;
  /** The enum's values in schema order, one tab each. */
  values: (string | number)[];
}

export interface IndexModel {
  columns: string[];
  unique: boolean;
  /** A partial index: only the rows this condition holds for. */
  where?: WhereModel;
}

/** x-db.checks: bounds on a field that hold only when a condition does (a percent discount ≤ 100). */
export interface ConditionalCheckModel {
  field: string;
  when: WhereModel;
  bounds: CheckModel;
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
  /** x-entity.sitePath: the record's page in the shop, a template ("/product/{slug}"). */
  sitePath?: string;
  admin: boolean;
  /** x-entity.storefront: false when no page of the shop shows its rows to a guest. */
  storefront: boolean;
  /**
   * x-entity.history: the rows are records of what happened (orders, payments, the bonus ledger): the
   * generic CRUD never creates, edits or deletes them; only their services change them (`service` roles).
   */
  history: boolean;
  fields: FieldModel[];
  children: ChildModel[];
  list: {
    columns: string[];
    sort: { field: string; order: 'ASC' | 'DESC' };
    perPage: number;
    search: string[];
    /**
     * x-list.search entries "<child property>.<field>": the records one of whose child rows holds the text
     * (a product found by an offer's article).
     */
    childSearch: { property: string; field: string }[];
    filters: FilterModel[];
    sortable: string[];
    tabs: TabsModel | null;
  };
  form?: {
    tabs: { label: string; fields: string[] }[];
    /**
     * x-form.related: the records of other resources that refer to this one, listed under its edit form
     * (a customer's orders, bonus ledger and subscriptions); `component` is a hand-written piece shown
     * above the list ("./screens/…#Export", as x-components).
     */
    related?: { label: string; resource: string; target: string; component?: string }[];
  };
  access: Record<Action, Role[]>;
  /**
   * x-access.rows: per role, the rows it may see and touch at all, as field → allowed values (a manager
   * works with customers' accounts only). Roles not named see every row.
   */
  rowScopes: Partial<Record<Role, Record<string, (string | number | boolean)[]>>>;
  hooks: Record<string, string>;
  components: Record<string, string>;
  indexes: IndexModel[];
  checks: ConditionalCheckModel[];
  /** x-db.renamedFrom at the top of the schema: the table's previous name. */
  renamedFrom?: string;
}

type RawAccess = Partial<Record<Action | 'read' | 'write' | 'all', Role[]>>;

/**
 * x-access compiled exactly as written: each action takes the roles of the first key present of the action
 * itself, its group (read: list, show, export; write: create, edit, delete) and `all`; no role is added,
 * the administrator included: an empty list, or no key at all, is nobody.
 * A history entity (x-entity.history) names no write key: its create, edit and delete are nobody's, and
 * `service` names who changes its rows through their services. `service` belongs to history entities only.
 */
function accessModel(file: string, raw: RawAccess, history: boolean): Record<Action, Role[]> {
  const access = {} as Record<Action, Role[]>;
  for (const [key, roles] of Object.entries(raw)) {
    if (!Array.isArray(roles)) fail(file, `x-access.${key}`, 'a list of roles expected');
    for (const r of roles) if (!ROLES.includes(r)) fail(file, `x-access.${key}`, `unknown role ${String(r)}`);
  }
  if (history) {
    for (const key of ['write', 'all', ...WRITE_ACTIONS])
      if (key in raw)
        fail(
          file,
          `x-access.${key}`,
          'a history entity (x-entity.history) is never written through the generic API: name only read and service',
        );
  } else if ('service' in raw)
    fail(file, 'x-access.service', 'service is for history entities (x-entity.history) only');
  for (const a of ACTIONS) {
    if (a === 'service') {
      access[a] = [...new Set(raw.service ?? [])];
      continue;
    }
    const group = a === 'list' || a === 'show' || a === 'export' ? 'read' : 'write';
    const roles = history && WRITE_ACTIONS.includes(a) ? [] : (raw[a] ?? raw[group] ?? raw.all ?? []);
    access[a] = [...new Set(roles)];
  }
  return access;
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

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

function boundsOf(file: string, where: string, s: Record<string, unknown>): CheckModel {
  const bounds: CheckModel = {};
  for (const k of BOUNDS) {
    const v = s[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(file, where, `${k} must be a number`);
    bounds[k] = v;
  }
  return bounds;
}

function whereModel(file: string, where: string, raw: unknown): WhereModel {
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
function checkWhere(file: string, where: string, cond: WhereModel, fields: FieldModel[]) {
  for (const [name, v] of Object.entries(cond)) {
    const f = fields.find((x) => x.name === name);
    if (!f || f.virtual || f.kind === 'json' || f.kind.endsWith('[]'))
      fail(file, where, `${name} is not a scalar field of this table`);
    if (typeof v === 'boolean' && f.kind !== 'boolean')
      fail(file, where, `${name}: true/false needs a boolean field`);
    if (v === null && !f.nullable) fail(file, where, `${name}: null, but the column is NOT NULL`);
  }
}

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

/** The rules `x-messages` may word: those a property states. */
const MESSAGE_KEYWORDS = [
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'enum',
];

/**
 * x-messages: { rule keyword: the words people see }. A pattern must have them: the generic «Неверный
 * формат» does not say what is expected, and the pattern itself is not for people.
 */
function checkMessages(file: string, where: string, s: JsonSchema): void {
  const messages = s['x-messages'] as Record<string, unknown> | undefined;
  if (messages !== undefined) {
    if (typeof messages !== 'object' || messages === null || Array.isArray(messages))
      fail(file, where, 'x-messages is { "<rule keyword>": "Russian message" }');
    for (const [k, v] of Object.entries(messages)) {
      if (!MESSAGE_KEYWORDS.includes(k))
        fail(file, where, `x-messages.${k}: not a rule keyword of a property`);
      if (k !== 'type' && s[k] === undefined)
        fail(file, where, `x-messages.${k}: the property states no ${k}`);
      if (typeof v !== 'string' || !v.trim())
        fail(file, where, `x-messages.${k}: a Russian message expected`);
    }
  }
  if (typeof s.pattern === 'string' && typeof messages?.pattern !== 'string')
    fail(
      file,
      where,
      'a pattern needs x-messages.pattern: what people are told when the value does not fit, never the pattern itself',
    );
}

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

const ORDERED_KINDS: FieldKind[] = ['date-time', 'date', 'integer', 'bigint', 'number'];

/** x-ui.unitFrom names a sibling enum field and gives units to its values only. */
function checkUnitFrom(file: string, fields: FieldModel[]): void {
  for (const f of fields) {
    if (!f.unitFrom) continue;
    const other = fields.find((x) => x.name === f.unitFrom!.field);
    if (!other?.enum || other.kind.endsWith('[]'))
      fail(file, f.name, 'x-ui.unitFrom.field names a sibling field with an enum');
    for (const value of Object.keys(f.unitFrom.units))
      if (!other.enum.includes(value))
        fail(file, f.name, `x-ui.unitFrom.units: ${value} is not a value of ${other.name}`);
  }
}

/** x-not-before names a sibling of the same kind, which dates and numbers have. */
function checkNotBefore(file: string, fields: FieldModel[]): void {
  for (const f of fields) {
    if (f.notBefore === undefined) continue;
    const other = fields.find((x) => x.name === f.notBefore);
    if (!other || other === f || other.kind !== f.kind || !ORDERED_KINDS.includes(f.kind))
      fail(file, f.name, `x-not-before names a sibling field of the same kind (${ORDERED_KINDS.join(', ')})`);
  }
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
    const ch = p['x-children'] as
      | { table?: string; title?: string; label?: { one: string; many: string }; renamedFrom?: unknown }
      | undefined;
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
        readOnly: p.readOnly === true,
        ...(ch.renamedFrom !== undefined
          ? { renamedFrom: tableName(file, `${name}: x-children.renamedFrom`, ch.renamedFrom) }
          : {}),
      });
      checkFieldRenames(file, name, childFields);
      for (const f of childFields)
        if (f.notBefore) fail(file, `${name}.${f.name}`, 'x-not-before is checked on top-level fields only');
      for (const f of childFields)
        if (f.uniqueWhere)
          checkWhere(file, `${name}.${f.name}: x-db.unique.where`, f.uniqueWhere, childFields);
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
  const xl = (s['x-list'] ?? {}) as {
    columns?: string[];
    sort?: { field: string; order: 'ASC' | 'DESC' };
    perPage?: number;
    search?: string[];
    filters?: (string | { field: string; ops?: FilterModel['ops'] })[];
    sortable?: string[];
    tabs?: unknown;
  };
  const visible = fields.filter((f) => !f.private && !f.virtual && !f.writeOnly);
  const columns =
    xl.columns ??
    visible
      .filter((f) => f.kind !== 'json')
      .slice(0, 8)
      .map((f) => f.name);
  for (const c of columns) if (!byName.has(c)) fail(file, 'x-list.columns', `${c} is not a field`);
  const search = (xl.search ?? []).filter((c) => !c.includes('.'));
  for (const c of search) {
    const f = byName.get(c);
    if (!f || f.kind !== 'string') fail(file, 'x-list.search', `${c} is not a text field`);
  }
  const childSearch = (xl.search ?? [])
    .filter((c) => c.includes('.'))
    .map((c) => {
      const [property, field] = c.split('.') as [string, string];
      const child = children.find((ch) => ch.property === property);
      const f = child?.fields.find((x) => x.name === field);
      if (!f || f.kind !== 'string' || f.private)
        fail(file, 'x-list.search', `${c} is not a text field of a child table (x-children)`);
      return { property, field };
    });
  const filters: FilterModel[] = (xl.filters ?? []).map((fl) =>
    typeof fl === 'string' ? { field: fl, ops: ['eq'] } : { field: fl.field, ops: fl.ops ?? ['eq'] },
  );
  for (const fl of filters) {
    // "offers.stock": the records with a child row that passes (a product with an offer almost sold out).
    const [property, childField] = fl.field.split('.') as [string, string | undefined];
    const f = childField
      ? children.find((c) => c.property === property)?.fields.find((x) => x.name === childField)
      : byName.get(fl.field);
    if (!f || f.private || f.kind === 'json' || (childField && f.kind.endsWith('[]')))
      fail(file, 'x-list.filters', `${fl.field} cannot be filtered`);
  }
  const scalar = (f: FieldModel) => !f.kind.endsWith('[]') && f.kind !== 'json' && !f.private && !f.virtual;
  const sortable = xl.sortable ?? [...new Set(['id', ...columns.filter((c) => scalar(byName.get(c)!))])];
  for (const c of sortable) {
    const f = byName.get(c);
    if (!f || !scalar(f)) fail(file, 'x-list.sortable', `${c} cannot be sorted`);
  }
  const sort = xl.sort ?? { field: 'id', order: 'DESC' };
  if (!sortable.includes(sort.field)) fail(file, 'x-list.sort', `${sort.field} is not sortable`);
  const tabs = xl.tabs === undefined ? null : tabsModel(file, xl.tabs, byName, filters);

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
  const access = accessModel(file, rawAccess, ent.history === true);
  const form = s['x-form'] as EntityModel['form'];
  if (form) {
    const names = new Set([...fields.map((f) => f.name), ...children.map((c) => c.property)]);
    for (const t of form.tabs ?? [])
      for (const f of t.fields) if (!names.has(f)) fail(file, 'x-form', `${f} is not a field`);
    for (const r of form.related ?? [])
      if (typeof r.label !== 'string' || typeof r.resource !== 'string' || typeof r.target !== 'string')
        fail(
          file,
          'x-form.related',
          '{ "label", "resource", "target" } expected (the target refers to this entity)',
        );
    form.tabs ??= [];
  }
  const entityDb = (s['x-db'] ?? {}) as {
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
    list: {
      columns,
      sort,
      perPage: xl.perPage ?? 25,
      search,
      childSearch,
      filters,
      sortable,
      tabs,
    },
    form,
    access,
    rowScopes,
    hooks: (s['x-hooks'] ?? {}) as Record<string, string>,
    components: (s['x-components'] ?? {}) as Record<string, string>,
    indexes,
    checks,
    ...(entityDb.renamedFrom !== undefined
      ? { renamedFrom: tableName(file, 'x-db.renamedFrom', entityDb.renamedFrom) }
      : {}),
  };
}

/** x-list.tabs: `{ "field": "<enum field>" }`, a field the list already filters on by equality. */
function tabsModel(
  file: string,
  raw: unknown,
  byName: Map<string, FieldModel>,
  filters: FilterModel[],
): TabsModel {
  const where = 'x-list.tabs';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.keys(raw).join() !== 'field')
    fail(file, where, '{ "field": "<enum field>" } expected');
  const name = (raw as { field: unknown }).field;
  const f = typeof name === 'string' ? byName.get(name) : undefined;
  if (!f || !f.enum?.length || f.kind.endsWith('[]') || f.private || f.virtual || f.writeOnly)
    fail(file, where, `${String(name)} is not a readable field with an enum`);
  if (!filters.some((fl) => fl.field === f.name && fl.ops.includes('eq')))
    fail(file, where, `${f.name} must also be in x-list.filters (a tab filters the list by it)`);
  return { field: f.name, values: f.enum };
}

function tableName(file: string, where: string, raw: unknown): string {
  if (typeof raw !== 'string' || !/^[a-z][a-z0-9_]*$/.test(raw))
    fail(file, where, 'the previous table name (snake_case) is expected');
  return raw;
}

/** Two fields cannot both claim one old name, nor rename from a property that is still there. */
function checkFieldRenames(file: string, prefix: string, fields: FieldModel[]) {
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

export const DEFAULT_SCHEMAS_DIR = ENTITIES_DIR;

/**
 * Loads and checks every entity schema of `dir` and its domain folders; entities come sorted by file name,
 * which is the resource name. An entity's `file` is its path under `dir` ("sales/orders.schema.json").
 */
export function loadModel(dir = DEFAULT_SCHEMAS_DIR): EntityModel[] {
  const files = schemaFiles(dir);
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
  for (const e of entities)
    for (const [t, from] of [
      [e.table, e.renamedFrom],
      ...e.children.map((c) => [c.table, c.renamedFrom] as const),
    ] as const)
      if (from && tables.has(from))
        throw new SchemaError(
          `${e.file}: table ${t} is renamed from ${from}, which is still a table: a rename leaves one of the two`,
        );
  return entities;
}
