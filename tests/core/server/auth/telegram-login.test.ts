import { describe, expect, it } from 'vitest';
import {
  TELEGRAM_CLOCK_SKEW_SECONDS,
  TELEGRAM_FAILURE_MESSAGES,
  telegramDataCheckString,
  verifyTelegramLogin,
  type TelegramLoginPayload,
} from '@core/server/auth/telegram-login';
import { signAsTelegram } from './support-auth';

const BOT_TOKEN = '123456789:AAE-test-bot-token_for_unit_tests';
const MAX_AGE = 86_400;
const NOW = new Date('2025-06-01T12:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

function signed(fields: Partial<TelegramLoginPayload> = {}, token = BOT_TOKEN): TelegramLoginPayload {
  return signAsTelegram(
    { id: 424242, first_name: 'Ada', username: 'ada_l', auth_date: NOW_SECONDS - 30, ...fields },
    token,
  );
}

describe('telegramDataCheckString', () => {
  it('joins every field but hash as key=value, sorted by key, with newlines', () => {
    const payload: TelegramLoginPayload = { username: 'ada_l', id: 7, hash: 'ff', auth_date: 100, first_name: 'Ada' };
    expect(telegramDataCheckString(payload)).toBe('auth_date=100\nfirst_name=Ada\nid=7\nusername=ada_l');
  });

  it('refuses a value with a newline, which could re-split the signed lines into other fields', () => {
    expect(telegramDataCheckString({ id: 7, auth_date: 100, hash: 'ff', first_name: 'Ada\nid=8' })).toBeNull();
  });

  it('refuses a field name that is not a plain identifier', () => {
    expect(telegramDataCheckString({ id: 7, auth_date: 100, hash: 'ff', 'a=b': 'c' })).toBeNull();
  });
});

describe('verifyTelegramLogin', () => {
  it('accepts a payload signed with the bot token and returns the Telegram id', () => {
    expect(verifyTelegramLogin(signed(), BOT_TOKEN, MAX_AGE, NOW)).toEqual({
      ok: true,
      telegramId: 424242,
      authDate: NOW_SECONDS - 30,
    });
  });

  it('accepts the minimal payload (id, auth_date, hash)', () => {
    const payload = signAsTelegram({ id: 5, auth_date: NOW_SECONDS }, BOT_TOKEN);
    expect(verifyTelegramLogin(payload, BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({ ok: true, telegramId: 5 });
  });

  it('accepts fields Telegram may add later, since they are signed too', () => {
    const payload = signed({ photo_url: 'https://t.me/i/userpic/320/ada.jpg', language_code: 'en' });
    expect(verifyTelegramLogin(payload, BOT_TOKEN, MAX_AGE, NOW).ok).toBe(true);
  });

  it('accepts the hash in upper-case hex', () => {
    const payload = signed();
    expect(verifyTelegramLogin({ ...payload, hash: payload.hash.toUpperCase() }, BOT_TOKEN, MAX_AGE, NOW).ok).toBe(
      true,
    );
  });

  it.each([
    ['a changed id', { id: 424243 }],
    ['a changed name', { first_name: 'Eve' }],
    ['a changed auth_date', { auth_date: NOW_SECONDS - 29 }],
    ['an added unsigned field', { last_name: 'Lovelace' }],
  ])('refuses %s as a bad signature', (_what, change) => {
    const result = verifyTelegramLogin({ ...signed(), ...change }, BOT_TOKEN, MAX_AGE, NOW);
    expect(result).toEqual({ ok: false, reason: 'signature', message: TELEGRAM_FAILURE_MESSAGES.signature });
  });

  it('refuses a removed field as a bad signature', () => {
    const { username: _dropped, ...rest } = signed();
    expect(verifyTelegramLogin(rest, BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({ ok: false, reason: 'signature' });
  });

  it("refuses a payload signed with another bot's token", () => {
    expect(verifyTelegramLogin(signed({}, '987654321:other-bot'), BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({
      ok: false,
      reason: 'signature',
    });
  });

  it.each(['', 'abc', 'z'.repeat(64), `${'a'.repeat(64)}00`])(
    'refuses the malformed hash %j without throwing',
    (hash) => {
      expect(verifyTelegramLogin({ ...signed(), hash }, BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({
        ok: false,
        reason: 'signature',
      });
    },
  );

  it('refuses a payload older than the allowed age and accepts one exactly at it', () => {
    expect(verifyTelegramLogin(signed({ auth_date: NOW_SECONDS - MAX_AGE - 1 }), BOT_TOKEN, MAX_AGE, NOW)).toEqual({
      ok: false,
      reason: 'stale',
      message: TELEGRAM_FAILURE_MESSAGES.stale,
    });
    expect(verifyTelegramLogin(signed({ auth_date: NOW_SECONDS - MAX_AGE }), BOT_TOKEN, MAX_AGE, NOW).ok).toBe(true);
  });

  it('uses the given maximum age', () => {
    expect(verifyTelegramLogin(signed({ auth_date: NOW_SECONDS - 61 }), BOT_TOKEN, 60, NOW)).toMatchObject({
      ok: false,
      reason: 'stale',
    });
  });

  it('tolerates a minute of clock skew into the future, not more', () => {
    expect(
      verifyTelegramLogin(signed({ auth_date: NOW_SECONDS + TELEGRAM_CLOCK_SKEW_SECONDS }), BOT_TOKEN, MAX_AGE, NOW).ok,
    ).toBe(true);
    expect(
      verifyTelegramLogin(
        signed({ auth_date: NOW_SECONDS + TELEGRAM_CLOCK_SKEW_SECONDS + 1 }),
        BOT_TOKEN,
        MAX_AGE,
        NOW,
      ),
    ).toMatchObject({
      ok: false,
      reason: 'future',
    });
  });

  it('reports a forged stale payload as a bad signature: age is judged only on signed data', () => {
    const payload = { ...signed(), auth_date: NOW_SECONDS - MAX_AGE - 100 };
    expect(verifyTelegramLogin(payload, BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({ ok: false, reason: 'signature' });
  });

  it('refuses a signed value that contains a newline as malformed', () => {
    // Signed by a naive signer; a real Telegram name with a newline could otherwise forge an id.
    const payload = signAsTelegram({ id: 5, auth_date: NOW_SECONDS, first_name: 'Ada\nid=6' }, BOT_TOKEN);
    expect(verifyTelegramLogin(payload, BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('refuses an id that is not a safe integer as malformed', () => {
    expect(verifyTelegramLogin(signed({ id: 1.5 }), BOT_TOKEN, MAX_AGE, NOW)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});
