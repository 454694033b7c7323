import type { ServiceName } from '@core/shared/services';
import { HttpError } from './http-error';
import type { HttpFeedback } from './http-feedback';
import {
  isSuccess,
  type Delivery,
  type HttpMethod,
  type HttpTransport,
  type OutgoingRequest,
  type QueryValue,
} from './http-transport';
import { readBlob, type ChunkListener, type ProgressListener } from './read-blob';
import type { RefreshCoordinator } from './refresh-coordinator';

export interface RequestOptions {
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Shows no toast at all, neither for an error nor for a success; the caller reports. */
  readonly silent?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export interface DownloadOptions extends RequestOptions {
  readonly onProgress?: ProgressListener;
  /** Called with the answer's headers (e.g. a row count) before its body is read. */
  readonly onHeaders?: (headers: Headers) => void;
  /** Called with each piece of the body as it arrives, before `onProgress`. */
  readonly onChunk?: ChunkListener;
}

/** Methods that change something on the server, confirmed with a success toast. */
const CHANGING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The service whose session lives in cookies, so its calls carry credentials. */
const CREDENTIALED_SERVICE: ServiceName = 'auth';

/**
 * Calls one API service. Resolves with the whole parsed JSON body (callers unwrap `data`);
 * rejects with `HttpError`, or with the caller's abort reason.
 */
export class HttpClient {
  constructor(
    private readonly service: ServiceName,
    private readonly baseUrl: string,
    private readonly transport: HttpTransport,
    private readonly refresher: RefreshCoordinator,
    private readonly feedback: HttpFeedback,
  ) {}

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.json<T>('GET', path, undefined, options);
  }

  /** A `Blob` body is uploaded as its bytes under its own type; any other body goes as JSON. */
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.json<T>('POST', path, body, options);
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.json<T>('PUT', path, body, options);
  }

  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.json<T>('PATCH', path, body, options);
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.json<T>('DELETE', path, undefined, options);
  }

  async download(path: string, options: DownloadOptions = {}): Promise<Blob> {
    const delivery = await this.exchange(this.request('GET', path, undefined, options, true), options.silent);
    options.onHeaders?.(delivery.response.headers);
    return readBlob(delivery.response, options.onProgress, options.onChunk);
  }

  private async json<T>(method: HttpMethod, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const delivery = await this.exchange(this.request(method, path, body, options, false), options.silent);
    // The server's contract, not something checked here: the caller names the body's type.
    return delivery.body as T;
  }

  private request(
    method: HttpMethod,
    path: string,
    body: unknown,
    options: RequestOptions,
    stream: boolean,
  ): OutgoingRequest {
    return {
      method,
      path,
      baseUrl: this.baseUrl,
      query: options.query,
      body,
      headers: options.headers,
      signal: options.signal,
      withCredentials: this.service === CREDENTIALED_SERVICE,
      stream,
    };
  }

  private async exchange(request: OutgoingRequest, silent = false): Promise<Delivery> {
    try {
      const delivery = await this.deliver(request);
      if (!silent && CHANGING_METHODS.has(request.method)) this.feedback.succeeded();
      return delivery;
    } catch (error) {
      if (error instanceof HttpError)
        this.feedback.failed(error, `${request.method} ${this.baseUrl}${request.path}`, silent);
      throw error;
    }
  }

  /** Sends, and after a 401 retries once if the session could be renewed. */
  private async deliver(request: OutgoingRequest): Promise<Delivery> {
    const first = await this.transport.send(request);
    if (first.response.status !== 401) return this.settle(first);
    if (!(await this.refresher.renewAfter(first.token))) throw this.failure(first);
    const retry = await this.transport.send(request);
    // A renewed token that is still refused means the session cannot be saved: no second refresh.
    if (retry.response.status === 401) this.refresher.expireSession();
    return this.settle(retry);
  }

  private settle(delivery: Delivery): Delivery {
    if (isSuccess(delivery.response.status)) return delivery;
    throw this.failure(delivery);
  }

  private failure(delivery: Delivery): HttpError {
    return this.feedback.errorFor(delivery.response.status, delivery.body);
  }
}
