import type { FastifyInstance, FastifyRequest } from 'fastify';
import { satisfies, type PermissionRequirement } from '@core/shared/permissions';
import { verifyAccessToken, type AccessClaims } from '../auth/access-token';
import { forbidden, unauthenticated } from './api-error';

/**
 * What an API route demands of its caller. Every route under /api/ must declare one; the server
 * refuses to start with one that declares nothing, so no route is left open by accident.
 */
export type RouteAccess =
  | { readonly public: true }
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
}

export class UndeclaredAccessError extends Error {}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Reads the access token on every request and enforces each route's declared access. */
export function installRouteAccess(app: FastifyInstance, secret: string): void {
  app.decorateRequest('claims', null);
  const table: DeclaredRoute[] = [];
  app.decorate('routeAccessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return; // static files are public by nature
    const access = route.config?.access;
    if (!access) throw new UndeclaredAccessError(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    const token = bearer(request);
    request.claims = token ? verifyAccessToken(token, secret) : null;
    if (!access || 'public' in access) return;
    if (!request.claims) throw unauthenticated();
    if ('requires' in access && !satisfies(new Set(request.claims.codes), access.requires)) throw forbidden();
  });
}

/** The signed-in caller's id; only for routes whose access is not public. */
export function callerId(request: FastifyRequest): number {
  if (!request.claims) throw unauthenticated();
  return request.claims.sub;
}
