// The EntityModel and its parts: what every emitter (types, zod, Drizzle tables, migrations, REST
// registration, OpenAPI, react-admin) reads, and the closed lists of the vocabulary (roles, actions, field
// kinds and their column types, widgets, units).
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

/**
 * x-list.views: a named selection of the list a filter of fields cannot say (orders the shop may ship now: paid,
 * or confirmed and paid on delivery), its condition written once on the server (`where`, "./<domain>/file#export",
 * a ListView). The list offers it as a filter, `{ "view": "<key>" }`, like any other: counted, exported, linked.
 */
export interface ViewModel {
  key: string;
  label: string;
  where: string;
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
    views: ViewModel[];
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
