import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { NotificationsMenu } from '@core/web/shell/layout/NotificationsMenu';
import { buttonByText, click } from '../../../support/web/dom';
import { setupPopupTests } from '../../../support/web/fake-service';
import { renderInKernel, waitInAct } from '../../../support/web/test-kernel';
import { FakeEventSource, FakeNotificationsServer, notification, notificationsKernel } from './fake-notifications';

beforeEach(() => {
  FakeEventSource.opened.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());
setupPopupTests();

const bellButton = (): HTMLButtonElement => {
  const button = document.querySelector<HTMLButtonElement>('[data-testid="notifications-bell"] button');
  if (!button) throw new Error('no bell');
  return button;
};
const badgeText = (): string =>
  document.querySelector('[data-testid="notifications-bell"] .fui-CounterBadge')?.textContent ?? '';

/** The bell on a page, its stream open and the count sent. */
async function openBell(server: FakeNotificationsServer, language: 'en' | 'ru' = 'en') {
  const kernel = await notificationsKernel({ language });
  const view = await renderInKernel(kernel, createElement(NotificationsMenu), { path: '/dashboard/main' });
  await waitInAct(() => expect(FakeEventSource.opened).toHaveLength(1));
  await act(async () => {
    FakeEventSource.latest().open();
    FakeEventSource.latest().send('unread', { unread: server.unread });
  });
  return view;
}

describe('the bell', () => {
  it('counts the unread on its badge and in its name, "99+" past 99, and reads out what arrives', async () => {
    const server = new FakeNotificationsServer();
    server.unread = 3;
    await openBell(server);
    await waitInAct(() => expect(badgeText()).toBe('3'));
    expect(bellButton().getAttribute('aria-label')).toBe('Notifications, unread: 3');

    await act(async () =>
      FakeEventSource.latest().send('notification', notification(7, { title: 'Domain purchase finished' })),
    );
    expect(badgeText()).toBe('4');
    expect(document.querySelector('[data-testid="notifications-announcer"]')?.textContent).toBe(
      'New notification: Domain purchase finished',
    );
    await act(async () => FakeEventSource.latest().send('unread', { unread: 150 }));
    expect(badgeText()).toBe('99+');
    expect(bellButton().getAttribute('aria-label')).toBe('Notifications, unread: 150');
  });

  it('lists the newest with their time in the reader’s language; one opens its link and is marked read', async () => {
    const server = new FakeNotificationsServer().readable(1);
    server.unread = 1;
    server.latest = [
      notification(1),
      notification(2, {
        read_at: new Date().toISOString(),
        link: null,
        severity: 'error',
        title: 'Domain purchase failed',
      }),
      // Only app paths are followed.
      notification(3, { link: 'https://elsewhere.example/' }),
    ];
    const view = await openBell(server);
    await click(bellButton());
    const entries = () => [...document.querySelectorAll<HTMLElement>('[data-notification-id]')];
    await waitInAct(() => expect(entries()).toHaveLength(3));
    expect(entries()[2]?.querySelector('a')).toBeNull();
    expect(entries()[0]?.textContent).toContain('Proxy purchase #1 succeeded');
    expect(entries()[0]?.textContent).toContain('5 minutes ago');
    expect(entries()[0]?.querySelector('[data-unread-marker]')).not.toBeNull();
    expect(entries()[1]?.querySelector('[data-unread-marker]')).toBeNull();
    expect(entries()[1]?.querySelector('[data-severity="error"]')).not.toBeNull();

    const link = entries()[0]?.querySelector('a');
    if (!link) throw new Error('the entry is no link');
    await click(link);
    expect(view.path()).toBe('/proxies/1');
    await waitInAct(() => expect(server.service.requests('POST', '1/read')).toHaveLength(1));
    await waitInAct(() => expect(badgeText()).toBe(''));
  });

  it('marks all read', async () => {
    const server = new FakeNotificationsServer();
    server.unread = 2;
    server.latest = [notification(1), notification(2)];
    await openBell(server);
    await click(bellButton());
    await waitInAct(() => expect(document.querySelectorAll('[data-read="false"]')).toHaveLength(2));
    await click(buttonByText(document.body, 'Mark all as read'));
    expect(server.service.requests('POST', 'read-all')).toHaveLength(1);
    await waitInAct(() => expect(document.querySelectorAll('[data-read="false"]')).toHaveLength(0));
    expect(bellButton().getAttribute('aria-label')).toBe('Notifications');
  });

  it('says when there is nothing, in Russian too', async () => {
    const server = new FakeNotificationsServer();
    await openBell(server, 'ru');
    await click(bellButton());
    await waitInAct(() => expect(document.body.textContent).toContain('Уведомлений пока нет'));
    expect(document.body.textContent).toContain('Все уведомления');
  });
});
