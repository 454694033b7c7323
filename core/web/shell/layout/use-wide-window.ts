import { useEffect, useState } from 'react';
import { SIDEBAR_BREAKPOINT_PX } from './metrics';

export const WIDE_WINDOW_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;

/** Whether the window is at least the sidebar breakpoint wide, following resizes. */
export function useWideWindow(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_WINDOW_QUERY).matches);
  useEffect(() => {
    const list = window.matchMedia(WIDE_WINDOW_QUERY);
    const update = () => setWide(list.matches);
    // The window may have changed between the first render and this effect.
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return wide;
}
