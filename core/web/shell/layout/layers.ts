/**
 * Layer stacking as the spec's Business constants and limits section fixes it, the one place these
 * numbers live. Fluent's portals are mapped onto them by `usePortalLayers`; our own positioned
 * elements use them directly.
 */
export const LAYERS = {
  overlay: 1000,
  menu: 1000,
  modal: 1100,
  tooltip: 1100,
} as const;

/**
 * Page chrome that stays put while the page scrolls (top bar, docked sidebar, floating button):
 * above the page, below every layer of `LAYERS`, so menus, overlays and dialogs always cover it.
 */
export const CHROME_LAYER = LAYERS.overlay - 100;

/** The top bar sits one step above the rest of the chrome, so its panels open over the docked sidebar. */
export const TOP_BAR_LAYER = CHROME_LAYER + 1;
