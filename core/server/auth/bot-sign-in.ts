import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { ACCOUNT_BLOCKED } from '@core/shared/sign-in-refusals';
import type { Queryable } from '../database/database';
import { ApiError, validationError } from '../http/api-error';
import type { SignInCodes } from './sign-in-codes';
import { takeSignInCodeAllowance } from './sign-in-throttle';
import { findAccountById, type UserAccount } from './user-directory';

export const SIGN_IN_BOT_MISSING =
  'Sign-in through the bot is not available: no messenger bot with the sign-in handler is set up.';
export const SIGN_IN_CODE_EXPIRED = 'The sign-in code has expired. Ask for a new one.';
export const SIGN_IN_CODE_USED = 'This sign-in code has already been used.';
export const SIGN_IN_CODE_UNKNOWN = 'This sign-in code is not valid. Ask for a new one.';
export const TELEGRAM_NO_USER = 'No user is linked to this Telegram account.';
export const SIGN_IN_CODE_FIELD = 'code';

/** What the login screen holds while it waits: the code, the bot dialog opened with it, and when it lapses. */
export interface LoginCode {
  readonly code: string;
  readonly link: string;
  readonly expiresAt: string;
}

/** A code the bot has not bound yet: the login screen keeps asking until `expiresAt`. */
export interface PendingSignIn {
  readonly status: 'pending';
  readonly expiresAt: string;
}

function refused(message: string): ApiError {
  return validationError({ [SIGN_IN_CODE_FIELD]: [message] });
}

/** The bot dialog opened with the code as its start parameter (`/start <code>` reaches the bot). */
function withStart(link: string, code: string): string {
  const url = new URL(link);
  url.searchParams.set('start', code);
  return url.toString();
}

/** `POST telegram/login-code`: a fresh one-time code and the bot link that carries it. */
export function loginCodeRoute(app: FastifyInstance, db: Queryable, codes: SignInCodes): void {
  // The request carries nothing: a body, if sent, is an empty object.
  const schema = { body: { type: 'object', additionalProperties: false, properties: {} } } as const;
  app.post(
    '/telegram/login-code',
    { schema, config: { access: { public: true } } },
    async (request): Promise<DataEnvelope<LoginCode>> => {
      // Asked first, so a server without a sign-in bot neither counts the request nor stores a code.
      const link = await codes.botLink();
      if (!link) throw new ApiError(503, SIGN_IN_BOT_MISSING);
      await takeSignInCodeAllowance(db, request.ip);
      const issued = await codes.issue();
      return {
        data: { code: issued.code, link: withStart(link, issued.code), expiresAt: issued.expiresAt.toISOString() },
      };
    },
  );
}

/**
 * The account a code signs in, once the bot has bound it (the code is then used), or the pending
 * state while it waits. Every other state is a 422 on `code` saying what to do.
 */
export async function redeemSignInCode(
  db: Queryable,
  codes: SignInCodes,
  code: string,
): Promise<UserAccount | PendingSignIn> {
  const redemption = await codes.redeem(code);
  switch (redemption.status) {
    case 'pending':
      return { status: 'pending', expiresAt: redemption.expiresAt.toISOString() };
    case 'expired':
      throw refused(SIGN_IN_CODE_EXPIRED);
    case 'used':
      throw refused(SIGN_IN_CODE_USED);
    case 'unknown':
      throw refused(SIGN_IN_CODE_UNKNOWN);
    case 'no-account':
      throw refused(TELEGRAM_NO_USER);
    case 'blocked':
      throw refused(ACCOUNT_BLOCKED);
    case 'bound': {
      // Read again: the account may have been deleted or blocked since the bot bound the code.
      const account = await findAccountById(db, redemption.userId);
      if (!account) throw refused(TELEGRAM_NO_USER);
      if (account.user.status !== 'active') throw refused(ACCOUNT_BLOCKED);
      return account;
    }
  }
}
