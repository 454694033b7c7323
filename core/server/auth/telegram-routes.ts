import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { Database, Queryable } from '../database/database';
import { ApiError, validationError } from '../http/api-error';
import { ACCOUNT_BLOCKED } from './auth-routes';
import type { TelegramSettings } from './auth-settings';
import { loginCodeRoute, redeemSignInCode, SIGN_IN_CODE_FIELD, TELEGRAM_NO_USER } from './bot-sign-in';
import type { SessionIssuer } from './session-issuer';
import type { SignInCodes } from './sign-in-codes';
import { verifyTelegramLogin, type TelegramLoginPayload } from './telegram-login';
import { findAccountById } from './user-directory';
import { readSetting, TELEGRAM_BOT_LINK_KEY } from '../settings';

export const TELEGRAM_NOT_CONFIGURED =
  'Messenger sign-in is not configured: set ERP_TELEGRAM_BOT_LINK and ERP_TELEGRAM_BOT_TOKEN.';
export { TELEGRAM_NO_USER };
export const TELEGRAM_FIELD = 'dataTelegramAuthButton';

/** Exactly one of the two: the Login Widget's signed payload, or a one-time code the bot has bound. */
type AuthCheckBody =
  | { dataTelegramAuthButton: TelegramLoginPayload; code?: never }
  | { code: string; dataTelegramAuthButton?: never };

// Telegram ids fit in 52 bits today; anything past a safe integer could not be compared exactly.
const telegramInteger = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const telegramText = { type: 'string', maxLength: 2048 } as const;

const authCheckSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    oneOf: [{ required: [TELEGRAM_FIELD] }, { required: [SIGN_IN_CODE_FIELD] }],
    properties: {
      // A code this server gave out is 32 characters; anything that is no code's shape is refused here.
      [SIGN_IN_CODE_FIELD]: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
      [TELEGRAM_FIELD]: {
        type: 'object',
        required: ['id', 'auth_date', 'hash'],
        maxProperties: 32,
        propertyNames: { pattern: '^[a-z][a-z0-9_]{0,63}$' },
        properties: {
          id: telegramInteger,
          first_name: telegramText,
          last_name: telegramText,
          username: telegramText,
          photo_url: telegramText,
          auth_date: telegramInteger,
          hash: { type: 'string', maxLength: 128 },
        },
        // Fields Telegram adds later are signed too, so they are kept, not stripped.
        additionalProperties: telegramText,
      },
    },
  },
} as const;

function botTokenOrThrow(settings: TelegramSettings): string {
  if (!settings.botToken) throw new ApiError(503, TELEGRAM_NOT_CONFIGURED);
  return settings.botToken;
}

async function userIdByTelegramId(db: Queryable, telegramId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM core.users WHERE tg_user_id = $1 AND deleted_at IS NULL',
    [telegramId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** A code check needs no bot token here: the bot that bound the code holds its own. */
function isCodeCheck(body: unknown): boolean {
  return typeof body === 'object' && body !== null && SIGN_IN_CODE_FIELD in body && !(TELEGRAM_FIELD in body);
}

/**
 * Sign-in through the messenger bot: the bot dialog link, a one-time code for the bot, and the
 * check that signs in either by the Login Widget's payload or by a code the bot has bound.
 */
export function telegramRoutes(
  app: FastifyInstance,
  db: Database,
  sessions: SessionIssuer,
  settings: TelegramSettings,
  codes: SignInCodes,
): void {
  loginCodeRoute(app, db, codes);

  app.get(
    '/telegram/link',
    { config: { access: { public: true } } },
    async (): Promise<DataEnvelope<{ link: string }>> => {
      // The link an administrator stored (system setting) wins over the configured one.
      const link = await readSetting(db, TELEGRAM_BOT_LINK_KEY, settings.botLink ?? '');
      // Both are needed: a link to a bot whose logins cannot be checked would only lead to failures.
      if (!link || !settings.botToken) throw new ApiError(503, TELEGRAM_NOT_CONFIGURED);
      return { data: { link } };
    },
  );

  app.post<{ Body: AuthCheckBody }>(
    '/telegram/auth-check',
    {
      schema: authCheckSchema,
      config: { access: { public: true } },
      // Before validation, so an unconfigured server says so whatever the body holds (a code check aside).
      preValidation: async (request) => {
        if (!isCodeCheck(request.body)) botTokenOrThrow(settings);
      },
    },
    async (request, reply) => {
      if (request.body.code !== undefined) {
        const outcome = await redeemSignInCode(db, codes, request.body.code);
        if ('status' in outcome) return reply.status(202).send({ data: outcome });
        return sessions.signIn(request, reply, outcome);
      }
      const verdict = verifyTelegramLogin(
        request.body.dataTelegramAuthButton,
        botTokenOrThrow(settings),
        settings.maxAgeSeconds,
      );
      if (!verdict.ok) throw validationError({ [TELEGRAM_FIELD]: [verdict.message] });
      const userId = await userIdByTelegramId(db, verdict.telegramId);
      const account = userId === null ? null : await findAccountById(db, userId);
      if (!account) throw validationError({ [TELEGRAM_FIELD]: [TELEGRAM_NO_USER] });
      if (account.user.status !== 'active') throw validationError({ [TELEGRAM_FIELD]: [ACCOUNT_BLOCKED] });
      return sessions.signIn(request, reply, account);
    },
  );
}
