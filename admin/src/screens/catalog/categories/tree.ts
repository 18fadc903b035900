// The two-level category tree of the admin and the moves the editor can make in it, as the server's
// POST /api/admin/product-categories/:id/move expects them: a new parent and a place among its children.
import type { ProductCategory } from '@shop/schemas/generated/types';

export type CategoryRow = Pick<
  ProductCategory,
  'id' | 'title' | 'slug' | 'parentId' | 'sortOrder' | 'active'
>;
export interface CategoryNode extends CategoryRow {
  children: CategoryRow[];
}

const byOrder = (a: CategoryRow, b: CategoryRow) =>
  a.sortOrder - b.sortOrder || a.title.localeCompare(b.title, 'ru') || a.id - b.id;

/** Top-level categories with their subcategories, both in the shop's order. */
export function buildTree(rows: CategoryRow[]): CategoryNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const roots = rows.filter((r) => r.parentId === null || !ids.has(r.parentId)).sort(byOrder);
  return roots.map((r) => ({
    ...r,
    children: rows.filter((c) => c.parentId === r.id).sort(byOrder),
  }));
}

export interface Move {
  id: number;
  parentId: number | null;
  position: number;
}

/** Where a dragged category lands relative to the row it is dropped on. */
export type DropPlace = 'before' | 'after' | 'into';

function locate(tree: CategoryNode[], id: number) {
  const rootIndex = tree.findIndex((n) => n.id === id);
  if (rootIndex >= 0) return { parentId: null, siblings: tree as CategoryRow[], index: rootIndex };
  for (const n of tree) {
    const index = n.children.findIndex((c) => c.id === id);
    if (index >= 0) return { parentId: n.id, siblings: n.children, index };
  }
  return null;
}

/** The move a drop makes, or null when it changes nothing or is not possible in two levels. */
export function dropMove(
  tree: CategoryNode[],
  dragged: number,
  target: number,
  place: DropPlace,
): Move | null {
  if (dragged === target) return null;
  const to = locate(tree, target);
  if (!to) return null;
  if (place === 'into') {
    const node = tree.find((n) => n.id === target);
    if (!node) return null;
    return { id: dragged, parentId: target, position: node.children.filter((c) => c.id !== dragged).length };
  }
  const others = to.siblings.filter((s) => s.id !== dragged);
  const index = others.findIndex((s) => s.id === target);
  return { id: dragged, parentId: to.parentId, position: place === 'before' ? index : index + 1 };
}

/** The move that puts a category back where it stands now: what «Отменить» sends after a move. */
export function currentPlace(tree: CategoryNode[], id: number): Move | null {
  const at = locate(tree, id);
  return at ? { id, parentId: at.parentId, position: at.index } : null;
}

export type KeyMove = 'up' | 'down' | 'indent' | 'outdent';

/** The move of a keyboard button, or null when the button does nothing here. */
export function keyMove(tree: CategoryNode[], id: number, key: KeyMove): Move | null {
  const at = locate(tree, id);
  if (!at) return null;
  switch (key) {
    case 'up':
      return at.index > 0 ? { id, parentId: at.parentId, position: at.index - 1 } : null;
    case 'down':
      return at.index < at.siblings.length - 1 ? { id, parentId: at.parentId, position: at.index + 1 } : null;
    case 'indent': {
      if (at.parentId !== null || at.index === 0) return null;
      const parent = tree[at.index - 1]!;
      return { id, parentId: parent.id, position: parent.children.length };
    }
    case 'outdent': {
      if (at.parentId === null) return null;
      const parentIndex = tree.findIndex((n) => n.id === at.parentId);
      return { id, parentId: null, position: parentIndex + 1 };
    }
  }
}
