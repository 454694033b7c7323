/**
 * The world map's zoom: minimum 1, maximum 12, step 1.5, as the spec's Business constants and
 * limits section fixes them. The levels are the steps from
 * the minimum, with the maximum itself as the last (1, 2.5, … 11.5, 12), so zooming in and back
 * out always passes the same levels and both ends are reachable.
 */
export const MAP_ZOOM = { min: 1, max: 12, step: 1.5 } as const;

/** Every level the map shows, smallest first. */
export const ZOOM_LEVELS: readonly number[] = (() => {
  const levels: number[] = [];
  for (let level: number = MAP_ZOOM.min; level < MAP_ZOOM.max; level += MAP_ZOOM.step) levels.push(level);
  return [...levels, MAP_ZOOM.max];
})();

/** The next level above `level` (the maximum stays). */
export function zoomIn(level: number): number {
  return ZOOM_LEVELS.find((candidate) => candidate > level) ?? MAP_ZOOM.max;
}

/** The next level below `level` (the minimum stays). */
export function zoomOut(level: number): number {
  return [...ZOOM_LEVELS].reverse().find((candidate) => candidate < level) ?? MAP_ZOOM.min;
}

export const canZoomIn = (level: number): boolean => level < MAP_ZOOM.max;
export const canZoomOut = (level: number): boolean => level > MAP_ZOOM.min;
