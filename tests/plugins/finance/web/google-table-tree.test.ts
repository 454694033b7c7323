import { describe, expect, it } from 'vitest';
import {
  branchHeight,
  buildTree,
  childrenOf,
  levelOf,
  moveByKey,
  moveTable,
  placements,
  treeDepth,
  type GoogleTable,
} from '@plugins/finance/web/google-tables/tree';
import { parseTablesAnswer } from '@plugins/finance/web/google-tables/google-tables-store';

const table = (id: number, parent_id: number | null, position: number): GoogleTable => ({
  id,
  name_en: `Table ${id}`,
  name_ru: `Таблица ${id}`,
  spreadsheet_id: `sheet-${id}`,
  parent_id,
  position,
});

// 1 ─ 2 ─ 4
//   └ 3
// 5
// 6 ─ 7
const FLAT = [
  table(4, 2, 0),
  table(3, 1, 1),
  table(7, 6, 0),
  table(2, 1, 0),
  table(6, null, 2),
  table(5, null, 1),
  table(1, null, 0),
];

describe('the spreadsheet-table tree', () => {
  it('is built from the flat list, siblings in position order', () => {
    const tree = buildTree(FLAT);
    expect(childrenOf(tree, null)).toEqual([1, 5, 6]);
    expect(childrenOf(tree, 1)).toEqual([2, 3]);
    expect(childrenOf(tree, 2)).toEqual([4]);
    expect(childrenOf(tree, 6)).toEqual([7]);
    expect(levelOf(tree, 4)).toBe(3);
    expect(branchHeight(tree, 1)).toBe(3);
    expect(treeDepth(tree)).toBe(3);
  });

  it('keeps tables whose parent is missing or that form a cycle, on the top level', () => {
    const tree = buildTree([table(1, 99, 0), table(2, 3, 0), table(3, 2, 0), table(4, 4, 1)]);
    expect(new Set(placements(tree).map((place) => place.id))).toEqual(new Set([1, 2, 3, 4]));
    expect(childrenOf(tree, null)).toContain(1);
    expect(childrenOf(tree, null)).toContain(4);
  });

  it('moves a branch inside another table and renumbers positions from 0', () => {
    const moved = moveTable(buildTree(FLAT), 7, 5, 'inside', 3);
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(placements(moved.tree)).toEqual([
      { id: 1, parent_id: null, position: 0 },
      { id: 2, parent_id: 1, position: 0 },
      { id: 4, parent_id: 2, position: 0 },
      { id: 3, parent_id: 1, position: 1 },
      { id: 5, parent_id: null, position: 1 },
      { id: 7, parent_id: 5, position: 0 },
      { id: 6, parent_id: null, position: 2 },
    ]);
  });

  it('reorders before and after a sibling', () => {
    const before = moveTable(buildTree(FLAT), 6, 1, 'before', 3);
    expect(before.ok && childrenOf(before.tree, null)).toEqual([6, 1, 5]);
    const after = moveTable(buildTree(FLAT), 2, 3, 'after', 3);
    expect(after.ok && childrenOf(after.tree, 1)).toEqual([3, 2]);
  });

  it('refuses a move that would put a table below the maximum nesting level', () => {
    const tree = buildTree(FLAT);
    // 6 has a child: inside 2 (level 2) it would reach level 4.
    expect(moveTable(tree, 6, 2, 'inside', 3)).toEqual({ ok: false, reason: 'nesting' });
    // 5 alone inside 4 (level 3) would be on level 4.
    expect(moveTable(tree, 5, 4, 'inside', 3)).toEqual({ ok: false, reason: 'nesting' });
    // Without a limit both are fine.
    expect(moveTable(tree, 6, 2, 'inside', null).ok).toBe(true);
    // Beside 4 (level 3), 5 stays on level 3: allowed.
    expect(moveTable(tree, 5, 4, 'after', 3).ok).toBe(true);
  });

  it('refuses moving a table into itself or its own branch, and moves that change nothing', () => {
    const tree = buildTree(FLAT);
    expect(moveTable(tree, 1, 1, 'inside', null)).toEqual({ ok: false, reason: 'self' });
    expect(moveTable(tree, 1, 4, 'inside', null)).toEqual({ ok: false, reason: 'descendant' });
    expect(moveTable(tree, 2, 3, 'before', null)).toEqual({ ok: false, reason: 'noop' });
  });

  it('moves with the keyboard: up, down, into the table above, out of the parent', () => {
    const tree = buildTree(FLAT);
    const up = moveByKey(tree, 5, 'up', 3);
    expect(up.ok && childrenOf(up.tree, null)).toEqual([5, 1, 6]);
    const down = moveByKey(tree, 2, 'down', 3);
    expect(down.ok && childrenOf(down.tree, 1)).toEqual([3, 2]);
    const indent = moveByKey(tree, 5, 'indent', 3);
    expect(indent.ok && childrenOf(indent.tree, 1)).toEqual([2, 3, 5]);
    const outdent = moveByKey(tree, 4, 'outdent', 3);
    expect(outdent.ok && childrenOf(outdent.tree, 1)).toEqual([2, 4, 3]);
    expect(moveByKey(tree, 1, 'up', 3)).toEqual({ ok: false, reason: 'noop' });
    expect(moveByKey(tree, 1, 'outdent', 3)).toEqual({ ok: false, reason: 'noop' });
    // 6 (with its child 7) into 5 would reach level 3 where 2 are allowed.
    expect(moveByKey(buildTree(FLAT), 6, 'indent', 2)).toEqual({ ok: false, reason: 'nesting' });
  });

  it('reads the list and the limit from GET google-tables', () => {
    const answer = parseTablesAnswer({
      data: { data: [{ ...table(1, null, 0), id: '1', position: '0' }], max_nesting_level: 4 },
    });
    expect(answer.tables).toEqual([table(1, null, 0)]);
    expect(answer.maxNestingLevel).toBe(4);
    expect(parseTablesAnswer({ data: { data: [] } }).maxNestingLevel).toBeNull();
  });
});
