/**
 * Panning and zooming the world map: the SVG group is translated by (x, y) and scaled by `zoom`
 * (map units). The map always covers its frame: it cannot be dragged out of view.
 */
export interface MapView {
  readonly zoom: number;
  readonly x: number;
  readonly y: number;
}

export interface MapSize {
  readonly width: number;
  readonly height: number;
}

export const WHOLE_WORLD: MapView = { zoom: 1, x: 0, y: 0 };

export function clampView(view: MapView, size: MapSize): MapView {
  const clamp = (value: number, extent: number) => Math.min(0, Math.max(extent * (1 - view.zoom), value));
  return { zoom: view.zoom, x: clamp(view.x, size.width), y: clamp(view.y, size.height) };
}

/** The view at `zoom` that keeps the map point under (px, py), in frame units, where it is. */
export function zoomAt(view: MapView, zoom: number, px: number, py: number, size: MapSize): MapView {
  const ratio = zoom / view.zoom;
  return clampView({ zoom, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio }, size);
}

export function panBy(view: MapView, dx: number, dy: number, size: MapSize): MapView {
  return clampView({ zoom: view.zoom, x: view.x + dx, y: view.y + dy }, size);
}
