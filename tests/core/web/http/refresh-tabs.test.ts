import { afterEach, describe, expect, it, vi } from 'vitest';
import { originRefreshLock, REFRESH_LOCK_NAME } from '@core/web/http/refresh-lock';
import {
  bearer,
  createKernel,
  deferred,
  isRefresh,
  json,
  refreshAnswer,
  settle,
  stubNetwork,
  type SeenRequest,
} from './support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Web Locks as a browser gives them: one holder per name at a time, the others queued in order; `ifAvailable` gets null while held. */
function fakeLocks(): { locks: LockManager; names: string[] } {
  const names: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  // Held or queued: a request made now would not be granted at once.
  let busy = 0;
  const hold = async (callback: LockGrantedCallback<unknown>): Promise<unknown> => {
    try {
      return await callback({ name: REFRESH_LOCK_NAME, mode: 'exclusive' } as Lock);
    } finally {
      busy -= 1;
    }
  };
  const request = ((
    name: string,
    optionsOrCallback: LockOptions | LockGrantedCallback<unknown>,
    maybeCallback?: LockGrantedCallback<unknown>,
  ) => {
    names.push(name);
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    if (!callback) throw new Error('no callback');
    if (options.ifAvailable && busy > 0) return Promise.resolve(callback(null));
    busy += 1;
    const run = tail.then(() => hold(callback));
    tail = run.catch(() => undefined);
    return run;
  }) as LockManager['request'];
  return { locks: { request, query: async () => ({ held: [], pending: [] }) }, names };
}

/** Gives the page Web Locks (happy-dom has none). */
function withWebLocks(): string[] {
  const { locks, names } = fakeLocks();
  vi.spyOn(navigator, 'locks', 'get').mockReturnValue(locks);
  return names;
}

/** A token shaped like the server's, carrying permissions version `pv`. */
function tokenWith(id: string, pv: number): string {
  const payload = btoa(JSON.stringify({ sub: 1, pv }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.${id}`;
}

/**
 * Two tabs of one origin: each its own kernel (clients, session, refresh), sharing local storage
 * and the refresh cookie, signed in with one token that expires for both at once.
 */
function twoTabs(token = 'old') {
  const first = createKernel();
  const second = createKernel();
  first.session.setToken(token);
  second.session.setToken(token);
  return [first, second] as const;
}

/** The API accepts only `valid`; the refresh answers as `refresh` says. */
function api(valid: string, refresh: (request: SeenRequest) => Response | Promise<Response>) {
  return (request: SeenRequest): Response | Promise<Response> => {
    if (isRefresh(request)) return refresh(request);
    return bearer(request) === valid ? json(200, { data: request.url }) : json(401, { message: 'Unauthenticated.' });
  };
}

describe('refresh across the tabs of one origin', () => {
  it('refreshes once for two tabs whose tokens expire together; the waiting tab takes the new token', async () => {
    const lockNames = withWebLocks();
    const refreshed = deferred<Response>();
    const seen = stubNetwork(api('new', () => refreshed.promise));
    const [first, second] = twoTabs();

    const calls = [
      first.clients.get('finance').get('a'),
      second.clients.get('finance').get('b'),
      second.clients.get('finance').get('c'),
    ];
    await settle();
    expect(seen.filter(isRefresh)).toHaveLength(1);
    refreshed.resolve(refreshAnswer('new'));

    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect([first.session.token, second.session.token]).toEqual(['new', 'new']);
    for (const tab of [first, second]) {
      expect(tab.navigator.navigate).not.toHaveBeenCalled();
      expect(tab.navigator.reload).not.toHaveBeenCalled();
    }
    // One lock request for the tab that refreshes, two for the one that waits (refused at once, then
    // queued): the in-tab single flight still gathers a tab's own 401s first.
    expect(lockNames).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });

  it("waits for the other tab's token to reach its view of local storage, which may come after the lock", async () => {
    withWebLocks();
    const refreshed = deferred<Response>();
    const seen = stubNetwork(api('new', () => refreshed.promise));
    const [first, second] = twoTabs();
    // Chromium syncs local storage between tab processes apart from the lock: the second tab reads
    // the old token a few times after the first tab stored the new one.
    const reads = vi.spyOn(second.session, 'storedToken');
    let lagging = 0;
    reads.mockImplementation(() => {
      if (first.session.token !== 'new') return 'old';
      lagging += 1;
      return lagging <= 3 ? 'old' : 'new';
    });

    const calls = [first.clients.get('finance').get('a'), second.clients.get('finance').get('b')];
    await settle();
    refreshed.resolve(refreshAnswer('new'));
    await expect(Promise.all(calls)).resolves.toHaveLength(2);
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(second.session.token).toBe('new');
    expect(lagging).toBeGreaterThan(3);
  });

  it("reloads the waiting tab when the other tab's refresh brought a new permissions version", async () => {
    withWebLocks();
    const before = tokenWith('old', 1);
    const after = tokenWith('new', 2);
    const refreshed = deferred<Response>();
    const seen = stubNetwork(api(after, () => refreshed.promise));
    const [first, second] = twoTabs(before);

    const firstCall = first.clients
      .get('finance')
      .get('a')
      .catch((error: unknown) => error);
    const secondCall = second.clients
      .get('finance')
      .get('b')
      .catch((error: unknown) => error);
    await settle();
    refreshed.resolve(refreshAnswer(after, true));
    await Promise.all([firstCall, secondCall]);

    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(first.navigator.reload).toHaveBeenCalledOnce();
    expect(second.navigator.reload).toHaveBeenCalledOnce();
    expect(second.session.token).toBe(after);
  });

  it('refreshes by itself when nothing new was stored while it waited', async () => {
    withWebLocks();
    const seen = stubNetwork(api('new', () => refreshAnswer('new')));
    const [first] = twoTabs();
    await expect(first.clients.get('finance').get('a')).resolves.toBeDefined();
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(first.session.token).toBe('new');
  });

  it('without Web Locks each tab refreshes and both stay signed in (the server answers a repeat with the same successor)', async () => {
    expect(navigator.locks).toBeNull();
    const seen = stubNetwork(api('new', () => refreshAnswer('new')));
    const [first, second] = twoTabs();

    await expect(
      Promise.all([first.clients.get('finance').get('a'), second.clients.get('finance').get('b')]),
    ).resolves.toHaveLength(2);
    expect(seen.filter(isRefresh)).toHaveLength(2);
    expect(first.navigator.navigate).not.toHaveBeenCalled();
    expect(second.navigator.navigate).not.toHaveBeenCalled();
  });
});

describe('originRefreshLock', () => {
  it('runs the work under the one lock name and resolves with its result', async () => {
    const { locks, names } = fakeLocks();
    await expect(originRefreshLock(locks)(async () => 42)).resolves.toBe(42);
    expect(names).toEqual([REFRESH_LOCK_NAME]);
  });

  it('runs the work at once where the browser has no Web Locks', async () => {
    await expect(originRefreshLock(undefined)(async () => 'done')).resolves.toBe('done');
  });
});
