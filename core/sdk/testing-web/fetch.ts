/**
 * A stand-in for the network: the kernel's HTTP clients call the global `fetch` (through ofetch),
 * so replacing it lets a test answer every request. The real `fetch` is put back after each test.
 */
import { afterEach, vi } from 'vitest';

let stubbed = false;

afterEach(() => {
  if (!stubbed) return;
  stubbed = false;
  vi.unstubAllGlobals();
});

export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  /** The body as sent: parsed when it is JSON, the raw text otherwise, the Blob of an upload; undefined when there was none. */
  readonly body: unknown;
}

export type FetchHandler = (request: SeenRequest) => Response | Promise<Response>;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers every request with `handler` and returns the list of requests seen so far. */
export function stubFetch(handler: FetchHandler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  stubbed = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request: SeenRequest = {
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? parseBody(init.body) : init.body instanceof Blob ? init.body : undefined,
      };
      seen.push(request);
      return handler(request);
    }),
  );
  return seen;
}
