import type { FastifyInstance, FastifyRequest } from 'fastify';
import { satisfies, type PermissionRequirement } from '@core/shared/permissions';
import { verifyAccessToken, type AccessClaims } from '../auth/access-token';
import type { AuthSettings } from '../auth/auth-settings';
import { pollRevocations, RevocationCache } from '../auth/revocation-cache';
import type { Queryable } from '../database/database';
import { forbidden, unauthenticated } from './api-error';

/**
 * What an API route demands of its caller. Every route under /api/ must declare one; the server
 * refuses to start with one that declares nothing, so no route is left open by accident.
 */
export type RouteAccess =
  /**
   * Anyone. `webhook: true` marks a route an outside system calls (never a page), which the
   * XSRF check leaves alone: such a route must authenticate its caller itself (a secret header).
   */
  | { readonly public: true; readonly webhook?: true }
  | { readonly signedIn: true }
  | { readonly requires: PermissionRequirement };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    claims: AccessClaims | null;
  }
  interface FastifyInstance {
    /** Every API route and what it demands, for audits and tests. */
    routeAccessTable: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: RouteAccess;
  /** Set when the route reads its body itself rather than declaring a body schema (see installNoInputRule). */
  readonly input?: 'handler';
}

export class UndeclaredAccessError extends Error {}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

export interface RouteAccessOptions {
  /** Access-token signing key. */
  readonly secret: string;
  /** Where blocked, deleted and re-permissioned users are read from, every few seconds. */
  readonly db: Queryable;
  readonly auth: Pick<AuthSettings, 'accessTokenSeconds' | 'revocationPollSeconds'>;
}

/**
 * Reads the access token on every request and enforces each route's declared access. A token
 * whose user was blocked, deleted or given other codes since it was issued counts as none.
 * Returns the revocation cache, whose polls tell of users blocked or deleted (open streams end).
 */
export function installRouteAccess(app: FastifyInstance, options: RouteAccessOptions): RevocationCache {
  const { secret } = options;
  const revocations = new RevocationCache(options.db, options.auth.accessTokenSeconds);
  pollRevocations(app, revocations, options.auth.revocationPollSeconds);
  app.decorateRequest('claims', null);
  const table: DeclaredRoute[] = [];
  app.decorate('routeAccessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return; // static files are public by nature
    const access = route.config?.access;
    if (!access)
      throw new UndeclaredAccessError(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
    const input = route.config?.input;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, ...(input && { input }) });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    const token = bearer(request);
    const claims = token ? verifyAccessToken(token, secret) : null;
    request.claims = claims && (await revocations.accepts(claims)) ? claims : null;
    if (!access || 'public' in access) return;
    if (!request.claims) throw unauthenticated();
    if ('requires' in access && !callerHolds(request, access.requires)) throw forbidden();
  });
  return revocations;
}

/**
 * Whether the caller's codes meet `requirement`, checked exactly as a route's declared `requires`
 * is (one code, any of, all of); false for a caller not signed in. For a route that decides by
 * code what it shows (staff see more than the record's owner) beyond what its access admits.
 */
export function callerHolds(request: FastifyRequest, requirement: PermissionRequirement): boolean {
  return request.claims !== null && satisfies(new Set(request.claims.codes), requirement);
}

/** The signed-in caller's id; only for routes whose access is not public. */
export function callerId(request: FastifyRequest): number {
  if (!request.claims) throw unauthenticated();
  return request.claims.sub;
}
