/**
 * The messenger service as the bots page meets it in browser tests: bot records in the shape the
 * API answers, a list answer, and the bots page rendered for a user with MB.
 */
import {
  FakeService,
  jsonResponse,
  listAnswer,
  type RenderedView,
  renderPluginPage,
  serviceBase,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import type { Language, ResourceRecord } from '@core/sdk/shared';
import { messengerManifest } from '@plugins/messenger/manifest';
import messengerCode from '@plugins/messenger/web';
import { expect } from 'vitest';

export const messenger = webPlugin(messengerManifest, messengerCode);

export const MESSENGER_API = serviceBase(messengerManifest.service);

/** A bot as `GET bots` lists it: the token masked, the webhook as Telegram last reported it. */
export function bot(id: number, values: Readonly<Record<string, unknown>> = {}): ResourceRecord {
  return {
    id,
    version: 1,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    deleted_at: null,
    name: `Bot ${id}`,
    description: null,
    messenger: 'telegram',
    type: 'notifications',
    token: '••••••••',
    handler_class: 1,
    username: null,
    webhook_status: 'unknown',
    webhook_url: null,
    webhook_pending: null,
    webhook_error_at: null,
    webhook_error: null,
    webhook_checked_at: null,
    _labels: { handler_class: 'messenger.notifications' },
    ...values,
  };
}

export const listOf = (rows: readonly ResourceRecord[]) => listAnswer(rows);

/** A messenger service whose `GET bots` answers with what `rows()` holds at the time of the call. */
export function botsService(rows: () => readonly ResourceRecord[]): FakeService {
  return new FakeService(MESSENGER_API).on('GET', 'bots', () => jsonResponse(200, listOf(rows())));
}

/** `/tg-bots` for a user with MB, once its rows are drawn. */
export async function openBots(api: FakeService, language?: Language) {
  const page = await renderPluginPage({
    plugins: [messenger],
    path: '/tg-bots',
    codes: ['MB'],
    api,
    ...(language ? { language } : {}),
  });
  await waitInAct(() => expect(page.view.element.querySelectorAll('tbody tr[data-row-id]').length).toBeGreaterThan(0));
  return page;
}

/** The row of the bot with this id. */
export function rowOf(view: RenderedView, id: number): HTMLElement {
  const row = view.element.querySelector<HTMLElement>(`tbody tr[data-row-id="${id}"]`);
  if (!row) throw new Error(`no row for bot ${id}`);
  return row;
}
