import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../database/database';
import { signAccessToken } from './access-token';
import { issueRefreshToken, REFRESH_TOKEN_DAYS, rotateRefreshToken, type Rotation } from './refresh-tokens';
import type { SessionUser, UserAccount } from './user-directory';

export const REFRESH_COOKIE = 'refresh_token';

export interface SessionIssuer {
  /** A fresh access token for the account. */
  accessToken(account: UserAccount): string;
  setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clearRefreshCookie(reply: FastifyReply): void;
  /** Signs the account in: a new refresh-token family in the cookie, the user and an access token in the body. */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: UserAccount,
  ): Promise<{ data: { user: SessionUser; token: string } }>;
  /** Exchanges a presented refresh token for its successor (see rotateRefreshToken). */
  rotate(token: string): Promise<Rotation>;
}

export interface SessionIssuerOptions {
  /** Signs access tokens and keys refresh-token successors. */
  readonly secret: string;
  /** The refresh cookie is sent only below this path. */
  readonly cookiePath: string;
  readonly accessTokenSeconds: number;
  readonly refreshGraceSeconds: number;
}

/** One place that mints tokens and cookies, for every way of signing in. */
export function sessionIssuer(db: Database, options: SessionIssuerOptions): SessionIssuer {
  const { secret, cookiePath, accessTokenSeconds } = options;
  const issuer: SessionIssuer = {
    accessToken: (account) =>
      signAccessToken(
        { sub: account.user.id, pv: account.permissionsVersion, codes: account.user.permissions },
        secret,
        Math.floor(Date.now() / 1000),
        accessTokenSeconds,
      ),
    setRefreshCookie: (request, reply, token) => {
      reply.setCookie(REFRESH_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: cookiePath,
        maxAge: REFRESH_TOKEN_DAYS * 24 * 60 * 60,
      });
    },
    clearRefreshCookie: (reply) => {
      reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
    },
    signIn: async (request, reply, account) => {
      issuer.setRefreshCookie(request, reply, await issueRefreshToken(db, account.user.id, account.permissionsVersion));
      return { data: { user: account.user, token: issuer.accessToken(account) } };
    },
    rotate: (token) => rotateRefreshToken(db, token, { secret, graceSeconds: options.refreshGraceSeconds }),
  };
  return issuer;
}
