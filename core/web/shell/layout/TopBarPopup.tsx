import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { LAYERS } from './layers';

/** What the trigger button must carry: its state for assistive technology, the toggle and a ref for focus. */
export interface PopupTriggerProps {
  readonly ref: Ref<HTMLButtonElement>;
  readonly 'aria-expanded': boolean;
  readonly 'aria-controls': string | undefined;
  readonly onClick: () => void;
}

export interface TopBarPopupProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly trigger: (props: PopupTriggerProps) => ReactNode;
  /** Names the panel for screen readers. */
  readonly label?: string;
  readonly labelledBy?: string;
  readonly className?: string;
  readonly children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  panel: {
    position: 'absolute',
    top: `calc(100% + ${tokens.spacingVerticalXS})`,
    right: 0,
    zIndex: LAYERS.menu,
    boxSizing: 'border-box',
    maxHeight: 'calc(100vh - 72px)',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
});

/** Inside a Fluent portal (a menu or dropdown a panel's content opened): still "inside" the panel. */
function inPortal(node: Node | null): boolean {
  return node instanceof Element && node.closest('[data-portal-node]') !== null;
}

/**
 * A top-bar button that opens a panel below it (the disclosure pattern): the panel follows the
 * button in the tab order, takes focus when it opens, and closes on Escape, on a press outside it
 * or when focus leaves it. Used instead of Fluent's Popover, whose trigger registers a tabster
 * modalizer on mount and with it the hidden focus guards that accessibility scanners report
 * (microsoft/tabster#288) on every page.
 */
export function TopBarPopup({ open, onOpenChange, trigger, label, labelledBy, className, children }: TopBarPopupProps) {
  const styles = useStyles();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The latest callback, so a parent's inline function does not re-run the effect (and refocus) on every render.
  const change = useRef(onOpenChange);
  change.current = onOpenChange;

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!root.current?.contains(target) && !inPortal(target)) change.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Escape') return;
    event.stopPropagation();
    onOpenChange(false);
    button.current?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    // No next element means a press on something unfocusable: the pointer handler decides that.
    if (open && next && !root.current?.contains(next) && !inPortal(next)) onOpenChange(false);
  };

  return (
    <div ref={root} className={styles.anchor} onKeyDown={onKeyDown} onBlur={onBlur}>
      {trigger({
        ref: button,
        'aria-expanded': open,
        'aria-controls': open ? panelId : undefined,
        onClick: () => onOpenChange(!open),
      })}
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label={label}
          aria-labelledby={labelledBy}
          className={mergeClasses(styles.panel, className)}
        >
          {children}
        </div>
      )}
    </div>
  );
}
