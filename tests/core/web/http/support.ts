import { vi } from 'vitest';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import type { PageNavigator } from '@core/web/kernel/environment';
import type { I18nService } from '@core/web/services/i18n-service';
import { SessionStore, type SessionUser } from '@core/web/services/session-store';
import type { ToastService } from '@core/web/services/toast-service';
import { HttpClients } from '@core/web/http/http-clients';

export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | null;
  /** A file sent as it is (an upload). */
  readonly blob: Blob | null;
  readonly credentials: RequestCredentials | undefined;
  readonly signal: AbortSignal | null | undefined;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const AUTH_BASE = 'https://api.example/auth/';
export const FINANCE_BASE = 'https://api.example/finance/';
export const REFRESH_URL = `${AUTH_BASE}auth/refresh`;
export const USER: SessionUser = {
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  status: 'active',
  roles: [],
  permissions: [],
};

const TRANSLATIONS: Readonly<Record<string, string>> = {
  'core:toast.success': 'Success',
  'core:errors.generic': 'An error occurred',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets every pending promise chain run (the fake network answers through several awaits). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Replaces the global fetch ofetch calls, recording each request. */
export function stubNetwork(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request: SeenRequest = {
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : null,
        blob: init.body instanceof Blob ? init.body : null,
        credentials: init.credentials,
        signal: init.signal,
      };
      seen.push(request);
      return handler(request);
    }),
  );
  return seen;
}

export function bearer(request: SeenRequest): string | null {
  return request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
}

export function isRefresh(request: SeenRequest): boolean {
  return request.url === REFRESH_URL;
}

export function refreshAnswer(token: string, isReload = false): Response {
  return json(200, { data: { token, is_reload: isReload } });
}

export function createKernel(options: { path?: string; cookie?: string | null; extraRefreshUrls?: string[] } = {}) {
  localStorage.clear();
  const session = new SessionStore(localStorage);
  session.signIn(USER, 'old');
  const toasts = { error: vi.fn<ToastService['error']>(), success: vi.fn<ToastService['success']>() };
  const i18n: Pick<I18nService, 't'> = { t: (key) => TRANSLATIONS[key] ?? key };
  const navigator = {
    currentPath: vi.fn<PageNavigator['currentPath']>(() => options.path ?? '/wallets?page=2'),
    navigate: vi.fn<PageNavigator['navigate']>(),
    reload: vi.fn<PageNavigator['reload']>(),
  };
  const config: RuntimeConfig = {
    productName: 'Back Office',
    defaultLanguage: 'en',
    plugins: [],
    services: {
      auth: AUTH_BASE,
      finance: FINANCE_BASE,
      tracker: 'https://api.example/tracker/',
      shop: 'https://api.example/shop/',
      messenger: 'https://api.example/messenger/',
      social: 'https://api.example/social/',
      system: 'https://api.example/system/',
    },
    extraRefreshUrls: options.extraRefreshUrls ?? [],
  };
  const cookie = options.cookie === undefined ? 'xsrf-value' : options.cookie;
  const readCookie = vi.fn((name: string) => (name === 'XSRF-TOKEN' ? cookie : null));
  const clients = new HttpClients(session, toasts, i18n, config, navigator, readCookie);
  return { session, toasts, i18n, navigator, config, readCookie, clients };
}
