import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../database/database';
import { signAccessToken } from './access-token';
import { issueRefreshToken, REFRESH_TOKEN_DAYS } from './refresh-tokens';
import type { SessionUser, UserAccount } from './user-directory';

export const REFRESH_COOKIE = 'refresh_token';

export interface SessionIssuer {
  /** A fresh access token for the account. */
  accessToken(account: UserAccount): string;
  setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clearRefreshCookie(reply: FastifyReply): void;
  /** Signs the account in: a new refresh-token family in the cookie, the user and an access token in the body. */
  signIn(request: FastifyRequest, reply: FastifyReply, account: UserAccount): Promise<{ data: { user: SessionUser; token: string } }>;
}

/** One place that mints tokens and cookies, for every way of signing in. */
export function sessionIssuer(db: Database, secret: string, cookiePath: string, accessTokenSeconds: number): SessionIssuer {
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
  };
  return issuer;
}
