import { describe, expect, it } from 'vitest';
import {
  buildTree,
  currentPlace,
  dropMove,
  keyMove,
  type CategoryNode,
  type CategoryRow,
  type Move,
} from './tree';

const row = (id: number, parentId: number | null, sortOrder: number): CategoryRow => ({
  id,
  parentId,
  sortOrder,
  title: `К${id}`,
  slug: `k${id}`,
  active: true,
});
// 1 [3, 4], 2 [], 5 []
const tree = buildTree([row(4, 1, 1), row(2, null, 1), row(3, 1, 0), row(1, null, 0), row(5, null, 2)]);

describe('the category tree of the admin', () => {
  it('puts subcategories under their parents, both in order', () => {
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      [1, [3, 4]],
      [2, []],
      [5, []],
    ]);
  });

  it('turns a drop into the server move: before, after, into', () => {
    expect(dropMove(tree, 5, 1, 'before')).toEqual({ id: 5, parentId: null, position: 0 });
    expect(dropMove(tree, 1, 2, 'after')).toEqual({ id: 1, parentId: null, position: 1 });
    expect(dropMove(tree, 5, 1, 'into')).toEqual({ id: 5, parentId: 1, position: 2 });
    expect(dropMove(tree, 3, 4, 'after')).toEqual({ id: 3, parentId: 1, position: 1 });
    expect(dropMove(tree, 2, 4, 'before')).toEqual({ id: 2, parentId: 1, position: 1 });
    expect(dropMove(tree, 3, 3, 'into')).toBeNull();
  });

  it('moves with the keyboard buttons, and not past the ends', () => {
    expect(keyMove(tree, 2, 'up')).toEqual({ id: 2, parentId: null, position: 0 });
    expect(keyMove(tree, 1, 'up')).toBeNull();
    expect(keyMove(tree, 4, 'down')).toBeNull();
    expect(keyMove(tree, 2, 'indent')).toEqual({ id: 2, parentId: 1, position: 2 });
    expect(keyMove(tree, 3, 'indent')).toBeNull();
    expect(keyMove(tree, 4, 'outdent')).toEqual({ id: 4, parentId: null, position: 1 });
  });

  it('puts a moved category back where it stood (the undo of a move)', () => {
    // The server's move, as POST /move does it: out of its siblings, into the new ones at the position.
    const apply = (t: CategoryNode[], m: Move): CategoryNode[] => {
      const rows: CategoryRow[] = t.flatMap((n) => [
        { ...n, children: undefined } as CategoryRow,
        ...n.children,
      ]);
      const moved = rows.find((r) => r.id === m.id)!;
      const siblings = rows
        .filter((r) => r.parentId === m.parentId && r.id !== m.id)
        .sort((a, b) => a.sortOrder - b.sortOrder);
      siblings.splice(m.position, 0, { ...moved, parentId: m.parentId });
      const placed = new Map(siblings.map((r, i) => [r.id, { ...r, sortOrder: i }]));
      return buildTree(rows.map((r) => placed.get(r.id) ?? r));
    };
    const shape = (t: CategoryNode[]) => t.map((n) => [n.id, n.children.map((c) => c.id)]);
    for (const [id, move] of [
      [2, dropMove(tree, 2, 4, 'before')],
      [5, dropMove(tree, 5, 1, 'before')],
      [4, keyMove(tree, 4, 'outdent')],
    ] as const) {
      const back = currentPlace(tree, id)!;
      const moved = apply(tree, move!);
      expect(shape(moved)).not.toEqual(shape(tree));
      expect(shape(apply(moved, back))).toEqual(shape(tree));
    }
  });
});
