import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreContributionToken } from '@core/web/kernel/contributions';
import { RECONNECT_DELAYS_MS } from '@core/web/notifications/notification-stream';
import { HIDDEN_CLOSE_MS, NotificationsStore } from '@core/web/notifications/notifications-store';
import { I18nService } from '@core/web/services/i18n-service';
import { cleanupTestKernels } from '../../../support/web/test-kernel';
import {
  FakeEventSource,
  FakeNotificationsServer,
  notification,
  notificationsKernel,
  NOTIFICATIONS_API,
} from './fake-notifications';

beforeEach(() => {
  FakeEventSource.opened.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Files share a worker, and the kit's own cleanup is registered by the first file that imports it only.
  await cleanupTestKernels();
});

/** A store following the stream, its first source opened; the newest few read when `read`. */
async function connected(server: FakeNotificationsServer, { read = false } = {}) {
  const kernel = await notificationsKernel();
  const store = kernel.get(NotificationsStore);
  const disconnect = store.connect();
  await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  FakeEventSource.latest().open();
  FakeEventSource.latest().send('unread', { unread: server.unread });
  if (read) await store.refresh();
  return { kernel, store, disconnect };
}

describe('the notifications store', () => {
  it('takes the count from the stream, reads the newest when asked, applies what the stream sends, and closes with its last user', async () => {
    const server = new FakeNotificationsServer();
    server.unread = 1;
    server.latest = [notification(1)];
    const { store, disconnect } = await connected(server);
    // A page load costs the ticket, nothing else: the count comes with the stream.
    expect(server.service.calls()).toEqual(['POST stream-ticket']);
    expect(store.unread).toBe(1);
    expect(store.status).toBe('idle');
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${NOTIFICATIONS_API}stream?ticket=ticket-1`);
    await store.refresh();
    expect(store.latest.map((item) => item.id)).toEqual([1]);

    source.send('notification', notification(2));
    expect(store.latest.map((item) => item.id)).toEqual([2, 1]);
    expect(store.unread).toBe(2);
    expect(store.arrivals).toBe(1);
    // The same one again (a reconnect overlapping the summary) is not counted twice.
    source.send('notification', notification(2));
    expect(store.latest).toHaveLength(2);
    source.send('unread', { unread: 7 });
    expect(store.unread).toBe(7);

    const second = store.connect();
    disconnect();
    expect(source.closed).toBe(false);
    second();
    expect(source.closed).toBe(true);
  });

  it('after a break asks for a fresh ticket (a ticket is one-time), then reads the newest again', async () => {
    const server = new FakeNotificationsServer();
    const { store } = await connected(server, { read: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = FakeEventSource.latest();
    first.fail();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    server.unread = 3;
    server.latest = [notification(5)];
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] ?? 0);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(FakeEventSource.latest().url).toContain('ticket=ticket-2');
    FakeEventSource.latest().open();
    await vi.waitFor(() => expect(store.unread).toBe(3));
    expect(store.latest.map((item) => item.id)).toEqual([5]);
    // Events of the closed source are not applied.
    first.send('unread', { unread: 99 });
    expect(store.unread).toBe(3);
  });

  it('keeps trying while the ticket request fails, and gives up when the server has no notifications (404)', async () => {
    const server = new FakeNotificationsServer();
    server.ticketStatus = 503;
    // The client logs a refusal it does not toast (the 404).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const kernel = await notificationsKernel();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    kernel.get(NotificationsStore).connect();
    await vi.waitFor(() => expect(server.service.requests('POST', 'stream-ticket')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0] ?? 0);
    await vi.waitFor(() => expect(server.service.requests('POST', 'stream-ticket')).toHaveLength(2));
    server.ticketStatus = 404;
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1] ?? 0);
    await vi.waitFor(() => expect(server.service.requests('POST', 'stream-ticket')).toHaveLength(3));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.service.requests('POST', 'stream-ticket')).toHaveLength(3);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('lets the stream go while the tab is hidden for long, and reconnects when it is shown again', async () => {
    const server = new FakeNotificationsServer();
    await connected(server);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(HIDDEN_CLOSE_MS - 1_000);
      expect(FakeEventSource.latest().closed).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(FakeEventSource.latest().closed).toBe(true);
      setVisibility('visible');
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
      expect(FakeEventSource.latest().url).toContain('ticket=ticket-2');
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('reconnects in the new language when the reader switches, the ticket request carrying it', async () => {
    const server = new FakeNotificationsServer();
    const { kernel } = await connected(server, { read: true });
    const first = FakeEventSource.latest();
    await kernel.get(I18nService).setLanguage('ru');
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(first.closed).toBe(true);
    const tickets = server.service.requests('POST', 'stream-ticket');
    expect(tickets.at(-1)?.headers.get('Accept-Language')).toBe('ru');
    expect(server.service.requests('GET', 'summary').at(-1)?.headers.get('Accept-Language')).toBe('ru');
  });

  it('marks one and all read, showing it at once, and forgets everything on sign-out', async () => {
    const server = new FakeNotificationsServer().readable(1);
    server.unread = 2;
    server.latest = [notification(1), notification(2)];
    const { kernel, store } = await connected(server, { read: true });
    await store.markRead(1);
    expect(store.latest.find((item) => item.id === 1)?.read_at).not.toBeNull();
    expect(store.unread).toBe(1);
    await store.markAllRead();
    expect(store.unread).toBe(0);
    expect(store.latest.every((item) => item.read_at !== null)).toBe(true);

    for (const contribution of kernel.container.getAll(StoreContributionToken)) contribution.reset();
    expect(store.latest).toEqual([]);
    expect(store.status).toBe('idle');
    expect(FakeEventSource.latest().closed).toBe(true);
  });
});
