import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useEffect } from 'react';
import { MemoryRouter, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import type { SessionUser } from '@core/shared/session-user';
import { HttpClients } from '@core/web/http/http-clients';
import { SessionStore } from '@core/web/services/session-store';
import { AppRoutes, appRoutes } from '@core/web/shell/create-app-router';
import {
  HomeRedirect,
  NavigationTrail,
  NavigationTrailProvider,
  RequireMissingEmail,
  RequireSession,
  SignedOutOnly,
} from '@core/web/shell/guards';
import { query, submit, typeInto } from '../../../support/web/dom';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import {
  createTestKernel,
  KernelProviders,
  mount,
  renderRoutesInKernel,
  testUser,
  TEST_API,
  waitInAct,
  type RenderedView,
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

/** The server signs anyone in as `user`. */
function answerLoginWith(user: SessionUser): void {
  stubFetch((request) =>
    request.url === `${TEST_API}auth/auth/login`
      ? jsonResponse(200, { data: { user, token: 'token-1' } })
      : jsonResponse(404, {}),
  );
}

/** Fills in and sends the sign-in form on the page. */
async function signInOnPage(view: RenderedView): Promise<void> {
  await typeInto(query<HTMLInputElement>(view.element, 'input[type="email"]'), 'ann@example.com');
  await typeInto(query<HTMLInputElement>(view.element, 'input[type="password"]'), 'secret');
  await submit(query<HTMLFormElement>(view.element, 'form'));
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
    { path: '/enter-email', element: <p>enter-email page</p> },
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
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
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
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
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

// ---------------------------------------------------------------------------------------------
// E-mail rules: a user without an e-mail is held on EnterEmail until they give one.
// ---------------------------------------------------------------------------------------------

const NO_EMAIL = testUser([], { username: 'ann', email: null });

/** Every path the router passes through from now on, redirect hops included. */
function recordPaths(view: RenderedView): string[] {
  const paths: string[] = [];
  view.router.subscribe((state) => paths.push(state.location.pathname));
  return paths;
}

describe('Home (/) and the e-mail', () => {
  it('sends a user without an e-mail to /enter-email and shows the page', async () => {
    const { view } = await openApp('/', { user: NO_EMAIL });
    expect(view.path()).toBe('/enter-email');
    await waitForText(view.element, 'Continue registration');
  });

  it.each([
    ['an empty e-mail', { ...NO_EMAIL, email: '' }],
    ['a blank e-mail', { ...NO_EMAIL, email: '   ' }],
  ])('counts %s as none', async (_label, user) => {
    const { view } = await openApp('/', { user });
    expect(view.path()).toBe('/enter-email');
  });

  it('counts a stored user without the field as having no e-mail', async () => {
    const { view } = await openApp('/', { storage: { userData: '{"id":1,"username":"ann"}' } });
    expect(view.path()).toBe('/enter-email');
  });

  it('sends a user with an e-mail to /dashboard/main', async () => {
    const { view } = await openApp('/', { user: testUser() });
    expect(view.path()).toBe('/dashboard/main');
  });
});

describe('EnterEmail (/enter-email)', () => {
  it('without a stored user goes to /login and remembers the page', async () => {
    const { view, kernel } = await openApp('/enter-email');
    expect(view.path()).toBe('/login');
    expect(kernel.storage.getItem('lastRoute')).toBe('/enter-email');
  });

  it.each(NOT_OBJECTS)('treats the stored user %s as signed out', async (raw) => {
    const { view } = await openApp('/enter-email', { storage: { userData: raw } });
    expect(view.path()).toBe('/login');
  });

  it('with an e-mail goes to Main', async () => {
    const { view } = await openApp('/enter-email', { user: testUser() });
    expect(view.path()).toBe('/dashboard/main');
    await waitForText(view.element, 'Hello, ann');
  });

  it('is shown when the app starts on it (there is no earlier page to come from)', async () => {
    const { view } = await openApp('/enter-email', { user: NO_EMAIL });
    await waitForText(view.element, 'Continue registration');
    expect(view.path()).toBe('/enter-email');
    // The bare layout: no shell around it.
    expect(view.element.querySelector('nav')).toBeNull();
    expect(document.title).toBe('Continue registration · Back Office');
  });

  it('arriving from Login goes straight there', async () => {
    answerLoginWith(NO_EMAIL);
    const { view } = await openApp('/login');
    await waitForText(view.element, 'Welcome back');
    const paths = recordPaths(view);
    await signInOnPage(view);
    await waitInAct(() => expect(view.path()).toBe('/enter-email'));
    await waitForText(view.element, 'Continue registration');
    // Login → Home → EnterEmail, never back through Login.
    expect(paths).not.toContain('/login');
  });

  it('arriving from a page other than Login or EnterEmail goes to Login', async () => {
    // The guards alone, with a Login that stays put, so where EnterEmail sends is what the router ends on.
    const kernel = await createTestKernel({ user: NO_EMAIL });
    const trail = new NavigationTrail();
    const routes: RouteObject[] = [
      {
        element: (
          <NavigationTrailProvider trail={trail}>
            <Outlet />
          </NavigationTrailProvider>
        ),
        children: [
          { path: '/login', element: <p>login page</p> },
          { path: '/elsewhere', element: <p>another page</p> },
          {
            path: '/enter-email',
            element: (
              <RequireMissingEmail>
                <p>enter-email page</p>
              </RequireMissingEmail>
            ),
          },
        ],
      },
    ];
    const view = await renderRoutesInKernel(kernel, routes, { path: '/elsewhere' });
    expect(trail.lastPage).toBe('/elsewhere');
    await view.navigate('/enter-email');
    expect(view.path()).toBe('/login');
    expect(view.element.textContent).toBe('login page');

    // From Login (a page the user was shown), EnterEmail opens.
    await view.navigate('/enter-email');
    expect(view.path()).toBe('/enter-email');
    expect(view.element.textContent).toBe('enter-email page');

    // And from EnterEmail itself (a reload of the route, a second visit).
    await view.navigate('/enter-email?again=1');
    expect(view.path()).toBe('/enter-email?again=1');
  });

  it('in the app, arriving from another page passes through Login, which (signed in) leads back without looping', async () => {
    const { view, kernel } = await openApp('/dashboard/main', { user: testUser() });
    await waitForText(view.element, 'Hello, ann');
    const paths = recordPaths(view);
    // The e-mail is gone (an administrator removed it; the user was read again).
    await act(async () => kernel.get(SessionStore).setUser({ ...testUser(), email: null }));
    await waitInAct(() => expect(view.path()).toBe('/enter-email'));
    await waitForText(view.element, 'Continue registration');
    expect(paths).toEqual(['/enter-email', '/login', '/', '/enter-email']);
  });

  it('once the e-mail is set the user is sent on to Main', async () => {
    const { view, kernel } = await openApp('/enter-email', { user: NO_EMAIL });
    await waitForText(view.element, 'Continue registration');
    await act(async () => kernel.get(SessionStore).setUser(testUser()));
    await waitInAct(() => expect(view.path()).toBe('/dashboard/main'));
  });
});

describe('a user without an e-mail on a guarded route', () => {
  it.each(['/dashboard/main', '/profile', '/notifications', '/dashboards/messaging', '/settings', '/no/such/page'])(
    '%s redirects to /enter-email',
    async (path) => {
      const { view, kernel } = await openApp(path, { user: NO_EMAIL });
      expect(view.path()).toBe('/enter-email');
      await waitForText(view.element, 'Continue registration');
      // They are signed in: nothing is remembered for after a sign-in.
      expect(kernel.storage.getItem('lastRoute')).toBeNull();
    },
  );

  it('a plugin path redirects without loading the plugin', async () => {
    const wallets = testPlugin({
      id: 'wallets',
      pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }],
    });
    const { view } = await openApp('/wallets', { plugins: [wallets], user: NO_EMAIL });
    expect(view.path()).toBe('/enter-email');
    expect(wallets.load).not.toHaveBeenCalled();
  });

  it('/login sends them Home and on to /enter-email', async () => {
    const { view } = await openApp('/login', { user: NO_EMAIL });
    expect(view.path()).toBe('/enter-email');
    await waitForText(view.element, 'Continue registration');
  });

  it('RequireSession alone sends them to /enter-email', async () => {
    const { view } = await openGuarded('/wallets', { user: NO_EMAIL });
    expect(view.path()).toBe('/enter-email');
    expect(view.element.textContent).toBe('enter-email page');
  });
});

describe('the new guarded pages without a stored user', () => {
  it.each(['/profile', '/notifications', '/dashboards/messaging', '/settings'])(
    '%s goes to /login and is remembered',
    async (path) => {
      const { view, kernel } = await openApp(`${path}?tab=1`);
      expect(view.path()).toBe('/login');
      expect(kernel.storage.getItem('lastRoute')).toBe(`${path}?tab=1`);
    },
  );

  it('after sign-in the user returns to the remembered page', async () => {
    answerLoginWith(testUser());
    const { view } = await openApp('/settings');
    expect(view.path()).toBe('/login');
    await waitForText(view.element, 'Welcome back');
    await signInOnPage(view);
    await waitInAct(() => expect(view.path()).toBe('/settings'));
    await waitForText(view.element, 'Nothing to set yet');
  });

  it('/ and /login are never remembered', async () => {
    const first = await openApp('/');
    expect(first.kernel.storage.getItem('lastRoute')).toBeNull();
    const second = await openApp('/login');
    expect(second.kernel.storage.getItem('lastRoute')).toBeNull();
  });
});

describe('the app routes on a declarative router (as BrowserRouter runs them)', () => {
  /** The app's table under <MemoryRouter> and <AppRoutes>, reporting each location it settles on. */
  async function openDeclarative(path: string, options: TestKernelOptions = {}) {
    const kernel = await createTestKernel(options);
    const seen: string[] = [];
    function Probe() {
      const location = useLocation();
      useEffect(() => {
        seen.push(location.pathname);
      }, [location]);
      return null;
    }
    const mounted = await mount(
      <KernelProviders kernel={kernel}>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
          <AppRoutes routes={appRoutes(kernel.host)} />
        </MemoryRouter>
      </KernelProviders>,
    );
    return { kernel, element: mounted.element, seen, last: () => seen.at(-1) };
  }

  it('/ without a user ends on the sign-in page', async () => {
    const app = await openDeclarative('/');
    await waitInAct(() => expect(app.element.textContent).toContain('Welcome back'));
    expect(app.last()).toBe('/login');
  });

  it('/ for a user without an e-mail ends on EnterEmail', async () => {
    const app = await openDeclarative('/', { user: NO_EMAIL });
    await waitInAct(() => expect(app.element.textContent).toContain('Continue registration'));
    expect(app.last()).toBe('/enter-email');
  });

  it('a guarded page without a user ends on Login and is remembered', async () => {
    const app = await openDeclarative('/profile');
    await waitInAct(() => expect(app.element.textContent).toContain('Welcome back'));
    expect(app.last()).toBe('/login');
    expect(app.kernel.storage.getItem('lastRoute')).toBe('/profile');
  });

  it('/enter-email with an e-mail ends on Main', async () => {
    const app = await openDeclarative('/enter-email', { user: testUser() });
    await waitInAct(() => expect(app.element.textContent).toContain('Hello, ann'));
    expect(app.last()).toBe('/dashboard/main');
  });
});
