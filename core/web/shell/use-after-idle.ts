import { useEffect, useState } from 'react';

/** How long no script, stylesheet or data response may have finished before the network counts as quiet. */
const QUIET_MS = 400;
/** What waits is shown by then whatever the network does (a screen that polls never goes quiet). */
const LONGEST_WAIT_MS = 5_000;

/** Calls `onQuiet` once no resource has finished loading for QUIET_MS, or LONGEST_WAIT_MS after the start. */
function whenNetworkQuiet(onQuiet: () => void): () => void {
  const started = performance.now();
  let lastFinished = started;
  const watchesResources =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('resource');
  const observer = watchesResources ? new PerformanceObserver(() => (lastFinished = performance.now())) : null;
  observer?.observe({ type: 'resource' });
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - lastFinished < QUIET_MS && now - started < LONGEST_WAIT_MS) return;
    stop();
    onQuiet();
  }, QUIET_MS / 4);
  function stop(): void {
    clearInterval(timer);
    observer?.disconnect();
  }
  return stop;
}

/**
 * False until the page has loaded what it asked for (no response for a moment) and the browser has had
 * an idle moment: what no first screen needs (the theme customizer's button, say) waits for it, so its
 * code is fetched after the page's rows rather than beside the page's own chunks. An idle callback alone
 * is not enough: the browser idles while it waits for the page's chunks and data.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelIdle = (): void => undefined;
    const stopWatching = whenNetworkQuiet(() => {
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(() => setIdle(true), 0);
        cancelIdle = () => clearTimeout(handle);
      }
    });
    return () => {
      stopWatching();
      cancelIdle();
    };
  }, []);
  return idle;
}
