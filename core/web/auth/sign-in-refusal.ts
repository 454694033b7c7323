import { ACCOUNT_BLOCKED } from '@core/shared/sign-in-refusals';
import { HttpError } from '../http/http-error';

/** True when the server refused a sign-in because the account is blocked (a right password, a closed door). */
export function isAccountBlocked(error: unknown): boolean {
  return error instanceof HttpError && error.status === 422 && error.messages.includes(ACCOUNT_BLOCKED);
}
