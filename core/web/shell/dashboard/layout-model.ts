import type { DashboardLayout } from '@core/shared/preferences';

/** One widget of the dashboard in the user's order, and whether they hid it. */
export interface ArrangedWidget {
  readonly id: string;
  readonly hidden: boolean;
}

/**
 * The widgets this user may see (`available`, in the contributions' order) laid out as they saved
 * it: their order first, then widgets they have not arranged yet (a plugin enabled since, a code
 * granted since) at the end, shown. Ids of widgets no longer available are dropped.
 */
export function arrangeWidgets(available: readonly string[], saved: DashboardLayout | null): ArrangedWidget[] {
  const known = new Set(available);
  const ordered = [...new Set(saved?.order ?? [])].filter((id) => known.has(id));
  const placed = new Set(ordered);
  const hidden = new Set(saved?.hidden ?? []);
  return [...ordered, ...available.filter((id) => !placed.has(id))].map((id) => ({ id, hidden: hidden.has(id) }));
}

/** The arrangement with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveWidget(widgets: readonly ArrangedWidget[], id: string, step: -1 | 1): ArrangedWidget[] {
  const from = widgets.findIndex((widget) => widget.id === id);
  const to = from + step;
  if (from === -1 || to < 0 || to >= widgets.length) return [...widgets];
  const moved = [...widgets];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

export function setWidgetHidden(widgets: readonly ArrangedWidget[], id: string, hidden: boolean): ArrangedWidget[] {
  return widgets.map((widget) => (widget.id === id ? { id, hidden } : widget));
}

/** What the server keeps of an arrangement (the `dashboard` preference). */
export function layoutOf(widgets: readonly ArrangedWidget[]): DashboardLayout {
  return {
    order: widgets.map((widget) => widget.id),
    hidden: widgets.filter((widget) => widget.hidden).map((widget) => widget.id),
  };
}
