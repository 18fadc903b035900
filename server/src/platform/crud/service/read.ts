// Reading: a list page, the counts of its tabs, records by id and which secrets are filled, always within
// the caller's rows (access.ts). readRecords and getRecords also serve the writes (write.ts).
import { and, asc, count, desc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { assertInScope, rowScopeOf } from '../access';
import { readSecrets } from '../history';
import type { CrudContext, ListQuery, ResourceDef } from '../types';
import { attachChildren } from './children';
import { columnsOf, selection } from './columns';
import { whereOf } from './filters';

export const MAX_PAGE = 1000;

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
 * the filter, and on «Все». The filter's equality on the tab field is left out, since choosing a tab replaces
 * it; its other conditions stay («Статус: кроме Отменён» keeps canceled orders out of «Все» and leaves
 * «Отменён» empty), as they stay in the list: every tab counts what the list would show on it. Every value of
 * the field is answered, 0 where there are none.
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
  const rest = Object.fromEntries(Object.entries(filter ?? {}).filter(([key]) => key !== field));
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

/**
 * How many records the caller's role would see in the list under `filter`, and the sum of a number field
 * over them (the desktop's revenue of a day: the orders list's totals): the list's own conditions and row
 * scope, so a figure and the list it links to always agree.
 */
export async function sumRecords({ db, def, role }: CrudContext, filter: ListQuery['filter'], field: string) {
  const cols = columnsOf(def.table);
  const f = def.fields.find((x) => x.name === field);
  if (!f || !['integer', 'bigint', 'number'].includes(f.kind))
    throw new Error(`${def.resource}.${field} is not a number field to sum`);
  const scoped = Object.entries(rowScopeOf(def, role) ?? {}).map(([k, values]) => inArray(cols[k]!, values));
  const where = and(whereOf(def, filter ?? {}, true), ...scoped);
  const [row] = (await db
    .select({ n: count(), sum: sql<string | number | null>`sum(${cols[field]!})` })
    .from(def.table)
    .where(where)) as [{ n: number; sum: string | number | null }];
  return { count: Number(row.n), sum: Number(row.sum ?? 0) };
}

/** Records as the API answers them, by id, whoever asks (for the service's own reads); 404 for a missing one. */
export async function readRecords(db: DbOrTx, def: ResourceDef, ids: number[]) {
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

export const readRecord = async (db: DbOrTx, def: ResourceDef, id: number) =>
  (await readRecords(db, def, [id])).get(id)!;

/** Records by id, 404 when one is absent or outside the caller's rows. */
export async function getRecords({ db, def, role }: CrudContext, ids: number[]) {
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
