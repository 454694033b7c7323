import { inject, injectable } from 'inversify';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import { defaultServiceBaseUrl, type ServiceName } from '@core/shared/services';
import {
  CookieReaderToken,
  PageNavigatorToken,
  RuntimeConfigToken,
  type CookieReader,
  type PageNavigator,
} from '../kernel/environment';
import { I18nService } from '../services/i18n-service';
import { SessionStore } from '../services/session-store';
import { ToastService } from '../services/toast-service';
import { HttpClient } from './http-client';
import { HttpFeedback } from './http-feedback';
import { HttpTransport } from './http-transport';
import { RefreshCoordinator } from './refresh-coordinator';

/**
 * One HTTP client per API service, created on first use. The clients share one refresh,
 * so 401s from different services at once still cause a single `auth/refresh`.
 */
@injectable()
export class HttpClients {
  private readonly clients = new Map<ServiceName, HttpClient>();
  private readonly transport: HttpTransport;
  private readonly refresher: RefreshCoordinator;
  private readonly feedback: HttpFeedback;

  constructor(
    @inject(SessionStore) session: SessionStore,
    @inject(ToastService) toasts: Pick<ToastService, 'error' | 'success'>,
    @inject(I18nService) i18n: Pick<I18nService, 't'> & Partial<Pick<I18nService, 'language'>>,
    @inject(RuntimeConfigToken) private readonly config: RuntimeConfig,
    @inject(PageNavigatorToken) navigator: PageNavigator,
    @inject(CookieReaderToken) readCookie: CookieReader,
  ) {
    // Every request says which language the user reads, so messages (422 errors) come back in it.
    this.transport = new HttpTransport(session, readCookie, () => i18n.language ?? null);
    this.refresher = new RefreshCoordinator(this.transport, session, navigator, config);
    this.feedback = new HttpFeedback(toasts, i18n);
  }

  get(service: ServiceName): HttpClient {
    let client = this.clients.get(service);
    if (!client) {
      client = new HttpClient(
        service,
        this.config.services[service] ?? defaultServiceBaseUrl(service),
        this.transport,
        this.refresher,
        this.feedback,
      );
      this.clients.set(service, client);
    }
    return client;
  }
}
