/**
 * The spreadsheet-table tree as pure data: checking an arrangement (parents exist, no cycles,
 * no level deeper than allowed) and numbering siblings. The routes run these checks inside the
 * transaction that writes, under a lock, so a check always sees the rows it then changes.
 */

export interface TreePlace {
  readonly id: number;
  readonly parent_id: number | null;
  readonly position: number;
}

export const MAX_NESTING_MESSAGE = 'Max nesting level is reached';

export type TreeProblem =
  | { readonly kind: 'unknownParent'; readonly id: number; readonly parent: number }
  | { readonly kind: 'cycle'; readonly id: number }
  | { readonly kind: 'tooDeep'; readonly id: number; readonly level: number };

/**
 * The level of every node (a root is level 1), or the first problem found: a parent that is not
 * in the tree, a node that is its own ancestor, or a level above `maxLevel`.
 */
export function treeLevels(
  places: readonly TreePlace[],
  maxLevel: number,
): { levels: Map<number, number> } | { problem: TreeProblem } {
  const byId = new Map(places.map((place) => [place.id, place]));
  for (const place of places) {
    if (place.parent_id !== null && !byId.has(place.parent_id))
      return { problem: { kind: 'unknownParent', id: place.id, parent: place.parent_id } };
  }
  const levels = new Map<number, number>();
  for (const start of places) {
    // Walk up to a node whose level is known (or a root), then fill the path back down.
    const path: number[] = [];
    const onPath = new Set<number>();
    let current: TreePlace | undefined = start;
    let base = 0;
    while (current) {
      const known = levels.get(current.id);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (onPath.has(current.id)) return { problem: { kind: 'cycle', id: current.id } };
      onPath.add(current.id);
      path.push(current.id);
      current = current.parent_id === null ? undefined : byId.get(current.parent_id);
    }
    for (let index = path.length - 1; index >= 0; index -= 1) {
      base += 1;
      const id = path[index] as number;
      if (base > maxLevel) return { problem: { kind: 'tooDeep', id, level: base } };
      levels.set(id, base);
    }
  }
  return { levels };
}

/**
 * Checks an arrangement where only `moved` tables changed parent: parents exist and nothing loops
 * anywhere, and no moved table, nor any table under one, sits below `maxLevel`. Tables nobody
 * moved keep their place even when the limit was lowered after they were put there.
 */
export function arrangementProblem(
  places: readonly TreePlace[],
  moved: ReadonlySet<number>,
  maxLevel: number,
): TreeProblem | null {
  const result = treeLevels(places, Number.POSITIVE_INFINITY);
  if ('problem' in result) return result.problem;
  const parentOf = new Map(places.map((place) => [place.id, place.parent_id]));
  const affected = (id: number): boolean => {
    for (
      let current: number | null | undefined = id;
      current !== null && current !== undefined;
      current = parentOf.get(current)
    ) {
      if (moved.has(current)) return true;
    }
    return false;
  };
  for (const place of places) {
    const level = result.levels.get(place.id) ?? 0;
    if (level > maxLevel && affected(place.id)) return { kind: 'tooDeep', id: place.id, level };
  }
  return null;
}

/**
 * Positions renumbered 0, 1, 2… within each parent, keeping the order the places ask for
 * (ties broken by id), so stored positions never have gaps or duplicates.
 */
export function normalisePositions(places: readonly TreePlace[]): TreePlace[] {
  const groups = new Map<number | null, TreePlace[]>();
  for (const place of places) {
    const siblings = groups.get(place.parent_id) ?? [];
    siblings.push(place);
    groups.set(place.parent_id, siblings);
  }
  const result: TreePlace[] = [];
  for (const siblings of groups.values()) {
    siblings.sort((a, b) => a.position - b.position || a.id - b.id);
    siblings.forEach((place, index) => result.push({ id: place.id, parent_id: place.parent_id, position: index }));
  }
  return result.sort((a, b) => a.id - b.id);
}

/** A nested arrangement (`{ id, children }`) flattened into places, positions by order. */
export interface NestedPlace {
  readonly id: number;
  readonly children?: readonly NestedPlace[];
}

export function flattenNested(roots: readonly NestedPlace[]): TreePlace[] {
  const places: TreePlace[] = [];
  const visit = (nodes: readonly NestedPlace[], parent: number | null) => {
    nodes.forEach((node, position) => {
      places.push({ id: node.id, parent_id: parent, position });
      visit(node.children ?? [], node.id);
    });
  };
  visit(roots, null);
  return places;
}
