import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from '@core/server/auth/access-token';

const SECRET = 'access-token-test-secret';
const NOW = 1_700_000_000;
const CLAIMS = { sub: 7, pv: 3, codes: ['JA', 'JU'] };

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function parts(token: string): [string, string, string] {
  const split = token.split('.');
  expect(split).toHaveLength(3);
  return split as [string, string, string];
}

describe('access tokens', () => {
  it('round-trips the claims, stamping iat and an expiry ACCESS_TOKEN_SECONDS later', () => {
    const token = signAccessToken(CLAIMS, SECRET, NOW);
    expect(verifyAccessToken(token, SECRET, NOW)).toEqual({ ...CLAIMS, iat: NOW, exp: NOW + ACCESS_TOKEN_SECONDS });
    expect(ACCESS_TOKEN_SECONDS).toBe(15 * 60);
  });

  it('is a three-part HS256 JWT', () => {
    const [header, payload] = parts(signAccessToken(CLAIMS, SECRET, NOW));
    expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toMatchObject({ sub: 7, pv: 3 });
  });

  it('defaults the issue time to now', () => {
    const before = Math.floor(Date.now() / 1000);
    const claims = verifyAccessToken(signAccessToken(CLAIMS, SECRET), SECRET);
    expect(claims?.iat).toBeGreaterThanOrEqual(before);
    expect(claims?.exp).toBe((claims?.iat ?? 0) + ACCESS_TOKEN_SECONDS);
  });

  it('rejects a tampered payload even when the signature is kept', () => {
    const [header, , signature] = parts(signAccessToken(CLAIMS, SECRET, NOW));
    const forged = `${header}.${b64({ ...CLAIMS, codes: ['JA', 'JU', 'JS'], iat: NOW, exp: NOW + ACCESS_TOKEN_SECONDS })}.${signature}`;
    expect(verifyAccessToken(forged, SECRET, NOW)).toBeNull();
  });

  it('rejects a tampered signature', () => {
    const [header, payload, signature] = parts(signAccessToken(CLAIMS, SECRET, NOW));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyAccessToken(`${header}.${payload}.${flipped}`, SECRET, NOW)).toBeNull();
    expect(verifyAccessToken(`${header}.${payload}.${signature}x`, SECRET, NOW)).toBeNull();
    expect(verifyAccessToken(`${header}.${payload}.`, SECRET, NOW)).toBeNull();
  });

  it('rejects a token signed with another secret', () => {
    expect(verifyAccessToken(signAccessToken(CLAIMS, 'another-secret', NOW), SECRET, NOW)).toBeNull();
  });

  it('rejects a token whose header names another algorithm, even if signed', () => {
    const [, payload] = parts(signAccessToken(CLAIMS, SECRET, NOW));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect(verifyAccessToken(none, SECRET, NOW)).toBeNull();
  });

  it('accepts a token until its expiry and rejects it from the expiry second on', () => {
    const token = signAccessToken(CLAIMS, SECRET, NOW);
    expect(verifyAccessToken(token, SECRET, NOW + ACCESS_TOKEN_SECONDS - 1)).not.toBeNull();
    expect(verifyAccessToken(token, SECRET, NOW + ACCESS_TOKEN_SECONDS)).toBeNull();
    expect(verifyAccessToken(token, SECRET, NOW + ACCESS_TOKEN_SECONDS + 3600)).toBeNull();
  });

  it.each([
    ['an empty string', ''],
    ['a single part', 'abc'],
    ['two parts', 'abc.def'],
    ['four parts', 'a.b.c.d'],
    ['garbage', '!!!.???.***'],
  ])('rejects a malformed token: %s', (_label, token) => {
    expect(verifyAccessToken(token, SECRET, NOW)).toBeNull();
  });

  it('verifies a hand-signed token, so the payload checks below test only the claims', () => {
    expect(verifyAccessToken(signRaw(JSON.stringify({ ...CLAIMS, iat: NOW, exp: NOW + 60 })), SECRET, NOW)).toEqual({
      ...CLAIMS,
      iat: NOW,
      exp: NOW + 60,
    });
  });

  it.each([
    ['not JSON', 'not json at all'],
    ['a JSON array', '[1,2,3]'],
    ['JSON null', 'null'],
    ['claims missing sub', JSON.stringify({ pv: 1, codes: [], iat: NOW, exp: NOW + 60 })],
    ['a string sub', JSON.stringify({ sub: '7', pv: 1, codes: [], iat: NOW, exp: NOW + 60 })],
    ['codes that are not strings', JSON.stringify({ sub: 7, pv: 1, codes: [1], iat: NOW, exp: NOW + 60 })],
    ['codes that are not a list', JSON.stringify({ sub: 7, pv: 1, codes: 'JA', iat: NOW, exp: NOW + 60 })],
    ['no expiry', JSON.stringify({ sub: 7, pv: 1, codes: [], iat: NOW })],
  ])('rejects a correctly signed payload that is %s', (_label, payloadText) => {
    expect(verifyAccessToken(signRaw(payloadText), SECRET, NOW)).toBeNull();
  });
});

/** Signs an arbitrary payload with the real header and secret. */
function signRaw(payloadText: string): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${Buffer.from(payloadText).toString('base64url')}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}
