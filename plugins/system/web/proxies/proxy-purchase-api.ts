import type { DataEnvelope } from '@core/sdk/shared';
import type { HttpClient, HttpClients } from '@core/sdk/web';
import type { ProxyJobStarted, ProxyPurchaseRequest, ProxyQuote, ProxyQuoteRequest } from '../../shared/proxy-purchase';
import { proxiesResource } from '../../shared/resources';

/** Buying proxies (plugins/system/shared/proxy-purchase.ts); silent, the dialog shows what was refused. */
export class ProxyPurchaseApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  private get client(): HttpClient {
    return this.clients.get(proxiesResource.service);
  }

  async quote(request: ProxyQuoteRequest): Promise<ProxyQuote> {
    return (
      await this.client.post<DataEnvelope<ProxyQuote>>(`${proxiesResource.path}/quote`, request, { silent: true })
    ).data;
  }

  /** Starts the purchase: its job's id. */
  async purchase(request: ProxyPurchaseRequest): Promise<number> {
    return (
      await this.client.post<DataEnvelope<ProxyJobStarted>>(`${proxiesResource.path}/purchase`, request, {
        silent: true,
      })
    ).data.job;
  }
}

/** Checks of proxy `id` are filed under this subject. */
export const proxyJobSubject = (id: number): string => `${proxiesResource.id}:${id}`;
