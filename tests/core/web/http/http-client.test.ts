import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@core/web/http/http-error';
import { TOASTED_ERROR_STATUSES } from '@core/web/http/http-feedback';
import { createKernel, FINANCE_BASE, json, stubNetwork, AUTH_BASE } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('HttpClient requests', () => {
  it('sends JSON bodies and resolves with the whole parsed body', async () => {
    const seen = stubNetwork(() => json(201, { data: { id: 7 } }));
    const { clients } = createKernel();
    const answer = await clients
      .get('finance')
      .post<{ data: { id: number } }>('wallets', { name: 'Main', tags: ['a'] });
    expect(answer).toEqual({ data: { id: 7 } });
    expect(seen[0]?.url).toBe(`${FINANCE_BASE}wallets`);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBe('{"name":"Main","tags":["a"]}');
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('uploads a file as its bytes under its own type, and a typeless one as octet-stream', async () => {
    const seen = stubNetwork(() => json(200, { data: null }));
    const finance = createKernel().clients.get('finance');
    const archive = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'site.zip', { type: 'application/zip' });
    await finance.post('whites/3/archive', archive, { query: { name: 'site.zip' } });
    await finance.post('blobs', new Blob([new Uint8Array([1, 2])]));
    expect(seen[0]?.blob).toBe(archive);
    expect(seen[0]?.body).toBeNull();
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/zip');
    expect(seen[0]?.url).toBe(`${FINANCE_BASE}whites/3/archive?name=site.zip`);
    expect(seen[1]?.headers.get('Content-Type')).toBe('application/octet-stream');
  });

  it('uses each method and serializes the query', async () => {
    const seen = stubNetwork(() => json(200, { data: null }));
    const finance = createKernel().clients.get('finance');
    await finance.get('wallets', { query: { page: 2, search: 'a b' } });
    await finance.put('wallets/1', { name: 'x' });
    await finance.patch('wallets/1', { name: 'y' });
    await finance.delete('wallets/1');
    expect(seen.map((request) => request.method)).toEqual(['GET', 'PUT', 'PATCH', 'DELETE']);
    expect(seen[0]?.url).toBe(`${FINANCE_BASE}wallets?page=2&search=a+b`);
    expect(seen[0]?.body).toBeNull();
    expect(seen[3]?.body).toBeNull();
  });

  it('passes the caller headers along', async () => {
    const seen = stubNetwork(() => json(200, {}));
    await createKernel()
      .clients.get('finance')
      .get('wallets', { headers: { 'X-Trace': 't-1' } });
    expect(seen[0]?.headers.get('X-Trace')).toBe('t-1');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN and sends the bearer token', async () => {
    const seen = stubNetwork(() => json(200, {}));
    const { clients, readCookie } = createKernel({ cookie: 'abc%3D' });
    await clients.get('finance').get('wallets');
    expect(readCookie).toHaveBeenCalledWith('XSRF-TOKEN');
    expect(seen[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc%3D');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer old');
  });

  it('sends neither header when there is no cookie and no token', async () => {
    const seen = stubNetwork(() => json(200, {}));
    const { clients, session } = createKernel({ cookie: null });
    session.clear();
    await clients.get('finance').get('wallets');
    expect(seen[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('includes credentials on auth-service calls only', async () => {
    const seen = stubNetwork(() => json(200, {}));
    const { clients } = createKernel();
    await clients.get('auth').get('auth/user');
    await clients.get('finance').get('wallets');
    expect(seen[0]?.url).toBe(`${AUTH_BASE}auth/user`);
    expect(seen[0]?.credentials).toBe('include');
    expect(seen[1]?.credentials).toBeUndefined();
  });

  it('treats 200–299 as success and 300 as failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubNetwork((request) => (request.url.endsWith('ok') ? json(299, { data: 1 }) : json(300, {})));
    const finance = createKernel().clients.get('finance');
    await expect(finance.get('ok')).resolves.toEqual({ data: 1 });
    expect((await failure(finance.get('moved'))).status).toBe(300);
  });

  it('sets no timeout: a ten-minute answer still arrives', async () => {
    vi.useFakeTimers();
    const seen = stubNetwork(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, { data: 'late' })), 600_000)),
    );
    const pending = createKernel().clients.get('finance').get('slow');
    await vi.advanceTimersByTimeAsync(600_000);
    await expect(pending).resolves.toEqual({ data: 'late' });
    expect(seen[0]?.signal).toBeUndefined();
  });

  it('never retries on its own', async () => {
    const seen = stubNetwork(() => json(503, {}));
    const { clients } = createKernel();
    await failure(clients.get('finance').get('wallets'));
    expect(seen).toHaveLength(1);
  });

  it('rejects with the caller abort reason and reports nothing', async () => {
    stubNetwork((request) => Promise.reject(request.signal?.reason));
    const { clients, toasts } = createKernel();
    const controller = new AbortController();
    controller.abort();
    await expect(clients.get('finance').get('wallets', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('HttpClient feedback', () => {
  it('exports the statuses that address the user', () => {
    expect(TOASTED_ERROR_STATUSES).toEqual([400, 409, 413, 419, 422, 429, 503]);
  });

  it.each(TOASTED_ERROR_STATUSES)('toasts the messages of a %i', async (status) => {
    stubNetwork(() => json(status, { errors: { name: ['Required'], email: 'Taken' } }));
    const { clients, toasts } = createKernel();
    const error = await failure(clients.get('finance').post('wallets', {}));
    expect(error.status).toBe(status);
    expect(error.messages).toEqual(['Required', 'Taken']);
    expect(error.body).toEqual({ errors: { name: ['Required'], email: 'Taken' } });
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(['Required', 'Taken']);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it.each([
    [{ errors: 'One' }, ['One']],
    [{ errors: ['One', 'Two'] }, ['One', 'Two']],
    [{ errors: { a: ['One', 'Two'], b: ['Three'] } }, ['One', 'Two', 'Three']],
    [{ message: 'From message' }, ['From message']],
    [{}, ['An error occurred']],
  ])('toasts %j as %j', async (body, messages) => {
    stubNetwork(() => json(422, body));
    const { clients, toasts } = createKernel();
    await failure(clients.get('finance').get('wallets'));
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(messages);
  });

  it('falls back to the generic message for a non-JSON body', async () => {
    stubNetwork(() => new Response('<h1>Busy</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } }));
    const { clients, toasts } = createKernel();
    await failure(clients.get('finance').get('wallets'));
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(['An error occurred']);
  });

  it.each([403, 404, 500, 418])('only logs a %i', async (status) => {
    stubNetwork(() => json(status, { message: 'Hidden from the user' }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { clients, toasts } = createKernel();
    const error = await failure(clients.get('finance').post('wallets', {}));
    expect(error.status).toBe(status);
    expect(error.messages).toEqual(['Hidden from the user']);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(toasts.success).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(`POST ${FINANCE_BASE}wallets failed with status ${status}`, {
      message: 'Hidden from the user',
    });
  });

  it('turns a network failure into status 0 with the generic toast', async () => {
    stubNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    const { clients, toasts } = createKernel();
    const error = await failure(clients.get('finance').get('wallets'));
    expect(error.status).toBe(0);
    expect(error.messages).toEqual(['An error occurred']);
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(['An error occurred']);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('toasts success after a %s', async (method) => {
    stubNetwork(() => json(200, { data: null }));
    const { clients, toasts } = createKernel();
    const finance = clients.get('finance');
    if (method === 'POST') await finance.post('wallets', {});
    if (method === 'PUT') await finance.put('wallets/1', {});
    if (method === 'PATCH') await finance.patch('wallets/1', {});
    if (method === 'DELETE') await finance.delete('wallets/1');
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('Success');
  });

  it('does not toast success after a GET', async () => {
    stubNetwork(() => json(200, { data: [] }));
    const { clients, toasts } = createKernel();
    await clients.get('finance').get('wallets');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('shows nothing for silent calls', async () => {
    stubNetwork((request) => (request.url.endsWith('fails') ? json(422, { errors: 'Invalid' }) : json(200, {})));
    const { clients, toasts } = createKernel();
    const auth = clients.get('auth');
    await auth.post('telegram/auth-check', {}, { silent: true });
    await failure(auth.post('fails', {}, { silent: true }));
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('shows nothing for a silent network failure', async () => {
    stubNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    const { clients, toasts } = createKernel();
    expect((await failure(clients.get('auth').get('articles', { silent: true }))).status).toBe(0);
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
