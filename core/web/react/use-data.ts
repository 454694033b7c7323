import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/** What a page's read is at: loading, failed (with what was thrown), or its data. */
export type DataState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: T };

export interface DataResult<T> {
  readonly state: DataState<T>;
  /** The data once read (kept while a `reload` runs), else undefined. */
  readonly data: T | undefined;
  /** Reads again from scratch: the state is `loading` until it answers (the Retry of an error). */
  readonly retry: () => void;
  /** Reads again keeping the data on screen (after a change); a failure becomes the state. */
  readonly reload: () => Promise<void>;
}

/**
 * A custom page's read, without hand-written loading and error state: `load` runs when the
 * component mounts and again when `deps` change; an answer that a newer read overtook, or that
 * arrives after unmounting, is dropped (its signal is aborted). Draw it with `DataView`.
 *
 * ```tsx
 * const employee = useData((signal) => store.employeeOf(userId, signal), [store, userId]);
 * return <DataView data={employee} isEmpty={(found) => found === null}>{(found) => …}</DataView>;
 * ```
 */
export function useData<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): DataResult<T> {
  const [state, setState] = useState<DataState<T>>({ status: 'loading' });
  const current = useRef<AbortController | null>(null);
  // The latest `load`, so `reload` and `retry` read with what the page renders now.
  const loadRef = useRef(load);
  loadRef.current = load;

  const run = useCallback(async (fromScratch: boolean): Promise<void> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    if (fromScratch) setState({ status: 'loading' });
    try {
      const data = await loadRef.current(controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', data });
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'failed', error });
    }
  }, []);

  useEffect(() => {
    void run(true);
    return () => current.current?.abort();
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to read again, as with useEffect.
  }, deps);

  return {
    state,
    data: state.status === 'ready' ? state.data : undefined,
    retry: () => void run(true),
    reload: () => run(false),
  };
}
