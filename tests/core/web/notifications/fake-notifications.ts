import type { NotificationItem } from '@core/shared/notifications';
import { FakeService, type Handler } from '../../../support/web/fake-service';
import { jsonResponse } from '../../../support/web/fetch';
import {
  createTestKernel,
  TEST_API,
  testUser,
  type TestKernel,
  type TestKernelOptions,
} from '../../../support/web/test-kernel';

/** The notifications service's base URL in these tests. */
export const NOTIFICATIONS_API = `${TEST_API}notifications/`;

export function notification(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    source: 'core.jobs',
    source_label: 'Background jobs',
    title: `Proxy purchase #${id} succeeded`,
    text: 'Two proxies bought.',
    link: `/proxies/${id}`,
    severity: 'success',
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/**
 * The kernel's notifications API as the browser sees it: a summary, the list (its queries recorded),
 * marking read, preferences and one-time stream tickets numbered in order.
 */
export class FakeNotificationsServer {
  readonly service = new FakeService(NOTIFICATIONS_API);
  unread = 0;
  latest: NotificationItem[] = [];
  tickets = 0;
  ticketStatus = 200;

  constructor() {
    this.service
      .on('GET', 'summary', () => jsonResponse(200, { data: { unread: this.unread, latest: this.latest } }))
      .on('POST', 'stream-ticket', () => {
        if (this.ticketStatus !== 200) return jsonResponse(this.ticketStatus, { message: 'No.' });
        this.tickets += 1;
        return jsonResponse(200, { data: { ticket: `ticket-${this.tickets}`, expires_in: 30 } });
      })
      .on('POST', 'read-all', () => {
        this.unread = 0;
        return jsonResponse(200, { data: { unread: 0 } });
      });
  }

  /** `GET /api/notifications` (its URL has no trailing slash, so the fake service sees it by its path). */
  onList(handler: Handler | object): this {
    this.service.on('GET', new URL(NOTIFICATIONS_API.slice(0, -1)).pathname, handler);
    return this;
  }

  /** The query of each list request, in order. */
  listQueries(): URLSearchParams[] {
    return this.service.seen
      .filter((request) => request.url.split('?')[0] === NOTIFICATIONS_API.slice(0, -1))
      .map((request) => new URL(request.url).searchParams);
  }

  /** `POST :id/read` for each of `ids`, answering the count after it. */
  readable(...ids: number[]): this {
    for (const id of ids) {
      this.service.on('POST', `${id}/read`, () => {
        this.unread = Math.max(0, this.unread - 1);
        return jsonResponse(200, { data: { unread: this.unread } });
      });
    }
    return this;
  }
}

export function notificationsKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  return createTestKernel({
    user: testUser(),
    token: 'token-1',
    ...options,
    config: { ...options.config, services: { notifications: NOTIFICATIONS_API, ...options.config?.services } },
  });
}

/** EventSource in the browser: the test opens, feeds and breaks each connection. */
export class FakeEventSource extends EventTarget {
  static readonly opened: FakeEventSource[] = [];
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.dispatchEvent(new Event('open'));
  }

  send(type: 'notification' | 'unread', data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}
