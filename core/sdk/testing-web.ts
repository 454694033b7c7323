/**
 * The plugin SDK's test kit for browser component tests (vitest with happy-dom): the real kernel
 * on in-memory browser stand-ins, a plugin page rendered through the app's routes for a user with
 * chosen codes, a fake HTTP service, and DOM helpers that act as a user inside React's `act`.
 *
 * Every name exported here is listed in core/sdk/exports.json (see @core/sdk/shared).
 */

/**
 * A plugin page in the real kernel for a user holding exactly the given codes, its API faked;
 * `renderAppInKernel` draws the whole app (shell, guards, lazy pages) in a kernel the test made.
 */
export {
  renderAppInKernel,
  renderPluginPage,
  serviceBase,
  type PluginPageOptions,
  type RenderedPluginPage,
} from './testing-web/plugin-page';

/**
 * The kernel and rendering: `createTestKernel` (real kernel, fake storage, navigation, cookies and
 * colour scheme), `renderInKernel` for one component, `renderRoutesInKernel` for a route table,
 * `waitInAct` to wait for lazy code and data, `recordToasts` to see what the user was told.
 */
export {
  cleanupTestKernels,
  cookieReader,
  createTestKernel,
  FakeMediaQueryList,
  FakePageNavigator,
  KernelProviders,
  MemoryStorage,
  mount,
  recordToasts,
  renderInKernel,
  renderRoutesInKernel,
  TEST_API,
  testConfig,
  testUser,
  waitInAct,
  type Mounted,
  type NavigationTarget,
  type RenderedView,
  type RenderOptions,
  type TestKernel,
  type TestKernelOptions,
  type TestRouter,
} from './testing-web/test-kernel';

/**
 * The network: a FakeService answers one API service's requests by method and path and records
 * them; `stubFetch` answers every request; `setupPopupTests` quiets Fluent's popups in happy-dom.
 */
export { FakeService, setupPopupTests, type Handler, usePopupTestSetup } from './testing-web/fake-service';
/** The kernel's jobs API (`/api/jobs`), its jobs moving one frame per read: `installJobs(new FakeJobs().job(7, frames))`. */
export { FakeJobs, installJobs, type JobFrame } from './testing-web/fake-jobs';
export { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from './testing-web/fetch';
/**
 * The tests every engine list page owes (`describeListPages`: its title in en and ru with no raw
 * key, "No access" without its code and no request then).
 */
export { describeListPages, type ListPageCase, type ListPagesOptions } from './testing-web/list-pages';
/** What the engine's API answers, for FakeService handlers: a record, a one-page list, a picker's references. */
export { listAnswer, referencesAnswer, testRecord } from './testing-web/answers';
/** The query a resource's list page starts with (first page, default size and sort, no filters), to expect its request. */
export { defaultListQuery } from '@core/shared/resource/list-query';

/** Acting as a user: find, click, type, submit; open a list row's menu and pick one of its actions. */
export { buttonByText, click, openRowMenu, query, runRowAction, submit, typeInto } from './testing-web/dom';

/** A plugin's published manifest joined with its build's code, as the host does with /config.json. */
export { webPlugin, type WebPlugin } from '@core/web/plugins/define-plugin';
