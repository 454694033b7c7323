import type { ResourceRecord } from '@core/sdk/shared';
import { WEBHOOK_STATUSES, type WebhookStatus } from '../../shared/resources';

/** A bot's webhook as its record holds the messenger's last report, typed for the screen. */
export interface WebhookReport {
  readonly status: WebhookStatus;
  readonly url: string | null;
  readonly pending: number | null;
  /** ISO instants. */
  readonly errorAt: string | null;
  readonly error: string | null;
  readonly checkedAt: string | null;
}

const isStatus = (value: unknown): value is WebhookStatus => (WEBHOOK_STATUSES as readonly unknown[]).includes(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The report in a bot's record; a status the screen does not know reads as unknown rather than breaking the row. */
export function webhookReport(record: ResourceRecord): WebhookReport {
  return {
    status: isStatus(record.webhook_status) ? record.webhook_status : 'unknown',
    url: text(record.webhook_url),
    pending: count(record.webhook_pending),
    errorAt: text(record.webhook_error_at),
    error: text(record.webhook_error),
    checkedAt: text(record.webhook_checked_at),
  };
}
