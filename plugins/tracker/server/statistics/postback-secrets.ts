import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@core/sdk/server';

/**
 * A tracker's postback secret: an HMAC-SHA256 of its id under one key, as base64url. Nothing per
 * tracker is stored and every server copy derives the same secret (as messenger's webhook
 * secrets). The key is generated and stored once, on first use.
 */
export function postbackSecretFor(key: string, trackerId: number): string {
  return createHmac('sha256', key).update(`tracker-postback:${trackerId}`).digest('base64url');
}

export class PostbackSecrets {
  private key: Promise<string> | null = null;

  constructor(private readonly db: Database) {}

  async forTracker(trackerId: number): Promise<string> {
    return postbackSecretFor(await this.keyOnce(), trackerId);
  }

  /** Whether `given` is the tracker's secret, compared in constant time. */
  async matches(trackerId: number, given: string): Promise<boolean> {
    const expected = Buffer.from(await this.forTracker(trackerId));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private keyOnce(): Promise<string> {
    // A failed read is not remembered: the next call asks the database again.
    this.key ??= this.storedKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async storedKey(): Promise<string> {
    await this.db.query('INSERT INTO tracker.postback_key (key) VALUES ($1) ON CONFLICT (only_row) DO NOTHING', [
      randomBytes(32).toString('base64url'),
    ]);
    const { rows } = await this.db.query<{ key: string }>('SELECT key FROM tracker.postback_key');
    const key = rows[0]?.key;
    if (!key) throw new Error('the postback key could not be stored');
    return key;
  }
}
