/**
 * A stand-in for the finance service in browser tests: answers by method and path (relative to
 * the service's base URL) from a table of handlers the test fills; anything else is a 404.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import finance from '@plugins/finance/web';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../support/web/fetch';
import { TEST_API, cleanupTestKernels, createTestKernel, testUser, type TestKernel } from '../../../support/web/test-kernel';
import type { Language } from '@core/shared/runtime-config';

export const FINANCE_API = `${TEST_API}finance/`;

export type Handler = (request: SeenRequest, url: URL) => Response | Promise<Response>;

export class FakeFinanceServer {
  readonly seen: SeenRequest[];
  private readonly handlers = new Map<string, Handler>();

  constructor() {
    this.seen = stubFetch((request) => this.answer(request));
  }

  /** `on('GET', 'google-tables', …)`; the path has no query. */
  on(method: string, path: string, handler: Handler | object): this {
    this.handlers.set(`${method} ${path}`, typeof handler === 'function' ? (handler as Handler) : () => jsonResponse(200, handler));
    return this;
  }

  /** Requests to the finance service as `METHOD path`, in order. */
  calls(): string[] {
    return this.seen.filter((request) => request.url.startsWith(FINANCE_API)).map((request) => `${request.method} ${new URL(request.url).pathname.slice('/finance/'.length)}`);
  }

  requests(method: string, path: string): SeenRequest[] {
    return this.seen.filter((request) => request.method === method && request.url.split('?')[0] === `${FINANCE_API}${path}`);
  }

  private answer(request: SeenRequest): Response | Promise<Response> {
    const url = new URL(request.url);
    const path = request.url.startsWith(FINANCE_API) ? url.pathname.slice('/finance/'.length) : url.pathname;
    const handler = this.handlers.get(`${request.method} ${path}`);
    return handler ? handler(request, url) : jsonResponse(404, { message: 'Not found.' });
  }
}

export function financeKernel(codes: readonly string[], language?: Language): Promise<TestKernel> {
  return createTestKernel({ plugins: [finance], user: testUser(codes), token: 'token-1', language });
}

/**
 * Per-test set-up of these files: Fluent's dialogs cancel animations when they close, and happy-dom
 * (unlike browsers) leaves the cancelled `finished` promise unhandled; failed calls the client logs
 * (403, 404, 500) are kept off the console.
 */
export function useFinanceTestSetup(): void {
  beforeEach(() => {
    const cancel = Animation.prototype.cancel;
    vi.spyOn(Animation.prototype, 'cancel').mockImplementation(function (this: Animation) {
      this.finished.catch(() => undefined);
      cancel.call(this);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    // Unmount first: closing dialogs cancel their animations, which needs the patch above.
    await cleanupTestKernels();
    vi.restoreAllMocks();
  });
}
