import type { DataEnvelope } from '@core/sdk/shared';
import type { HttpClient, HttpClients } from '@core/sdk/web';
import type {
  DomainAvailability,
  DomainAvailabilityRequest,
  DomainPurchaseRequest,
  DomainPurchaseRetried,
  DomainPurchaseStarted,
} from '../../shared/domain-purchase';
import { domainsResource } from '../../shared/resources';

/**
 * Buying a domain (plugins/system/shared/domain-purchase.ts). Silent: the dialog shows what the
 * server refused beside the fields instead of a toast.
 */
export class DomainPurchaseApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  private get client(): HttpClient {
    return this.clients.get(domainsResource.service);
  }

  async availability(request: DomainAvailabilityRequest): Promise<DomainAvailability> {
    return (
      await this.client.post<DataEnvelope<DomainAvailability>>(`${domainsResource.path}/availability`, request, {
        silent: true,
      })
    ).data;
  }

  async purchase(request: DomainPurchaseRequest): Promise<DomainPurchaseStarted> {
    return (
      await this.client.post<DataEnvelope<DomainPurchaseStarted>>(`${domainsResource.path}/purchase`, request, {
        silent: true,
      })
    ).data;
  }

  /** The failed purchase of domain `id` again, from the step that failed: the new job. */
  async retry(id: number): Promise<DomainPurchaseRetried> {
    return (
      await this.client.post<DataEnvelope<DomainPurchaseRetried>>(`${domainsResource.path}/${id}/retry`, undefined, {
        silent: true,
      })
    ).data;
  }
}

/** Jobs about domain `id` are filed under this subject. */
export const domainJobSubject = (id: number): string => `${domainsResource.id}:${id}`;
