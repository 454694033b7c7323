import { useEffect, useState } from 'react';

/**
 * False until the browser has had an idle moment after the first render: what no first screen
 * needs (the theme customizer's button, say) waits for it, so its code is not fetched beside the page's.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(handle);
  }, []);
  return idle;
}
