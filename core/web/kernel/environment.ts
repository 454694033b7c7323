import type { ServiceIdentifier } from 'inversify';
import type { RuntimeConfig } from '@core/shared/runtime-config';

/**
 * What the kernel needs from the browser, behind tokens so unit tests can replace it.
 */
export const BrowserStorage: ServiceIdentifier<Storage> = Symbol.for('erp.BrowserStorage');

export const RuntimeConfigToken: ServiceIdentifier<RuntimeConfig> = Symbol.for('erp.RuntimeConfig');

/** Page-level navigation the kernel's services perform outside React. */
export interface PageNavigator {
  currentPath(): string;
  /** Client-side navigation; the router installs its own implementation when it starts. */
  navigate(path: string): void;
  reload(): void;
}

export const PageNavigatorToken: ServiceIdentifier<PageNavigator> = Symbol.for('erp.PageNavigator');

/** Reads the XSRF-TOKEN cookie; a function so tests need no document. */
export type CookieReader = (name: string) => string | null;

export const CookieReaderToken: ServiceIdentifier<CookieReader> = Symbol.for('erp.CookieReader');

export function readDocumentCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

/** The default navigator until the router replaces `navigate`. */
export class WindowNavigator implements PageNavigator {
  private routerNavigate: ((path: string) => void) | null = null;

  currentPath(): string {
    return window.location.pathname + window.location.search;
  }

  navigate(path: string): void {
    if (this.routerNavigate) this.routerNavigate(path);
    else window.location.assign(path);
  }

  reload(): void {
    window.location.reload();
  }

  useRouter(navigate: (path: string) => void): void {
    this.routerNavigate = navigate;
  }
}
