import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { ACCOUNT_BLOCKED, INVALID_CREDENTIALS } from '@core/shared/sign-in-refusals';
import type { Database } from '../database/database';
import { ApiError, unauthenticated } from '../http/api-error';
import { callerId } from '../http/route-access';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { revokeRefreshFamily } from './refresh-tokens';
import { REFRESH_COOKIE, type SessionIssuer } from './session-issuer';

export { REFRESH_COOKIE };
import { assertSignInAllowed, recordSignInFailure } from './sign-in-throttle';
import { findAccountByEmail, findAccountById, type SessionUser } from './user-directory';

export { ACCOUNT_BLOCKED, INVALID_CREDENTIALS };

/** The session user and the chat accounts linked to them, for the profile page. */
export interface UserProfile extends SessionUser {
  readonly mattermost_username: string | null;
  readonly tg_login: string | null;
}

interface LoginBody {
  email: string;
  password: string;
}

const loginSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
  },
} as const;

/** Sign-in, token refresh with rotation, sign-out and the current user. */
export function authRoutes(app: FastifyInstance, db: Database, sessions: SessionIssuer): void {
  app.post<{ Body: LoginBody }>(
    '/auth/login',
    { schema: loginSchema, config: { access: { public: true } } },
    async (request, reply) => {
      const email = request.body.email.trim();
      await assertSignInAllowed(db, request.ip, email);
      const account = await findAccountByEmail(db, email);
      const valid = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), request.body.password);
      if (!account || !valid) {
        await recordSignInFailure(db, request.ip, email);
        throw new ApiError(422, INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
      }
      if (account.user.status !== 'active') throw new ApiError(422, ACCOUNT_BLOCKED, { email: [ACCOUNT_BLOCKED] });
      return sessions.signIn(request, reply, account);
    },
  );

  app.post('/auth/refresh', { config: { access: { public: true } } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw unauthenticated();
    const rotation = await sessions.rotate(presented);
    if (rotation.kind === 'invalid') {
      sessions.clearRefreshCookie(reply);
      throw unauthenticated();
    }
    const account = await findAccountById(db, rotation.userId);
    if (!account) throw unauthenticated();
    sessions.setRefreshCookie(request, reply, rotation.token);
    return {
      data: {
        token: sessions.accessToken(account),
        // The roles or permissions changed since the old token: the client reloads and reads them again.
        is_reload: account.permissionsVersion !== rotation.permissionsVersion,
      },
    };
  });

  app.post('/auth/logout', { config: { access: { public: true } } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await revokeRefreshFamily(db, presented);
    sessions.clearRefreshCookie(reply);
    return { data: { signed_out: true } };
  });

  app.get('/auth/user', { config: { access: { signedIn: true } } }, async (request) => {
    const account = await findAccountById(db, callerId(request));
    if (!account || account.user.status !== 'active') throw unauthenticated();
    return { data: account.user };
  });

  app.get(
    '/auth/profile',
    { config: { access: { signedIn: true } } },
    async (request): Promise<DataEnvelope<UserProfile>> => {
      const id = callerId(request);
      const account = await findAccountById(db, id);
      if (!account || account.user.status !== 'active') throw unauthenticated();
      const { rows } = await db.query<{ mattermost_username: string | null; tg_login: string | null }>(
        'SELECT mattermost_username, tg_login FROM core.users WHERE id = $1',
        [id],
      );
      const links = rows[0];
      return {
        data: {
          ...account.user,
          mattermost_username: links?.mattermost_username ?? null,
          tg_login: links?.tg_login ?? null,
        },
      };
    },
  );
}
