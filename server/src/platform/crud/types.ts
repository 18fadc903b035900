// The types the CRUD layer shares: what the generated registration (server/generated/resources.ts) tells it
// about a resource, and who acts on one (the caller's context).
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EntityInputTypes, EntityPatchTypes, EntityTypes, ResourceName } from '@shop/schemas';
import type { DbOrTx, Tx } from '../db';

export type Role = 'admin' | 'manager' | 'content';
/** The generic CRUD actions, and `service`: changing a history record through its own service endpoints. */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'service';
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

export interface FieldDef {
  name: string;
  column: string;
  kind: FieldKind;
  label: string;
  nullable: boolean;
  readOnly: boolean;
  private: boolean;
  virtual: boolean;
  writeOnly: boolean;
  ref?: { resource: string; many: boolean };
  /** Property-level x-access.write: only these roles may set or change the field. */
  writeRoles?: Role[];
  /** x-not-before: the sibling field this one may not be below (an end date and its start). */
  notBefore?: string;
  /**
   * A stored write-only object with properties (a payment service's keys): its keys. An update sets the keys
   * it sends, keeps those it leaves out or sends empty, and clears those it sends as null.
   */
  keys?: string[];
}

export interface ChildDef {
  property: string;
  table: PgTable;
  /** Drizzle key of the column pointing at the parent row. */
  parentKey: string;
  label: { one: string; many: string };
  fields: FieldDef[];
  /** The rows are the server's (an order's lines): create and update leave them alone. */
  readOnly?: boolean;
}

/** What a hook is given beside its record; `Stored` is the resource's record as the API answers it. */
export interface HookContext<Stored = Record<string, unknown>> {
  /** The write's own transaction. */
  tx: Tx;
  /** The stored record when updating, null when creating. */
  existing: Stored | null;
  /** Who writes (the signed-in staff member through the admin API); null for scripts and the seed. */
  actor: Actor | null;
}

/**
 * The values a beforeSave hook answers: the input's fields (their types kept), changed or dropped, and
 * columns only the server sets (a password's hash, a computed number).
 */
export type SavedValues<Input> = { [K in keyof Input]?: Input[K] } & { [column: string]: unknown };

/**
 * Runs inside the write transaction after validation, before the row is written. Gets the validated input
 * (virtual fields included: a create's `Input` or an update's patch) and answers the values to store (e.g. a
 * password becomes its hash).
 */
export type BeforeSave<Input, Stored> = (
  data: Input,
  ctx: HookContext<Stored>,
) => Promise<Input | SavedValues<Input>> | Input | SavedValues<Input>;

/**
 * The batch form of beforeSave, for a resource whose hook reads other tables (a product's search document
 * reads its categories, brand and characteristics): given every record of one write at once (one for a form's
 * save, a whole batch for an import through writeRecords), it answers each one's values, in order. A resource
 * has one or the other.
 */
export type BeforeSaveMany<Input, Stored> = (
  items: { data: Input; existing: Stored | null }[],
  ctx: { tx: Tx; actor: Actor | null },
) => Promise<(Input | SavedValues<Input>)[]>;

/**
 * Runs inside the same transaction once the row and its children are written, with the record as now
 * stored (and `existing` as it was): for work that depends on the saved state, such as rewriting the
 * search documents of the products a renamed or moved category holds. Throwing undoes the whole write.
 */
export type AfterSave<Stored> = (record: Stored, ctx: HookContext<Stored>) => Promise<void> | void;

/**
 * Runs inside the delete's transaction before the row goes, with the record (also as `existing`): for
 * rules about who may delete which row that x-access cannot say. Throwing keeps the row.
 */
export type BeforeDelete<Stored> = (record: Stored, ctx: HookContext<Stored>) => Promise<void> | void;

/**
 * The hooks of one resource, typed by its generated types (@shop/schemas): what a hook named by `x-hooks`
 * must be. The generated registration checks each hook against it (server/generated/resources.ts).
 */
export interface EntityHooks<R extends ResourceName> {
  beforeSave: BeforeSave<EntityInputTypes[R] | EntityPatchTypes[R], EntityTypes[R]>;
  beforeSaveMany: BeforeSaveMany<EntityInputTypes[R] | EntityPatchTypes[R], EntityTypes[R]>;
  afterSave: AfterSave<EntityTypes[R]>;
  beforeDelete: BeforeDelete<EntityTypes[R]>;
}

/** The hooks as the CRUD service calls them, for any resource. */
export interface ResourceHooks {
  beforeSave?: BeforeSave<Record<string, unknown>, Record<string, unknown>>;
  beforeSaveMany?: BeforeSaveMany<Record<string, unknown>, Record<string, unknown>>;
  afterSave?: AfterSave<Record<string, unknown>>;
  beforeDelete?: BeforeDelete<Record<string, unknown>>;
}

/**
 * x-list.views: the condition of a named selection of a list (orders the shop may ship now), SQL on the
 * resource's own table, written once in its domain; the list's filter `{ "view": "<key>" }` applies it.
 */
export type ListView = () => SQL;

export interface ResourceDef {
  resource: string;
  typeName: string;
  label: { one: string; many: string };
  /** False for internal tables (sessions...): no admin endpoints. */
  admin: boolean;
  /**
   * x-entity.storefront: false when no storefront page shows its rows to a guest (orders, sessions…); a
   * change to any other table, or its child tables, makes the cached guest pages stale (web/public-data.ts).
   */
  storefront?: boolean;
  table: PgTable;
  tableName: string;
  /**
   * It or its child tables keep a secret (a private field other than a search document, or a write-only
   * one: a password's hash, a token, a key): a failed statement on it is logged without its values.
   */
  holdsSecrets?: true;
  fields: FieldDef[];
  children: ChildDef[];
  /** SQL text searched by `q`, the same text the migration indexes; null when not searchable. */
  search: string | null;
  /** Child rows `q` also finds a record by, as a substring (x-list.search "offers.article"). */
  childSearch?: { table: string; parentColumn: string; column: string }[];
  filters: Record<string, ('eq' | 'gte' | 'lte' | 'ne')[]>;
  sortable: string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  perPage: number;
  /**
   * x-list.tabs: the enum field the list is split by, with its values; GET /<resource>/counts counts the
   * records of each value. Null (or left out by a resource a test registers) without tabs.
   */
  tabs?: { field: string; values: (string | number)[] } | null;
  /** x-list.views by key (left out by a resource a test registers: none). */
  views?: Record<string, { label: string; where: ListView }>;
  access: Record<Action, Role[]>;
  /** x-access.rows: per role, field → the values a row must hold for the role to see or touch it. */
  rowScopes: Partial<Record<Role, Record<string, (string | number | boolean)[]>>>;
  /** Russian labels by field name (child fields as `children.field`). */
  labels: Record<string, string>;
  /** What the create (POST) and update (PUT) bodies are validated against. */
  /** What the API answers, what a create and an update accept (codegen/src/derive.ts). */
  schemas: { read: object; create: object; patch: object };
  hooks: ResourceHooks;
}

/** Who made a change: the user's id and "Имя <email>", kept as text so the entry outlives the account. */
export interface Actor {
  id: number | null;
  name: string | null;
  /** The staff member's role, for hooks whose rules depend on it (account templates: admin only). */
  role?: string | null;
  /** The session the change came through (a password changed by its own owner keeps that one). */
  sessionId?: number | null;
}

export interface ListQuery {
  sort?: [string, string];
  range?: [number, number];
  filter?: Record<string, unknown>;
}

export interface Registry {
  get(resource: string): ResourceDef | undefined;
  /** The resource owning a table (children's tables name their parent). */
  byTable(table: string): ResourceDef | undefined;
}

export type RowScope = Record<string, (string | number | boolean)[]>;

/** The rights of the shop's own jobs (seed, scripts, tests' set-up): every row and every field. */
export const SYSTEM = 'system';

export interface CrudContext {
  db: DbOrTx;
  registry: Registry;
  def: ResourceDef;
  /** Whose rights apply: a signed-in user's role, or SYSTEM. */
  role: string;
  /** Who the history names (and the hooks see); null for the shop's own jobs. */
  actor: Actor | null;
}

/** A context inside the caller's transaction: what hand-written writers pass, so the history commits with them. */
export type TxContext = CrudContext & { db: Tx };
