import { makeStyles } from '@fluentui/react-components';

/** A dropdown's panel scrolls at 200 px, as the spec's Business constants and limits section fixes it. */
export const DROPDOWN_PANEL_HEIGHT_PX = 200;
/** The reference picker asks the server this long after the last keystroke, so a burst of typing is one search. */
export const REFERENCE_SEARCH_DELAY_MS = 300;

const useStyles = makeStyles({
  // Atomic classes, so they win over Fluent's own listbox height when the slot's classes merge.
  listbox: { maxHeight: `${DROPDOWN_PANEL_HEIGHT_PX}px`, overflowY: 'auto' },
});

/** The class to put on a Dropdown's or Combobox's `listbox` slot (or a TagPickerList): the fixed panel height. */
export function useListboxClass(): string {
  return useStyles().listbox;
}
