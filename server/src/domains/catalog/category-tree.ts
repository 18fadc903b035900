// Moving a category in the two-level tree (drag and drop in the admin): a new parent (or the top level)
// and a place among the new siblings. The siblings are renumbered 0, 1, 2… in one transaction.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { productCategories } from '../../../generated/tables';
import { changeRecords } from '../../platform/crud/service';
import type { Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/http/errors';
import { reindexCategoryProducts } from './search/document';
import type { CrudContext } from '../../platform/crud/types';

export interface CategoryMove {
  /** The new parent, or null for the top level. */
  parentId: number | null;
  /** The place among the new siblings, from 0; past the end means last. */
  position: number;
}

async function siblingsOf(tx: Tx, parentId: number | null, except: number) {
  return tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(
        parentId === null ? isNull(productCategories.parentId) : eq(productCategories.parentId, parentId),
        ne(productCategories.id, except),
      ),
    )
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.title), asc(productCategories.id));
}

async function renumber(tx: Tx, ids: number[], parentId: number | null) {
  for (const [sortOrder, id] of ids.entries()) {
    await tx
      .update(productCategories)
      .set({ sortOrder, parentId, updatedAt: new Date() })
      .where(eq(productCategories.id, id));
  }
}

/** `ctx` is the caller's on categories: every category the move renumbers gets a history entry. */
export async function moveCategory(ctx: CrudContext, id: number, move: CategoryMove) {
  return ctx.db.transaction(async (tx) => {
    // One move at a time: two editors dragging at once must not interleave their renumbering.
    const all = await tx
      .select({
        id: productCategories.id,
        parentId: productCategories.parentId,
        title: productCategories.title,
      })
      .from(productCategories)
      .for('update');
    const moved = all.find((c) => c.id === id);
    if (!moved) throw notFound(`Категория №${id} не найдена`);
    if (move.parentId !== null) {
      if (move.parentId === id) throw badRequest('Категорию нельзя вложить в саму себя');
      const parent = all.find((c) => c.id === move.parentId);
      if (!parent) throw badRequest(`Родительская категория №${move.parentId} не найдена`);
      if (parent.parentId === id)
        throw badRequest(
          `Категорию «${moved.title}» нельзя перенести в её собственную подкатегорию «${parent.title}»`,
        );
      if (parent.parentId !== null)
        throw badRequest(`«${parent.title}» — уже подкатегория: допускается только два уровня категорий`);
      if (all.some((c) => c.parentId === id))
        throw badRequest(
          `У категории «${moved.title}» есть подкатегории: её нельзя вложить в другую категорию, допускается только два уровня`,
        );
    }
    const ids = all.map((c) => c.id);
    return changeRecords({ ...ctx, db: tx }, ids, async () => {
      const oldParentId = moved.parentId;
      const target = (await siblingsOf(tx, move.parentId, id)).map((c) => c.id);
      target.splice(Math.min(move.position, target.length), 0, id);
      await renumber(tx, target, move.parentId);
      if (oldParentId !== move.parentId) {
        await renumber(
          tx,
          (await siblingsOf(tx, oldParentId, id)).map((c) => c.id),
          oldParentId,
        );
        // The search documents hold each product's category path: those of this category are written anew.
        await reindexCategoryProducts(tx, id);
      }
      return { id, parentId: move.parentId, position: target.indexOf(id) };
    });
  });
}
