/** Waits `ms`, or until `signal` fires (then rejects with its reason); tests stand a recording one in. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleepFor: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
