import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PermissionCode } from '@core/shared/permissions';

/** What a signed access token carries; enough to authorize without a database call. */
export interface AccessClaims {
  /** User id. */
  readonly sub: number;
  /** The user's permissions version when the token was issued (see refresh's `is_reload`). */
  readonly pv: number;
  readonly codes: readonly PermissionCode[];
  readonly iat: number;
  readonly exp: number;
}

/** How long an access token is accepted when the configuration does not say (auth.accessTokenSeconds). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function signAccessToken(
  claims: Omit<AccessClaims, 'iat' | 'exp'>,
  secret: string,
  now = Math.floor(Date.now() / 1000),
  lifetimeSeconds = ACCESS_TOKEN_SECONDS,
): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, iat: now, exp: now + lifetimeSeconds })).toString(
    'base64url',
  );
  const input = `${HEADER}.${payload}`;
  return `${input}.${signature(input, secret)}`;
}

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'number' &&
    typeof claims.pv === 'number' &&
    typeof claims.exp === 'number' &&
    typeof claims.iat === 'number' &&
    Array.isArray(claims.codes) &&
    claims.codes.every((code) => typeof code === 'string')
  );
}

/** Returns the claims of a well-signed, unexpired HS256 token; null otherwise. */
export function verifyAccessToken(
  token: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, given] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = Buffer.from(signature(`${header}.${payload}`, secret));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return isClaims(claims) && claims.exp > now ? claims : null;
}
