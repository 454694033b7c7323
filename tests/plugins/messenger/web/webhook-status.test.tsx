import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { localeFormat } from '@core/sdk/shared';
import { query, setupPopupTests, waitInAct } from '@core/sdk/testing-web';
import { bot, botsService, openBots, rowOf } from './messenger-server';

// The screens under test are in English.
const english = localeFormat('en');

setupPopupTests({ quiet: true });

const CHECKED = '2026-11-24T15:30:00.000Z';
const FAILED = '2026-11-24T15:10:00.000Z';
const URL_OF = (id: number) => `https://erp.example.test/api/messenger/webhook/${id}`;

const BOTS = [
  bot(1, {
    webhook_status: 'set',
    webhook_url: URL_OF(1),
    webhook_pending: 0,
    webhook_checked_at: CHECKED,
    username: 'orders_bot',
  }),
  bot(2, { webhook_status: 'not-set', webhook_pending: 0, webhook_checked_at: CHECKED }),
  bot(3, {
    webhook_status: 'failing',
    webhook_url: URL_OF(3),
    webhook_pending: 1234,
    webhook_error_at: FAILED,
    webhook_error: 'Connection timed out',
    webhook_checked_at: CHECKED,
  }),
  bot(4, { webhook_status: 'unreachable', webhook_url: URL_OF(4), webhook_pending: 2, webhook_checked_at: CHECKED }),
  bot(5),
];

const badgeIn = (row: HTMLElement): HTMLElement => query(row, '[data-webhook-status]');

/** What a screen reader reads after the badge: the tooltip its `aria-describedby` names. */
function descriptionOf(badge: HTMLElement): HTMLElement {
  const id = badge.getAttribute('aria-describedby');
  const description = id ? document.getElementById(id) : null;
  if (!description) throw new Error('the badge has no description');
  return description;
}

describe('the webhook status badge', () => {
  it('names each status and carries its details as the badge description', async () => {
    const { view } = await openBots(botsService(() => BOTS));
    const seen = BOTS.map((record) => {
      const badge = badgeIn(rowOf(view, record.id));
      return [badge.dataset.webhookStatus, badge.textContent];
    });
    expect(seen).toEqual([
      ['set', 'Set'],
      ['not-set', 'Not set'],
      ['failing', 'Failing'],
      ['unreachable', 'Unreachable'],
      ['unknown', 'Unknown'],
    ]);

    const failing = descriptionOf(badgeIn(rowOf(view, 3))).textContent;
    expect(failing).toContain('Telegram reported a recent delivery error.');
    expect(failing).toContain(`Webhook URL${URL_OF(3)}`);
    expect(failing).toContain('Pending updates1,234');
    expect(failing).toContain('Last errorConnection timed out');
    expect(failing).toContain(`Last error at${english.dateTime(FAILED)}`);
    expect(failing).toContain(`Checked at${english.dateTime(CHECKED)}`);

    const unreachable = descriptionOf(badgeIn(rowOf(view, 4))).textContent;
    expect(unreachable).toContain('Telegram could not be reached at the last check');
    expect(unreachable).toContain(URL_OF(4));

    const notSet = descriptionOf(badgeIn(rowOf(view, 2))).textContent;
    expect(notSet).toContain('No webhook is set');
    expect(notSet).not.toContain('Webhook URL');

    const never = descriptionOf(badgeIn(rowOf(view, 5))).textContent;
    expect(never).toContain('Telegram has not been asked yet');
    expect(never).toContain('Not checked with Telegram yet.');
    expect(never).not.toContain('Checked at');
  });

  it('shows the details on hover and on keyboard focus', async () => {
    const { view } = await openBots(botsService(() => BOTS));
    const shown = (details: HTMLElement) => getComputedStyle(details).display !== 'none';

    const hovered = badgeIn(rowOf(view, 3));
    const hoverDetails = descriptionOf(hovered);
    expect(shown(hoverDetails)).toBe(false);
    await act(async () => {
      hovered.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await waitInAct(() => expect(shown(hoverDetails)).toBe(true));
    expect(hoverDetails.textContent).toContain('Connection timed out');

    const focused = badgeIn(rowOf(view, 1));
    const focusDetails = descriptionOf(focused);
    expect(focused.tabIndex).toBe(0);
    // As Tab would: keyboard navigation first, so Fluent does not take it for a programmatic focus.
    await act(async () => {
      focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
      focused.focus();
    });
    await waitInAct(() => expect(shown(focusDetails)).toBe(true));
    expect(focusDetails.textContent).toContain(URL_OF(1));
  });

  it('reads in Russian for a Russian reader', async () => {
    const { view } = await openBots(
      botsService(() => BOTS),
      'ru',
    );
    expect(BOTS.map((record) => badgeIn(rowOf(view, record.id)).textContent)).toEqual([
      'Установлен',
      'Не установлен',
      'Сбои доставки',
      'Нет связи',
      'Неизвестно',
    ]);
    expect(descriptionOf(badgeIn(rowOf(view, 3))).textContent).toContain('Последняя ошибкаConnection timed out');
  });
});

describe('the username', () => {
  it('links @username to the bot in Telegram, and shows nothing before the token was checked', async () => {
    const { view } = await openBots(botsService(() => BOTS));
    const link = query<HTMLAnchorElement>(rowOf(view, 1), 'a[href^="https://t.me/"]');
    expect(link.textContent).toBe('@orders_bot');
    expect(link.href).toBe('https://t.me/orders_bot');
    expect(link.rel.split(' ')).toContain('noopener');
    expect(link.target).toBe('_blank');
    expect(rowOf(view, 2).querySelector('a[href^="https://t.me/"]')).toBeNull();
    expect(rowOf(view, 2).textContent).not.toContain('@');
  });
});
