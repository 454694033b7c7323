import { describe, expect, it } from 'vitest';
import {
  buttonByText,
  click,
  type FakeService,
  jsonResponse,
  query,
  recordToasts,
  type RenderedView,
  runRowAction,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import { bot, botsService, openBots, rowOf } from './messenger-server';

setupPopupTests({ quiet: true });

const CHECKED = '2026-11-24T15:30:00.000Z';
const UNREACHABLE = 'Telegram could not be reached (connection refused). Nothing was confirmed there; try again later.';

const statusIn = (view: RenderedView, id: number) => query(rowOf(view, id), '[data-webhook-status]').textContent;

/** A list whose one bot is whatever the test last stored. */
function oneBot(initial: ResourceRecord): { api: FakeService; store: (next: ResourceRecord) => void } {
  let current = initial;
  const api = botsService(() => [current]);
  return { api, store: (next) => void (current = next) };
}

describe('the Telegram row actions', () => {
  it('reload the list after the action, so the badge shows the status it left', async () => {
    const { api, store } = oneBot(bot(1, { webhook_status: 'not-set', webhook_checked_at: CHECKED }));
    api.on('POST', 'bots/1/set-webhook', () => {
      const changed = bot(1, {
        webhook_status: 'set',
        webhook_url: 'https://erp.example.test/api/messenger/webhook/1',
        webhook_checked_at: CHECKED,
      });
      store(changed);
      return jsonResponse(200, { data: changed });
    });
    const { view, kernel } = await openBots(api);
    const toasts = recordToasts(kernel);
    expect(statusIn(view, 1)).toBe('Not set');

    await runRowAction(view.element, 'Bot 1', 'Set webhook');
    await waitInAct(() => expect(statusIn(view, 1)).toBe('Set'));
    expect(api.requests('POST', 'bots/1/set-webhook')).toHaveLength(1);
    expect(api.requests('GET', 'bots')).toHaveLength(2);
    expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['success', 'Success']]);
  });

  it("tell Telegram's failure in the server's words and show the bot unreachable", async () => {
    const { api, store } = oneBot(bot(1, { webhook_status: 'set', webhook_checked_at: CHECKED }));
    api.on('POST', 'bots/1/refresh-webhook', () => {
      store(bot(1, { webhook_status: 'unreachable', webhook_checked_at: CHECKED }));
      return jsonResponse(502, { message: UNREACHABLE });
    });
    const { view, kernel } = await openBots(api);
    const toasts = recordToasts(kernel);

    await runRowAction(view.element, 'Bot 1', 'Refresh webhook status');
    await waitInAct(() => expect(statusIn(view, 1)).toBe('Unreachable'));
    expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['error', UNREACHABLE]]);
  });

  it('ask before deleting the webhook', async () => {
    const { api, store } = oneBot(bot(1, { webhook_status: 'set' }));
    api.on('POST', 'bots/1/delete-webhook', () => {
      const changed = bot(1, { webhook_status: 'not-set', webhook_checked_at: CHECKED });
      store(changed);
      return jsonResponse(200, { data: changed });
    });
    const { view } = await openBots(api);

    await runRowAction(view.element, 'Bot 1', 'Delete webhook');
    await waitInAct(() => expect(document.body.textContent).toContain("Delete this bot's webhook?"));
    expect(api.requests('POST', 'bots/1/delete-webhook')).toHaveLength(0);
    await click(buttonByText(query(document, '[role="alertdialog"], .fui-DialogSurface'), 'Yes'));
    await waitInAct(() => expect(statusIn(view, 1)).toBe('Not set'));
    expect(api.requests('POST', 'bots/1/delete-webhook')).toHaveLength(1);
  });
});

describe('the test message dialog', () => {
  const dialog = (): HTMLElement => query(document, '.fui-DialogSurface');
  const chatInput = () => query<HTMLInputElement>(dialog(), 'input[name="chat_id"]');
  const textArea = () => query<HTMLTextAreaElement>(dialog(), 'textarea[name="text"]');
  const send = () => click(buttonByText(dialog(), 'Send'));

  async function openDialog(api: FakeService) {
    const page = await openBots(api);
    const toasts = recordToasts(page.kernel);
    await runRowAction(page.view.element, 'Orders', 'Send test message');
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).not.toBeNull());
    return { ...page, toasts };
  }

  it('opens for the bot with a friendly text, and checks the chat id and the text before sending', async () => {
    const { api } = oneBot(bot(1, { name: 'Orders' }));
    await openDialog(api);
    expect(dialog().textContent).toContain('Send a test message');
    expect(dialog().textContent).toContain('The bot “Orders” will send this text to the chat.');
    expect(textArea().value).toBe(
      'Hello! This is a test message from the bot “Orders”. If you can read it, the bot can write to this chat.',
    );

    await send();
    expect(dialog().textContent).toContain('Enter the chat ID.');

    await typeInto(chatInput(), 'my chat');
    await typeInto(textArea(), '   ');
    await send();
    expect(dialog().textContent).toContain(
      "Enter a number such as 123456789 or -1001234567890, or a channel's @username.",
    );
    expect(dialog().textContent).toContain('Enter the message text.');

    await typeInto(chatInput(), '-1001234567890');
    await typeInto(textArea(), 'x'.repeat(4097));
    await send();
    expect(dialog().textContent).toContain('A message holds at most 4096 characters.');
    expect(api.requests('POST', 'bots/1/send-test')).toHaveLength(0);
  });

  it('sends the chat id and the text, then closes with a toast and reloads the list', async () => {
    const { api } = oneBot(bot(1, { name: 'Orders' }));
    let release: () => void = () => undefined;
    api.on(
      'POST',
      'bots/1/send-test',
      () =>
        new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, { data: { message_id: 42 } })))),
    );
    const { toasts } = await openDialog(api);

    await typeInto(chatInput(), ' 123456789 ');
    await typeInto(textArea(), 'Ping from the back office');
    await send();
    await waitInAct(() => expect(api.requests('POST', 'bots/1/send-test')).toHaveLength(1));
    // On its way: Send shows progress and neither button can be pressed again.
    expect(buttonByText(dialog(), 'Send').disabled).toBe(true);
    expect(buttonByText(dialog(), 'Cancel').disabled).toBe(true);
    expect(dialog().querySelector('.fui-Spinner')).not.toBeNull();

    release();
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());
    expect(api.requests('POST', 'bots/1/send-test')[0]?.body).toEqual({
      chat_id: '123456789',
      text: 'Ping from the back office',
    });
    expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([
      ['success', 'Test message sent to 123456789.'],
    ]);
    await waitInAct(() => expect(api.requests('GET', 'bots')).toHaveLength(2));
  });

  it("shows Telegram's refusal inside the dialog, keeps what was typed, and reloads the list", async () => {
    const { api } = oneBot(bot(1, { name: 'Orders' }));
    api.on('POST', 'bots/1/send-test', () =>
      jsonResponse(422, { message: 'Telegram refused sendMessage: Bad Request: chat not found' }),
    );
    const { toasts } = await openDialog(api);

    await typeInto(chatInput(), '@no_such_channel');
    await send();
    await waitInAct(() =>
      expect(dialog().textContent).toContain('Telegram refused sendMessage: Bad Request: chat not found'),
    );
    expect(chatInput().value).toBe('@no_such_channel');
    expect(buttonByText(dialog(), 'Send').disabled).toBe(false);
    expect(toasts).toEqual([]);
    await waitInAct(() => expect(api.requests('GET', 'bots')).toHaveLength(2));
  });

  it("puts the server's field messages beside their fields", async () => {
    const { api } = oneBot(bot(1, { name: 'Orders' }));
    api.on('POST', 'bots/1/send-test', () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { chat_id: ['Enter a chat id: a number, or @channel.'] },
      }),
    );
    await openDialog(api);

    // Passes the form's check, but is past the largest id the server takes.
    await typeInto(chatInput(), '9999999999999999');
    await send();
    await waitInAct(() => expect(dialog().textContent).toContain('Enter a chat id: a number, or @channel.'));
    expect(dialog().textContent).not.toContain('The given data was invalid.');
  });

  it('says the message was not sent when the server could not be reached', async () => {
    const { api } = oneBot(bot(1, { name: 'Orders' }));
    api.on('POST', 'bots/1/send-test', () => Promise.reject(new TypeError('Failed to fetch')));
    await openDialog(api);

    await typeInto(chatInput(), '123456789');
    await send();
    await waitInAct(() => expect(dialog().textContent).toContain('The message was not sent.'));
  });

  it('closes on Cancel without sending', async () => {
    const { api } = oneBot(bot(1, { name: 'Orders' }));
    await openDialog(api);
    await click(buttonByText(dialog(), 'Cancel'));
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());
    expect(api.requests('POST', 'bots/1/send-test')).toHaveLength(0);
  });
});
