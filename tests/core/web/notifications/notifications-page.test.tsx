import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import NotificationsPage from '@core/web/notifications/NotificationsPage';
import { NotificationsStore } from '@core/web/notifications/notifications-store';
import { click } from '../../../support/web/dom';
import { setupPopupTests } from '../../../support/web/fake-service';
import { jsonResponse } from '../../../support/web/fetch';
import { renderInKernel, waitInAct } from '../../../support/web/test-kernel';
import { FakeEventSource, FakeNotificationsServer, notification, notificationsKernel } from './fake-notifications';

beforeEach(() => {
  FakeEventSource.opened.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());
setupPopupTests();

const SOURCES = [
  { id: 'core.jobs', label: 'Background jobs', receive: true, via_bot: false },
  { id: 'system.expiring', label: 'Expiring domains, servers and proxies', receive: true, via_bot: false },
];

/** The list answers three pages whatever the filters (a few rows each: rows cost render time); the test reads the queries it was asked. */
function listingServer(): FakeNotificationsServer {
  const server = new FakeNotificationsServer();
  server.service.on('GET', 'preferences', {
    data: { sources: SOURCES, bot_available: false, superadmin: false, superadmin_opt_in: false },
  });
  server.onList((_request: unknown, url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const items = Array.from({ length: 2 }, (_, index) => notification((page - 1) * 20 + index + 1));
    return jsonResponse(200, { data: { data: items, current_page: page, last_page: 3, per_page: 20, total: 45 } });
  });
  return server;
}

async function choose(label: string, option: string): Promise<void> {
  const box = [...document.querySelectorAll<HTMLButtonElement>('button[role="combobox"]')].find(
    (candidate) => candidate.textContent === label,
  );
  if (!box) throw new Error(`no dropdown showing "${label}"`);
  await click(box);
  await waitInAct(() =>
    expect([...document.querySelectorAll('[role="option"]')].map((item) => item.textContent)).toContain(option),
  );
  const item = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (candidate) => candidate.textContent === option,
  );
  if (!item) throw new Error(`no option "${option}"`);
  await click(item);
}

async function openPage(server: FakeNotificationsServer, path = '/notifications') {
  const kernel = await notificationsKernel();
  const view = await renderInKernel(kernel, createElement(NotificationsPage), { path });
  await waitInAct(() => expect(document.querySelectorAll('[data-notification-id]').length).toBeGreaterThan(0));
  return { kernel, view, lastList: () => server.listQueries().at(-1) ?? new URLSearchParams() };
}

describe('the notifications page', () => {
  it('keeps its filters and page in the URL and asks the list with them', { timeout: 15_000 }, async () => {
    const server = listingServer();
    const { view, lastList } = await openPage(server);
    expect(lastList().toString()).toBe('page=1&per_page=20');

    await choose('All', 'Unread');
    await waitInAct(() => expect(view.path()).toBe('/notifications?read=false'));
    await waitInAct(() => expect(lastList().get('read')).toBe('false'));

    await choose('All sources', 'Background jobs');
    await waitInAct(() => expect(view.path()).toBe('/notifications?read=false&source=core.jobs'));
    await waitInAct(() => expect(lastList().get('source')).toBe('core.jobs'));

    const next = document.querySelector<HTMLButtonElement>('button[aria-label="Next page"]');
    if (!next) throw new Error('no next page');
    await click(next);
    await waitInAct(() => expect(view.path()).toBe('/notifications?read=false&source=core.jobs&page=2'));
    await waitInAct(() => expect(lastList().get('page')).toBe('2'));
    expect(document.body.textContent).toContain('Page 2 of 3');
  });

  it('reads the filters from the URL it is opened at', async () => {
    const server = listingServer();
    const { lastList } = await openPage(server, '/notifications?read=true&source=system.expiring&page=3');
    expect(Object.fromEntries(lastList())).toEqual({
      page: '3',
      per_page: '20',
      read: 'true',
      source: 'system.expiring',
    });
    expect([...document.querySelectorAll('button[role="combobox"]')].map((box) => box.textContent)).toEqual([
      'Expiring domains, servers and proxies',
      'Read',
    ]);
  });

  it('marks one read from its row, and reads the first page again when one arrives live', async () => {
    const server = listingServer().readable(1);
    server.unread = 1;
    const { kernel, lastList } = await openPage(server);
    const row = document.querySelector<HTMLElement>('[data-notification-id="1"]');
    const mark = row?.querySelector<HTMLButtonElement>('button[aria-label^="Mark as read"]');
    if (!mark) throw new Error('no Mark as read');
    await click(mark);
    await waitInAct(() => expect(server.service.requests('POST', '1/read')).toHaveLength(1));
    expect(document.querySelector('[data-notification-id="1"]')?.getAttribute('data-read')).toBe('true');

    const asked = server.listQueries().length;
    // The bell keeps the store connected in the app; here the test does, and the stream sends one.
    kernel.get(NotificationsStore).connect();
    await waitInAct(() => expect(FakeEventSource.opened).toHaveLength(1));
    await act(async () => FakeEventSource.latest().send('notification', notification(99)));
    await waitInAct(() => expect(server.listQueries().length).toBe(asked + 1));
    expect(lastList().get('page')).toBe('1');
  });

  it('says when nothing matches, and clears the filters', async () => {
    const server = new FakeNotificationsServer();
    server.service.on('GET', 'preferences', {
      data: { sources: SOURCES, bot_available: false, superadmin: false, superadmin_opt_in: false },
    });
    server.onList({ data: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    const kernel = await notificationsKernel();
    const view = await renderInKernel(kernel, createElement(NotificationsPage), { path: '/notifications?read=false' });
    await waitInAct(() => expect(document.body.textContent).toContain('No notifications match these filters.'));
    const clear = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Clear filters');
    if (!clear) throw new Error('no Clear filters');
    await click(clear);
    await waitInAct(() => expect(view.path()).toBe('/notifications'));
    await waitInAct(() => expect(document.body.textContent).toContain('No notifications yet'));
  });
});
