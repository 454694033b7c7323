import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@core/web/http/http-error';
import {
  AUTH_BASE,
  bearer,
  createKernel,
  deferred,
  isRefresh,
  json,
  REFRESH_URL,
  refreshAnswer,
  settle,
  stubNetwork,
  type SeenRequest,
} from './support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

/** The API accepts only `valid`; everything else is answered 401. */
function api(valid: string, refresh: (request: SeenRequest) => Response | Promise<Response>) {
  return (request: SeenRequest): Response | Promise<Response> => {
    if (isRefresh(request)) return refresh(request);
    return bearer(request) === valid ? json(200, { data: request.url }) : json(401, UNAUTHENTICATED);
  };
}

function quietConsole(): void {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

describe('401 handling', () => {
  it('answers 20 concurrent 401s with ONE refresh, then retries all 20 with the new token', async () => {
    const refreshed = deferred<Response>();
    const seen = stubNetwork(api('new', () => refreshed.promise));
    const { clients, session, toasts } = createKernel();
    const finance = clients.get('finance');
    const calls = Array.from({ length: 20 }, (_, i) => finance.get<{ data: string }>(`items/${i}`));
    await settle();
    // Every request has been refused and is waiting on the one refresh.
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(seen.filter((request) => !isRefresh(request))).toHaveLength(20);
    refreshed.resolve(refreshAnswer('new'));
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.data)).toEqual(
      Array.from({ length: 20 }, (_, i) => `https://api.example/finance/items/${i}`),
    );
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(seen.filter((request) => !isRefresh(request) && bearer(request) === 'new')).toHaveLength(20);
    expect(session.token).toBe('new');
    expect(localStorage.getItem('authToken')).toBe('new');
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('POSTs auth/refresh with an empty body, credentials, XSRF and the old bearer token', async () => {
    const seen = stubNetwork(api('new', () => refreshAnswer('new')));
    await createKernel().clients.get('finance').get('wallets');
    const refresh = seen.find(isRefresh);
    expect(refresh?.url).toBe(`${AUTH_BASE}auth/refresh`);
    expect(refresh?.method).toBe('POST');
    expect(refresh?.body).toBeNull();
    expect(refresh?.credentials).toBe('include');
    expect(refresh?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(refresh?.headers.get('Authorization')).toBe('Bearer old');
  });

  it('also POSTs the refresh to each extra URL, once, and ignores their answers', async () => {
    const extra = ['https://app.example/api/auth/refresh', 'https://other.example/refresh'];
    quietConsole();
    const seen = stubNetwork((request) => {
      if (extra.includes(request.url)) return json(500, {});
      return api('new', () => refreshAnswer('new'))(request);
    });
    const finance = createKernel({ extraRefreshUrls: extra }).clients.get('finance');
    await expect(Promise.all([finance.get('a'), finance.get('b')])).resolves.toHaveLength(2);
    for (const url of extra) {
      const calls = seen.filter((request) => request.url === url);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.method).toBe('POST');
      expect(calls[0]?.body).toBeNull();
      expect(calls[0]?.credentials).toBe('include');
    }
    expect(console.warn).toHaveBeenCalledWith('POST https://app.example/api/auth/refresh answered 500');
  });

  it('reloads the page without retrying when the refresh says is_reload', async () => {
    quietConsole();
    const seen = stubNetwork(api('new', () => refreshAnswer('new', true)));
    const { clients, navigator, session } = createKernel();
    const finance = clients.get('finance');
    const results = await Promise.allSettled([finance.get('a'), finance.get('b'), finance.post('c', {})]);
    expect(navigator.reload).toHaveBeenCalledOnce();
    expect(session.token).toBe('new');
    expect(seen.filter((request) => !isRefresh(request))).toHaveLength(3);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ status: 401, messages: ['Unauthenticated.'] });
    }
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('retries when is_reload is false', async () => {
    const seen = stubNetwork(api('new', () => refreshAnswer('new', false)));
    const { clients, navigator, toasts } = createKernel();
    await expect(clients.get('finance').post('wallets', { name: 'x' })).resolves.toEqual({
      data: 'https://api.example/finance/wallets',
    });
    const posts = seen.filter((request) => !isRefresh(request));
    expect(posts.map(bearer)).toEqual(['old', 'new']);
    expect(posts[1]?.body).toBe('{"name":"x"}');
    expect(navigator.reload).not.toHaveBeenCalled();
    // One success toast for the POST, none for the refresh.
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('Success');
  });

  it.each([
    ['refused', () => json(401, UNAUTHENTICATED)],
    ['answered 422 (and not toasted)', () => json(422, { errors: 'Token expired' })],
    ['unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['answered without a token', () => json(200, { data: {} })],
  ])('ends the session when the refresh is %s', async (_, refresh) => {
    quietConsole();
    stubNetwork(api('new', refresh));
    const { clients, navigator, session, toasts } = createKernel({ path: '/wallets?page=2' });
    const finance = clients.get('finance');
    const results = await Promise.allSettled([finance.get('a'), finance.get('b')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(HttpError);
        expect(result.reason).toMatchObject({ status: 401 });
      }
    }
    expect(session.user).toBeNull();
    expect(session.token).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(session.lastRoute).toBe('/wallets?page=2');
    expect(navigator.navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('does not remember /login as the route to return to', async () => {
    quietConsole();
    stubNetwork(api('new', () => json(401, UNAUTHENTICATED)));
    const { clients, navigator, session } = createKernel({ path: '/login' });
    await expect(clients.get('auth').get('auth/user')).rejects.toMatchObject({ status: 401 });
    expect(session.lastRoute).toBeNull();
    expect(navigator.navigate).toHaveBeenCalledWith('/login');
  });

  it('never refreshes a request twice: a retry answered 401 ends the session', async () => {
    quietConsole();
    const seen = stubNetwork(api('nobody', () => refreshAnswer('new')));
    const { clients, navigator, session } = createKernel();
    await expect(clients.get('finance').get('wallets')).rejects.toMatchObject({ status: 401 });
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(seen.filter((request) => !isRefresh(request)).map(bearer)).toEqual(['old', 'new']);
    expect(session.token).toBeNull();
    expect(session.lastRoute).toBe('/wallets?page=2');
    expect(navigator.navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('retries a request sent with an older token without another refresh', async () => {
    const answer = deferred<Response>();
    const seen = stubNetwork((request) => (bearer(request) === 'old' ? answer.promise : json(200, { data: 'ok' })));
    const { clients, session } = createKernel();
    const call = clients.get('finance').get('wallets');
    await settle();
    // Another request's refresh finished while this one was under way.
    session.setToken('newer');
    answer.resolve(json(401, UNAUTHENTICATED));
    await expect(call).resolves.toEqual({ data: 'ok' });
    expect(seen.map((request) => [request.url, bearer(request)])).toEqual([
      ['https://api.example/finance/wallets', 'old'],
      ['https://api.example/finance/wallets', 'newer'],
    ]);
  });

  it('never refreshes in answer to the refresh itself', async () => {
    quietConsole();
    const seen = stubNetwork(() => json(401, UNAUTHENTICATED));
    const { clients } = createKernel();
    await expect(clients.get('finance').get('wallets')).rejects.toMatchObject({ status: 401 });
    expect(seen.filter((request) => request.url === REFRESH_URL)).toHaveLength(1);
  });
});
