// The generic CRUD layer: list, read, create, update and delete for any generated resource, with its
// child rows, inside transactions, answering in the API's shapes and Russian errors. Every function takes
// the caller's context (context.ts) and applies its rules itself: the role's rows and fields (access.ts),
// and the history row of each change (history.ts), in the transaction of the change.
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { constraints } from '../../../generated/constraints';
import type { DbOrTx } from '../db';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { INT4_MAX } from '../http/route-schemas';
import { assertValid, fieldsError } from '../http/validation';
import { notBeforeMessage, YEARS } from '@shop/schemas';
import { assertBodyInScope, assertInScope, guardFieldWrites, rowScopeOf } from './access';
import { diffRecords, readSecrets, recordHistory } from './history';
import { sameValue } from './same-value';
import type { ChildDef, CrudContext, FieldDef, ListQuery, Registry, ResourceDef, TxContext } from './types';

export const MAX_PAGE = 1000;

const columnsOf = (t: PgTable) => getTableColumns(t) as Record<string, PgColumn>;
const outFields = (fields: FieldDef[]) => fields.filter((f) => !f.private && !f.virtual && !f.writeOnly);

function selection(table: PgTable, fields: FieldDef[]) {
  const cols = columnsOf(table);
  return Object.fromEntries(outFields(fields).map((f) => [f.name, cols[f.name]!]));
}

// ---- filters ---------------------------------------------------------------------------------------

/**
 * "2026-02-30" is not a day: the calendar date of a `YYYY-MM-DD…` text must exist, in the years the API
 * accepts for dates (schemas/rules/bounds.ts).
 */
function realDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= YEARS.first &&
    y <= YEARS.last &&
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === m - 1 &&
    day.getUTCDate() === d
  );
}

function scalarValue(f: FieldDef, v: unknown): unknown {
  const bad = () => badRequest(`Неверное значение фильтра «${f.label}»`);
  switch (f.kind) {
    case 'integer':
    case 'bigint':
    case 'integer[]': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw bad();
      // An int4 column compared with a larger number is a database error, not an empty list.
      if (f.kind !== 'bigint' && Math.abs(n) > INT4_MAX) throw bad();
      return n;
    }
    case 'number': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'boolean':
      if (v === true || v === 'true') return true;
      if (v === false || v === 'false') return false;
      throw bad();
    case 'date-time': {
      // Four-digit years written out: JavaScript reads "+275760-09-13", PostgreSQL does not.
      const d = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? new Date(v) : null;
      if (!d || Number.isNaN(d.getTime()) || !realDate(v as string)) throw bad();
      return d;
    }
    case 'date':
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || !realDate(v)) throw bad();
      return v;
    case 'string':
    case 'string[]':
      if (typeof v !== 'string' && typeof v !== 'number') throw bad();
      return String(v);
    default:
      throw bad();
  }
}

function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The text search `q`: the full-text match or a substring. `asUnion` writes it as the union of two
 * index scans (`id IN (… UNION …)`): for counting and sorting many matches the planner otherwise reads
 * the whole table and computes every row's tsvector (100 000 products: 7 s → 0.7 s), while the plain OR is
 * the fast form for a first page in id order (an index scan that stops after a page).
 */
function textCondition(def: ResourceDef, text: string, asUnion: boolean): SQL {
  const expr = sql.raw(`(${def.search})`);
  const fts = sql`to_tsvector('russian'::regconfig, ${expr}) @@ websearch_to_tsquery('russian'::regconfig, ${text})`;
  const like = sql`${expr} ILIKE ${likePattern(text)}`;
  const id = columnsOf(def.table).id!;
  // A record is also found by its child rows (a product by an offer's article), each a trigram-indexed scan.
  const children = (def.childSearch ?? []).map(
    (c) =>
      sql`SELECT ${sql.identifier(c.parentColumn)} FROM ${sql.identifier(c.table)} WHERE ${sql.identifier(c.column)} ILIKE ${likePattern(text)}`,
  );
  if (!asUnion) {
    const inChildren = children.map((c) => sql` OR ${id} IN (${c})`);
    return sql`(${fts} OR ${like}${sql.join(inChildren)})`;
  }
  const branches = [
    sql`SELECT "id" FROM ${def.table} WHERE ${fts}`,
    sql`SELECT "id" FROM ${def.table} WHERE ${like}`,
    ...children,
  ];
  return sql`${id} IN (${sql.join(branches, sql` UNION `)})`;
}

const compare = { eq, ne, gte, lte } as const;

/** A filter key as the list sends it: "stock_lte" → the field "stock" and its operator. */
function filterKey(key: string): { name: string; op: keyof typeof compare } {
  const m = /^(.+?)(?:_(gte|lte|ne))?$/.exec(key)!;
  return { name: m[1]!, op: (m[2] ?? 'eq') as keyof typeof compare };
}

/**
 * Filters on child rows (x-list.filters "offers.stock", sent as { "offers": { "stock_lte": 3 } }): the
 * records with at least one child row that passes each of them.
 */
function childConditions(def: ResourceDef, child: ChildDef, filter: Record<string, unknown>): SQL[] {
  const cols = columnsOf(child.table);
  return Object.entries(filter)
    .filter(([, raw]) => raw !== undefined && raw !== '')
    .map(([key, raw]) => {
      const { name, op } = filterKey(key);
      const f = child.fields.find((x) => x.name === name);
      if (!f || !def.filters[`${child.property}.${name}`]?.includes(op))
        throw badRequest(
          `Фильтр «${child.property}.${key}» для раздела «${def.label.many}» не поддерживается`,
        );
      if (raw === null || typeof raw === 'object') throw badRequest(`Неверное значение фильтра «${f.label}»`);
      const rows = sql`SELECT ${cols[child.parentKey]!} FROM ${child.table} WHERE ${compare[op](cols[name]!, scalarValue(f, raw))}`;
      return sql`${columnsOf(def.table).id!} IN (${rows})`;
    });
}

function whereOf(def: ResourceDef, filter: Record<string, unknown>, textAsUnion = false): SQL | undefined {
  const cols = columnsOf(def.table);
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const parts: SQL[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0 && key !== 'id')) continue;
    if (key === 'q') {
      if (!def.search) throw badRequest(`Поиск по разделу «${def.label.many}» не поддерживается`);
      if (typeof raw !== 'string') throw badRequest('Текст поиска должен быть строкой');
      const text = raw.trim().slice(0, 200);
      if (!text) continue;
      parts.push(textCondition(def, text, textAsUnion));
      continue;
    }
    if (key === 'id') {
      const ids = (Array.isArray(raw) ? raw : [raw]).map((v) => scalarValue(byName.get('id')!, v) as number);
      parts.push(ids.length ? inArray(cols.id!, ids) : sql`false`);
      continue;
    }
    const child = def.children.find((c) => c.property === key);
    if (child && raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
      parts.push(...childConditions(def, child, raw as Record<string, unknown>));
      continue;
    }
    const { name, op } = filterKey(key);
    const f = byName.get(name);
    if (!f || !def.filters[name]?.includes(op)) {
      throw badRequest(`Фильтр «${key}» для раздела «${def.label.many}» не поддерживается`);
    }
    const col = cols[name]!;
    if (raw === null) {
      parts.push(op === 'ne' ? sql`${col} IS NOT NULL` : sql`${col} IS NULL`);
      continue;
    }
    if (f.kind.endsWith('[]')) {
      const values = (Array.isArray(raw) ? raw : [raw]).map((v) => scalarValue(f, v));
      parts.push(values.length === 1 ? arrayContains(col, values) : arrayOverlaps(col, values));
      continue;
    }
    if (Array.isArray(raw)) {
      if (op !== 'eq' && op !== 'ne') throw badRequest(`Неверное значение фильтра «${f.label}»`);
      const values = raw.map((v) => scalarValue(f, v));
      parts.push(op === 'eq' ? inArray(col, values) : notInArray(col, values));
      continue;
    }
    const v = scalarValue(f, raw);
    parts.push(compare[op](col, v));
  }
  return parts.length ? and(...parts) : undefined;
}

// ---- reading ---------------------------------------------------------------------------------------

async function attachChildren(db: DbOrTx, def: ResourceDef, rows: Record<string, unknown>[]) {
  if (!def.children.length || !rows.length) return rows;
  const ids = rows.map((r) => r.id as number);
  for (const child of def.children) {
    const cols = columnsOf(child.table);
    const parentCol = cols[child.parentKey]!;
    const items = await db
      .select({ ...selection(child.table, child.fields), _parent: parentCol })
      .from(child.table)
      .where(inArray(parentCol, ids))
      .orderBy(asc(parentCol), asc(cols.position!), asc(cols.id!));
    const byParent = new Map<number, Record<string, unknown>[]>();
    for (const { _parent, ...item } of items as (Record<string, unknown> & { _parent: number })[]) {
      const list = byParent.get(_parent) ?? [];
      list.push(item);
      byParent.set(_parent, list);
    }
    for (const r of rows) r[child.property] = byParent.get(r.id as number) ?? [];
  }
  return rows;
}

/** A page of the records the caller's role may see (x-access.rows is added to any filter), with the total. */
export async function listRecords({ db, def, role }: CrudContext, query: ListQuery) {
  const cols = columnsOf(def.table);
  const [sortField, sortOrder] = query.sort ?? [def.defaultSort.field, def.defaultSort.order];
  if (!def.sortable.includes(sortField)) {
    const label = def.labels[sortField];
    throw badRequest(`Сортировка по полю «${label ?? sortField}» не поддерживается`);
  }
  const order = String(sortOrder).toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('Порядок сортировки: ASC или DESC');
  const [start, end] = query.range ?? [0, def.perPage - 1];
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
    throw badRequest('Неверный диапазон записей (range)');
  }
  if (end - start + 1 > MAX_PAGE) throw badRequest(`За один запрос — не больше ${MAX_PAGE} записей`);
  const scoped = Object.entries(rowScopeOf(def, role) ?? {}).map(([field, values]) =>
    inArray(cols[field]!, values),
  );
  const filter = query.filter ?? {};
  const where = and(whereOf(def, filter), ...scoped);
  // Text search: the union form for counting, and for a page unless it is near the start in id order.
  const countWhere = filter.q ? and(whereOf(def, filter, true), ...scoped) : where;
  const pageWhere = filter.q && (sortField !== 'id' || start >= 1000) ? countWhere : where;
  const sortCol = cols[sortField]!;
  const direction = order === 'ASC' ? asc : desc;
  const rows = (await db
    .select(selection(def.table, def.fields))
    .from(def.table)
    .where(pageWhere)
    .orderBy(direction(sortCol), direction(cols.id!))
    .limit(end - start + 1)
    .offset(start)) as Record<string, unknown>[];
  const [{ total }] = (await db.select({ total: count() }).from(def.table).where(countWhere)) as [
    { total: number },
  ];
  await attachChildren(db, def, rows);
  return { rows, total: Number(total), start };
}

/**
 * The counts of the list's tabs (x-list.tabs): how many records the caller's role would see on each tab under
 * the filter, and on «Все». The filter's own conditions on the tab field are left out, since choosing a tab
 * replaces them: every tab counts what the list would show on it. Every value of the field is answered, 0
 * where there are none.
 */
export async function countRecords(
  { db, def, role }: CrudContext,
  field: string,
  filter: ListQuery['filter'],
) {
  const tabs = def.tabs;
  if (!tabs || tabs.field !== field)
    throw badRequest(
      `Раздел «${def.label.many}» не делится на вкладки по полю «${def.labels[field] ?? field}»`,
    );
  const cols = columnsOf(def.table);
  const rest = Object.fromEntries(
    Object.entries(filter ?? {}).filter(([key]) => key.replace(/_(gte|lte|ne)$/, '') !== field),
  );
  const scoped = Object.entries(rowScopeOf(def, role) ?? {}).map(([f, values]) => inArray(cols[f]!, values));
  // The union form of the text search: a count reads every match (see textCondition).
  const where = and(whereOf(def, rest, true), ...scoped);
  const col = cols[field]!;
  const rows = (await db.select({ value: col, n: count() }).from(def.table).where(where).groupBy(col)) as {
    value: string | number | null;
    n: number;
  }[];
  const values: Record<string, number> = Object.fromEntries(tabs.values.map((v) => [String(v), 0]));
  let total = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.value !== null && String(row.value) in values) values[String(row.value)] = Number(row.n);
  }
  return { total, values };
}

/** Records as the API answers them, by id, whoever asks (for the service's own reads); 404 for a missing one. */
async function readRecords(db: DbOrTx, def: ResourceDef, ids: number[]) {
  const cols = columnsOf(def.table);
  const rows = (await db
    .select(selection(def.table, def.fields))
    .from(def.table)
    .where(inArray(cols.id!, ids))) as Record<string, unknown>[];
  await attachChildren(db, def, rows);
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`${def.label.one} №${missing} не найден(а)`);
  return byId;
}

const readRecord = async (db: DbOrTx, def: ResourceDef, id: number) =>
  (await readRecords(db, def, [id])).get(id)!;

/** Records by id, 404 when one is absent or outside the caller's rows. */
async function getRecords({ db, def, role }: CrudContext, ids: number[]) {
  const records = await readRecords(db, def, ids);
  const scope = rowScopeOf(def, role);
  for (const record of records.values()) assertInScope(def, scope, record);
  return records;
}

/**
 * Several records by id as the caller may see them: a record that is absent or outside their rows is left
 * out (the CSV import reads every product of a file at once).
 */
export async function getRecordsSeen({ db, def, role }: CrudContext, ids: number[]) {
  const cols = columnsOf(def.table);
  const rows = ids.length
    ? ((await db
        .select(selection(def.table, def.fields))
        .from(def.table)
        .where(inArray(cols.id!, ids))) as Record<string, unknown>[])
    : [];
  await attachChildren(db, def, rows);
  const scope = rowScopeOf(def, role);
  const seen = new Map<number, Record<string, unknown>>();
  for (const r of rows) {
    try {
      assertInScope(def, scope, r);
      seen.set(r.id as number, r);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  return seen;
}

/** One record, 404 when it is absent or outside the caller's rows. */
export async function getRecord(ctx: CrudContext, id: number) {
  return (await getRecords(ctx, [id])).get(id)!;
}

// ---- writing ---------------------------------------------------------------------------------------

/**
 * Values → column values: timestamps become Dates; virtual fields are dropped. Read-only fields pass here
 * because only hooks can set them: client input lost them in stripReadOnly.
 */
function toColumns(fields: FieldDef[], data: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in data) || f.virtual || f.name === 'id') continue;
    const v = data[f.name];
    out[f.name] = f.kind === 'date-time' && typeof v === 'string' ? new Date(v) : v;
  }
  return out;
}

/** react-admin sends back the whole record on update: read-only fields are ignored, not refused. */
function stripReadOnly(def: ResourceDef, body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Тело запроса должно быть JSON-объектом');
  const out = { ...(body as Record<string, unknown>) };
  for (const f of def.fields) if (f.readOnly || f.private) delete out[f.name];
  for (const c of def.children) if (c.readOnly) delete out[c.property];
  return out;
}

async function checkManyRefs(
  db: DbOrTx,
  registry: Registry,
  fields: FieldDef[],
  data: Record<string, unknown>,
) {
  for (const f of fields) {
    if (!f.ref?.many) continue;
    const ids = data[f.name];
    if (!Array.isArray(ids) || !ids.length) continue;
    const target = registry.get(f.ref.resource)!;
    const found = await db
      .select({ id: columnsOf(target.table).id! })
      .from(target.table)
      .where(inArray(columnsOf(target.table).id!, ids as number[]));
    const missing = (ids as number[]).filter((id) => !found.some((r) => r.id === id));
    if (missing.length) {
      throw badRequest(`«${f.label}»: нет записей с номерами ${missing.join(', ')}`, {
        [f.name]: `Нет записей с номерами ${missing.join(', ')}`,
      });
    }
  }
}

/**
 * The child rows as `items` lists them: rows not listed are deleted, new ones inserted, and a listed row is
 * updated only when a value differs from the stored one (a file or form that sends every offer back
 * rewrites only those it changed).
 */
async function writeChildren(
  tx: DbOrTx,
  child: ChildDef,
  parentId: number,
  items: Record<string, unknown>[],
  registry: Registry,
) {
  const cols = columnsOf(child.table);
  const parentCol = cols[child.parentKey]!;
  const existing = new Map(
    ((await tx.select().from(child.table).where(eq(parentCol, parentId))) as Record<string, unknown>[]).map(
      (r) => [r.id as number, r],
    ),
  );
  const kept = new Set<number>();
  for (const item of items) {
    const id = item.id as number | undefined;
    if (id !== undefined && id !== null) {
      if (!existing.has(id)) throw badRequest(`${child.label.one} №${id} не относится к этой записи`);
      kept.add(id);
    }
  }
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  if (removed.length) await tx.delete(child.table).where(inArray(cols.id!, removed));
  for (const [position, item] of items.entries()) {
    const values: Record<string, unknown> = { ...toColumns(child.fields, item), position };
    const id = item.id as number | undefined | null;
    const stored = id !== undefined && id !== null ? existing.get(id) : undefined;
    if (stored && Object.entries(values).every(([k, v]) => sameValue(v, stored[k]))) continue;
    await checkManyRefs(tx, registry, child.fields, item);
    if (stored) await tx.update(child.table).set(values).where(eq(cols.id!, id!));
    else await tx.insert(child.table).values({ ...values, [child.parentKey]: parentId });
  }
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: unknown;
}
function pgError(e: unknown): PgErrorLike | null {
  let cur: unknown = e;
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const pe = cur as PgErrorLike;
    if (typeof pe.code === 'string' && /^[0-9A-Z]{5}$/.test(pe.code)) return pe;
    cur = pe.cause;
  }
  return null;
}

/** What a refused write broke: the resource, its fields (keys as validation names them) and a check's rule. */
interface Broken {
  resource: string;
  fields: { key: string; label: string }[];
  rule?: string;
}

/**
 * The field behind a constraint. The generated map (server/generated/constraints.ts, written with the
 * migrations) knows every constraint of the schemas by name. A resource it does not know (one a test
 * registers) falls back to the naming rule the migrations follow, `<table>_<column>_key|fkey|check`,
 * matched exactly so that `id` is never taken for the `_id` ending of a reference. A NOT NULL violation
 * names a column, not a constraint.
 */
function brokenBy(registry: Registry, pe: PgErrorLike): Broken | null {
  const known = pe.code !== '23502' && pe.constraint ? constraints[pe.constraint] : undefined;
  if (known)
    return {
      resource: known.resource,
      fields: known.fields.map((f) => ({
        key: known.child ? `${known.child}.${f.name}` : f.name,
        label: f.label,
      })),
      ...(known.rule ? { rule: known.rule } : {}),
    };
  if (!pe.table) return null;
  const owner = registry.byTable(pe.table);
  if (!owner) return null;
  const child = owner.children.find((c) => getTableName(c.table) === pe.table);
  const fields = child ? child.fields : owner.fields;
  let column = pe.code === '23502' ? pe.column : undefined;
  if (pe.code !== '23502' && pe.constraint?.startsWith(`${pe.table}_`))
    column = pe.constraint.slice(pe.table.length + 1).replace(/_(key|fkey|check)$/, '');
  const f = fields.find((x) => x.column === column);
  if (!f) return null;
  return {
    resource: owner.resource,
    fields: [{ key: child ? `${child.property}.${f.name}` : f.name, label: f.label }],
  };
}

/**
 * Database constraint violations → 409/400 naming the field or the referring section in Russian. The
 * answer lists the fields (as validation does) only when they belong to the resource being written; a hook
 * that broke another table's rule gets the message alone.
 */
function translateDbError(registry: Registry, def: ResourceDef, e: unknown, op: 'write' | 'delete'): never {
  const pe = pgError(e);
  if (!pe) throw e;
  // 23503: foreign key violation; 23001: ON DELETE RESTRICT.
  if (op === 'delete' && (pe.code === '23503' || pe.code === '23001')) {
    const referrer = pe.table ? registry.byTable(pe.table) : undefined;
    throw conflict(
      `Нельзя удалить: на эту запись ссылаются ${referrer ? `записи раздела «${referrer.label.many}»` : 'другие данные'}`,
    );
  }
  const broken = brokenBy(registry, pe);
  const labels = broken?.fields.map((f) => `«${f.label}»`).join(', ');
  const fieldsWith = (text: string) =>
    broken && broken.resource === def.resource
      ? Object.fromEntries(broken.fields.map((f) => [f.key, text]))
      : undefined;
  if (pe.code === '23505') {
    if (!broken) throw conflict('Такая запись уже существует');
    const msg =
      broken.fields.length > 1
        ? `Сочетание полей ${labels} уже занято другой записью`
        : `Значение поля ${labels} уже занято другой записью`;
    throw conflict(msg, fieldsWith('Значение уже занято'));
  }
  if (pe.code === '23503' || pe.code === '23001')
    throw badRequest(
      `${labels ?? '«Ссылка»'}: связанная запись не найдена`,
      fieldsWith('Связанная запись не найдена'),
    );
  if (pe.code === '23514') {
    const rule = broken?.rule ?? 'Недопустимое значение';
    const lower = rule.charAt(0).toLowerCase() + rule.slice(1);
    throw badRequest(broken ? `${labels}: ${lower}` : `Недопустимое значение: ${lower}`, fieldsWith(rule));
  }
  if (pe.code === '23502')
    throw badRequest(
      broken ? `${labels}: обязательное поле` : 'Не заполнено обязательное поле',
      fieldsWith('Обязательное поле'),
    );
  throw e;
}

/**
 * The body as the caller's role may write it: restricted fields sent unchanged are dropped, changed ones
 * refused (403); a value that would put the row outside the role's rows is refused too.
 */
export function permittedBody(ctx: CrudContext, body: unknown, existing: Record<string, unknown> | null) {
  const permitted = guardFieldWrites(ctx.def, ctx.role, body, existing);
  assertBodyInScope(ctx.def, rowScopeOf(ctx.def, ctx.role), permitted);
  return permitted;
}

/**
 * x-not-before: an end before its start (a banner that would never show) is refused, on a create from the
 * body and on an update from the stored record with the update over it.
 */
function assertNotBefore(def: ResourceDef, values: Record<string, unknown>) {
  const refused: Record<string, string> = {};
  for (const f of def.fields) {
    const from = f.notBefore ? def.fields.find((x) => x.name === f.notBefore) : undefined;
    if (!from) continue;
    const dated = f.kind === 'date-time' || f.kind === 'date';
    const message = notBeforeMessage(values, {
      field: f.name,
      from: from.name,
      fromLabel: from.label,
      dated,
    });
    if (message) refused[f.name] = message;
  }
  if (Object.keys(refused).length) throw fieldsError(refused, def.labels);
}

/**
 * The write-only key sets (FieldDef.keys) the body sends, over the stored ones: a key sent with a value
 * replaces, a key left out or sent empty is kept (the form never knows the stored secret), null clears it.
 */
function mergedKeys(def: ResourceDef, data: Record<string, unknown>, stored: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const sent = data[f.name];
    if (!f.keys || sent === undefined || sent === null || typeof sent !== 'object') continue;
    const before = stored[f.name];
    const merged: Record<string, unknown> = before && typeof before === 'object' ? { ...before } : {};
    for (const [k, v] of Object.entries(sent as Record<string, unknown>)) {
      if (v === null) delete merged[k];
      else if (typeof v === 'string' && v.trim() !== '') merged[k] = v.trim();
    }
    out[f.name] = merged;
  }
  return out;
}

/** Which secrets (write-only stored fields, and each key of a key set) hold a value, never the values. */
export async function secretsState(ctx: CrudContext, id: number) {
  await getRecord(ctx, id);
  const values = await readSecrets(ctx.db, ctx.def, id);
  const filled = (v: unknown) =>
    v !== null && v !== undefined && v !== '' && !(typeof v === 'object' && !Object.keys(v).length);
  const out: Record<string, boolean | Record<string, boolean>> = {};
  for (const f of ctx.def.fields) {
    if (!f.writeOnly || f.virtual) continue;
    const v = values[f.name];
    out[f.name] = f.keys
      ? Object.fromEntries(f.keys.map((k) => [k, filled((v as Record<string, unknown> | null)?.[k])]))
      : filled(v);
  }
  return out;
}

/** Creates a record and its children, with its history row, in one transaction. */
export async function createRecord(ctx: CrudContext, body: unknown) {
  const { registry, def, actor } = ctx;
  const data = stripReadOnly(def, permittedBody(ctx, body, null));
  assertValid(def.schemas.create, data, def.labels);
  Object.assign(data, mergedKeys(def, data, {}));
  assertNotBefore(def, data);
  try {
    return await ctx.db.transaction(async (tx) => {
      const stored = def.hooks.beforeSave
        ? await def.hooks.beforeSave(data, { tx, existing: null, actor })
        : data;
      await checkManyRefs(tx, registry, def.fields, stored);
      const [row] = (await tx
        .insert(def.table)
        .values(toColumns(def.fields, stored))
        .returning({ id: columnsOf(def.table).id! })) as { id: number }[];
      for (const child of def.children) {
        const items = stored[child.property];
        if (Array.isArray(items))
          await writeChildren(tx, child, row!.id, items as Record<string, unknown>[], registry);
      }
      const created = await readRecord(tx, def, row!.id);
      if (def.hooks.afterSave) await def.hooks.afterSave(created, { tx, existing: null, actor });
      const changes = diffRecords(def, null, created, {}, await readSecrets(tx, def, row!.id));
      await recordHistory(tx, {
        resource: def.resource,
        recordId: row!.id,
        action: 'create',
        actor,
        changes,
      });
      return created;
    });
  } catch (e) {
    translateDbError(registry, def, e, 'write');
  }
}

/**
 * A lost update refused: react-admin sends back the whole record it loaded, `updatedAt` included; when the
 * stored one has moved on since (another staff member saved, an order took stock), saving the form would
 * write back the old values of fields this editor never touched. A caller that sends no `updatedAt` (a
 * script, a partial update) is not checked.
 */
function assertNotStale(def: ResourceDef, existing: Record<string, unknown>, body: unknown) {
  const seen = (body as { updatedAt?: unknown } | null)?.updatedAt;
  const stored = existing.updatedAt;
  if (typeof seen !== 'string' || !(stored instanceof Date)) return;
  if (new Date(seen).getTime() === stored.getTime()) return;
  throw conflict(
    `${def.label.one}: запись изменилась, пока была открыта форма (её сохранил другой сотрудник или изменил ` +
      'заказ). Обновите страницу и внесите свои изменения заново, чтобы не затереть чужие',
  );
}

/** Updates the fields the body names (and the children it lists), with its history row, in one transaction. */
export async function updateRecord(ctx: CrudContext, id: number, body: unknown) {
  const { registry, def, actor } = ctx;
  try {
    return await ctx.db.transaction(async (tx) => {
      const cols = columnsOf(def.table);
      const locked = await tx.select({ id: cols.id! }).from(def.table).where(eq(cols.id!, id)).for('update');
      if (!locked.length) throw notFound(`${def.label.one} №${id} не найден(а)`);
      const existing = await getRecord({ ...ctx, db: tx }, id);
      const data = stripReadOnly(def, permittedBody(ctx, body, existing));
      // After the role's rules: a refused field is refused whatever the form's age.
      assertNotStale(def, existing, body);
      assertValid(def.schemas.patch, data, def.labels);
      assertNotBefore(def, { ...existing, ...data });
      const secretsBefore = await readSecrets(tx, def, id);
      Object.assign(data, mergedKeys(def, data, secretsBefore));
      const stored = def.hooks.beforeSave ? await def.hooks.beforeSave(data, { tx, existing, actor }) : data;
      await checkManyRefs(tx, registry, def.fields, stored);
      const values = toColumns(def.fields, stored);
      if (cols.updatedAt) values.updatedAt = new Date();
      if (Object.keys(values).length) await tx.update(def.table).set(values).where(eq(cols.id!, id));
      for (const child of def.children) {
        const items = stored[child.property];
        if (Array.isArray(items))
          await writeChildren(tx, child, id, items as Record<string, unknown>[], registry);
      }
      const updated = await readRecord(tx, def, id);
      if (def.hooks.afterSave) await def.hooks.afterSave(updated, { tx, existing, actor });
      const changes = diffRecords(def, existing, updated, secretsBefore, await readSecrets(tx, def, id));
      await recordHistory(tx, { resource: def.resource, recordId: id, action: 'update', actor, changes });
      return updated;
    });
  } catch (e) {
    translateDbError(registry, def, e, 'write');
  }
}

/** Deletes a record (its children go with it), with its history row, in one transaction. */
export async function deleteRecord(ctx: CrudContext, id: number) {
  const { registry, def, actor } = ctx;
  try {
    return await ctx.db.transaction(async (tx) => {
      const record = await getRecord({ ...ctx, db: tx }, id);
      if (def.hooks.beforeDelete) await def.hooks.beforeDelete(record, { tx, existing: record, actor });
      await tx.delete(def.table).where(eq(columnsOf(def.table).id!, id));
      const changes = diffRecords(def, record, null);
      await recordHistory(tx, { resource: def.resource, recordId: id, action: 'delete', actor, changes });
      return record;
    });
  } catch (e) {
    translateDbError(registry, def, e, 'delete');
  }
}

/**
 * A change that a hand-written endpoint makes to records of ctx.def with its own SQL (a bulk price change,
 * a move in the category tree, a review's status): the records are read (within the caller's rows) before
 * `write` and after it, and each one that changed gets its history row, as updateRecord writes it. The
 * records must exist: check and lock them first, in the same transaction.
 */
export async function changeRecords<T>(ctx: TxContext, ids: number[], write: () => Promise<T>): Promise<T> {
  const { db, def, actor } = ctx;
  const before = await getRecords(ctx, ids);
  const result = await write();
  const after = await readRecords(db, def, ids);
  await recordHistory(
    db,
    ...ids.map((id) => ({
      resource: def.resource,
      recordId: id,
      action: 'update' as const,
      actor,
      changes: diffRecords(def, before.get(id)!, after.get(id)!),
    })),
  );
  return result;
}

/**
 * The history rows of records a hand-written endpoint inserted with its own SQL (a bonus adjustment, a
 * mailing, a series of coupons), in the transaction of the insert. Answers the records as the API shows them.
 */
export async function recordCreated(
  ctx: TxContext,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const { db, def, actor } = ctx;
  const created = await readRecords(db, def, ids);
  const entries = [];
  for (const id of ids) {
    const changes = diffRecords(def, null, created.get(id)!, {}, await readSecrets(db, def, id));
    entries.push({ resource: def.resource, recordId: id, action: 'create' as const, actor, changes });
  }
  await recordHistory(db, ...entries);
  return created;
}
