import { formatMessage } from '@core/sdk/shared';
import { ApiError } from '@core/sdk/server';
import { retryAfterOf, TelegramApiError, TelegramUnreachableError } from './bot-api';

/*
 * How a failed call to Telegram reaches the caller: never as a 500, never as if it had worked, and
 * never with the token-bearing address (the adapter's errors carry none).
 */

export const TELEGRAM_UNREACHABLE =
  'Telegram could not be reached ({reason}). Nothing was confirmed there; try again later.';
export const TELEGRAM_REFUSED = 'Telegram refused {method}: {description}';
export const TELEGRAM_FAILED = 'Telegram failed {method}: {description}';
export const TELEGRAM_WAIT = 'Telegram asks to wait {seconds} s';
export const TELEGRAM_SLOW_DOWN = 'Telegram asks to send less often; try again later.';

/** Flood control's refusal as this API answers it: 429, the wait in Retry-After when Telegram named one. */
export class TelegramWaitError extends ApiError {
  constructor(readonly retryAfter: number | null) {
    super(429, retryAfter === null ? TELEGRAM_SLOW_DOWN : formatMessage(TELEGRAM_WAIT, { seconds: retryAfter }));
  }
}

/**
 * The API error for a failure of the Telegram adapter: 502 when Telegram could not be reached or
 * failed itself, 429 when its flood control asks to wait (a request is not the place to wait
 * long), 422 with Telegram's description when it refused the request (a wrong token, an unknown
 * chat, a webhook address it will not use). Anything else is not Telegram's and is rethrown.
 */
export function telegramFailure(error: unknown): ApiError {
  if (error instanceof TelegramUnreachableError)
    return new ApiError(502, formatMessage(TELEGRAM_UNREACHABLE, { reason: error.reason }));
  if (error instanceof TelegramApiError && error.errorCode === 429) return new TelegramWaitError(retryAfterOf(error));
  if (error instanceof TelegramApiError) {
    const refused = error.errorCode >= 400 && error.errorCode < 500;
    return new ApiError(
      refused ? 422 : 502,
      formatMessage(refused ? TELEGRAM_REFUSED : TELEGRAM_FAILED, {
        method: error.method,
        description: error.description,
      }),
    );
  }
  throw error;
}
