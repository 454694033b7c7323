import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act } from 'react';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { adminManifest } from '@plugins/admin/manifest';
import { financeManifest } from '@plugins/finance/manifest';
import { messengerManifest } from '@plugins/messenger/manifest';
import { permissionAreas } from '@core/web/pages/profile/permission-areas';
import { CHAT_LINK_LIMIT_MS, CHAT_LINK_POLL_MS } from '@core/web/pages/profile/chat-link-flow';
import { appRoutes } from '@core/web/shell/create-app-router';
import { admin, finance, messenger, productPlugin } from '../../../support/web/product-plugins';
import { buttonByText, click } from '../../../support/web/dom';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../support/web/fetch';
import {
  createTestKernel,
  recordToasts,
  renderRoutesInKernel,
  testUser,
  TEST_API,
  waitInAct,
  type RenderedView,
  type TestKernel,
  type TestKernelOptions,
} from '../../../support/web/test-kernel';
import type { ToastRequest } from '@core/web/services/toast-service';

const PROFILE_URL = `${TEST_API}auth/auth/profile`;
const START_URL = `${TEST_API}auth/mattermost/auth`;
// The notification preferences' card (its own test is in tests/core/web/notifications), under the default base URL.
const PREFERENCES_URL = '/api/notifications/preferences';
const NO_PREFERENCES = { sources: [], bot_available: false, superadmin: false, superadmin_opt_in: false };
const CHECK_URL = `${TEST_API}auth/mattermost/auth-check`;
const REDIRECT = 'https://chat.example.com/oauth/authorize?client_id=erp&state=hash-1';
const HASH = 'hash-1';
const PENDING = 'The chat-platform authorization is not finished yet.';
const NOT_CONFIGURED =
  'Chat-platform linking is not configured: set ERP_MATTERMOST_URL, ERP_MATTERMOST_CLIENT_ID, ERP_MATTERMOST_CLIENT_SECRET and ERP_MATTERMOST_REDIRECT_URI.';
const NOT_FINISHED =
  'Linking was not finished. Authorize in the chat-platform window, then check again, or start over.';
const WAITING = 'Authorize the back office in the chat-platform window.';

const USER = testUser(['JA'], { username: 'ann', email: 'ann@example.com', roles: ['manager', 'auditor'] });
const PROFILE = {
  ...USER,
  permissions: ['FW', 'JU', 'JA', 'SC', 'MB', 'ZZ'],
  mattermost_username: null,
  tg_login: 'ann_tg',
};

/** A window as the flow sees it: it is navigated, may be closed by the user, and may be closed by the flow. */
interface FakeWindow {
  closed: boolean;
  opener: unknown;
  location: { href: string };
  close: MockInstance<() => void>;
}

function fakeWindow(): FakeWindow {
  const popup: FakeWindow = {
    closed: false,
    opener: window,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  return popup;
}

/** The auth service: the profile, and a chat-link authorization whose checks answer from `checks` in turn. */
class FakeAuthServer {
  profile: object = PROFILE;
  profileStatus = 200;
  start: () => Response = () => jsonResponse(200, { data: { redirect: REDIRECT, hash: HASH } });
  /** Answers to successive checks; the last one repeats. */
  checks: (() => Response)[] = [() => jsonResponse(409, { message: PENDING })];
  readonly seen: SeenRequest[];

  constructor() {
    this.seen = stubFetch((request) => this.answer(request));
  }

  get checkCount(): number {
    return this.seen.filter((request) => request.url === CHECK_URL).length;
  }

  private answer(request: SeenRequest): Response {
    if (request.url === PROFILE_URL) {
      return this.profileStatus === 200
        ? jsonResponse(200, { data: this.profile })
        : jsonResponse(this.profileStatus, { message: 'Server Error' });
    }
    if (request.url === PREFERENCES_URL) return jsonResponse(200, { data: NO_PREFERENCES });
    if (request.url === START_URL) return this.start();
    if (request.url === CHECK_URL) {
      const next = this.checks.length > 1 ? this.checks.shift() : this.checks[0];
      return next ? next() : jsonResponse(500, {});
    }
    return jsonResponse(404, { message: 'Not found.' });
  }
}

const linked = (username: string) => () => jsonResponse(200, { data: { linked: true, mattermost_username: username } });
const pending = () => jsonResponse(409, { message: PENDING });

let open: MockInstance<typeof window.open>;
let popup: FakeWindow;

beforeEach(() => {
  popup = fakeWindow();
  open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  // A 500 the client cannot toast is logged.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

interface ProfileScreen {
  readonly kernel: TestKernel;
  readonly view: RenderedView;
  readonly toasts: ToastRequest[];
  text(): string;
  chatStatus(): string;
}

async function openProfile(options: TestKernelOptions = {}): Promise<ProfileScreen> {
  // The admin, finance and messenger codes are described by those plugins' manifests.
  const kernel = await createTestKernel({
    user: USER,
    token: 'token-1',
    plugins: [admin, finance, messenger, productPlugin('shop')],
    ...options,
  });
  const toasts = recordToasts(kernel);
  const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/profile' });
  await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toMatch(/My profile|Мой профиль/));
  await waitInAct(() => expect(view.element.querySelector('dl')).not.toBeNull());
  return {
    kernel,
    view,
    toasts,
    text: () => view.element.textContent ?? '',
    chatStatus: () => view.element.querySelector('[data-testid="chat-link-status"]')?.textContent ?? '',
  };
}

/** Lets fetch answers and renders settle under fake timers, without moving the clock. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

/** Switches to fake timers (so polling runs on command) and presses the link button. */
async function startLinking(screen: ProfileScreen, label = 'Link account'): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await click(buttonByText(screen.view.element, label));
  await settle();
}

describe('Profile page', () => {
  it('shows the user, their roles and their effective permissions by area', async () => {
    const server = new FakeAuthServer();
    const screen = await openProfile();
    expect(
      server.seen.filter((request) => request.url !== PREFERENCES_URL).map((request) => [request.method, request.url]),
    ).toEqual([['GET', PROFILE_URL]]);
    const details = screen.view.element.querySelector('dl')?.textContent ?? '';
    expect(details).toContain('Usernameann');
    expect(details).toContain('Emailann@example.com');
    expect(details).toContain('manager');
    expect(details).toContain('auditor');
    const areas = [...screen.view.element.querySelectorAll('section[aria-label]')].map((section) =>
      section.getAttribute('aria-label'),
    );
    expect(areas).toEqual(['Finance', 'Shop', 'Messenger', 'Admin', 'Other']);
    const admin = screen.view.element.querySelector('section[aria-label="Admin"]')?.textContent ?? '';
    expect(admin).toContain('JAArticles');
    expect(admin).toContain('JUUsers');
    expect(screen.view.element.querySelector('section[aria-label="Other"]')?.textContent).toBe('OtherZZ');
    expect(document.title).toBe('My profile · Back Office');
  });

  it('shows the linked accounts: not linked to the chat platform, linked to the messenger', async () => {
    new FakeAuthServer();
    const screen = await openProfile();
    expect(screen.chatStatus()).toBe('Not linked');
    expect(screen.view.element.querySelector('[data-testid="messenger-status"]')?.textContent).toBe(
      'Linked as @ann_tg',
    );
    expect(buttonByText(screen.view.element, 'Link account')).toBeDefined();
  });

  it('shows an account already linked', async () => {
    const server = new FakeAuthServer();
    server.profile = {
      ...PROFILE,
      mattermost_username: 'ann.mm',
      tg_login: null,
      email: null,
      roles: [],
      permissions: [],
    };
    const screen = await openProfile({ user: { ...USER } });
    expect(screen.chatStatus()).toBe('Linked as @ann.mm');
    expect(screen.view.element.querySelector('[data-testid="messenger-status"]')?.textContent).toBe('Not linked');
    expect(screen.text()).toContain('No roles');
    expect(screen.text()).toContain('No e-mail');
    expect(screen.text()).toContain('You have no permissions yet. Ask an administrator for access.');
    expect(buttonByText(screen.view.element, 'Link another account')).toBeDefined();
  });

  it('says when the profile cannot be read, and tries again', async () => {
    const server = new FakeAuthServer();
    server.profileStatus = 500;
    const kernel = await createTestKernel({ user: USER, token: 'token-1' });
    const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/profile' });
    await waitInAct(() => expect(view.element.textContent).toContain('Server Error'));
    server.profileStatus = 200;
    await click(buttonByText(view.element, 'Try again'));
    await waitInAct(() => expect(view.element.querySelector('dl')?.textContent).toContain('ann@example.com'));
  });

  it('speaks Russian when the language is Russian', async () => {
    new FakeAuthServer();
    const screen = await openProfile({ language: 'ru' });
    expect(screen.view.element.querySelector('h1')?.textContent).toBe('Мой профиль');
    expect(screen.chatStatus()).toBe('Не связан');
    expect(screen.text()).toContain('Действующие права');
    // The catalogue's descriptions too, and the area titles.
    expect(screen.view.element.querySelector('section[aria-label="Администрирование"]')?.textContent).toContain(
      'JAСтатьи',
    );
    expect(screen.view.element.querySelector('section[aria-label="Прочее"]')?.textContent).toBe('ПрочееZZ');
  });
});

describe('linking the chat-platform account', () => {
  it('opens the authorization in a new window and polls every 2 s until it is linked', async () => {
    const server = new FakeAuthServer();
    server.checks = [pending, pending, linked('ann.mm')];
    const screen = await openProfile();
    await startLinking(screen);

    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank');
    expect(popup.location.href).toBe(REDIRECT);
    expect(popup.opener).toBeNull();
    expect(screen.text()).toContain(WAITING);
    expect(server.checkCount).toBe(0);

    await advance(CHAT_LINK_POLL_MS - 1);
    expect(server.checkCount).toBe(0);
    await advance(1);
    expect(server.checkCount).toBe(1);
    expect(screen.text()).toContain(WAITING);
    await advance(CHAT_LINK_POLL_MS);
    expect(server.checkCount).toBe(2);
    await advance(CHAT_LINK_POLL_MS);
    expect(server.checkCount).toBe(3);

    expect(screen.chatStatus()).toBe('Linked as @ann.mm');
    expect(screen.text()).toContain('Your chat-platform account is linked as @ann.mm.');
    expect(screen.text()).not.toContain(WAITING);
    const checks = server.seen.filter((request) => request.url === CHECK_URL);
    expect(checks.map((request) => [request.method, request.body])).toEqual(Array(3).fill(['POST', { hash: HASH }]));
    // Done: no further checks, and nothing was toasted (the page says it all).
    await advance(10 * CHAT_LINK_POLL_MS);
    expect(server.checkCount).toBe(3);
    expect(screen.toasts).toEqual([]);
  });

  it('shows the message of a failed or expired authorization (422) and stops', async () => {
    const server = new FakeAuthServer();
    const failure = 'Mattermost did not authorize the link: access_denied';
    server.checks = [
      pending,
      () => jsonResponse(422, { message: 'The given data was invalid.', errors: { hash: [failure] } }),
    ];
    const screen = await openProfile();
    await startLinking(screen);
    await advance(CHAT_LINK_POLL_MS * 2);
    expect(server.checkCount).toBe(2);
    expect(screen.text()).toContain(failure);
    expect(screen.chatStatus()).toBe('Not linked');
    await advance(CHAT_LINK_POLL_MS * 5);
    expect(server.checkCount).toBe(2);
    expect(screen.toasts).toEqual([]);
  });

  it('when the window is closed, checks once more and says linking was not finished', async () => {
    const server = new FakeAuthServer();
    const screen = await openProfile();
    await startLinking(screen);
    await advance(CHAT_LINK_POLL_MS);
    expect(server.checkCount).toBe(1);
    popup.closed = true;
    await advance(CHAT_LINK_POLL_MS);
    expect(server.checkCount).toBe(2);
    expect(screen.text()).toContain(NOT_FINISHED);
    await advance(CHAT_LINK_POLL_MS * 5);
    expect(server.checkCount).toBe(2);
  });

  it('when the window is closed after authorizing, the final check links', async () => {
    const server = new FakeAuthServer();
    server.checks = [pending, linked('ann.mm')];
    const screen = await openProfile();
    await startLinking(screen);
    await advance(CHAT_LINK_POLL_MS);
    popup.closed = true;
    await advance(CHAT_LINK_POLL_MS);
    expect(screen.chatStatus()).toBe('Linked as @ann.mm');
  });

  it('gives up after 10 minutes of pending answers', async () => {
    const server = new FakeAuthServer();
    const screen = await openProfile();
    await startLinking(screen);
    await advance(CHAT_LINK_LIMIT_MS - CHAT_LINK_POLL_MS);
    expect(screen.text()).toContain(WAITING);
    await advance(CHAT_LINK_POLL_MS);
    expect(screen.text()).toContain(NOT_FINISHED);
    expect(server.checkCount).toBe(CHAT_LINK_LIMIT_MS / CHAT_LINK_POLL_MS);
    await advance(CHAT_LINK_POLL_MS * 5);
    expect(server.checkCount).toBe(CHAT_LINK_LIMIT_MS / CHAT_LINK_POLL_MS);
  });

  it('can check again after giving up, and link then', async () => {
    const server = new FakeAuthServer();
    server.checks = [pending, linked('ann.mm')];
    const screen = await openProfile();
    await startLinking(screen);
    popup.closed = true;
    await advance(CHAT_LINK_POLL_MS);
    expect(screen.text()).toContain(NOT_FINISHED);
    await click(buttonByText(screen.view.element, 'Check again'));
    await settle();
    expect(server.checkCount).toBe(2);
    expect(screen.chatStatus()).toBe('Linked as @ann.mm');
  });

  it('shows the server’s message when linking is not configured (503), and closes the window it opened', async () => {
    const server = new FakeAuthServer();
    server.start = () => jsonResponse(503, { message: NOT_CONFIGURED });
    const screen = await openProfile();
    await startLinking(screen);
    expect(screen.text()).toContain(NOT_CONFIGURED);
    expect(popup.close).toHaveBeenCalledTimes(1);
    await advance(CHAT_LINK_POLL_MS * 3);
    expect(server.checkCount).toBe(0);
    expect(screen.toasts).toEqual([]);
  });

  it('offers the authorization as a link when the browser blocks the window, and still waits for it', async () => {
    const server = new FakeAuthServer();
    server.checks = [pending, linked('ann.mm')];
    open.mockImplementation(() => null);
    const screen = await openProfile();
    await startLinking(screen);
    const link = [...screen.view.element.querySelectorAll('a')].find(
      (anchor) => anchor.textContent === 'Open the chat-platform window',
    );
    expect(link?.getAttribute('href')).toBe(REDIRECT);
    expect(link?.getAttribute('target')).toBe('_blank');
    await advance(CHAT_LINK_POLL_MS * 2);
    expect(screen.chatStatus()).toBe('Linked as @ann.mm');
  });

  it('stops waiting when asked', async () => {
    const server = new FakeAuthServer();
    const screen = await openProfile();
    await startLinking(screen);
    await advance(CHAT_LINK_POLL_MS);
    await click(buttonByText(screen.view.element, 'Stop waiting'));
    await advance(CHAT_LINK_POLL_MS * 5);
    expect(server.checkCount).toBe(1);
    expect(screen.text()).not.toContain(WAITING);
    expect(buttonByText(screen.view.element, 'Link account')).toBeDefined();
  });

  it('stops polling when the user leaves the page', async () => {
    const server = new FakeAuthServer();
    const screen = await openProfile();
    // The next page's code arrives first, so leaving does not wait on a download under fake timers.
    await screen.view.navigate('/settings');
    await waitInAct(() => expect(screen.view.element.querySelector('h1')?.textContent).toBe('Settings'));
    await screen.view.navigate('/profile');
    await waitInAct(() => expect(screen.view.element.querySelector('dl')).not.toBeNull());

    await startLinking(screen);
    await advance(CHAT_LINK_POLL_MS);
    expect(server.checkCount).toBe(1);
    await screen.view.navigate('/settings');
    await settle();
    expect(screen.view.element.querySelector('h1')?.textContent).toBe('Settings');
    await advance(CHAT_LINK_POLL_MS * 5);
    expect(server.checkCount).toBe(1);
  });

  it('starts over with a fresh authorization when linked already', async () => {
    const server = new FakeAuthServer();
    server.profile = { ...PROFILE, mattermost_username: 'old.mm' };
    server.checks = [linked('new.mm')];
    const screen = await openProfile();
    await startLinking(screen, 'Link another account');
    await advance(CHAT_LINK_POLL_MS);
    expect(screen.chatStatus()).toBe('Linked as @new.mm');
    expect(server.seen.filter((request) => request.url === START_URL)).toHaveLength(1);
  });
});

describe('permissionAreas', () => {
  const catalogue = new PermissionCatalogue([adminManifest, financeManifest, messengerManifest]);

  it('groups codes by the area their plugin declares, in the sidebar’s order and the catalogue’s within one, unknown codes last', () => {
    expect(permissionAreas(['ZZ', 'MB', 'FW', 'JU', 'FP', 'JA', 'JA'], catalogue)).toEqual([
      { area: 'finance', codes: ['FP', 'FW'] },
      { area: 'messenger', codes: ['MB'] },
      { area: 'admin', codes: ['JA', 'JU'] },
      { area: 'other', codes: ['ZZ'] },
    ]);
  });

  it('is empty without codes', () => {
    expect(permissionAreas([], catalogue)).toEqual([]);
  });
});
