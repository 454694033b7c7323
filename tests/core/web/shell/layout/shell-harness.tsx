/**
 * Opens the app's own route table (guards, lazy shell, plugin pages) at a chosen window width,
 * with the demo plugins of every menu group, and finds the shell's parts the way a user would.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { act } from 'react';
import type { PermissionCode } from '@core/shared/permissions';
import type { WebPlugin } from '@core/web/plugins/define-plugin';
import type { Layout } from '@core/web/services/theme-service';
import { appRoutes } from '@core/web/shell/create-app-router';
import { WIDE_WINDOW_QUERY } from '@core/web/shell/layout/use-wide-window';
import {
  cleanupTestKernels,
  createTestKernel,
  FakeMediaQueryList,
  renderRoutesInKernel,
  testUser,
  waitInAct,
  type RenderedView,
  type TestKernel,
} from '../../../../support/web/test-kernel';
import { ALL_DEMO_CODES, DEMO_PLUGINS } from './demo-plugins';

beforeEach(() => {
  // Browsers mark a cancelled animation's `finished` promise as handled (Web Animations spec);
  // happy-dom does not, so Fluent's motion cleanup when a menu closes would raise unhandled rejections.
  const cancel = Animation.prototype.cancel;
  vi.spyOn(Animation.prototype, 'cancel').mockImplementation(function (this: Animation) {
    this.finished.catch(() => undefined);
    cancel.call(this);
  });
});

afterEach(async () => {
  // Unmount first: closing popups cancel their animations, which needs the patch above.
  await cleanupTestKernels();
  vi.restoreAllMocks();
});

// Taken once: a second stub in the same test must not wrap the first.
const happyDomMatchMedia = window.matchMedia.bind(window);

/**
 * Makes `matchMedia` answer the sidebar breakpoint query from a list the test can flip (as a window
 * resize would); every other query goes to happy-dom as before.
 */
export function stubWindowWidth(wide: boolean): FakeMediaQueryList {
  const breakpoint = new FakeMediaQueryList(wide, WIDE_WINDOW_QUERY);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === WIDE_WINDOW_QUERY ? breakpoint : happyDomMatchMedia(query),
  );
  return breakpoint;
}

export interface ShellOptions {
  readonly wide?: boolean;
  readonly layout?: Layout;
  readonly codes?: readonly PermissionCode[];
  readonly path?: string;
  readonly plugins?: readonly WebPlugin[];
  /** Raw local storage, e.g. what an earlier kernel left behind. */
  readonly storage?: Readonly<Record<string, string>>;
  /** Runs on the kernel before anything renders (e.g. to bind slot contributions). */
  readonly prepare?: (kernel: TestKernel) => void;
}

export interface OpenShell {
  readonly kernel: TestKernel;
  readonly view: RenderedView;
  readonly breakpoint: FakeMediaQueryList;
}

export async function openShell(options: ShellOptions = {}): Promise<OpenShell> {
  const breakpoint = stubWindowWidth(options.wide ?? true);
  const storage = { ...options.storage, ...(options.layout ? { layout: options.layout } : {}) };
  const kernel = await createTestKernel({
    plugins: options.plugins ?? DEMO_PLUGINS,
    user: testUser(options.codes ?? ALL_DEMO_CODES),
    storage,
  });
  options.prepare?.(kernel);
  const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: options.path ?? '/dashboard/main' });
  await waitInAct(() => expect(document.querySelector('header')).not.toBeNull());
  return { kernel, view, breakpoint };
}

/** The main navigation landmark, or null while the sidebar is closed. */
export function mainNav(): HTMLElement | null {
  return document.querySelector<HTMLElement>('nav[aria-label="Main navigation"]');
}

export function requireNav(): HTMLElement {
  const nav = mainNav();
  if (!nav) throw new Error('the main navigation is not rendered');
  return nav;
}

/** The link texts of the main navigation, in order. */
export function navLinkLabels(scope: ParentNode = requireNav()): string[] {
  return [...scope.querySelectorAll('a')].map((link) => link.textContent?.trim() ?? '');
}

/** The element whose accessible name (aria-label) is `label`. */
export function byLabel<E extends HTMLElement = HTMLElement>(label: string, scope: ParentNode = document): E {
  const found = scope.querySelector<E>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing is labelled "${label}"`);
  return found;
}

/** The link, button or menu item reading `text`, anywhere in the document (portals included). */
export function byText<E extends HTMLElement = HTMLElement>(
  text: string,
  selector = 'a, button, [role="menuitem"]',
): E {
  const found = [...document.querySelectorAll<E>(selector)].find((element) => element.textContent?.trim() === text);
  if (!found) throw new Error(`no ${selector} reads "${text}"`);
  return found;
}

export const toggleButton = (): HTMLButtonElement => byLabel<HTMLButtonElement>('Toggle sidebar');

export async function pressKey(target: EventTarget, key: string): Promise<void> {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}
