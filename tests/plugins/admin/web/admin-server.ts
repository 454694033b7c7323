/**
 * A stand-in for the auth service in the admin plugin's browser tests: answers by method and path
 * (relative to the service's base URL) from handlers the test registers; anything else is a 404.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import admin from '@plugins/admin/web';
import type { WebPlugin } from '@core/web/plugins/define-plugin';
import type { Language } from '@core/shared/runtime-config';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../support/web/fetch';
import { TEST_API, cleanupTestKernels, createTestKernel, testUser, type TestKernel } from '../../../support/web/test-kernel';

export const AUTH_API = `${TEST_API}auth/`;

export type Handler = (request: SeenRequest, url: URL) => Response | Promise<Response>;

export class FakeAuthServer {
  readonly seen: SeenRequest[];
  private readonly handlers = new Map<string, Handler>();

  constructor() {
    this.seen = stubFetch((request) => this.answer(request));
  }

  /** `on('GET', 'users', …)`: the path has no query; an object is answered as JSON with 200. */
  on(method: string, path: string, handler: Handler | object): this {
    this.handlers.set(`${method} ${path}`, typeof handler === 'function' ? (handler as Handler) : () => jsonResponse(200, handler));
    return this;
  }

  requests(method: string, path: string): SeenRequest[] {
    return this.seen.filter((request) => request.method === method && request.url.split('?')[0] === `${AUTH_API}${path}`);
  }

  /** The query of the last request to `path`. */
  lastQuery(method: string, path: string): URLSearchParams {
    const last = this.requests(method, path).at(-1);
    if (!last) throw new Error(`no ${method} ${path} was sent`);
    return new URL(last.url).searchParams;
  }

  private answer(request: SeenRequest): Response | Promise<Response> {
    const url = new URL(request.url);
    const path = request.url.startsWith(AUTH_API) ? url.pathname.slice('/auth/'.length) : url.pathname;
    const handler = this.handlers.get(`${request.method} ${path}`);
    return handler ? handler(request, url) : jsonResponse(404, { message: 'Not found.' });
  }
}

export function adminKernel(codes: readonly string[], options: { plugins?: readonly WebPlugin[]; language?: Language } = {}): Promise<TestKernel> {
  return createTestKernel({ plugins: options.plugins ?? [admin], user: testUser(codes), token: 'token-1', language: options.language });
}

export const page = <T>(rows: readonly T[], total = rows.length) => ({
  data: { data: rows, current_page: 1, last_page: Math.max(1, Math.ceil(total / 20)), per_page: 20, total },
});

/**
 * Per-test set-up: Fluent's dialogs cancel animations when they close, and happy-dom leaves the
 * cancelled `finished` promise unhandled; failed calls the client logs are kept off the console.
 */
export function useAdminTestSetup(): void {
  beforeEach(() => {
    const cancel = Animation.prototype.cancel;
    vi.spyOn(Animation.prototype, 'cancel').mockImplementation(function (this: Animation) {
      this.finished.catch(() => undefined);
      cancel.call(this);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await cleanupTestKernels();
    vi.restoreAllMocks();
  });
}

export const USER_INFO = {
  id: 5,
  username: 'bob',
  email: 'bob@example.com',
  status: 'active',
  roles: ['manager'],
  created_at: '2026-01-02T10:00:00.000Z',
  deleted_at: null,
  role_ids: [2],
  permissions: ['JU'],
  additional_permissions: [],
  sub: 'BOB',
  tg_user_id: null,
  tg_login: null,
  manager_id: null,
  mattermost_username: null,
};

export const ROLES = [
  { id: 1, name: 'superadmin', users_count: 1, permissions_count: 0 },
  { id: 2, name: 'manager', users_count: 3, permissions_count: 2 },
  { id: 3, name: 'accountant', users_count: 0, permissions_count: 1 },
];

/** The menu item (or listbox option) reading `name`, in the open popover. */
export function itemNamed(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('[role="menuitem"], [role="option"], [role="menuitemcheckbox"]')].find(
    (candidate) => candidate.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no menu item or option "${name}"`);
  return found;
}

/** The button whose text or accessible label is `name`. */
export function buttonNamed(name: string, scope: ParentNode = document.body): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === name || candidate.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The tab reading `name` (a Fluent tab draws its text twice, once to reserve the bold width). */
export function tabNamed(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find(
    (tab) => tab.querySelector('.fui-Tab__content')?.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no tab "${name}"`);
  return found;
}
