import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient, GraphError, readGraphConfig } from '@plugins/social/server/graph';
import { SYNC_INSIGHTS_BUDGET } from '@plugins/social/server/graph/graph-client';
import { graphVersionStanding, NEWEST_GRAPH_VERSION } from '@plugins/social/server/graph/graph-versions';
import { usagePercentOf } from '@plugins/social/server/graph/rate-limit-headers';
import { HOLD_MS, PACE_MS, pacingMs } from '@plugins/social/server/graph/usage-pacing';
import { graphVersionWarning } from '@plugins/social/server/graph/version-notice';
import { FakeGraph } from './fake-graph';

/*
 * The adapter where Meta's documentation says what the real service does, against a FakeGraph
 * modelled on it: the version table and its expiry warnings on a fixed clock, the fake's refusal
 * of an expired version, `fields`, code 1 (split only when it asks for less data, never the same
 * request twice), slowing down from the usage headers of successful answers, and insights read
 * through asynchronous report runs with their percent done.
 */

const TOKEN = 'EAAMetaDocsTestToken0123456789abcdef';
const DAY = (day: number): string => new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);

let fake: FakeGraph;
let base: string;
const slept: number[] = [];
const sleep = async (ms: number): Promise<void> => void slept.push(ms);

function client(settings: Readonly<Record<string, unknown>> = {}): GraphClient {
  return new GraphClient(readGraphConfig({ graphApiBase: base, ...settings }), sleep);
}

async function failure(call: Promise<unknown>): Promise<GraphError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

beforeAll(async () => {
  fake = new FakeGraph({ pageSize: 50, maxSyncRows: 3, runChecks: 3 });
  fake.addToken(TOKEN);
  fake.seedAdAccount({ id: 'act_7', name: 'Seven', currency: 'USD', timezone_name: 'UTC' });
  for (let day = 1; day <= 90; day += 1)
    fake.seedInsight({
      level: 'account',
      account_id: '7',
      date_start: DAY(day),
      clicks: String(day),
      impressions: '100',
      spend: '1.00',
    });
  base = await fake.start();
});

afterAll(() => fake.stop());

describe('Graph versions', () => {
  it('defaults to the newest version of Meta’s table, which has no expiry announced', () => {
    expect(NEWEST_GRAPH_VERSION).toBe('v27.0');
    expect(readGraphConfig({}).version).toBe(NEWEST_GRAPH_VERSION);
    expect(graphVersionStanding(NEWEST_GRAPH_VERSION, new Date('2030-01-01T00:00:00Z'))).toEqual({
      state: 'current',
      version: 'v27.0',
    });
  });

  it('warns about a version past its expiry or within 60 days of it, on the clock it is given', () => {
    const day = new Date('2026-11-29T12:00:00Z');
    expect(graphVersionWarning('v21.0', day)).toBe(
      'The Graph API version v21.0 expired on 2025-09-09: Meta no longer answers it. Set pluginSettings.social.graphVersion to v27.0.',
    );
    expect(graphVersionWarning('v24.0', day)).toContain('expired on 2026-11-10');
    // v25.0 expires on 2027-02-23: 86 days away is no warning, 53 days away is one.
    expect(graphVersionWarning('v25.0', day)).toBeNull();
    expect(graphVersionWarning('v25.0', new Date('2027-01-01T00:00:00Z'))).toBe(
      'The Graph API version v25.0 expires on 2027-02-23, in 53 days. Set pluginSettings.social.graphVersion to v27.0 before then.',
    );
    expect(graphVersionStanding('v25.0', new Date('2027-02-23T00:00:00Z'))).toMatchObject({ state: 'expired' });
  });

  it('says plainly that a version missing from the table has no known expiry, guessing no date', () => {
    expect(graphVersionStanding('v99.0', new Date('2026-11-29T00:00:00Z'))).toEqual({
      state: 'unknown',
      version: 'v99.0',
    });
    expect(graphVersionWarning('v99.0', new Date('2026-11-29T00:00:00Z'))).toBe(
      'The Graph API version v99.0 is not in the plugin’s table of Meta’s versions, so its expiry is unknown. The newest version the plugin knows is v27.0.',
    );
  });

  it('gets Meta’s deprecated-version error (code 2635) from the fake for an expired version', async () => {
    const error = await failure(client({ graphVersion: 'v21.0' }).session(TOKEN).adAccounts());
    expect(error).toMatchObject({ kind: 'invalid', code: 2635 });
    expect(error.message).toContain('You are calling a deprecated version of the Ads API');
    expect(await client().session(TOKEN).adAccounts()).toHaveLength(1);
  });
});

describe('fields', () => {
  it('gets only the fields asked for, as the Graph API answers', async () => {
    const asked = await fetch(`${base}/v27.0/me/adaccounts?fields=name`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(((await asked.json()) as { data: unknown[] }).data).toEqual([{ id: 'act_7', name: 'Seven' }]);
    expect(await client().session(TOKEN).adAccounts()).toEqual([
      expect.objectContaining({ id: 'act_7', currency: 'USD', timezone_name: 'UTC' }),
    ]);
  });
});

describe('code 1', () => {
  it('splits a read that asks for too much into halves, down to what the platform answers, never asking twice', async () => {
    const before = fake.requestsTo('GET', 'act_7/insights').length;
    const rows = await client()
      .session(TOKEN)
      .insights('7', { since: DAY(1), until: DAY(7) }, 'account');
    expect(rows.map((row) => row.clicks)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const ranges = fake
      .requestsTo('GET', 'act_7/insights')
      .slice(before)
      .map((request) => request.query.time_range);
    expect(ranges).toEqual([
      `{"since":"${DAY(1)}","until":"${DAY(7)}"}`,
      `{"since":"${DAY(1)}","until":"${DAY(4)}"}`,
      `{"since":"${DAY(1)}","until":"${DAY(2)}"}`,
      `{"since":"${DAY(3)}","until":"${DAY(4)}"}`,
      `{"since":"${DAY(5)}","until":"${DAY(7)}"}`,
    ]);
    expect(new Set(ranges).size).toBe(ranges.length);
  });

  it('refuses at one day at one level, and takes any other code 1 as a refusal, asked once', async () => {
    const tight = new FakeGraph({ maxSyncRows: 0 });
    tight.addToken(TOKEN);
    tight.seedAdAccount({ id: 'act_7', name: 'Seven', currency: 'USD' });
    tight.seedInsight({ level: 'ad', account_id: '7', date_start: DAY(1), clicks: '1', impressions: '1', spend: '1' });
    const tightClient = new GraphClient(readGraphConfig({ graphApiBase: await tight.start() }), sleep);
    try {
      const oneDay = await failure(tightClient.session(TOKEN).insights('7', { since: DAY(1), until: DAY(1) }, 'ad'));
      expect(oneDay).toMatchObject({ kind: 'invalid', code: 1, asksForLessData: true });
      expect(tight.requestsTo('GET', 'act_7/insights')).toHaveLength(1);
    } finally {
      await tight.stop();
    }
    const before = fake.requests.length;
    fake.refuseNext('An unknown error occurred', { code: 1, path: 'me/adaccounts' });
    const unknown = await failure(client().session(TOKEN).adAccounts());
    expect(unknown).toMatchObject({ kind: 'invalid', code: 1, asksForLessData: false });
    expect(unknown.message).toBe('The platform refused: An unknown error occurred (code 1)');
    expect(fake.requests.length - before).toBe(1);
  });
});

describe('usage headers of successful answers', () => {
  it('reads the highest percentage of any usage header', () => {
    const headers = new Headers({
      'x-app-usage': '{"call_count":12,"total_cputime":40,"total_time":9}',
      'x-ad-account-usage': '{"acc_id_util_pct":81.5,"reset_time_duration":0}',
      'x-business-use-case-usage': '{"1":[{"type":"ads_insights","call_count":5,"total_cputime":3,"total_time":2}]}',
    });
    expect(usagePercentOf(headers)).toBe(81.5);
    expect(usagePercentOf(new Headers())).toBeNull();
    expect([null, 74, 75, 89, 90, 100].map(pacingMs)).toEqual([0, 0, PACE_MS, PACE_MS, HOLD_MS, HOLD_MS]);
  });

  it('waits before the next call when a successful answer says usage nears the limit', async () => {
    const session = client().session(TOKEN);
    slept.length = 0;
    fake.usageNext({ 'x-app-usage': '{"call_count":80,"total_cputime":10,"total_time":10}' });
    await session.pages();
    await session.pages();
    expect(slept).toEqual([PACE_MS]);
    fake.usageNext({ 'x-business-use-case-usage': '{"9":[{"type":"ads_management","call_count":95}]}' });
    await session.pages();
    fake.usageNext({});
    await session.pages();
    await session.pages();
    expect(slept).toEqual([PACE_MS, PACE_MS, HOLD_MS]);
  });
});

describe('asynchronous report runs', () => {
  it('reads a range beyond the synchronous budget through a report run, its percent reported', async () => {
    expect(90).toBeGreaterThan(SYNC_INSIGHTS_BUDGET);
    const syncBefore = fake.requestsTo('GET', 'act_7/insights').length;
    const percents: number[] = [];
    const rows = await client()
      .session(TOKEN)
      .insights('7', { since: DAY(1), until: DAY(90) }, 'account', async (percent) => void percents.push(percent));
    expect(rows).toHaveLength(90);
    expect(fake.requestsTo('GET', 'act_7/insights')).toHaveLength(syncBefore);
    const [run] = fake.reportRuns().slice(-1);
    expect(run).toMatchObject({ since: DAY(1), until: DAY(90), checks: 3 });
    const started = fake.requestsTo('POST', 'act_7/insights').at(-1)!;
    expect(started.form).toMatchObject({
      level: 'account',
      time_increment: '1',
      time_range: `{"since":"${DAY(1)}","until":"${DAY(90)}"}`,
    });
    expect(percents).toEqual([0, 67, 100]);
    // Two pages of 50 rows, the second asked for by its cursor.
    const pages = fake.requestsTo('GET', `${run!.id}/insights`);
    expect(pages.map((request) => request.query.after ?? null)).toEqual([null, Buffer.from('50').toString('base64')]);
  });

  it('takes a run that ends as "Job Failed" as no answer, for the job to try again later', async () => {
    fake.failNextRun();
    const error = await failure(
      client()
        .session(TOKEN)
        .insights('7', { since: DAY(1), until: DAY(40) }, 'account'),
    );
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(error.message).toBe('The platform’s insights report run ended as “Job Failed”.');
  });
});
