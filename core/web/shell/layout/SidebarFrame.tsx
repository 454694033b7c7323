import { useEffect, useRef, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { CHROME_LAYER, LAYERS } from './layers';
import { TOP_BAR_HEIGHT } from './metrics';

// Griffel writes `left`/`right` and flips them itself when the document is right-to-left.
const useStyles = makeStyles({
  docked: {
    position: 'sticky',
    top: `${TOP_BAR_HEIGHT}px`,
    zIndex: CHROME_LAYER,
    flexShrink: 0,
    alignSelf: 'flex-start',
    height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  scrim: {
    position: 'fixed',
    top: `${TOP_BAR_HEIGHT}px`,
    left: 0,
    right: 0,
    bottom: 0,
    zIndex: LAYERS.overlay,
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  overlay: {
    position: 'fixed',
    top: `${TOP_BAR_HEIGHT}px`,
    bottom: 0,
    left: 0,
    zIndex: LAYERS.overlay,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
  },
});

/** The sidebar beside the page in a wide window: it stays in view while the page scrolls. */
export function DockedSidebar({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.docked} data-sidebar-mode="docked">
      {children}
    </div>
  );
}

export interface OverlaySidebarProps {
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/** The toggle opens and closes the overlay itself; a press on it is not a press "outside". */
function isOutside(panel: HTMLElement | null, node: EventTarget | null): boolean {
  if (!(node instanceof Element)) return false;
  return !panel?.contains(node) && !node.closest('[data-sidebar-toggle], [data-portal-node]');
}

/**
 * The sidebar over the page in a narrow window, above a scrim. It takes focus when it opens so
 * the keyboard lands in the menu; Escape, a press outside it (the scrim, the top bar) or focus
 * moving elsewhere closes it, so nothing the top bar opens is left underneath it. Focus then goes
 * back to where it was (the toggle).
 */
export function OverlaySidebar({ onClose, children }: OverlaySidebarProps) {
  const styles = useStyles();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(panel.current, event.target)) close.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      // Only when focus was lost with the panel, not when the user moved it somewhere on purpose.
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost && previous?.isConnected) previous.focus();
    };
  }, []);

  return (
    <>
      {/* Pointer only: the keyboard closes with Escape or the toggle, so the scrim is no control of its own. */}
      <div className={styles.scrim} data-testid="sidebar-scrim" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className={styles.overlay}
        data-sidebar-mode="overlay"
        onBlur={(event) => {
          if (isOutside(panel.current, event.relatedTarget)) onClose();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented) return;
          event.stopPropagation();
          onClose();
        }}
      >
        {children}
      </div>
    </>
  );
}
