// The child rows of a record (a product's offers): read with their records, one query per child table for a
// whole page, and written as the body lists them, in the transaction of the record's write.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { badRequest } from '../../http/errors';
import { sameValue } from '../same-value';
import type { ChildDef, Registry, ResourceDef } from '../types';
import { columnsOf, selection, toColumns } from './columns';
import { checkManyRefs } from './many-refs';

export async function attachChildren(db: DbOrTx, def: ResourceDef, rows: Record<string, unknown>[]) {
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

/**
 * The child rows of each parent as its `items` list them: rows not listed are deleted, new ones inserted,
 * and a listed row is updated only when a value differs from the stored one (a file or form that sends every
 * offer back rewrites only those it changed). One read, one delete and one insert for all the parents; an
 * update per changed row.
 */
export async function writeChildren(
  tx: DbOrTx,
  child: ChildDef,
  writes: { parentId: number; items: Record<string, unknown>[] }[],
  registry: Registry,
) {
  if (!writes.length) return;
  const cols = columnsOf(child.table);
  const parentCol = cols[child.parentKey]!;
  const stored = (await tx
    .select()
    .from(child.table)
    .where(
      inArray(
        parentCol,
        writes.map((w) => w.parentId),
      ),
    )) as Record<string, unknown>[];
  const removed: number[] = [];
  const inserted: Record<string, unknown>[] = [];
  const updated: { id: number; values: Record<string, unknown> }[] = [];
  const checked: Record<string, unknown>[] = [];
  for (const { parentId, items } of writes) {
    const existing = new Map(
      stored.filter((r) => r[child.parentKey] === parentId).map((r) => [r.id as number, r]),
    );
    const kept = new Set<number>();
    for (const item of items) {
      const id = item.id as number | undefined;
      if (id !== undefined && id !== null) {
        if (!existing.has(id)) throw badRequest(`${child.label.one} №${id} не относится к этой записи`);
        kept.add(id);
      }
    }
    removed.push(...[...existing.keys()].filter((id) => !kept.has(id)));
    for (const [position, item] of items.entries()) {
      const values: Record<string, unknown> = { ...toColumns(child.fields, item), position };
      const id = item.id as number | undefined | null;
      const before = id !== undefined && id !== null ? existing.get(id) : undefined;
      if (before && Object.entries(values).every(([k, v]) => sameValue(v, before[k]))) continue;
      checked.push(item);
      if (before) updated.push({ id: id!, values });
      else inserted.push({ ...values, [child.parentKey]: parentId });
    }
  }
  await checkManyRefs(tx, registry, child.fields, checked);
  // Deleted first: a new row may take the article (a unique value) of a row it replaces.
  if (removed.length) await tx.delete(child.table).where(inArray(cols.id!, removed));
  for (const { id, values } of updated) await tx.update(child.table).set(values).where(eq(cols.id!, id));
  if (inserted.length) await tx.insert(child.table).values(inserted);
}
