import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@core/sdk/server';

/**
 * The secret Telegram sends with each update (`X-Telegram-Bot-Api-Secret-Token`): an HMAC-SHA256
 * of the bot's id under one key, as base64url (43 characters of the alphabet Telegram allows).
 * Nothing per bot is stored, every server copy derives the same secret, and a token change
 * leaves the webhook working. Anyone who knows the key can compute a bot's secret; that is how a
 * test posts updates as Telegram would (see README).
 */
export function webhookSecretFor(key: string, botId: number): string {
  return createHmac('sha256', key).update(`messenger-webhook:${botId}`).digest('base64url');
}

/** The key from the configuration, or the one generated and stored on first use (shared by all copies). */
export class WebhookSecrets {
  private key: Promise<string> | null = null;

  constructor(
    private readonly db: Database,
    private readonly configured: string | null,
  ) {}

  async forBot(botId: number): Promise<string> {
    return webhookSecretFor(await this.keyOnce(), botId);
  }

  /** Whether `given` is the bot's secret, compared in constant time. */
  async matches(botId: number, given: string | undefined): Promise<boolean> {
    if (given === undefined || given === '') return false;
    const expected = Buffer.from(await this.forBot(botId));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private keyOnce(): Promise<string> {
    if (this.configured) return Promise.resolve(this.configured);
    // A failed read is not remembered: the next call asks the database again.
    this.key ??= this.storedKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async storedKey(): Promise<string> {
    await this.db.query('INSERT INTO messenger.webhook_key (key) VALUES ($1) ON CONFLICT (only_row) DO NOTHING', [
      randomBytes(32).toString('base64url'),
    ]);
    const { rows } = await this.db.query<{ key: string }>('SELECT key FROM messenger.webhook_key');
    const key = rows[0]?.key;
    if (!key) throw new Error('the webhook key could not be stored');
    return key;
  }
}
