import type { DataEnvelope, ListEnvelope, ListPage } from '@core/shared/envelopes';
import type { HttpClient } from '../http/http-client';
import type { HttpClients } from '../http/http-clients';
import type {
  NotificationItem,
  NotificationPreferences,
  NotificationSummary,
  NotificationPreferencesChange,
  StreamTicket,
  UnreadEvent,
} from '@core/shared/notifications';

/** The kernel's notifications service: its base URL is configured like any API service's. */
export const NOTIFICATIONS_SERVICE = 'notifications';

export interface NotificationQuery {
  /** Only read (true) or unread (false) ones; all when absent. */
  readonly read?: boolean;
  readonly source?: string;
  readonly page: number;
  readonly perPage: number;
}

/**
 * The kernel's notifications API (`/api/notifications`). The bell's reads are silent (it says
 * itself when it cannot read, instead of a toast on every page); marking read is silent too, its
 * effect is seen at once.
 */
export class NotificationsApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  private get client(): HttpClient {
    return this.clients.get(NOTIFICATIONS_SERVICE);
  }

  async summary(signal?: AbortSignal): Promise<NotificationSummary> {
    return (await this.client.get<DataEnvelope<NotificationSummary>>('summary', { signal, silent: true })).data;
  }

  async list(query: NotificationQuery, signal?: AbortSignal): Promise<ListPage<NotificationItem>> {
    const params = {
      page: String(query.page),
      per_page: String(query.perPage),
      ...(query.read === undefined ? {} : { read: String(query.read) }),
      ...(query.source ? { source: query.source } : {}),
    };
    return (await this.client.get<ListEnvelope<NotificationItem>>('', { query: params, signal, silent: true })).data;
  }

  async markRead(id: number): Promise<UnreadEvent> {
    return (await this.client.post<DataEnvelope<UnreadEvent>>(`${id}/read`, undefined, { silent: true })).data;
  }

  async markAllRead(): Promise<UnreadEvent> {
    return (await this.client.post<DataEnvelope<UnreadEvent>>('read-all', undefined, { silent: true })).data;
  }

  async streamTicket(): Promise<StreamTicket> {
    return (await this.client.post<DataEnvelope<StreamTicket>>('stream-ticket', undefined, { silent: true })).data;
  }

  async preferences(signal?: AbortSignal): Promise<NotificationPreferences> {
    return (await this.client.get<DataEnvelope<NotificationPreferences>>('preferences', { signal, silent: true })).data;
  }

  /** Saving is confirmed by the section itself, so the call is silent as well. */
  async savePreferences(change: NotificationPreferencesChange): Promise<NotificationPreferences> {
    return (await this.client.put<DataEnvelope<NotificationPreferences>>('preferences', change, { silent: true })).data;
  }
}
