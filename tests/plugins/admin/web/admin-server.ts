/**
 * A stand-in for the auth service in the admin plugin's browser tests: answers by method and path
 * (relative to the service's base URL) from handlers the test registers; anything else is a 404.
 */
import type { Language } from '@core/sdk/shared';
import {
  createTestKernel,
  FakeService,
  TEST_API,
  type TestKernel,
  testUser,
  setupPopupTests,
  webPlugin,
  type WebPlugin,
} from '@core/sdk/testing-web';
import { adminManifest } from '@plugins/admin/manifest';
import adminCode from '@plugins/admin/web';

export const admin = webPlugin(adminManifest, adminCode);

export const AUTH_API = `${TEST_API}auth/`;

/** The auth service the admin screens call. */
export class FakeAuthServer extends FakeService {
  constructor() {
    super(AUTH_API);
  }
}

export function adminKernel(
  codes: readonly string[],
  options: { plugins?: readonly WebPlugin[]; language?: Language } = {},
): Promise<TestKernel> {
  return createTestKernel({
    plugins: options.plugins ?? [admin],
    user: testUser(codes),
    token: 'token-1',
    language: options.language,
  });
}

export const page = <T>(rows: readonly T[], total = rows.length) => ({
  data: { data: rows, current_page: 1, last_page: Math.max(1, Math.ceil(total / 20)), per_page: 20, total },
});

export const setupAdminTests = (): void => setupPopupTests({ quiet: true });

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
  const found = [
    ...document.querySelectorAll<HTMLElement>('[role="menuitem"], [role="option"], [role="menuitemcheckbox"]'),
  ].find((candidate) => candidate.textContent?.trim() === name);
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

/** An RDP server as `GET rdps/server` lists it, with one user granted. */
export const RDP_GRANT = { id: 40, server_id: 3, user_id: 5, username: 'bob', created_at: '2026-02-01T00:00:00.000Z' };
export const RDP_SERVER = {
  id: 3,
  version: 1,
  name: 'rdp-1',
  url: null,
  ip: '10.0.0.3',
  username: 'admin',
  password: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  users: [RDP_GRANT],
};
