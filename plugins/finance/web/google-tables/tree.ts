import { isRecord } from '../finance-result';

/**
 * The spreadsheet-table tree (nested, with a maximum nesting level) as pure data:
 * built from the flat list the server sends (`parent_id`, `position`), changed by moves, and
 * written back as the flat arrangement `POST google-tables/update-tree` takes.
 *
 * Levels count from 1: a top-level table is on level 1, its children on level 2. A move is refused
 * when the deepest table of the moved branch would land below `maxLevel`.
 */

export interface GoogleTable {
  readonly id: number;
  readonly name_en: string;
  readonly name_ru: string;
  readonly spreadsheet_id: string;
  readonly parent_id: number | null;
  readonly position: number;
}

export function toId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

/** One table from the server, tolerating ids and positions sent as strings. */
export function parseGoogleTable(raw: unknown): GoogleTable | null {
  if (!isRecord(raw)) return null;
  const id = toId(raw.id);
  if (id === null) return null;
  return {
    id,
    name_en: text(raw.name_en),
    name_ru: text(raw.name_ru),
    spreadsheet_id: text(raw.spreadsheet_id),
    parent_id: toId(raw.parent_id),
    position: toId(raw.position) ?? 0,
  };
}

/** One node's place, as `update-tree` receives the whole tree. */
export interface TreePlacement {
  readonly id: number;
  readonly parent_id: number | null;
  readonly position: number;
}

export type ParentKey = number | null;

export interface TableTree {
  readonly tables: ReadonlyMap<number, GoogleTable>;
  /** Children ids in order, by parent (null: the top level). */
  readonly children: ReadonlyMap<ParentKey, readonly number[]>;
  readonly parents: ReadonlyMap<number, ParentKey>;
}

/** Where a dragged table goes relative to the one it is dropped on. */
export type DropPlace = 'before' | 'after' | 'inside';

export type MoveRefusal = 'unknown' | 'self' | 'descendant' | 'nesting' | 'noop';

export type MoveResult =
  | { readonly ok: true; readonly tree: TableTree }
  | { readonly ok: false; readonly reason: MoveRefusal };

function byPosition(a: GoogleTable, b: GoogleTable): number {
  return a.position - b.position || a.id - b.id;
}

/**
 * The tree of a flat list. A table whose parent is missing, or that would close a cycle, is put
 * on the top level rather than lost.
 */
export function buildTree(flat: readonly GoogleTable[]): TableTree {
  const tables = new Map(flat.map((table) => [table.id, table]));
  const parents = new Map<number, ParentKey>();
  for (const table of flat) {
    const parent = table.parent_id;
    parents.set(table.id, parent !== null && parent !== table.id && tables.has(parent) ? parent : null);
  }
  // A cycle (a → b → a) has no way to the top: cut it where it is found.
  for (const table of flat) {
    const seen = new Set<number>([table.id]);
    let at = parents.get(table.id) ?? null;
    while (at !== null) {
      if (seen.has(at)) {
        parents.set(table.id, null);
        break;
      }
      seen.add(at);
      at = parents.get(at) ?? null;
    }
  }
  const grouped = new Map<ParentKey, GoogleTable[]>();
  for (const table of flat) {
    const parent = parents.get(table.id) ?? null;
    const list = grouped.get(parent) ?? [];
    list.push(table);
    grouped.set(parent, list);
  }
  const children = new Map<ParentKey, readonly number[]>();
  for (const [parent, list] of grouped)
    children.set(
      parent,
      list.sort(byPosition).map((table) => table.id),
    );
  return { tables, children, parents };
}

export function childrenOf(tree: TableTree, parent: ParentKey): readonly number[] {
  return tree.children.get(parent) ?? [];
}

/** 1 for a top-level table. */
export function levelOf(tree: TableTree, id: number): number {
  let level = 1;
  let at = tree.parents.get(id) ?? null;
  while (at !== null) {
    level += 1;
    at = tree.parents.get(at) ?? null;
  }
  return level;
}

/** Levels a branch spans: 1 for a table without children. */
export function branchHeight(tree: TableTree, id: number): number {
  return 1 + Math.max(0, ...childrenOf(tree, id).map((child) => branchHeight(tree, child)));
}

/** Whether `id` is `ancestor` or lies under it. */
export function isWithin(tree: TableTree, id: number, ancestor: number): boolean {
  let at: ParentKey = id;
  while (at !== null) {
    if (at === ancestor) return true;
    at = tree.parents.get(at) ?? null;
  }
  return false;
}

/** The deepest level anywhere in the tree (0 when empty). */
export function treeDepth(tree: TableTree): number {
  return Math.max(0, ...childrenOf(tree, null).map((id) => branchHeight(tree, id)));
}

/** Every table in display order (depth first), with its level. */
export function visibleOrder(
  tree: TableTree,
  collapsed: ReadonlySet<number> = new Set(),
): { id: number; level: number }[] {
  const out: { id: number; level: number }[] = [];
  const walk = (parent: ParentKey, level: number) => {
    for (const id of childrenOf(tree, parent)) {
      out.push({ id, level });
      if (!collapsed.has(id)) walk(id, level + 1);
    }
  };
  walk(null, 1);
  return out;
}

/**
 * Moves `dragId` (with its branch) before, after or inside `targetId`. `inside` makes it the last
 * child. Refused, changing nothing, when the target is the table itself or lies in its branch,
 * when the move changes nothing, or when the branch would reach below `maxLevel` (null: no limit).
 */
export function moveTable(
  tree: TableTree,
  dragId: number,
  targetId: number,
  place: DropPlace,
  maxLevel: number | null,
): MoveResult {
  if (!tree.tables.has(dragId) || !tree.tables.has(targetId)) return { ok: false, reason: 'unknown' };
  if (dragId === targetId) return { ok: false, reason: 'self' };
  if (isWithin(tree, targetId, dragId)) return { ok: false, reason: 'descendant' };
  const newParent: ParentKey = place === 'inside' ? targetId : (tree.parents.get(targetId) ?? null);
  const parentLevel = newParent === null ? 0 : levelOf(tree, newParent);
  if (maxLevel !== null && parentLevel + branchHeight(tree, dragId) > maxLevel) return { ok: false, reason: 'nesting' };

  const oldParent = tree.parents.get(dragId) ?? null;
  const children = new Map(tree.children);
  children.set(
    oldParent,
    childrenOf(tree, oldParent).filter((id) => id !== dragId),
  );
  const siblings = [...(children.get(newParent) ?? [])];
  if (place === 'inside') siblings.push(dragId);
  else {
    const at = siblings.indexOf(targetId);
    siblings.splice(place === 'before' ? at : at + 1, 0, dragId);
  }
  children.set(newParent, siblings);
  const parents = new Map(tree.parents);
  parents.set(dragId, newParent);
  const moved: TableTree = { tables: tree.tables, children, parents };
  if (samePlacements(placements(tree), placements(moved))) return { ok: false, reason: 'noop' };
  return { ok: true, tree: moved };
}

/** Keyboard moves: among siblings, into the previous sibling (indent), or out after the parent. */
export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

export function moveByKey(tree: TableTree, id: number, move: KeyboardMove, maxLevel: number | null): MoveResult {
  const parent = tree.parents.get(id) ?? null;
  const siblings = childrenOf(tree, parent);
  const index = siblings.indexOf(id);
  if (index < 0) return { ok: false, reason: 'unknown' };
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  switch (move) {
    case 'up':
      return previous === undefined ? { ok: false, reason: 'noop' } : moveTable(tree, id, previous, 'before', maxLevel);
    case 'down':
      return next === undefined ? { ok: false, reason: 'noop' } : moveTable(tree, id, next, 'after', maxLevel);
    case 'indent':
      return previous === undefined ? { ok: false, reason: 'noop' } : moveTable(tree, id, previous, 'inside', maxLevel);
    case 'outdent':
      return parent === null ? { ok: false, reason: 'noop' } : moveTable(tree, id, parent, 'after', maxLevel);
  }
}

/** The whole arrangement, parents before children, positions counted from 0 among siblings. */
export function placements(tree: TableTree): TreePlacement[] {
  const out: TreePlacement[] = [];
  const walk = (parent: ParentKey) => {
    childrenOf(tree, parent).forEach((id, position) => {
      out.push({ id, parent_id: parent, position });
      walk(id);
    });
  };
  walk(null);
  return out;
}

function samePlacements(a: readonly TreePlacement[], b: readonly TreePlacement[]): boolean {
  const key = (list: readonly TreePlacement[]) =>
    list
      .map((node) => `${node.id}:${node.parent_id ?? ''}:${node.position}`)
      .sort()
      .join('|');
  return key(a) === key(b);
}

/** The flat list again, with each table's new parent and position. */
export function tablesOf(tree: TableTree): GoogleTable[] {
  return placements(tree).flatMap((placement) => {
    const table = tree.tables.get(placement.id);
    return table ? [{ ...table, parent_id: placement.parent_id, position: placement.position }] : [];
  });
}
