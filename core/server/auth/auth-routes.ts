import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../database/database';
import { ApiError, unauthenticated } from '../http/api-error';
import { callerId } from '../http/route-access';
import { signAccessToken } from './access-token';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { issueRefreshToken, REFRESH_TOKEN_DAYS, revokeRefreshFamily, rotateRefreshToken } from './refresh-tokens';
import { findAccountByEmail, findAccountById, type UserAccount } from './user-directory';

export const REFRESH_COOKIE = 'refresh_token';
export const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';

export interface AuthRoutesOptions {
  readonly db: Database;
  readonly secret: string;
  /** The cookie is sent only to the auth service's own paths. */
  readonly cookiePath: string;
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
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { db, secret, cookiePath } = options;

  const accessToken = (account: UserAccount): string =>
    signAccessToken({ sub: account.user.id, pv: account.permissionsVersion, codes: account.user.permissions }, secret);

  const setRefreshCookie = (reply: FastifyReply, token: string, secure: boolean): void => {
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: cookiePath,
      maxAge: REFRESH_TOKEN_DAYS * 24 * 60 * 60,
    });
  };

  app.post<{ Body: LoginBody }>('/auth/login', { schema: loginSchema, config: { access: { public: true } } }, async (request, reply) => {
    const account = await findAccountByEmail(db, request.body.email.trim());
    const valid = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), request.body.password);
    if (!account || !valid) throw new ApiError(422, INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
    if (account.user.status !== 'active') throw new ApiError(422, 'This account is blocked.', { email: ['This account is blocked.'] });
    setRefreshCookie(reply, await issueRefreshToken(db, account.user.id, account.permissionsVersion), request.protocol === 'https');
    return { data: { user: account.user, token: accessToken(account) } };
  });

  app.post('/auth/refresh', { config: { access: { public: true } } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw unauthenticated();
    const rotation = await rotateRefreshToken(db, presented);
    if (rotation.kind === 'invalid') {
      reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
      throw unauthenticated();
    }
    const account = await findAccountById(db, rotation.userId);
    if (!account) throw unauthenticated();
    setRefreshCookie(reply, rotation.token, request.protocol === 'https');
    return {
      data: {
        token: accessToken(account),
        // The roles or permissions changed since the old token: the client reloads and reads them again.
        is_reload: account.permissionsVersion !== rotation.permissionsVersion,
      },
    };
  });

  app.post('/auth/logout', { config: { access: { public: true } } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await revokeRefreshFamily(db, presented);
    reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
    return { data: { signed_out: true } };
  });

  app.get('/auth/user', { config: { access: { signedIn: true } } }, async (request) => {
    const account = await findAccountById(db, callerId(request));
    if (!account || account.user.status !== 'active') throw unauthenticated();
    return { data: account.user };
  });
}
