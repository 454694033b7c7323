import type { RuntimeConfig } from '@core/shared/runtime-config';
import type { SessionStore } from '../services/session-store';
import type { PageNavigator } from '../kernel/environment';
import { isSuccess, type HttpTransport, type OutgoingRequest } from './http-transport';
import { originRefreshLock, type RefreshLock } from './refresh-lock';

export const REFRESH_PATH = 'auth/refresh';
export const LOGIN_PATH = '/login';

/** How long a tab that waited for the lock looks for the other tab's token in local storage before refreshing itself. */
const STORAGE_SYNC_WAIT_MS = 300;
const STORAGE_SYNC_STEP_MS = 15;

interface RefreshAnswer {
  readonly token: string;
  readonly isReload: boolean;
}

/** `{ data: { token, is_reload } }`, or null when the answer carries no usable token. */
function readRefreshAnswer(body: unknown): RefreshAnswer | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const data = body.data;
  if (typeof data !== 'object' || data === null || !('token' in data)) return null;
  const token = data.token;
  if (typeof token !== 'string' || token === '') return null;
  return { token, isReload: 'is_reload' in data && data.is_reload === true };
}

/** The permissions version an access token carries (its `pv` claim), read without verifying; null when unreadable. */
function permissionsVersionOf(token: string): number | null {
  try {
    const claims: unknown = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null && 'pv' in claims && typeof claims.pv === 'number'
      ? claims.pv
      : null;
  } catch {
    return null;
  }
}

/**
 * Renews the session after a 401: one refresh at a time, however many requests were
 * rejected together; they all wait for it and learn whether to retry. Across the tabs of one origin
 * too: a tab that waited for another tab's refresh takes the token it stored instead of refreshing again.
 */
export class RefreshCoordinator {
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly transport: HttpTransport,
    private readonly session: SessionStore,
    private readonly navigator: PageNavigator,
    private readonly config: RuntimeConfig,
    private readonly lock: RefreshLock = originRefreshLock(),
  ) {}

  /**
   * Resolves true when a request rejected while carrying `rejectedToken` should be retried with the
   * session's current token; false when it must not be (the page reloads, or the session ended).
   */
  renewAfter(rejectedToken: string | null): Promise<boolean> {
    const current = this.session.token;
    // Someone refreshed while this request was under way: its rejection says nothing about the new token.
    if (current && current !== rejectedToken) return Promise.resolve(true);
    if (this.pending === null) {
      const storedBefore = this.session.storedToken();
      this.pending = this.lock(({ waited }) => this.renewHoldingLock(rejectedToken, storedBefore, waited)).finally(
        () => {
          this.pending = null;
        },
      );
    }
    return this.pending;
  }

  /** Signs out and sends the user to Login, keeping the current path to come back to. */
  expireSession(): void {
    this.session.rememberRoute(this.navigator.currentPath());
    this.session.clear();
    this.navigator.navigate(LOGIN_PATH);
  }

  /** Holding the origin's lock: takes a token another tab stored meanwhile, or refreshes. */
  private async renewHoldingLock(
    rejectedToken: string | null,
    storedBefore: string | null,
    waited: boolean,
  ): Promise<boolean> {
    const stored = waited ? await this.storedByOtherTab(storedBefore) : this.session.storedToken();
    if (stored === null || stored === storedBefore || stored === rejectedToken) return this.refresh();
    this.session.setToken(stored);
    const rejectedVersion = rejectedToken === null ? null : permissionsVersionOf(rejectedToken);
    // The other tab's refresh said is_reload: the codes changed, so this tab reloads as it would have.
    if (rejectedVersion === null || rejectedVersion === permissionsVersionOf(stored)) return true;
    this.navigator.reload();
    return false;
  }

  /**
   * The stored token once another tab's refresh shows in this tab. Chromium syncs local storage
   * between tabs' processes apart from the lock, so the lock may come first by a few milliseconds;
   * without waiting, this tab would spend the refresh cookie a second time (measured on a busy
   * machine: one run in three).
   */
  private async storedByOtherTab(storedBefore: string | null): Promise<string | null> {
    for (let waited = 0; waited < STORAGE_SYNC_WAIT_MS; waited += STORAGE_SYNC_STEP_MS) {
      const stored = this.session.storedToken();
      if (stored !== storedBefore) return stored;
      await new Promise((resolve) => setTimeout(resolve, STORAGE_SYNC_STEP_MS));
    }
    return this.session.storedToken();
  }

  private async refresh(): Promise<boolean> {
    for (const url of this.config.extraRefreshUrls) void this.notify(url);
    const delivery = await this.transport.send(this.refreshRequest(REFRESH_PATH, this.config.services.auth));
    const answer = isSuccess(delivery.response.status) ? readRefreshAnswer(delivery.body) : null;
    if (answer === null) {
      this.expireSession();
      return false;
    }
    this.session.setToken(answer.token);
    if (!answer.isReload) return true;
    this.navigator.reload();
    return false;
  }

  /** The application host keeps its own session and gets the same refresh; its answer changes nothing here. */
  private async notify(url: string): Promise<void> {
    const delivery = await this.transport.send(this.refreshRequest(url));
    if (!isSuccess(delivery.response.status)) console.warn(`POST ${url} answered ${delivery.response.status}`);
  }

  private refreshRequest(path: string, baseUrl?: string): OutgoingRequest {
    return { method: 'POST', path, baseUrl, withCredentials: true };
  }
}
