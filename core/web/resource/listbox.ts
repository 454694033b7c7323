import { makeStaticStyles } from '@fluentui/react-components';

/** Spec §9: a dropdown's panel scrolls at 200 px. */
export const DROPDOWN_PANEL_HEIGHT_PX = 200;
/**
 * Spec §9: type-ahead in a dropdown resets after 500 ms. Fluent's Dropdown (every enum, page-size
 * and currency choice here) implements exactly that: letters typed within 500 ms of each other
 * build one search string that jumps to the matching option.
 */
export const TYPEAHEAD_RESET_MS = 500;

/** The reference picker asks the server this long after the last keystroke, so a burst of typing is one search. */
export const REFERENCE_SEARCH_DELAY_MS = 300;

/** Put on a Dropdown's or Combobox's `listbox` slot. */
export const LISTBOX_CLASS = 'erp-resource-listbox';

/** Registered once by the resource screen: the §9 panel height for every list it opens. */
export const useListboxStyles = makeStaticStyles({
  [`.${LISTBOX_CLASS}`]: { maxHeight: `${DROPDOWN_PANEL_HEIGHT_PX}px`, overflowY: 'auto' },
});
