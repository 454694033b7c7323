import { TELEGRAM_API_BASE } from './telegram/bot-api';

/**
 * The messenger plugin's configuration: `pluginSettings.messenger` in the configuration file, with
 * the environment over it (as a deployment usually sets them).
 *
 * ```json
 * "pluginSettings": { "messenger": {
 *   "telegramApiBase": "https://api.telegram.org",   // ERP_TELEGRAM_API_BASE
 *   "publicUrl": "https://erp.example.com",          // ERP_PUBLIC_URL: where Telegram reaches this product
 *   "webhookSecret": "…"                              // ERP_MESSENGER_WEBHOOK_SECRET: optional, see webhook-secrets.ts
 * } }
 * ```
 */
export interface MessengerConfig {
  /** The Bot API's origin (a local Bot API server or a test fake may stand in for Telegram's). */
  readonly telegramApiBase: string;
  /** The product's public origin, without a trailing slash; null while not configured. */
  readonly publicUrl: string | null;
  /** The key webhook secrets are derived from when configured; null to keep a generated one in the database. */
  readonly webhookKey: string | null;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** What to configure before a webhook can be set. */
export const PUBLIC_URL_MISSING =
  'The product’s public address is not configured: set pluginSettings.messenger.publicUrl or ERP_PUBLIC_URL (e.g. https://erp.example.com) so Telegram can reach the webhook.';

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A setting's value, the environment first; a value of another type than text stops start-up. */
function read(
  settings: Readonly<Record<string, unknown>>,
  env: Environment,
  key: string,
  variable: string,
): { value: string; where: string } | null {
  const fromEnv = nonEmpty(env[variable]);
  if (fromEnv) return { value: fromEnv, where: variable };
  const configured = settings[key];
  if (configured !== undefined && typeof configured !== 'string')
    throw new Error(`pluginSettings.messenger.${key} must be a string.`);
  const value = nonEmpty(configured);
  return value ? { value, where: `pluginSettings.messenger.${key}` } : null;
}

function origin(found: { value: string; where: string }): string {
  let url: URL;
  try {
    url = new URL(found.value);
  } catch {
    throw new Error(`${found.where} must be an http(s) URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${found.where} must be an http(s) URL.`);
  return found.value.replace(/\/+$/, '');
}

/** Reads and checks the configuration; a malformed value stops start-up with one line naming it. */
export function readMessengerConfig(settings: Readonly<Record<string, unknown>>, env: Environment): MessengerConfig {
  const base = read(settings, env, 'telegramApiBase', 'ERP_TELEGRAM_API_BASE');
  const publicUrl = read(settings, env, 'publicUrl', 'ERP_PUBLIC_URL');
  const key = read(settings, env, 'webhookSecret', 'ERP_MESSENGER_WEBHOOK_SECRET');
  // A short key would make every bot's secret guessable.
  if (key && key.value.length < 16) throw new Error(`${key.where} must be at least 16 characters long.`);
  return {
    telegramApiBase: base ? origin(base) : TELEGRAM_API_BASE,
    publicUrl: publicUrl ? origin(publicUrl) : null,
    webhookKey: key?.value ?? null,
  };
}
