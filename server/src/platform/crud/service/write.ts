// Writing: create, update and delete, each in one transaction with the resource's hooks, the caller's rows
// and fields (access.ts) and its history row (history.ts); and the history of the changes hand-written
// endpoints make with their own SQL (changeRecords, recordCreated).
import { eq, inArray } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../http/errors';
import { assertValid, fieldsError } from '../../http/validation';
import { notBeforeMessage } from '@shop/schemas';
import { assertBodyInScope, guardFieldWrites, rowScopeOf } from '../access';
import { diffRecords, readSecrets, recordHistory } from '../history';
import type { Tx } from '../../db';
import type { Actor, CrudContext, ResourceDef, TxContext } from '../types';
import { writeChildren } from './children';
import { columnsOf, toColumns } from './columns';
import { translateDbError } from './db-errors';
import { checkManyRefs } from './many-refs';
import { getRecord, getRecords, readRecords } from './read';

/** react-admin sends back the whole record on update: read-only fields are ignored, not refused. */
function stripReadOnly(def: ResourceDef, body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Тело запроса должно быть JSON-объектом');
  const out = { ...(body as Record<string, unknown>) };
  for (const f of def.fields) if (f.readOnly || f.private) delete out[f.name];
  for (const c of def.children) if (c.readOnly) delete out[c.property];
  return out;
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

/** What the resource's hook makes of the validated bodies: its batch form once, or its one-record form each. */
async function valuesToStore(
  def: ResourceDef,
  prepared: { data: Record<string, unknown>; existing: Record<string, unknown> | null }[],
  ctx: { tx: Tx; actor: Actor | null },
): Promise<Record<string, unknown>[]> {
  const { beforeSave, beforeSaveMany } = def.hooks;
  if (beforeSaveMany) return beforeSaveMany(prepared, ctx);
  const out = [];
  for (const p of prepared)
    out.push(beforeSave ? await beforeSave(p.data, { ...ctx, existing: p.existing }) : p.data);
  return out;
}

/** One record of a write: a new one (id null) or the fields of a stored one that its body names. */
export interface RecordWrite {
  id: number | null;
  body: unknown;
}

/**
 * Writes records, new and stored, with their children and history rows, in one transaction: the one way the
 * service writes (createRecord and updateRecord are writes of one). Each body goes through the caller's rows
 * and fields, the schema and the resource's hooks as a form's save does; what can be done for all the records
 * at once is (the locks, the stored records, a beforeSaveMany hook, the many-references, the children, the
 * history), so an import of a thousand products costs a few statements per product, not dozens. Any refusal
 * undoes the whole write. Answers the records as now stored, in the order given.
 */
export async function writeRecords(ctx: CrudContext, writes: RecordWrite[]) {
  const { registry, def, actor } = ctx;
  if (!writes.length) return [];
  try {
    return await ctx.db.transaction(async (tx) => {
      const cols = columnsOf(def.table);
      const ids = writes.map((w) => w.id).filter((id): id is number => id !== null);
      const locked = ids.length
        ? new Set(
            (
              await tx
                .select({ id: cols.id! })
                .from(def.table)
                .where(inArray(cols.id!, [...new Set(ids)]))
                .for('update')
            ).map((r) => r.id as number),
          )
        : new Set<number>();
      const absent = ids.find((id) => !locked.has(id));
      if (absent !== undefined) throw notFound(`${def.label.one} №${absent} не найден(а)`);
      const stored = ids.length
        ? await getRecords({ ...ctx, db: tx }, ids)
        : new Map<number, Record<string, unknown>>();
      const prepared = [];
      for (const w of writes) {
        const existing = w.id === null ? null : stored.get(w.id)!;
        const data = stripReadOnly(def, permittedBody(ctx, w.body, existing));
        // After the role's rules: a refused field is refused whatever the form's age.
        if (existing) assertNotStale(def, existing, w.body);
        assertValid(existing ? def.schemas.patch : def.schemas.create, data, def.labels);
        assertNotBefore(def, existing ? { ...existing, ...data } : data);
        const secretsBefore = w.id === null ? {} : await readSecrets(tx, def, w.id);
        Object.assign(data, mergedKeys(def, data, secretsBefore));
        prepared.push({ id: w.id, data, existing, secretsBefore });
      }
      const values = await valuesToStore(def, prepared, { tx, actor });
      await checkManyRefs(tx, registry, def.fields, values);
      const written: number[] = [];
      for (const [i, p] of prepared.entries()) {
        const row = toColumns(def.fields, values[i]!);
        if (p.id === null) {
          const [created] = (await tx.insert(def.table).values(row).returning({ id: cols.id! })) as {
            id: number;
          }[];
          written.push(created!.id);
          continue;
        }
        if (cols.updatedAt) row.updatedAt = new Date();
        if (Object.keys(row).length) await tx.update(def.table).set(row).where(eq(cols.id!, p.id));
        written.push(p.id);
      }
      for (const child of def.children) {
        const lists = values.flatMap((v, i) => {
          const items = v[child.property];
          return Array.isArray(items)
            ? [{ parentId: written[i]!, items: items as Record<string, unknown>[] }]
            : [];
        });
        await writeChildren(tx, child, lists, registry);
      }
      const now = await readRecords(tx, def, [...new Set(written)]);
      const entries = [];
      for (const [i, p] of prepared.entries()) {
        const record = now.get(written[i]!)!;
        if (def.hooks.afterSave) await def.hooks.afterSave(record, { tx, existing: p.existing, actor });
        const secretsAfter = await readSecrets(tx, def, written[i]!);
        entries.push({
          resource: def.resource,
          recordId: written[i]!,
          action: p.existing ? ('update' as const) : ('create' as const),
          actor,
          changes: diffRecords(def, p.existing, record, p.secretsBefore, secretsAfter),
        });
      }
      await recordHistory(tx, ...entries);
      return written.map((id) => now.get(id)!);
    });
  } catch (e) {
    translateDbError(registry, def, e, 'write');
  }
}

/** Creates a record and its children, with its history row, in one transaction. */
export async function createRecord(ctx: CrudContext, body: unknown) {
  return (await writeRecords(ctx, [{ id: null, body }]))[0]!;
}

/** Updates the fields the body names (and the children it lists), with its history row, in one transaction. */
export async function updateRecord(ctx: CrudContext, id: number, body: unknown) {
  return (await writeRecords(ctx, [{ id, body }]))[0]!;
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
