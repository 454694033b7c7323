import { createHash, createHmac } from 'node:crypto';

/** A made-up bot: the server only needs the token to check signatures, and never calls Telegram. */
export const BOT_TOKEN = '7000000042:AAE-e2e-bot-token-not-a-real-one';
export const BOT_LINK = 'https://t.me/erp_e2e_bot';

/** The environment that turns messenger sign-in on (host/server/config.ts). */
export const TELEGRAM_ENV: Readonly<Record<string, string>> = {
  ERP_TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  ERP_TELEGRAM_BOT_LINK: BOT_LINK,
};

export type TelegramLogin = Readonly<Record<string, string | number>> & { readonly id: number; readonly hash: string };

/**
 * The data the Telegram Login Widget hands over for `telegramId`, signed as Telegram signs it
 * (core.telegram.org/widgets/login#checking-authorization): the data-check-string is every field
 * but `hash` as key=value, sorted by key, joined by newlines; the hash is its hex HMAC-SHA-256
 * under the SHA-256 of the bot token. Written out here, not imported, so a mistake in the server's
 * check cannot be shared by the test.
 */
export function telegramLogin(
  telegramId: number,
  fields: Readonly<Record<string, string | number>> = {},
  botToken = BOT_TOKEN,
): TelegramLogin {
  const data: Record<string, string | number> = {
    id: telegramId,
    first_name: 'Tess',
    username: `tess_${telegramId}`,
    auth_date: Math.floor(Date.now() / 1000) - 5,
    ...fields,
  };
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...data, id: telegramId, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

/**
 * The fragment Telegram's redirect mode returns to the page with: `#tgAuthResult=` and the login
 * data as base64url JSON (core/web/auth/telegram-result.ts reads it).
 */
export function telegramResultFragment(login: TelegramLogin): string {
  return `#tgAuthResult=${Buffer.from(JSON.stringify(login), 'utf8').toString('base64url')}`;
}
