/** The Web Locks name under which the tabs of one origin refresh the session, one at a time. */
export const REFRESH_LOCK_NAME = 'erp-session-refresh';

/** Runs `work` holding the origin's refresh lock and resolves with its result. */
export type RefreshLock = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Two tabs whose tokens expire together must not both spend the one refresh cookie: the second
 * waits, then finds the first one's token. Where the browser has no Web Locks (an insecure
 * context, an old engine) the work runs at once and the server's grace period keeps the session.
 */
export function originRefreshLock(locks: LockManager | undefined = globalThis.navigator?.locks): RefreshLock {
  if (!locks) return (work) => work();
  return (work) => locks.request(REFRESH_LOCK_NAME, () => work());
}
