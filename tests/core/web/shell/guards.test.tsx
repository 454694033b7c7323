import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { RouteObject } from 'react-router-dom';
import { HttpClients } from '@core/web/http/http-clients';
import { SessionStore } from '@core/web/services/session-store';
import { appRoutes } from '@core/web/shell/create-app-router';
import { HomeRedirect, RequireSession, SignedOutOnly } from '@core/web/shell/guards';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import {
  createTestKernel,
  renderRoutesInKernel,
  testUser,
  TEST_API,
  waitInAct,
  type TestKernelOptions,
} from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';

/** The app's own route table on a memory router, starting at `path`. */
async function openApp(path: string, options: TestKernelOptions = {}) {
  const kernel = await createTestKernel(options);
  const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path });
  return { kernel, view };
}

/** Waits for the lazily loaded shell and its pages to arrive. */
async function waitForText(element: HTMLElement, text: string): Promise<void> {
  await waitInAct(() => expect(element.textContent).toContain(text));
}

/** Each guard alone, around pages that only say where they are. */
function guardedRoutes(): RouteObject[] {
  return [
    { path: '/', element: <HomeRedirect /> },
    {
      path: '/login',
      element: (
        <SignedOutOnly>
          <p>login page</p>
        </SignedOutOnly>
      ),
    },
    { path: '/dashboard/main', element: <p>dashboard page</p> },
    {
      path: '/wallets',
      element: (
        <RequireSession>
          <p>wallets page</p>
        </RequireSession>
      ),
    },
  ];
}

async function openGuarded(path: string, options: TestKernelOptions = {}) {
  const kernel = await createTestKernel(options);
  const view = await renderRoutesInKernel(kernel, guardedRoutes(), { path });
  return { kernel, view };
}

const NOT_OBJECTS = ['"ann"', '42', 'true', 'null', '[]', '[{"id":1}]', '{not json'];

describe('HomeRedirect (/)', () => {
  it('sends a visitor without a stored user to /login', async () => {
    const { view } = await openGuarded('/');
    expect(view.path()).toBe('/login');
    expect(view.element.textContent).toBe('login page');
  });

  it('sends a signed-in user to /dashboard/main', async () => {
    const { view } = await openGuarded('/', { user: testUser() });
    expect(view.path()).toBe('/dashboard/main');
  });

  it('replaces the history entry rather than adding one', async () => {
    const { view } = await openGuarded('/');
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it.each(NOT_OBJECTS)('treats the stored user %s as signed out', async (raw) => {
    const { view } = await openGuarded('/', { storage: { userData: raw } });
    expect(view.path()).toBe('/login');
  });
});

describe('SignedOutOnly (/login)', () => {
  it('shows the page without a stored user', async () => {
    const { view } = await openGuarded('/login');
    expect(view.path()).toBe('/login');
    expect(view.element.textContent).toBe('login page');
  });

  it('sends a signed-in user to /', async () => {
    const kernel = await createTestKernel({ user: testUser() });
    // A `/` that stays put, so the guard's own target is what the router ends on.
    const routes = [...guardedRoutes().filter((route) => route.path !== '/'), { path: '/', element: <p>home</p> }];
    const view = await renderRoutesInKernel(kernel, routes, { path: '/login' });
    expect(view.path()).toBe('/');
    expect(view.element.textContent).toBe('home');
  });

  it('leaves a signed-out visitor on the page when the stored user is not an object', async () => {
    const { view } = await openGuarded('/login', { storage: { userData: '"ann"' } });
    expect(view.path()).toBe('/login');
  });
});

describe('RequireSession', () => {
  it('shows a guarded page to a signed-in user', async () => {
    const { view, kernel } = await openGuarded('/wallets', { user: testUser() });
    expect(view.path()).toBe('/wallets');
    expect(view.element.textContent).toBe('wallets page');
    expect(kernel.get(SessionStore).lastRoute).toBeNull();
  });

  it('sends a visitor without a user to /login and remembers the path with its query', async () => {
    const { view, kernel } = await openGuarded('/wallets?page=2');
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/wallets?page=2');
  });

  it.each(NOT_OBJECTS)('treats the stored user %s as signed out', async (raw) => {
    const { view, kernel } = await openGuarded('/wallets', { storage: { userData: raw } });
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/wallets');
  });

  it('guards again after sign-out', async () => {
    const { view, kernel } = await openGuarded('/wallets', { user: testUser() });
    await view.navigate('/dashboard/main');
    kernel.get(SessionStore).clear();
    await view.navigate('/wallets');
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/wallets');
  });
});

describe('an expired session on a guarded page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ends at /login with the page remembered and the user forgotten', async () => {
    // The client logs a 401 it could not recover from.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = stubFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    const { view, kernel } = await openGuarded('/wallets?page=2', { user: testUser(), token: 'stale' });
    const call = kernel.get(HttpClients).get('finance').get('wallets');
    await act(async () => {
      await expect(call).rejects.toMatchObject({ status: 401 });
    });
    expect(seen.map((request) => request.url)).toEqual([`${TEST_API}finance/wallets`, `${TEST_API}auth/auth/refresh`]);
    expect(view.path()).toBe('/login');
    expect(kernel.get(SessionStore).user).toBeNull();
    expect(kernel.storage.getItem('lastRoute')).toBe('/wallets?page=2');
    expect(kernel.navigator.navigations).toEqual(['/login']);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('the app routes', () => {
  it('/ without a stored user goes to /login and shows the sign-in page', async () => {
    const { view, kernel } = await openApp('/');
    expect(view.path()).toBe('/login');
    await waitForText(view.element, 'Welcome back');
    expect(kernel.storage.getItem('lastRoute')).toBeNull();
  });

  it('/ with a stored user goes to /dashboard/main', async () => {
    const { view } = await openApp('/', { user: testUser([], { username: 'ann' }) });
    expect(view.path()).toBe('/dashboard/main');
    await waitForText(view.element, 'Hello, ann');
  });

  it('/login with a stored user leaves the sign-in page for home', async () => {
    const { view } = await openApp('/login', { user: testUser() });
    // SignedOutOnly sends to `/`, which HomeRedirect forwards to the dashboard.
    expect(view.path()).toBe('/dashboard/main');
    await waitForText(view.element, 'Hello, ann');
    expect(view.element.textContent).not.toContain('Welcome back');
  });

  it('a guarded path without a user goes to /login and is remembered', async () => {
    const { view, kernel } = await openApp('/dashboard/main');
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/dashboard/main');
  });

  it('an unknown path is guarded too', async () => {
    const { view, kernel } = await openApp('/no/such/page?x=1');
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/no/such/page?x=1');
  });

  it('a plugin path without a user goes to /login and is remembered, without loading the plugin', async () => {
    const wallets = testPlugin({ id: 'wallets', routes: [{ path: '/wallets', titleKey: 'wallets:title' }] });
    const { view, kernel } = await openApp('/wallets?page=3', { plugins: [wallets] });
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/wallets?page=3');
    expect(wallets.load).not.toHaveBeenCalled();
  });

  it('a stored user that is not an object counts as signed out', async () => {
    const { view } = await openApp('/', { storage: { userData: '"ann"' } });
    expect(view.path()).toBe('/login');
    await waitForText(view.element, 'Welcome back');
  });

  it('a plugin path with a user loads the plugin and shows its page', async () => {
    const wallets = testPlugin({ id: 'wallets', routes: [{ path: '/wallets', titleKey: 'wallets:title' }] });
    const { view, kernel } = await openApp('/wallets', { plugins: [wallets], user: testUser(['FW']) });
    await waitForText(view.element, 'wallets page at /wallets');
    expect(view.path()).toBe('/wallets');
    expect(wallets.load).toHaveBeenCalledTimes(1);
    expect(kernel.host.state('wallets')).toBe('loaded');
  });

  it('titles the document after the current route', async () => {
    const { view } = await openApp('/login');
    await waitForText(view.element, 'Welcome back');
    expect(document.title).toBe('Welcome back · Back Office');
  });
});
