import type { FieldValue } from '@core/sdk/shared';
import type { WebhookStatus as TelegramWebhookInfo } from '../telegram/bot-api';
import type { WebhookStatus } from '../../shared/resources';

/**
 * The bot's webhook fields from what Telegram last reported (getWebhookInfo). A delivery error is
 * "failing" while it is recent: Telegram keeps reporting the last error long after deliveries
 * recovered, and retries a failing webhook well within this window.
 */
export const FAILING_WINDOW_MS = 60 * 60 * 1000;

/** The longest text the status fields hold (resources.ts). */
const MAX_TEXT = 2048;

type Fields = Record<string, FieldValue>;

export function webhookFields(info: TelegramWebhookInfo, checkedAt: Date): Fields {
  const errorAt = info.lastErrorDate === null ? null : new Date(info.lastErrorDate * 1000);
  const failing = errorAt !== null && checkedAt.getTime() - errorAt.getTime() <= FAILING_WINDOW_MS;
  const status: WebhookStatus = info.url === '' ? 'not-set' : failing ? 'failing' : 'set';
  return {
    webhook_status: status,
    webhook_url: info.url === '' ? null : info.url.slice(0, MAX_TEXT),
    webhook_pending: info.pendingUpdateCount,
    webhook_error_at: errorAt?.toISOString() ?? null,
    webhook_error: info.lastErrorMessage?.slice(0, MAX_TEXT) ?? null,
    webhook_checked_at: checkedAt.toISOString(),
  };
}

/** Telegram did not answer: the last report stands, marked unreachable as of now. */
export function unreachableFields(checkedAt: Date): Fields {
  return { webhook_status: 'unreachable' satisfies WebhookStatus, webhook_checked_at: checkedAt.toISOString() };
}
