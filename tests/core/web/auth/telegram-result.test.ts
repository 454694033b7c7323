import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_BLOCKED } from '@core/shared/sign-in-refusals';
import { HttpError } from '@core/web/http/http-error';
import { completeTelegramSignIn, readTelegramResult } from '@core/web/auth/telegram-result';

const PAYLOAD = { id: 7, first_name: 'Zoë 🙂', auth_date: 1_700_000_000, hash: 'f'.repeat(64) };
const encode = (value: unknown, encoding: BufferEncoding = 'base64url') =>
  Buffer.from(JSON.stringify(value), 'utf8').toString(encoding);
const MESSAGES = { unreadable: 'unreadable', blocked: 'blocked', generic: 'generic' };

describe('readTelegramResult', () => {
  it('reads base64url, keeping every field as sent', () => {
    expect(readTelegramResult(`#tgAuthResult=${encode(PAYLOAD)}`)).toEqual(PAYLOAD);
  });

  it('reads percent-encoded standard base64 (a "+" stays a "+")', () => {
    const standard = encode(PAYLOAD, 'base64');
    expect(readTelegramResult(`#tgAuthResult=${encodeURIComponent(standard)}`)).toEqual(PAYLOAD);
    expect(readTelegramResult(`#tgAuthResult=${standard}`)).toEqual(PAYLOAD);
  });

  it('ignores further fragment parameters', () => {
    expect(readTelegramResult(`#tgAuthResult=${encode(PAYLOAD)}&other=1`)).toEqual(PAYLOAD);
  });

  it('keeps fields Telegram may add later, since they are signed too', () => {
    const later = { ...PAYLOAD, allows_write_to_pm: 'true' };
    expect(readTelegramResult(`#tgAuthResult=${encode(later)}`)).toEqual(later);
  });

  it.each([
    ['another fragment', '#access_token=1'],
    ['bad percent-encoding', '#tgAuthResult=%E0%A4%A'],
    ['text that is not UTF-8', `#tgAuthResult=${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}`],
    ['a zero id', `#tgAuthResult=${encode({ ...PAYLOAD, id: 0 })}`],
    ['a fractional auth_date', `#tgAuthResult=${encode({ ...PAYLOAD, auth_date: 1.5 })}`],
    ['an empty hash', `#tgAuthResult=${encode({ ...PAYLOAD, hash: '' })}`],
    ['a null field', `#tgAuthResult=${encode({ ...PAYLOAD, last_name: null })}`],
  ])('refuses %s', (_label, fragment) => {
    expect(readTelegramResult(fragment)).toBeNull();
  });
});

describe('completeTelegramSignIn', () => {
  it('signs in with the decoded data', async () => {
    const signInWithTelegram = vi.fn(async () => undefined);
    await expect(
      completeTelegramSignIn(`#tgAuthResult=${encode(PAYLOAD)}`, { signInWithTelegram }, MESSAGES),
    ).resolves.toEqual({ ok: true });
    expect(signInWithTelegram).toHaveBeenCalledWith(PAYLOAD);
  });

  it('reports an unreadable answer without signing in', async () => {
    const signInWithTelegram = vi.fn();
    await expect(completeTelegramSignIn('#tgAuthResult=xx', { signInWithTelegram }, MESSAGES)).resolves.toEqual({
      ok: false,
      message: 'unreadable',
    });
    expect(signInWithTelegram).not.toHaveBeenCalled();
  });

  it('reports the server’s messages, or the generic one for anything else', async () => {
    const refused = vi.fn(async () => {
      throw new HttpError(422, ['The Telegram sign-in data has expired.'], {});
    });
    await expect(
      completeTelegramSignIn(`#tgAuthResult=${encode(PAYLOAD)}`, { signInWithTelegram: refused }, MESSAGES),
    ).resolves.toEqual({
      ok: false,
      message: 'The Telegram sign-in data has expired.',
    });
    const broken = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(
      completeTelegramSignIn(`#tgAuthResult=${encode(PAYLOAD)}`, { signInWithTelegram: broken }, MESSAGES),
    ).resolves.toEqual({
      ok: false,
      message: 'generic',
    });
  });

  it('says a blocked account is blocked, in the words given for it', async () => {
    const blocked = vi.fn(async () => {
      throw new HttpError(422, [ACCOUNT_BLOCKED], { message: ACCOUNT_BLOCKED, errors: { tg_auth: [ACCOUNT_BLOCKED] } });
    });
    await expect(
      completeTelegramSignIn(`#tgAuthResult=${encode(PAYLOAD)}`, { signInWithTelegram: blocked }, MESSAGES),
    ).resolves.toEqual({
      ok: false,
      message: 'blocked',
    });
  });
});
