import type { MattermostSettings } from './auth-settings';

/** Settings with every value present: only then can a link be started or finished. */
export interface MattermostConfig {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

/** The chat-platform account the user proved they own. */
export interface MattermostIdentity {
  readonly id: string;
  readonly username: string;
}

export const MATTERMOST_TIMEOUT_MS = 10_000;

/** Why an exchange failed; the message is safe to store and show (no secret, code or token). */
export class MattermostExchangeError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable' | 'invalid-response',
    message: string,
  ) {
    super(message);
    this.name = 'MattermostExchangeError';
  }
}

export function mattermostConfig(settings: MattermostSettings): MattermostConfig | null {
  const { url, clientId, clientSecret, redirectUri } = settings;
  if (!url || !clientId || !clientSecret || !redirectUri) return null;
  // Mattermost may live under a path (https://host/chat), so endpoints are appended, not resolved.
  return { url: url.replace(/\/+$/, ''), clientId, clientSecret, redirectUri };
}

/** Where the browser goes to let Mattermost ask the user; `state` comes back on the callback. */
export function authorizeUrl(config: MattermostConfig, state: string): string {
  const query = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: config.redirectUri,
    state,
  });
  return `${config.url}/oauth/authorize?${query.toString()}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// An upstream message is echoed to the user; a misbehaving server must not make it leak what we sent.
function redact(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('[redacted]');
  return safe.length > 300 ? `${safe.slice(0, 300)}…` : safe;
}

async function upstreamMessage(response: Response, secrets: readonly string[]): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (isRecord(body)) {
      const message = body.message ?? body.error_description ?? body.error;
      // The caller ends the sentence itself, so the upstream full stop goes.
      const text = typeof message === 'string' ? message.trim().replace(/\.+$/, '') : '';
      if (text) return `: ${redact(text, secrets)}`;
    }
  } catch {
    // Not JSON: the status alone has to do.
  }
  return '';
}

async function call(url: string, init: RequestInit, what: string, timeoutMs: number): Promise<Response> {
  let response: Response;
  try {
    // A redirect is not part of either exchange; following one could carry the secret or token elsewhere.
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new MattermostExchangeError(
        'unreachable',
        `Mattermost did not answer the ${what} within ${timeoutMs / 1000} seconds.`,
      );
    }
    // undici puts the network reason (ECONNREFUSED, ENOTFOUND…) in `cause`; it names no secret.
    const cause =
      error instanceof Error && isRecord(error.cause) && typeof error.cause.code === 'string'
        ? ` (${error.cause.code})`
        : '';
    throw new MattermostExchangeError('unreachable', `Mattermost is unreachable for the ${what}${cause}.`);
  }
  if (response.status >= 300 && response.status < 400) {
    // Most often http:// configured where the server insists on https://, so say where it points.
    await response.body?.cancel();
    throw new MattermostExchangeError(
      'rejected',
      `Mattermost answered the ${what} with a redirect (HTTP ${response.status}); check ERP_MATTERMOST_URL.`,
    );
  }
  return response;
}

async function jsonOf(response: Response, what: string): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new MattermostExchangeError(
      'invalid-response',
      `Mattermost answered the ${what} with something that is not JSON.`,
    );
  }
  if (!isRecord(body))
    throw new MattermostExchangeError('invalid-response', `Mattermost answered the ${what} with an unexpected shape.`);
  return body;
}

/**
 * The authorization-code exchange, then the account it grants: POST /oauth/access_token, then
 * GET /api/v4/users/me. The access token is used once here and never leaves this function.
 */
export async function exchangeCode(
  config: MattermostConfig,
  code: string,
  timeoutMs: number = MATTERMOST_TIMEOUT_MS,
): Promise<MattermostIdentity> {
  const secrets = [config.clientSecret, code];
  const tokenResponse = await call(
    `${config.url}/oauth/access_token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: config.redirectUri,
      }).toString(),
    },
    'token request',
    timeoutMs,
  );
  if (!tokenResponse.ok) {
    const detail = await upstreamMessage(tokenResponse, secrets);
    throw new MattermostExchangeError(
      'rejected',
      `Mattermost refused the authorization code (HTTP ${tokenResponse.status})${detail}.`,
    );
  }
  const token = (await jsonOf(tokenResponse, 'token request')).access_token;
  if (typeof token !== 'string' || token === '') {
    throw new MattermostExchangeError(
      'invalid-response',
      'Mattermost answered the token request without an access token.',
    );
  }

  const meResponse = await call(
    `${config.url}/api/v4/users/me`,
    { method: 'GET', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
    'account request',
    timeoutMs,
  );
  if (!meResponse.ok) {
    const detail = await upstreamMessage(meResponse, [...secrets, token]);
    throw new MattermostExchangeError(
      'rejected',
      `Mattermost refused to name the account (HTTP ${meResponse.status})${detail}.`,
    );
  }
  const me = await jsonOf(meResponse, 'account request');
  if (typeof me.id !== 'string' || me.id === '' || typeof me.username !== 'string' || me.username === '') {
    throw new MattermostExchangeError(
      'invalid-response',
      'Mattermost answered the account request without an id and username.',
    );
  }
  return { id: me.id, username: me.username };
}
