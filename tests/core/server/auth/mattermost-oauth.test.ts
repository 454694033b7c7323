import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  exchangeCode,
  MattermostExchangeError,
  mattermostConfig,
  type MattermostConfig,
} from '@core/server/auth/mattermost-oauth';
import {
  closedPortUrl,
  MM_ACCESS_TOKEN,
  MM_CLIENT_ID,
  MM_CLIENT_SECRET,
  MM_REDIRECT_URI,
  startFakeMattermost,
  type FakeMattermost,
} from './support-auth';

const SETTINGS = {
  url: 'https://chat.example/team-chat/',
  clientId: 'id',
  clientSecret: 'secret',
  redirectUri: 'https://erp.example/cb',
};

async function failure(promise: Promise<unknown>): Promise<MattermostExchangeError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof MattermostExchangeError))
    throw new Error(`expected a MattermostExchangeError, got ${String(error)}`);
  return error;
}

describe('mattermostConfig and authorizeUrl', () => {
  it('needs every setting', () => {
    expect(mattermostConfig(SETTINGS)).not.toBeNull();
    for (const key of Object.keys(SETTINGS)) {
      expect(mattermostConfig({ ...SETTINGS, [key]: undefined })).toBeNull();
      expect(mattermostConfig({ ...SETTINGS, [key]: '' })).toBeNull();
    }
  });

  it('keeps a path prefix of the Mattermost address and encodes every parameter', () => {
    const config = mattermostConfig(SETTINGS);
    if (!config) throw new Error('configured');
    const url = new URL(authorizeUrl(config, 'st&te'));
    expect(`${url.origin}${url.pathname}`).toBe('https://chat.example/team-chat/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'id',
      response_type: 'code',
      redirect_uri: 'https://erp.example/cb',
      state: 'st&te',
    });
    expect(url.search).not.toContain('secret');
  });
});

describe('exchangeCode against a local Mattermost', () => {
  let fake: FakeMattermost;
  let config: MattermostConfig;
  beforeAll(async () => {
    fake = await startFakeMattermost();
    config = { url: fake.url, clientId: MM_CLIENT_ID, clientSecret: MM_CLIENT_SECRET, redirectUri: MM_REDIRECT_URI };
  });
  afterAll(async () => {
    await fake.close();
  });

  it('trades the code for a token, then the token for the account', async () => {
    fake.codes.set('good-code', { id: 'mm-1', username: 'ada' });
    fake.seen.length = 0;
    expect(await exchangeCode(config, 'good-code')).toEqual({ id: 'mm-1', username: 'ada' });
    expect(fake.seen.map((entry) => entry.path)).toEqual(['/oauth/access_token', '/api/v4/users/me']);
    expect(Object.fromEntries(fake.seen[0]?.form ?? [])).toEqual({
      client_id: MM_CLIENT_ID,
      client_secret: MM_CLIENT_SECRET,
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: MM_REDIRECT_URI,
    });
    expect(fake.seen[1]?.authorization).toMatch(new RegExp(`^Bearer ${MM_ACCESS_TOKEN}-\\d+$`));
  });

  it('reports a refused code with the status and Mattermost message, never the secret or code', async () => {
    const error = await failure(exchangeCode(config, 'bad-code'));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe(
      'Mattermost refused the authorization code (HTTP 400): Invalid or expired authorization code.',
    );
  });

  it('reports a wrong client secret as refused', async () => {
    fake.codes.set('code-2', { id: 'mm-2', username: 'bob' });
    const error = await failure(exchangeCode({ ...config, clientSecret: 'wrong-secret' }, 'code-2'));
    expect(error.kind).toBe('rejected');
    expect(error.message).not.toContain('wrong-secret');
  });

  it('reports an unreachable server', async () => {
    const error = await failure(exchangeCode({ ...config, url: await closedPortUrl() }, 'good-code'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/^Mattermost is unreachable for the token request/);
  });

  it('gives up on a server that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const error = await failure(exchangeCode({ ...config, url: `http://127.0.0.1:${port}` }, 'good-code', 200));
      expect(error.kind).toBe('unreachable');
      expect(error.message).toBe('Mattermost did not answer the token request within 0.2 seconds.');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('does not follow a redirect, which could carry the request elsewhere', async () => {
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: `${fake.url}/oauth/access_token` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirecting.address() as AddressInfo;
      fake.codes.set('code-3', { id: 'mm-3', username: 'cy' });
      const error = await failure(exchangeCode({ ...config, url: `http://127.0.0.1:${port}` }, 'code-3'));
      expect(error.kind).toBe('rejected');
      expect(error.message).toBe(
        'Mattermost answered the token request with a redirect (HTTP 302); check ERP_MATTERMOST_URL.',
      );
      expect(fake.codes.has('code-3')).toBe(true);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it('redacts the secret should Mattermost echo it back', async () => {
    const echoing = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: `bad client secret ${MM_CLIENT_SECRET} for code good-code.` }));
    });
    await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = echoing.address() as AddressInfo;
      const error = await failure(exchangeCode({ ...config, url: `http://127.0.0.1:${port}` }, 'good-code'));
      expect(error.message).toBe(
        'Mattermost refused the authorization code (HTTP 401): bad client secret [redacted] for code [redacted].',
      );
    } finally {
      await new Promise<void>((resolve) => echoing.close(() => resolve()));
    }
  });
});
