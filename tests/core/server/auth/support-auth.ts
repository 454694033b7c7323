import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  DEFAULT_AUTH_SETTINGS,
  type AuthSettings,
  type MattermostSettings,
  type TelegramSettings,
} from '@core/server/auth/auth-settings';
import type { Database } from '@core/server/database/database';
import { addUser, buildServer, errorBody, postWithXsrf, refreshCookieOf } from '../../../support/server/test-database';

/** The test server with messenger sign-in and chat linking set as given, the rest unconfigured. */
export function buildAuthServer(
  db: Database,
  auth: { readonly telegram?: Partial<TelegramSettings>; readonly mattermost?: Partial<MattermostSettings> },
): Promise<FastifyInstance> {
  const settings: AuthSettings = {
    ...DEFAULT_AUTH_SETTINGS,
    telegram: { ...DEFAULT_AUTH_SETTINGS.telegram, ...auth.telegram },
    mattermost: { ...DEFAULT_AUTH_SETTINGS.mattermost, ...auth.mattermost },
  };
  return buildServer({ db, auth: settings });
}

export type TelegramFields = Readonly<Record<string, string | number>>;

/**
 * Signs as Telegram does, written out independently of the code under test so a shared mistake
 * cannot make both sides agree.
 */
export function signAsTelegram<Fields extends TelegramFields>(
  fields: Fields,
  botToken: string,
): Fields & { readonly hash: string } {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

export const MM_CLIENT_ID = 'erp-client-id';
export const MM_CLIENT_SECRET = 'erp-client-secret-do-not-leak';
export const MM_REDIRECT_URI = 'http://erp.test/api/auth/mattermost/callback';
export const MM_ACCESS_TOKEN = 'mm-access-token-do-not-leak';

export interface FakeMattermost {
  readonly url: string;
  /** The code the fake will accept, mapped to the account it grants. */
  readonly codes: Map<string, { id: string; username: string }>;
  /** Every request the fake saw, path and form or header, for assertions. */
  readonly seen: { path: string; form?: URLSearchParams; authorization?: string }[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A small Mattermost OAuth server on 127.0.0.1: the token endpoint and users/me. */
export async function startFakeMattermost(): Promise<FakeMattermost> {
  const codes = new Map<string, { id: string; username: string }>();
  const tokens = new Map<string, { id: string; username: string }>();
  const seen: FakeMattermost['seen'] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.method === 'POST' && path === '/oauth/access_token') {
        const form = new URLSearchParams(await readBody(request));
        seen.push({ path, form });
        const account = codes.get(form.get('code') ?? '');
        const valid =
          request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true &&
          form.get('client_id') === MM_CLIENT_ID &&
          form.get('client_secret') === MM_CLIENT_SECRET &&
          form.get('grant_type') === 'authorization_code' &&
          form.get('redirect_uri') === MM_REDIRECT_URI &&
          account !== undefined;
        if (!valid || !account) {
          json(response, 400, {
            id: 'api.oauth.get_access_token.bad_request.app_error',
            message: 'Invalid or expired authorization code.',
            status_code: 400,
          });
          return;
        }
        // A code is single use, as in Mattermost.
        codes.delete(form.get('code') ?? '');
        const token = `${MM_ACCESS_TOKEN}-${tokens.size}`;
        tokens.set(token, account);
        json(response, 200, { access_token: token, token_type: 'bearer', expires_in: 3600, refresh_token: 'r' });
        return;
      }
      if (request.method === 'GET' && path === '/api/v4/users/me') {
        const authorization = request.headers.authorization ?? '';
        seen.push({ path, authorization });
        const account = authorization.startsWith('Bearer ') ? tokens.get(authorization.slice(7)) : undefined;
        if (!account) {
          json(response, 401, { message: 'Invalid or expired session, please login again.', status_code: 401 });
          return;
        }
        json(response, 200, { id: account.id, username: account.username, email: `${account.username}@chat.test` });
        return;
      }
      json(response, 404, { message: 'Not found.' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    codes,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** An address nothing listens on: a port that was just freed. */
export { closedPortUrl } from '@core/sdk/testing';

export const TELEGRAM_CHECK_URL = '/api/auth/telegram/auth-check';

/** `POST telegram/auth-check` as the sign-in page sends it (with the XSRF double submit). */
export function telegramCheck(app: FastifyInstance, payload: object): Promise<LightMyRequestResponse> {
  return postWithXsrf(app, TELEGRAM_CHECK_URL, { payload });
}

/** A 422 on `field` carrying `message`, and no session handed out. */
export function expectSignInRefused(response: LightMyRequestResponse, field: string, message: string): void {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual(errorBody(message, { errors: { [field]: [message] } }));
  expect(refreshCookieOf(response)).toBeUndefined();
}

/** A new active user whose Telegram id is `tgId`; their id. */
export async function telegramUser(db: Database, username: string, tgId: number): Promise<number> {
  const id = await addUser(db, { username, email: `${username}@example.com`, password: 'Some-Password-123' });
  await db.query('UPDATE core.users SET tg_user_id = $2 WHERE id = $1', [id, tgId]);
  return id;
}
