import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import type { NotificationPreferences } from '@core/shared/notifications';
import { NotificationPreferencesCard } from '@core/web/notifications/NotificationPreferences';
import { buttonByText, click } from '../../../support/web/dom';
import { setupPopupTests } from '../../../support/web/fake-service';
import { jsonResponse } from '../../../support/web/fetch';
import { renderInKernel, waitInAct } from '../../../support/web/test-kernel';
import { FakeNotificationsServer, notificationsKernel } from './fake-notifications';

setupPopupTests();

const PREFERENCES: NotificationPreferences = {
  sources: [
    { id: 'core.jobs', label: 'Background jobs', receive: true, via_bot: true },
    { id: 'shop.low-stock', label: 'Low stock of shop products', receive: true, via_bot: false },
  ],
  bot_available: true,
  superadmin: true,
  superadmin_opt_in: false,
};

const byLabel = <E extends HTMLElement>(label: string): E => {
  const found = document.querySelector<E>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing labelled "${label}"`);
  return found;
};

/** The input a visible <label> names. */
const labelled = (text: string): HTMLInputElement => {
  const label = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent === text);
  const input = label ? document.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled "${text}"`);
  return input;
};

async function openCard(preferences: NotificationPreferences, save: (body: unknown) => Response) {
  const server = new FakeNotificationsServer();
  server.service
    .on('GET', 'preferences', { data: preferences })
    .on('PUT', 'preferences', (request) => save(request.body));
  const kernel = await notificationsKernel();
  await renderInKernel(kernel, createElement(NotificationPreferencesCard));
  await waitInAct(() => expect(document.querySelectorAll('[data-source]')).toHaveLength(preferences.sources.length));
  return server;
}

describe('the notification preferences', () => {
  it('save each source’s choices and a superadmin’s opt-in, and say so', async () => {
    const stored: NotificationPreferences = {
      ...PREFERENCES,
      sources: PREFERENCES.sources.map((source) => ({ ...source, receive: source.id !== 'core.jobs', via_bot: false })),
      superadmin_opt_in: true,
    };
    const server = await openCard(PREFERENCES, () => jsonResponse(200, { data: stored }));
    // Not receiving a source takes its bot delivery away too.
    await click(byLabel('Receive: Background jobs'));
    expect(byLabel<HTMLInputElement>('Also through the bot: Background jobs').disabled).toBe(true);
    await click(labelled('Receive notifications addressed to holders of a permission code'));
    await click(buttonByText(document.body, 'Save'));
    await waitInAct(() => expect(document.body.textContent).toContain('Notification preferences saved.'));
    expect(server.service.requests('PUT', 'preferences')[0]?.body).toEqual({
      sources: { 'core.jobs': { receive: false, via_bot: false }, 'shop.low-stock': { receive: true, via_bot: false } },
      superadmin_opt_in: true,
    });
  });

  it('offer the bot only when it can deliver, saying why not, and no opt-in to a user who is no superadmin', async () => {
    await openCard({ ...PREFERENCES, bot_available: false, superadmin: false }, () => jsonResponse(500, {}));
    expect(document.body.textContent).toContain(
      'The bot can deliver notifications once the messenger is enabled and your Telegram account is linked.',
    );
    expect(byLabel<HTMLInputElement>('Also through the bot: Low stock of shop products').disabled).toBe(true);
    expect(document.body.textContent).not.toContain('holders of a permission code');
  });

  it('say what failed when saving is refused', async () => {
    await openCard(PREFERENCES, () =>
      jsonResponse(422, { message: 'Unknown source.', errors: { sources: ['Unknown source.'] } }),
    );
    await click(buttonByText(document.body, 'Save'));
    await waitInAct(() =>
      expect(document.body.textContent).toContain('The preferences could not be saved: Unknown source.'),
    );
  });
});
