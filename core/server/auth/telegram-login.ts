import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the Telegram Login Widget hands the browser. Telegram may add fields at any time, and the
 * signature covers all of them, so unknown fields are kept rather than dropped.
 */
export interface TelegramLoginPayload {
  readonly id: number;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly username?: string;
  readonly photo_url?: string;
  readonly auth_date: number;
  readonly hash: string;
  readonly [field: string]: string | number | undefined;
}

export type TelegramLoginFailure = 'malformed' | 'signature' | 'stale' | 'future';

export type TelegramLoginResult =
  | { readonly ok: true; readonly telegramId: number; readonly authDate: number }
  | { readonly ok: false; readonly reason: TelegramLoginFailure; readonly message: string };

export const TELEGRAM_FAILURE_MESSAGES: Readonly<Record<TelegramLoginFailure, string>> = {
  malformed: 'The Telegram sign-in data is malformed.',
  signature: 'The Telegram sign-in data could not be verified.',
  stale: 'The Telegram sign-in data has expired. Please sign in with Telegram again.',
  future: 'The Telegram sign-in data is dated in the future. Please check the clock and try again.',
};

/** Telegram's clock and ours may differ a little; more than this is not drift. */
export const TELEGRAM_CLOCK_SKEW_SECONDS = 60;

// Field names Telegram uses; anything else could smuggle '=' or '\n' into the check string.
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function fail(reason: TelegramLoginFailure): TelegramLoginResult {
  return { ok: false, reason, message: TELEGRAM_FAILURE_MESSAGES[reason] };
}

/**
 * The data-check-string Telegram signs: every received field but `hash`, as key=value, sorted
 * by key, joined by '\n'. Null when a name or value could shift the line boundaries: with a
 * newline in a value a signed string could be re-split into different fields (another `id`).
 */
export function telegramDataCheckString(payload: TelegramLoginPayload): string | null {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'hash' || value === undefined) continue;
    const text = String(value);
    if (!FIELD_NAME.test(key) || text.includes('\n')) return null;
    lines.push(`${key}=${text}`);
  }
  // Keys are plain ASCII (FIELD_NAME), so code-unit order is the byte order Telegram sorts by.
  return lines.sort().join('\n');
}

/**
 * Telegram's published Login Widget check (core.telegram.org/widgets/login#checking-authorization):
 * the secret key is SHA-256 of the bot token, and the hash is the hex HMAC-SHA-256 of the
 * data-check-string under it. `now` is passed in so the age rule can be tested.
 */
export function verifyTelegramLogin(
  payload: TelegramLoginPayload,
  botToken: string,
  maxAgeSeconds: number,
  now: Date = new Date(),
): TelegramLoginResult {
  const checkString = telegramDataCheckString(payload);
  if (checkString === null || !Number.isSafeInteger(payload.id) || !Number.isSafeInteger(payload.auth_date)) {
    return fail('malformed');
  }
  if (typeof payload.hash !== 'string' || !HEX_SHA256.test(payload.hash)) return fail('signature');
  const secretKey = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secretKey).update(checkString).digest();
  const presented = Buffer.from(payload.hash, 'hex');
  // Both are 32 bytes (HEX_SHA256 above), as timingSafeEqual requires.
  if (!timingSafeEqual(expected, presented)) return fail('signature');
  // Age is judged only on signed data, so a forged auth_date cannot change the answer.
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (payload.auth_date > nowSeconds + TELEGRAM_CLOCK_SKEW_SECONDS) return fail('future');
  if (nowSeconds - payload.auth_date > maxAgeSeconds) return fail('stale');
  return { ok: true, telegramId: payload.id, authDate: payload.auth_date };
}
