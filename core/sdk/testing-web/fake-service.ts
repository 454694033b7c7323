import { afterEach, beforeEach, vi } from 'vitest';
import { jsonResponse, stubFetch, type SeenRequest } from './fetch';
import { cleanupTestKernels } from './test-kernel';

export type Handler = (request: SeenRequest, url: URL) => Response | Promise<Response>;

/**
 * A stand-in for one API service in browser tests: answers by method and path (relative to the
 * service's base URL) from handlers the test registers; anything else is a 404.
 */
export class FakeService {
  readonly seen: SeenRequest[];
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly base: string) {
    this.seen = stubFetch((request) => this.answer(request));
  }

  /** `on('GET', 'users', …)`: the path has no query; an object is answered as JSON with 200. */
  on(method: string, path: string, handler: Handler | object): this {
    this.handlers.set(
      `${method} ${path}`,
      typeof handler === 'function' ? (handler as Handler) : () => jsonResponse(200, handler),
    );
    return this;
  }

  /** Requests to this service as `METHOD path`, in order. */
  calls(): string[] {
    return this.seen
      .filter((request) => request.url.startsWith(this.base))
      .map((request) => `${request.method} ${this.pathOf(request.url)}`);
  }

  requests(method: string, path: string): SeenRequest[] {
    return this.seen.filter(
      (request) => request.method === method && request.url.split('?')[0] === `${this.base}${path}`,
    );
  }

  /** The query of the last request to `path`. */
  lastQuery(method: string, path: string): URLSearchParams {
    const last = this.requests(method, path).at(-1);
    if (!last) throw new Error(`no ${method} ${path} was sent`);
    return new URL(last.url).searchParams;
  }

  private pathOf(url: string): string {
    return url.split('?')[0]?.slice(this.base.length) ?? '';
  }

  private answer(request: SeenRequest): Response | Promise<Response> {
    const path = request.url.startsWith(this.base) ? this.pathOf(request.url) : new URL(request.url).pathname;
    const handler = this.handlers.get(`${request.method} ${path}`);
    return handler ? handler(request, new URL(request.url)) : jsonResponse(404, { message: 'Not found.' });
  }
}

/**
 * Per-test set-up for screens with Fluent popups, called once at the top of a test file (it adds
 * `beforeEach` and `afterEach`): closing dialogs cancel their animations, and happy-dom (unlike
 * browsers) leaves the cancelled `finished` promise unhandled. With `quiet`, the errors the client
 * logs for failed calls (403, 404, 500) are kept off the console.
 */
export function setupPopupTests(options: { readonly quiet?: boolean } = {}): void {
  beforeEach(() => {
    const cancel = Animation.prototype.cancel;
    vi.spyOn(Animation.prototype, 'cancel').mockImplementation(function (this: Animation) {
      this.finished.catch(() => undefined);
      cancel.call(this);
    });
    if (options.quiet) vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    // Unmount first: closing popups cancel their animations, which needs the patch above.
    await cleanupTestKernels();
    vi.restoreAllMocks();
  });
}

/**
 * @deprecated Since SDK 2.1: `setupPopupTests`, the same set-up under a name that is not a React hook's
 * (it runs at a test file's top level, where a `use…` call reads as a hook called outside a component).
 */
export function usePopupTestSetup(options: { readonly quiet?: boolean } = {}): void {
  setupPopupTests(options);
}
