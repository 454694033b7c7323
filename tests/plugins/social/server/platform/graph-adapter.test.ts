import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, JobLogMessage } from '@core/sdk/server';
import { formatMessage } from '@core/sdk/shared';
import { GraphClient, GraphError, readGraphConfig } from '@plugins/social/server/graph';
import { retryAfterSecondsOf } from '@plugins/social/server/graph/rate-limit-headers';
import { JobProgress, waitMs, type PlatformWaits } from '@plugins/social/server/sync/job-progress';
import { WAITING_FOR_PLATFORM_STEP } from '@plugins/social/shared/platform-jobs';
import { FakeGraph } from './fake-graph';

/*
 * The Graph adapter on its own against a FakeGraph: configuration, paging (cursor and link), the
 * error kinds (190 auth, throttling codes, 5xx and no answer, refusals), the usage headers'
 * estimates, the Conversions API and debug_token answers, and the job's patience with a rate
 * limit (its waits, step and log) on a recording clock.
 */

const TOKEN = 'EAAAdapterTestToken0123456789abcdef';

let fake: FakeGraph;
let client: GraphClient;

beforeAll(async () => {
  fake = new FakeGraph({ pageSize: 2 });
  fake.addToken(TOKEN, { scopes: ['ads_read'], expiresAt: 0 });
  for (let index = 1; index <= 5; index += 1)
    fake.seedPage({ id: `90${index}`, name: `Page ${index}`, category: 'Brand' });
  fake.seedAdAccount({ id: 'act_1', name: 'One', currency: 'USD' });
  fake.seedCampaign({
    id: '11',
    account_id: '1',
    name: 'C',
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    daily_budget: '100',
  });
  client = new GraphClient(readGraphConfig({ graphApiBase: `${await fake.start()}/`, graphVersion: 'v25.0' }));
});

afterAll(() => fake.stop());

async function failure(call: Promise<unknown>): Promise<GraphError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

describe('configuration', () => {
  it('defaults to the real API and the newest version Meta lists, and refuses settings of the wrong shape', () => {
    expect(readGraphConfig({})).toMatchObject({ apiBase: 'https://graph.facebook.com', version: 'v27.0' });
    expect(() => readGraphConfig({ graphApiBase: 'ftp://example.com' })).toThrow(
      'pluginSettings.social.graphApiBase must be an http(s) URL.',
    );
    expect(() => readGraphConfig({ graphVersion: '21' })).toThrow(
      'pluginSettings.social.graphVersion must look like v27.0 (the default).',
    );
    expect(() => readGraphConfig({ graphVersion: 21 })).toThrow('pluginSettings.social.graphVersion must be a string.');
  });
});

describe('reads', () => {
  it('follows every page by cursor, with the configured version and the token in the header only', async () => {
    const pages = await client.session(TOKEN).pages();
    expect(pages.map((page) => page.id)).toEqual(['901', '902', '903', '904', '905']);
    const asked = fake.requestsTo('GET', 'me/accounts');
    expect(asked).toHaveLength(3);
    expect(
      asked.every(
        (request) =>
          request.version === 'v25.0' && request.authorization === `Bearer ${TOKEN}` && !request.url.includes('EAA'),
      ),
    ).toBe(true);
    expect(asked[0]!.query).toMatchObject({ fields: 'id,name,category', limit: '100' });
  });

  it('reads an ad account’s campaigns with their budgets as the API sends them', async () => {
    expect(await client.session(TOKEN).campaigns('1')).toEqual([
      { id: '11', name: 'C', objective: 'OUTCOME_SALES', status: 'ACTIVE', daily_budget: '100' },
    ]);
  });
});

describe('errors', () => {
  it('types an unknown or expired token as auth, with the message that names no token', async () => {
    const error = await failure(client.session('EAAUnknownToken0123456789abcdef').adAccounts());
    expect(error).toMatchObject({
      kind: 'auth',
      code: 190,
      message: 'The platform token has expired or is invalid: renew it on the service.',
    });
  });

  it('types throttling codes as rate-limit, with the usage header’s estimate in seconds', async () => {
    fake.rateLimitNext({ code: 4, regainMinutes: 3 });
    expect(await failure(client.session(TOKEN).adAccounts())).toMatchObject({
      kind: 'rate-limit',
      code: 4,
      retryAfterSeconds: 180,
      message: 'The platform asks to wait; try again in 180 seconds.',
    });
    fake.rateLimitNext({ code: 80_000 });
    expect(await failure(client.session(TOKEN).adAccounts())).toMatchObject({
      kind: 'rate-limit',
      retryAfterSeconds: null,
      message: 'The platform asks to wait; try again in 60 seconds.',
    });
  });

  it('types a 5xx and no answer as unavailable, and a refusal as invalid with the platform’s words', async () => {
    fake.unavailableNext();
    expect(await failure(client.session(TOKEN).adAccounts())).toMatchObject({
      kind: 'unavailable',
      message: 'The platform could not be reached: HTTP 503',
    });
    fake.refuseNext(`Bad request from ${TOKEN}`);
    expect(await failure(client.session(TOKEN).setStatus('11', 'PAUSED'))).toMatchObject({
      kind: 'invalid',
      message: 'The platform refused: Bad request from [redacted] (code 100)',
    });
    const nowhere = new GraphClient(readGraphConfig({ graphApiBase: 'http://127.0.0.1:9' }));
    expect(await failure(nowhere.session(TOKEN).pages())).toMatchObject({
      kind: 'unavailable',
      message: 'The platform could not be reached: no connection',
    });
  });

  it('reads the estimates of every usage header, the longest winning', () => {
    const headers = new Headers({
      'x-business-use-case-usage': JSON.stringify({
        '1': [{ type: 'ads_insights', estimated_time_to_regain_access: 2 }],
        '2': [{ type: 'ads_management', estimated_time_to_regain_access: 0 }],
      }),
      'x-app-usage': JSON.stringify({ call_count: 100, estimated_time_to_regain_access: 1 }),
      'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 100, reset_time_duration: 30 }),
    });
    expect(retryAfterSecondsOf(headers)).toBe(120);
    expect(retryAfterSecondsOf(new Headers({ 'x-ad-account-usage': '{"reset_time_duration": 45}' }))).toBe(45);
    expect(retryAfterSecondsOf(new Headers({ 'x-app-usage': 'not json' }))).toBeNull();
  });
});

describe('token check and Conversions API', () => {
  it('reads debug_token’s scopes and expiry, asked with the app token', async () => {
    expect(await client.debugToken(TOKEN, `${fake.appId}|${fake.appSecret}`)).toEqual({
      valid: true,
      scopes: ['ads_read'],
      expires_at: null,
      error: null,
    });
    expect(fake.requestsTo('GET', 'debug_token').at(-1)?.query.input_token).toBe(TOKEN);
  });

  it('sends events with the test code and gives the platform’s answer', async () => {
    const events = [
      {
        event_name: 'Lead',
        event_time: 1_767_225_600,
        event_id: 'e-1',
        action_source: 'website',
        user_data: { em: ['f1e2'] },
      },
    ];
    expect(await client.sendEvents('123456789', TOKEN, events, 'TEST123')).toEqual({
      events_received: 1,
      messages: [],
      fbtrace_id: 'AFakeTraceId123',
    });
    expect(fake.events.at(-1)).toEqual({ pixelId: '123456789', token: TOKEN, data: events, testEventCode: 'TEST123' });
  });
});

describe('patience with the rate limit in a job', () => {
  const waits: PlatformWaits = { initialMs: 1_000, maxMs: 90_000, maxWaits: 2 };

  it('backs off from initialMs, doubling, at least what the platform estimated, never above maxMs', () => {
    expect([0, 1, 2].map((wait) => waitMs(waits, wait, null))).toEqual([1_000, 2_000, 4_000]);
    expect(waitMs(waits, 0, 30)).toBe(30_000);
    expect(waitMs(waits, 0, 3_600)).toBe(90_000);
  });

  it('shows the waiting step and log line, then the step it was at, and gives up after maxWaits', async () => {
    const seen: string[] = [];
    const slept: number[] = [];
    const ctx = {
      payload: null,
      attempt: 1,
      signal: new AbortController().signal,
      checkpoint: null,
      step: async (name: string, percent?: number) => void seen.push(`step ${name} ${percent ?? ''}`),
      log: async (message: JobLogMessage | string) =>
        void seen.push(`log ${typeof message === 'string' ? message : formatMessage(message.key, message.params)}`),
      saveCheckpoint: async () => undefined,
    } satisfies JobContext<null>;
    const progress = new JobProgress(ctx, { ...waits, sleep: async (ms) => void slept.push(ms) });
    await progress.step('pages', 25);
    let calls = 0;
    const answer = await progress.patience(async () => {
      calls += 1;
      if (calls === 1) throw new GraphError('rate-limit', 'wait', 17, 5);
      return 'read';
    });
    expect(answer).toBe('read');
    expect(slept).toEqual([5_000]);
    expect(seen).toEqual([
      'step pages 25',
      `step ${WAITING_FOR_PLATFORM_STEP} 25`,
      'log The platform asks to slow down: waiting for the platform for 5 s before asking again.',
      'step pages 25',
    ]);
    const always = progress.patience(async () => {
      throw new GraphError('rate-limit', 'wait', 17, null);
    });
    await expect(always).rejects.toThrow(
      'The platform still asked to wait after 2 waits; the job will try again later.',
    );
    expect(slept).toEqual([5_000, 1_000, 2_000]);
    await expect(progress.patience(async () => Promise.reject(new GraphError('auth', 'renew')))).rejects.toMatchObject({
      kind: 'auth',
    });
  });
});
