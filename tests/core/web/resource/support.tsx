import { createElement } from 'react';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { PermissionCode } from '@core/shared/permissions';
import { ResourcePage } from '@core/web/resource/ResourcePage';
import type { ResourceScreenOptions } from '@core/web/resource/types';
import { setupPopupTests } from '../../../support/web/fake-service';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../support/web/fetch';
import {
  createTestKernel,
  renderRoutesInKernel,
  testUser,
  waitInAct,
  type RenderedView,
  type TestKernel,
} from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import { listAnswer, WALLET_STRINGS, WALLETS } from './fixtures';

/**
 * Per-file set-up: Fluent's dialogs, menus and drawers cancel their animations when they close,
 * and happy-dom (unlike browsers) leaves the cancelled `finished` promise unhandled.
 */
export const patchAnimations = (): void => setupPopupTests();

export type Answer = (request: SeenRequest, url: URL) => Response | undefined | Promise<Response | undefined>;

/**
 * A fake finance service: answers the list with `rows()` unless a test's `answer` handles the request
 * first, and records every request.
 */
export class FakeApi {
  rows: () => Response = () => jsonResponse(200, listAnswer([]));
  answer: Answer = () => undefined;
  readonly seen: SeenRequest[];

  constructor() {
    this.seen = stubFetch(async (request) => {
      const url = new URL(request.url);
      const custom = await this.answer(request, url);
      if (custom) return custom;
      if (request.method === 'GET' && url.pathname === '/finance/wallets') return this.rows();
      if (request.method === 'GET' && url.pathname === '/auth/references/users')
        return jsonResponse(200, { data: [{ id: 7, label: 'ann' }] });
      return jsonResponse(200, { data: {} });
    });
  }

  /** The list requests, as URLs. */
  lists(): URL[] {
    return this.seen
      .filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/finance/wallets')
      .map((request) => new URL(request.url));
  }

  requests(method: string, path: string): SeenRequest[] {
    return this.seen.filter((request) => request.method === method && new URL(request.url).pathname === path);
  }
}

export interface ScreenOptions {
  readonly permissions?: readonly PermissionCode[];
  readonly path?: string;
  readonly definition?: ResourceDefinition;
  readonly options?: ResourceScreenOptions;
  readonly language?: 'en' | 'ru';
  /** Renders again in this kernel (same storage, same user), as a later visit would. */
  readonly kernel?: TestKernel;
}

/** The wallets screen at `path`, inside the kernel's providers, signed in with `permissions`. */
export async function renderWallets(screen: ScreenOptions = {}): Promise<{ kernel: TestKernel; view: RenderedView }> {
  const plugin = testPlugin({ id: 'test', bundles: { en: WALLET_STRINGS, ru: WALLET_STRINGS } });
  const kernel =
    screen.kernel ??
    (await createTestKernel({
      plugins: [plugin],
      user: testUser(screen.permissions ?? ['FW', 'FZ']),
      language: screen.language,
    }));
  const definition = screen.definition ?? WALLETS;
  const page = createElement(ResourcePage, { definition, options: screen.options });
  const view = await renderRoutesInKernel(
    kernel,
    [
      { path: '/wallets', element: page },
      { path: '*', element: createElement('p', null, 'elsewhere') },
    ],
    {
      path: screen.path ?? '/wallets',
    },
  );
  return { kernel, view };
}

/** Waits until the table shows rows (or a message) rather than the skeleton. */
export async function waitForRows(view: RenderedView, count: number): Promise<void> {
  await waitInAct(() => {
    const rows = view.element.querySelectorAll('tbody tr[data-row-id]');
    if (rows.length !== count) throw new Error(`expected ${count} rows, saw ${rows.length}`);
  });
}

export function text(view: RenderedView): string {
  return view.element.textContent ?? '';
}

/** Everything rendered, portals (dialogs, menus, popovers) included. */
export function bodyText(): string {
  return document.body.textContent ?? '';
}

/** The open dialog (Fluent renders it in a portal on document.body). */
export function dialog(): HTMLElement {
  const surface = document.querySelector<HTMLElement>('.fui-DialogSurface');
  if (!surface) throw new Error('no dialog is open');
  return surface;
}

/** The control a Fluent Field labels `label` with, inside `scope`. */
export function labelled<E extends HTMLElement = HTMLInputElement>(scope: ParentNode, label: string): E {
  const found = [...scope.querySelectorAll('label')].find(
    (candidate) => candidate.textContent?.replace('*', '').trim() === label,
  );
  const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!control) throw new Error(`no control labelled "${label}"`);
  return control as E;
}

/** The button whose text or accessible label is `name`, anywhere in the document. */
export function buttonNamed(name: string, scope: ParentNode = document.body): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === name || candidate.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The menu item (or listbox option) reading `name`, in the open popover. */
export function itemNamed(name: string): HTMLElement {
  const found = [
    ...document.querySelectorAll<HTMLElement>('[role="menuitem"], [role="option"], [role="menuitemcheckbox"]'),
  ].find((candidate) => candidate.textContent?.trim() === name);
  if (!found) throw new Error(`no menu item or option "${name}"`);
  return found;
}

/** Ids used more than once in the document (each should name one element). */
export function duplicateIds(): string[] {
  const seen = new Map<string, number>();
  for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
}
