import { makeStaticStyles } from '@fluentui/react-components';
import { LAYERS } from './layers';

/** Fluent marks every portal's mount node with this attribute. */
const PORTAL = '[data-portal-node]';

const MODALS = '.fui-DialogSurface, .fui-OverlayDrawer';
const MENUS = '.fui-MenuPopover, .fui-PopoverSurface, .fui-Listbox';
const TOOLTIPS = '.fui-Tooltip__content';

/**
 * Fluent lifts every portal to z-index 1 000 000, above anything the app positions itself; this
 * puts dialogs, menus and tooltips on our own layers (`LAYERS`) instead. `:has()` makes each rule outrank
 * Fluent's single class. Toasts are left where Fluent puts them, on top of everything.
 *
 * A menu opened from inside a dialog (a dropdown in a form) must still cover that dialog: portals
 * are appended in opening order, so anything after an open modal is raised to the modal layer and
 * wins by document order.
 */
export const usePortalLayers = makeStaticStyles({
  [`${PORTAL}:has(${MENUS})`]: { zIndex: LAYERS.menu },
  [`${PORTAL}:has(${MODALS})`]: { zIndex: LAYERS.modal },
  [`${PORTAL}:has(${TOOLTIPS})`]: { zIndex: LAYERS.tooltip },
  [`${PORTAL}:has(${MODALS}) ~ ${PORTAL}:has(${MENUS})`]: { zIndex: LAYERS.modal },
});
