/**
 * The real web kernel for component tests (happy-dom).
 *
 * `createTestKernel` builds the real kernel (`createKernel`) on in-memory stand-ins for the browser:
 * local storage, page navigation, cookies and the colour-scheme media query. `renderInKernel` and
 * `renderRoutesInKernel` render React inside the providers the app uses (container, i18next, Fluent)
 * on a memory router, so a component sees what it sees in the app.
 *
 * A plugin page, through the app's own routes (guards, shell, lazy loading of the plugin's code):
 * `renderPluginPage` in ./plugin-page.ts. Or one component on its own, once its plugin is loaded:
 *
 * ```tsx
 * await kernel.host.ensureLoaded('admin');
 * const view = await renderInKernel(kernel, <ArticlesPage />);
 * ```
 *
 * Kernels and rendered views are released after each test automatically (see `cleanupTestKernels`).
 * Next to this file: `dom.ts` types and clicks, `fetch.ts` and `fake-service.ts` answer the HTTP
 * clients' requests.
 */
import { afterEach } from 'vitest';
import { act, createElement, Suspense, type ReactNode } from 'react';
import { createRoot, type Root, type RootOptions } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { Container, ServiceIdentifier } from 'inversify';
import type { Language, RuntimeConfig } from '@core/shared/runtime-config';
import type { PermissionCode } from '@core/shared/permissions';
import { createKernel } from '@core/web/kernel/create-kernel';
import type { CookieReader, PageNavigator } from '@core/web/kernel/environment';
import type { WebPlugin } from '@core/web/plugins/define-plugin';
import { PluginHost } from '@core/web/plugins/plugin-host';
import { ContainerProvider } from '@core/web/react/container-context';
import { addSignedInStrings } from '@core/web/i18n/signed-in-strings';
import { I18nService } from '@core/web/services/i18n-service';
import type { SessionUser } from '@core/web/services/session-store';
import { STORAGE_KEYS } from '@core/web/services/storage-keys';
import { ToastService, type ToastRequest } from '@core/web/services/toast-service';
import { DARK_SCHEME_MEDIA } from '@core/web/theme/color-scheme-query';

// ---------------------------------------------------------------------------------------------
// Browser stand-ins
// ---------------------------------------------------------------------------------------------

/** A `Storage` kept in a Map: each kernel gets its own, so tests never share local storage. */
export class MemoryStorage implements Storage {
  [name: string]: unknown;
  private readonly items = new Map<string, string>();

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  clear(): void {
    this.items.clear();
  }

  /** Everything stored, for assertions. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

/** Where the kernel's services navigate while a view is rendered: its router, as NavigatorBridge wires it in the app. */
export interface NavigationTarget {
  currentPath(): string;
  navigate(path: string): void;
}

/**
 * Records the navigation the kernel's services do outside React (e.g. sign-out after a failed
 * refresh). While a view from `renderRoutesInKernel` is mounted, it also moves that view's router.
 */
export class FakePageNavigator implements PageNavigator {
  /** Every path passed to `navigate`, in order. */
  readonly navigations: string[] = [];
  reloads = 0;
  private target: NavigationTarget | null = null;

  /** `path` is what `currentPath` reports while no router is attached. */
  constructor(public path = '/') {}

  currentPath(): string {
    return this.target ? this.target.currentPath() : this.path;
  }

  navigate(path: string): void {
    this.navigations.push(path);
    this.path = path;
    this.target?.navigate(path);
  }

  reload(): void {
    this.reloads += 1;
  }

  /** Attaches a router (or detaches it, with null). */
  follow(target: NavigationTarget | null): void {
    this.target = target;
  }
}

/** A `MediaQueryList` whose `matches` the test switches; listeners added with addEventListener hear it. */
export class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  onchange: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null = null;

  constructor(
    public matches = false,
    readonly media = DARK_SCHEME_MEDIA,
  ) {
    super();
  }

  setMatches(matches: boolean): void {
    this.matches = matches;
    this.dispatchEvent(new Event('change'));
  }

  /** The deprecated listener API; kernel code must use addEventListener. */
  addListener(): void {
    throw new Error('MediaQueryList.addListener is deprecated: use addEventListener');
  }

  removeListener(): void {
    throw new Error('MediaQueryList.removeListener is deprecated: use removeEventListener');
  }
}

/** A cookie reader over a plain object the test may change at any time. */
export function cookieReader(cookies: Record<string, string>): CookieReader {
  return (name) => cookies[name] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Configuration and users
// ---------------------------------------------------------------------------------------------

/** Base URLs under a fake host, so a stubbed `fetch` can tell the services apart. */
export const TEST_API = 'https://api.test/';

export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    productName: 'Back Office',
    defaultLanguage: 'en',
    plugins: [],
    services: {
      auth: `${TEST_API}auth/`,
      finance: `${TEST_API}finance/`,
      tracker: `${TEST_API}tracker/`,
      shop: `${TEST_API}shop/`,
      messenger: `${TEST_API}messenger/`,
      social: `${TEST_API}social/`,
      system: `${TEST_API}system/`,
    },
    extraRefreshUrls: [],
    ...overrides,
  };
}

/** A signed-in user holding `permissions`. */
export function testUser(
  permissions: readonly PermissionCode[] = [],
  overrides: Partial<SessionUser> = {},
): SessionUser {
  return { id: 1, username: 'ann', email: 'ann@example.com', status: 'active', roles: [], permissions, ...overrides };
}

// ---------------------------------------------------------------------------------------------
// The kernel
// ---------------------------------------------------------------------------------------------

export interface TestKernelOptions {
  /** The enabled plugins, as `enabledPlugins` would select them. */
  readonly plugins?: readonly WebPlugin[];
  readonly config?: Partial<RuntimeConfig>;
  /** Stored as `userData` before the kernel starts, i.e. a user who signed in earlier. */
  readonly user?: SessionUser;
  /** Stored as `authToken` before the kernel starts. */
  readonly token?: string;
  /** Stored as `language` before the kernel starts. */
  readonly language?: Language;
  /** Any further local-storage content, raw (e.g. `{ userData: '"not an object"' }`). */
  readonly storage?: Readonly<Record<string, string>>;
  /** The page the fake navigator reports; default `/`. */
  readonly path?: string;
  readonly cookies?: Record<string, string>;
  /** Whether the system prefers a dark scheme. */
  readonly systemDark?: boolean;
}

export interface TestKernel {
  /** The real kernel container. */
  readonly container: Container;
  readonly config: RuntimeConfig;
  readonly storage: MemoryStorage;
  readonly navigator: FakePageNavigator;
  /** Change entries to change what the kernel's cookie reader returns. */
  readonly cookies: Record<string, string>;
  readonly colorSchemeQuery: FakeMediaQueryList;
  readonly host: PluginHost;
  readonly i18n: I18nService;
  /** Shorthand for `container.get`. */
  get<T>(identifier: ServiceIdentifier<T>): T;
  /** Unbinds everything (running the services' `@preDestroy`); done after each test anyway. */
  dispose(): Promise<void>;
}

const liveKernels = new Set<TestKernel>();

/**
 * Builds the real kernel on fresh in-memory browser stand-ins and waits until its core
 * translations are ready. Nothing of the real `window.localStorage` or location is used.
 */
export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const seed: Record<string, string> = {};
  if (options.user) seed[STORAGE_KEYS.userData] = JSON.stringify(options.user);
  if (options.token !== undefined) seed[STORAGE_KEYS.authToken] = options.token;
  if (options.language) seed[STORAGE_KEYS.language] = options.language;
  const storage = new MemoryStorage({ ...seed, ...options.storage });
  const navigator = new FakePageNavigator(options.path);
  const cookies = options.cookies ?? {};
  const colorSchemeQuery = new FakeMediaQueryList(options.systemDark ?? false);
  // Each plugin's own service gets a base URL too (a service id is any valid id, not only the spec's).
  const pluginServices = Object.fromEntries(
    (options.plugins ?? []).map((plugin) => [plugin.manifest.service, `${TEST_API}${plugin.manifest.service}/`]),
  );
  const config = testConfig({
    ...options.config,
    services: { ...testConfig().services, ...pluginServices, ...options.config?.services },
  });
  const container = createKernel(config, options.plugins ?? [], {
    storage,
    navigator,
    cookies: cookieReader(cookies),
    colorSchemeQuery,
  });
  const i18n = container.get(I18nService);
  await i18n.ready;
  // The shell adds these when its chunk arrives; components tested on their own need them too.
  addSignedInStrings(i18n.i18n);
  const kernel: TestKernel = {
    container,
    config,
    storage,
    navigator,
    cookies,
    colorSchemeQuery,
    host: container.get(PluginHost),
    i18n,
    get: (identifier) => container.get(identifier),
    dispose: async () => {
      if (!liveKernels.delete(kernel)) return;
      await container.unbindAllAsync();
    },
  };
  liveKernels.add(kernel);
  return kernel;
}

/**
 * Attaches a recording sink to the kernel's ToastService and returns what it shows.
 * Toasts are handed over 500 ms apart, so wait (e.g. `vi.waitFor`) for more than the first.
 */
export function recordToasts(kernel: Pick<TestKernel, 'get'>): ToastRequest[] {
  const shown: ToastRequest[] = [];
  kernel.get(ToastService).attach({ show: (toast) => shown.push(toast) });
  return shown;
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

export interface Mounted {
  /** The DOM element the tree is rendered into (attached to document.body). */
  readonly element: HTMLElement;
  readonly root: Root;
  /** Replaces the rendered tree. */
  render(node: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

const liveMounts = new Set<Mounted>();

/**
 * Renders `node` into a fresh element with react-dom's `createRoot`, inside `act`, so effects and
 * resolved promises have run when it returns. The lowest-level helper: no providers at all.
 */
export async function mount(node: ReactNode, options?: RootOptions): Promise<Mounted> {
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element, options);
  const mounted: Mounted = {
    element,
    root,
    render: async (next) => {
      await act(async () => root.render(next));
    },
    unmount: async () => {
      if (!liveMounts.delete(mounted)) return;
      await act(async () => root.unmount());
      element.remove();
    },
  };
  liveMounts.add(mounted);
  await mounted.render(node);
  return mounted;
}

/** The providers the app puts around every page: container, i18next, Fluent (light theme). */
export function KernelProviders({
  kernel,
  children,
}: {
  readonly kernel: Pick<TestKernel, 'container' | 'i18n'>;
  readonly children: ReactNode;
}) {
  // Plugin pages suspend until their namespace is loaded, as they do under the app's shell.
  const page = createElement(Suspense, { fallback: null }, children);
  const themed = createElement(FluentProvider, { theme: webLightTheme }, page);
  const translated = createElement(I18nextProvider, { i18n: kernel.i18n.i18n }, themed);
  return createElement(ContainerProvider, { container: kernel.container, children: translated });
}

export type TestRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderedView extends Omit<Mounted, 'render'> {
  readonly router: TestRouter;
  /** The router's current path with its query, e.g. `/wallets?page=2`. */
  path(): string;
  /** Navigates inside `act`. */
  navigate(path: string): Promise<void>;
}

export interface RenderOptions {
  /** Where the memory router starts; default `/`. */
  readonly path?: string;
}

/** Renders a route table (e.g. `appRoutes(kernel.host)`) inside the kernel's providers, on a memory router. */
export async function renderRoutesInKernel(
  kernel: TestKernel,
  routes: RouteObject[],
  options: RenderOptions = {},
): Promise<RenderedView> {
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const path = (): string => router.state.location.pathname + router.state.location.search;
  const mounted = await mount(
    createElement(KernelProviders, { kernel, children: createElement(RouterProvider, { router }) }),
  );
  kernel.navigator.follow({ currentPath: path, navigate: (to) => void router.navigate(to) });
  return {
    element: mounted.element,
    root: mounted.root,
    unmount: async () => {
      kernel.navigator.follow(null);
      await mounted.unmount();
    },
    router,
    path,
    navigate: async (to) => {
      await act(async () => router.navigate(to));
    },
  };
}

/**
 * Renders one element inside the kernel's providers at every path of a memory router, so hooks such
 * as `useNavigate` work; `view.path()` tells where the component navigated to.
 */
export function renderInKernel(
  kernel: TestKernel,
  node: ReactNode,
  options: RenderOptions = {},
): Promise<RenderedView> {
  return renderRoutesInKernel(kernel, [{ path: '*', element: node }], options);
}

/**
 * Retries `assertion` until it passes, letting time pass inside `act` in between, so lazily loaded
 * pages, plugin code and translations can arrive without React's "not wrapped in act" warnings.
 * Throws the assertion's last error after `timeout` ms.
 */
export async function waitInAct(assertion: () => void, { timeout = 3_000, interval = 10 } = {}): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => {
      await new Promise<void>((resolve) => setTimeout(resolve, interval));
    });
  }
}

/**
 * Unmounts every rendered view and disposes every kernel. Registered to run after each test of
 * any file importing this module; call it yourself only to clean up in the middle of a test.
 */
export async function cleanupTestKernels(): Promise<void> {
  for (const mounted of [...liveMounts]) await mounted.unmount();
  for (const kernel of [...liveKernels]) await kernel.dispose();
}

afterEach(cleanupTestKernels);
