/** The Web Locks name under which the tabs of one origin refresh the session, one at a time. */
export const REFRESH_LOCK_NAME = 'erp-session-refresh';

/** How the lock was had: at once, or after another tab of the origin held it. */
export interface RefreshLockGrant {
  readonly waited: boolean;
}

/** Runs `work` holding the origin's refresh lock and resolves with its result. */
export type RefreshLock = <T>(work: (grant: RefreshLockGrant) => Promise<T>) => Promise<T>;

/**
 * Two tabs whose tokens expire together must not both spend the one refresh cookie: the second
 * waits, then finds the first one's token. Where the browser has no Web Locks (an insecure
 * context, an old engine) the work runs at once and the server's grace period keeps the session.
 */
export function originRefreshLock(locks: LockManager | undefined = globalThis.navigator?.locks): RefreshLock {
  if (!locks) return (work) => work({ waited: false });
  return async (work) => {
    // Taken at once when free; otherwise queued behind the tab that holds it, and the work is told so.
    const immediate = await locks.request(REFRESH_LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? { value: await work({ waited: false }) } : null,
    );
    if (immediate) return immediate.value;
    return locks.request(REFRESH_LOCK_NAME, () => work({ waited: true }));
  };
}
