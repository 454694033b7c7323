import type { ResourceHooks } from '@core/sdk/server';
import type { WebhookStatus } from '../../shared/resources';

/**
 * What the engine's writes of a bot add: a new bot's webhook has never been asked about, and a
 * new token may be another Telegram bot, so what was learnt with the old one no longer stands
 * (check the token again).
 */
export const botHooks: ResourceHooks = {
  async beforeWrite({ action, values }) {
    const unknown = { webhook_status: 'unknown' satisfies WebhookStatus };
    // Only the plugin's own code (demo data) may know better on create: the API refuses read-only fields.
    if (action === 'create') return Object.hasOwn(values, 'webhook_status') ? undefined : unknown;
    if (action === 'update' && Object.hasOwn(values, 'token')) return { ...unknown, username: null };
    return undefined;
  },
};
