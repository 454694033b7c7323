import { Container } from 'inversify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpClients } from '@core/web/http/http-clients';
import { CookieReaderToken, PageNavigatorToken, RuntimeConfigToken } from '@core/web/kernel/environment';
import { I18nService } from '@core/web/services/i18n-service';
import { SessionStore } from '@core/web/services/session-store';
import { ToastService } from '@core/web/services/toast-service';
import { bearer, createKernel, deferred, isRefresh, json, refreshAnswer, stubNetwork } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HttpClients', () => {
  it('creates one client per service, lazily, on its configured base URL', async () => {
    const seen = stubNetwork(() => json(200, {}));
    const { clients, config } = createKernel();
    const shop = clients.get('shop');
    expect(clients.get('shop')).toBe(shop);
    expect(clients.get('system')).not.toBe(shop);
    await shop.get('orders');
    await clients.get('system').get('proxies');
    expect(seen.map((request) => request.url)).toEqual([
      `${config.services.shop}orders`,
      `${config.services.system}proxies`,
    ]);
  });

  it('shares one refresh between services', async () => {
    const refreshed = deferred<Response>();
    const seen = stubNetwork((request) => {
      if (isRefresh(request)) return refreshed.promise;
      return bearer(request) === 'new' ? json(200, { data: 'ok' }) : json(401, {});
    });
    const { clients } = createKernel();
    const calls = [clients.get('finance').get('a'), clients.get('auth').get('auth/user'), clients.get('shop').get('b')];
    await vi.waitFor(() => expect(seen.filter((request) => !isRefresh(request))).toHaveLength(3));
    refreshed.resolve(refreshAnswer('new'));
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(seen.filter(isRefresh)).toHaveLength(1);
  });

  it('resolves from a container through its explicit injection tokens', async () => {
    const seen = stubNetwork(() => json(200, {}));
    const kernel = createKernel({ cookie: 'from-container' });
    const container = new Container();
    container.bind(SessionStore).toConstantValue(kernel.session);
    container.bind(ToastService).toConstantValue(new ToastService());
    container.bind<Pick<I18nService, 't'>>(I18nService).toConstantValue(kernel.i18n);
    container.bind(RuntimeConfigToken).toConstantValue(kernel.config);
    container.bind(PageNavigatorToken).toConstantValue(kernel.navigator);
    container.bind(CookieReaderToken).toConstantValue(kernel.readCookie);
    container.bind(HttpClients).toSelf().inSingletonScope();
    await container.get(HttpClients).get('auth').get('auth/user');
    expect(seen[0]?.url).toBe(`${kernel.config.services.auth}auth/user`);
    expect(seen[0]?.headers.get('X-XSRF-TOKEN')).toBe('from-container');
    expect(seen[0]?.credentials).toBe('include');
  });
});
