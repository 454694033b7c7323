import { isAccountBlocked } from './sign-in-refusal';
import { HttpError } from '../http/http-error';
import type { TelegramAuthData } from '../services/auth-service';
import type { SignInActions } from './sign-in-host';

/** Telegram's redirect mode puts the signed sign-in data in the fragment of the page it returns to. */
export const TELEGRAM_RESULT_PREFIX = '#tgAuthResult=';

export type TelegramSignInOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** The fragment's value, up to any further fragment parameter, percent-decoded; null when malformed. */
function resultValue(fragment: string): string | null {
  if (!fragment.startsWith(TELEGRAM_RESULT_PREFIX)) return null;
  const raw = fragment.slice(TELEGRAM_RESULT_PREFIX.length).split('&')[0] ?? '';
  try {
    // Not URLSearchParams: it would turn the '+' of standard base64 into a space.
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** base64url or standard base64, padded or not, of UTF-8 text (names may be in any script). */
function decodeBase64(text: string): string | null {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64 === '') return null;
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The sign-in data in a `#tgAuthResult=…` fragment, or null when it cannot be what Telegram signed:
 * the server would refuse it anyway, but the user deserves to hear it is the answer that is broken.
 */
export function readTelegramResult(fragment: string): TelegramAuthData | null {
  const encoded = resultValue(fragment);
  const json = encoded === null ? null : decodeBase64(encoded);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isPositiveInteger(value.id) || !isPositiveInteger(value.auth_date)) return null;
  if (typeof value.hash !== 'string' || value.hash === '') return null;
  const fields: Record<string, string | number> = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field !== 'string' && typeof field !== 'number') return null;
    fields[key] = field;
  }
  return { ...fields, id: value.id, auth_date: value.auth_date, hash: value.hash };
}

/** The user's words for a refusal: a blocked account in their language, else the server's words, else `generic`. */
export function refusalMessage(
  error: unknown,
  messages: { readonly blocked: string; readonly generic: string },
): string {
  if (isAccountBlocked(error)) return messages.blocked;
  return error instanceof HttpError && error.messages.length > 0 ? error.messages.join(' ') : messages.generic;
}

/** Completes a bot sign-in from the fragment Telegram returned with; the session is stored on success. */
export async function completeTelegramSignIn(
  fragment: string,
  auth: Pick<SignInActions, 'signInWithTelegram'>,
  messages: { readonly unreadable: string; readonly blocked: string; readonly generic: string },
): Promise<TelegramSignInOutcome> {
  const data = readTelegramResult(fragment);
  if (data === null) return { ok: false, message: messages.unreadable };
  try {
    await auth.signInWithTelegram(data);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refusalMessage(error, messages) };
  }
}
