/**
 * A plugin page as a user meets it: the app's own route table (sign-in guard, shell, the host's
 * access check, lazy loading of the plugin's code and strings) in the real kernel, signed in as a
 * user holding exactly the given codes, with the plugin's API answered by a FakeService.
 *
 * ```tsx
 * import { FakeService, renderPluginPage, serviceBase, waitInAct } from '@core/sdk/testing-web';
 *
 * const api = new FakeService(serviceBase('system')).on('GET', 'notes', { data: { data: [], meta } });
 * const { view } = await renderPluginPage({ plugins: [notes], path: '/notes', codes: ['NT'], api });
 * await waitInAct(() => expect(view.element.textContent).toContain('No notes yet'));
 * ```
 */
import type { PermissionCode } from '@core/shared/permissions';
import type { Language } from '@core/shared/runtime-config';
import type { WebPlugin } from '@core/web/plugins/define-plugin';
import { appRoutes } from '@core/web/shell/create-app-router';
import { FakeService } from './fake-service';
import {
  createTestKernel,
  renderRoutesInKernel,
  TEST_API,
  testUser,
  type RenderedView,
  type RenderOptions,
  type TestKernel,
} from './test-kernel';

/** The base URL test kernels give `service` (`https://api.test/<service>/`), for a FakeService. */
export function serviceBase(service: string): string {
  return `${TEST_API}${service}/`;
}

export interface PluginPageOptions {
  /** The plugin and the plugins it depends on, each a manifest joined with its code (`webPlugin`). */
  readonly plugins: readonly WebPlugin[];
  /** Where the app starts, e.g. `/notes`. */
  readonly path: string;
  /** The signed-in user's codes, exactly. */
  readonly codes: readonly PermissionCode[];
  /**
   * Answers the API; by default a FakeService for the first plugin's service that answers 404 to
   * everything. Register its handlers before rendering: the page loads at once.
   */
  readonly api?: FakeService;
  readonly language?: Language;
}

export interface RenderedPluginPage {
  readonly kernel: TestKernel;
  readonly view: RenderedView;
  readonly api: FakeService;
}

/**
 * The whole app in `kernel` as its users meet it, at `options.path`: the app's own route table
 * (sign-in guard, shell, access checks, plugins' pages loaded lazily), for a kernel a test made.
 */
export function renderAppInKernel(kernel: TestKernel, options: RenderOptions = {}): Promise<RenderedView> {
  return renderRoutesInKernel(kernel, appRoutes(kernel.host), options);
}

/** Renders the app at `options.path` for a signed-in user holding `options.codes`. */
export async function renderPluginPage(options: PluginPageOptions): Promise<RenderedPluginPage> {
  const first = options.plugins[0];
  if (!first) throw new Error('renderPluginPage needs the plugin whose page it renders');
  const api = options.api ?? new FakeService(serviceBase(first.manifest.service));
  const kernel = await createTestKernel({
    plugins: options.plugins,
    user: testUser(options.codes),
    token: 'test-token',
    config: { plugins: options.plugins.map((plugin) => plugin.manifest.id) },
    ...(options.language ? { language: options.language } : {}),
  });
  const view = await renderAppInKernel(kernel, { path: options.path });
  return { kernel, view, api };
}
