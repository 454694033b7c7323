import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import './route-access';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function matches(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Set by the route-access hook, which must be installed first. */
function bearerAuthenticated(request: FastifyRequest): boolean {
  return request.claims !== null;
}

/** A route an outside system posts to: no browser cookie vouches for it, so there is nothing to forge. */
function isWebhook(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return access !== undefined && 'public' in access && access.webhook === true;
}

/**
 * Double-submit cookie: every response hands out a readable XSRF-TOKEN cookie; a mutating API
 * request that is not authenticated by a bearer token (so the browser's cookies are what vouch
 * for it: sign-in, refresh, sign-out) must echo it in X-XSRF-TOKEN, else 419. A page on another
 * site cannot read the cookie, so it cannot forge the header.
 */
export function installXsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    if (
      SAFE_METHODS.has(request.method) ||
      !request.url.startsWith('/api/') ||
      bearerAuthenticated(request) ||
      isWebhook(request)
    )
      return;
    if (!matches(cookie, request.headers[XSRF_HEADER])) {
      throw new ApiError(419, 'The page has expired (XSRF token mismatch). Please reload and try again.');
    }
  });
}
