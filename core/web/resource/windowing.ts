import { useCallback, useEffect, useRef, useState, type RefObject, type UIEvent } from 'react';

/** Pages longer than this are drawn as a window of rows (no figure is required of us, so this one is our choice). */
export const VIRTUALIZE_AFTER = 100;
/** Rows drawn beyond each edge of the visible part, so fast scrolling shows no gaps. */
export const OVERSCAN_ROWS = 8;
/** The virtual scroller reacts to a resize after 10 ms, as the spec's Business constants and limits fix it. */
export const RESIZE_DELAY_MS = 10;
/** Used until the scroller has been measured (and in environments without layout). */
export const FALLBACK_VIEWPORT_PX = 600;

export interface RowWindow {
  /** First row drawn (inclusive). */
  readonly start: number;
  /** Row after the last one drawn (exclusive). */
  readonly end: number;
  /** Blank space standing in for the rows above and below the window, in pixels. */
  readonly before: number;
  readonly after: number;
}

export interface WindowInput {
  readonly count: number;
  readonly rowHeight: number;
  readonly scrollTop: number;
  readonly viewportHeight: number;
  readonly overscan?: number;
}

/** Which rows of a fixed-height list are on screen, plus `overscan` on each side. */
export function computeWindow({
  count,
  rowHeight,
  scrollTop,
  viewportHeight,
  overscan = OVERSCAN_ROWS,
}: WindowInput): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const viewport = viewportHeight > 0 ? viewportHeight : FALLBACK_VIEWPORT_PX;
  const top = Math.max(0, Math.min(scrollTop, count * rowHeight - viewport));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(viewport / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

export interface WindowState {
  readonly rows: RowWindow;
  /** Put on the scrolling element. */
  readonly onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * The window of rows a scroller shows, updated on scroll and (10 ms after) on resize. When
 * `enabled` is false every row is in the window.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  enabled: boolean,
): WindowState {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    const element = scroller.current;
    if (!enabled || !element) return undefined;
    setViewportHeight(element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setViewportHeight(element.clientHeight), RESIZE_DELAY_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [scroller, enabled]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (!enabled) return;
      const top = event.currentTarget.scrollTop;
      // One state update per frame, however many scroll events arrive.
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        setScrollTop(top);
      });
    },
    [enabled],
  );

  const rows = enabled
    ? computeWindow({ count, rowHeight, scrollTop, viewportHeight })
    : { start: 0, end: count, before: 0, after: 0 };
  return { rows, onScroll };
}
