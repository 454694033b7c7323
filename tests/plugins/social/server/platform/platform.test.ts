import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInfo } from '@core/sdk/server';
import { DB_TIMEOUT } from '@core/sdk/testing';
import {
  WAITING_FOR_PLATFORM_STEP,
  type InsightsSyncResult,
  type JobStarted,
  type SyncResult,
} from '@plugins/social/shared/platform-jobs';
import { NEWEST_GRAPH_VERSION } from '@plugins/social/server/graph/graph-versions';
import { FakeGraph } from './fake-graph';
import { ALL_CODES, clock, graphWaits, platformApp, type PlatformTestApp } from './platform-support';

/*
 * The platform part through its routes and the job runner, against a FakeGraph: the account sync
 * of the whole tree (paged), its idempotence, the insights sync, pause and activate on and off the
 * platform, budgets pushed in minor units (USD, JPY, KWD), the service check, an expired token, the
 * platform's rate limit in a job (waits, then succeeds) and on a route (503 with Retry-After),
 * access, and no token in any answer, log line, job log or job error.
 */

const TOKEN = 'EAAFakeSystemUserToken0123456789abcdefXYZ';
const EXPIRING = 'EAAFakeTokenThatWillExpire0123456789abcdef';
const APP_SECRET = 'fake-app-secret-value';

let t: PlatformTestApp;
const ids = { service: 0, account: 0, expiringService: 0, expiringAccount: 0, bareAccount: 0 };

function seedPlatform(fake: FakeGraph): void {
  fake.addToken(TOKEN, { scopes: ['ads_management', 'ads_read'], expiresAt: 1_893_456_000 });
  fake.addToken(EXPIRING);
  fake.seedAdAccount({
    id: 'act_111',
    name: 'US store',
    currency: 'USD',
    timezone_name: 'America/New_York',
    account_status: 1,
    spend_cap: '500000',
    amount_spent: '12345',
  });
  fake.seedAdAccount({
    id: 'act_222',
    name: 'Tokyo',
    currency: 'JPY',
    timezone_name: 'Asia/Tokyo',
    account_status: 2,
    spend_cap: '0',
    amount_spent: '1500',
  });
  fake.seedAdAccount({
    id: 'act_333',
    name: 'Kuwait',
    currency: 'KWD',
    timezone_name: 'Asia/Kuwait',
    account_status: 101,
    amount_spent: '1234',
  });
  fake.seedPage({ id: '9001', name: 'Store page', category: 'Shopping & retail' });
  fake.seedPage({ id: '9002', name: 'Brand page', category: 'Brand' });
  fake.seedPage({ id: '9003', name: 'Blog' });
  fake.seedCampaign({
    id: '5001',
    account_id: '111',
    name: 'Spring sale',
    objective: 'OUTCOME_TRAFFIC',
    status: 'ACTIVE',
    daily_budget: '2500',
    start_time: '2026-03-01T09:00:00+0000',
  });
  fake.seedCampaign({
    id: '5002',
    account_id: '111',
    name: 'Legacy clicks',
    objective: 'LINK_CLICKS',
    status: 'PAUSED',
    lifetime_budget: '100000',
    start_time: '2026-03-01T00:00:00+0000',
    stop_time: '2026-04-01T00:00:00+0000',
  });
  fake.seedCampaign({
    id: '5003',
    account_id: '111',
    name: 'Odd one',
    objective: 'SOMETHING_NEW',
    status: 'ACTIVE',
    daily_budget: '100',
  });
  fake.seedCampaign({
    id: '5004',
    account_id: '222',
    name: 'Tokyo launch',
    objective: 'OUTCOME_AWARENESS',
    status: 'ACTIVE',
    daily_budget: '3000',
  });
  fake.seedCampaign({
    id: '5005',
    account_id: '333',
    name: 'Kuwait leads',
    objective: 'OUTCOME_LEADS',
    status: 'ACTIVE',
    daily_budget: '12345',
  });
  fake.seedAdset({
    id: '6001',
    account_id: '111',
    campaign_id: '5001',
    name: 'Spring US 25-45',
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'LINK_CLICKS',
    status: 'ACTIVE',
    bid_amount: 150,
  });
  fake.seedAdset({
    id: '6002',
    account_id: '111',
    campaign_id: '5003',
    name: 'Under the odd one',
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'REACH',
    status: 'ACTIVE',
  });
  fake.seedAdset({
    id: '6003',
    account_id: '222',
    campaign_id: '5004',
    name: 'Tokyo all',
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'REACH',
    status: 'ACTIVE',
    daily_budget: '1000',
  });
  fake.seedAdset({
    id: '6004',
    account_id: '333',
    campaign_id: '5005',
    name: 'Kuwait forms',
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'LEAD_GENERATION',
    status: 'PAUSED',
    lifetime_budget: '50500',
    end_time: '2026-05-01T00:00:00+0000',
  });
  fake.seedAd({
    id: '7001',
    account_id: '111',
    adset_id: '6001',
    name: 'Spring video',
    status: 'ACTIVE',
    creative: { id: '8001' },
  });
  fake.seedAd({ id: '7002', account_id: '111', adset_id: '6001', name: 'Spring carousel', status: 'PAUSED' });
  fake.seedAd({
    id: '7003',
    account_id: '222',
    adset_id: '6003',
    name: 'Tokyo still',
    status: 'ACTIVE',
    creative: { id: '8003' },
  });
  for (const date_start of ['2026-03-01', '2026-03-02']) {
    fake.seedInsight({
      level: 'account',
      account_id: '111',
      date_start,
      clicks: '40',
      impressions: '4000',
      spend: '20.50',
    });
    fake.seedInsight({
      level: 'campaign',
      account_id: '111',
      campaign_id: '5001',
      date_start,
      clicks: '30',
      impressions: '3000',
      spend: '15.25',
      actions: [
        { action_type: 'link_click', value: '30' },
        { action_type: 'lead', value: '3' },
      ],
    });
  }
  fake.seedInsight({
    level: 'campaign',
    account_id: '111',
    campaign_id: '5003',
    date_start: '2026-03-01',
    clicks: '1',
    impressions: '10',
    spend: '0.10',
  });
  fake.seedInsight({
    level: 'adset',
    account_id: '111',
    campaign_id: '5001',
    adset_id: '6001',
    date_start: '2026-03-01',
    clicks: '30',
    impressions: '3000',
    spend: '15.25',
  });
  fake.seedInsight({
    level: 'ad',
    account_id: '111',
    campaign_id: '5001',
    adset_id: '6001',
    ad_id: '7001',
    date_start: '2026-03-01',
    clicks: '20',
    impressions: '2000',
    spend: '10',
    actions: [{ action_type: 'lead', value: '2' }],
  });
  fake.seedInsight({
    level: 'account',
    account_id: '111',
    date_start: '2026-02-28',
    clicks: '1',
    impressions: '1',
    spend: '1',
  });
}

async function started(response: { statusCode: number; body: string; json<T>(): T }): Promise<number> {
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ data: JobStarted }>().data.job;
}

async function syncAccount(account: number): Promise<JobInfo> {
  return t.settled(await started(await t.call(['MA'], 'POST', `social/accounts/${account}/sync`)));
}

async function byExternalId(path: string, externalId: string): Promise<Record<string, unknown>> {
  const page = (await t.call(['MA'], 'GET', `social/${path}?filter[external_id][eq]=${externalId}`)).json<{
    data: { data: Record<string, unknown>[] };
  }>().data;
  expect(page.data, `${path} ${externalId}`).toHaveLength(1);
  return page.data[0]!;
}

const count = async (path: string, query = ''): Promise<number> =>
  (await t.call(['MA'], 'GET', `social/${path}?per_page=100${query}`)).json<{ data: { total: number } }>().data.total;

beforeAll(async () => {
  const fake = new FakeGraph({ pageSize: 2 });
  seedPlatform(fake);
  t = await platformApp(fake);
  ids.service = await t.create('services', {
    name: 'Main app',
    app_id: fake.appId,
    app_secret: APP_SECRET,
    access_token: TOKEN,
  });
  ids.account = await t.create('accounts', {
    name: 'Agency BM',
    type: 'business_manager',
    status: 'active',
    service: ids.service,
  });
  ids.expiringService = await t.create('services', {
    name: 'Old app',
    app_id: fake.appId,
    app_secret: APP_SECRET,
    access_token: EXPIRING,
  });
  ids.expiringAccount = await t.create('accounts', {
    name: 'Old BM',
    type: 'system_user',
    status: 'active',
    service: ids.expiringService,
  });
  ids.bareAccount = await t.create('accounts', { name: 'Planning only', type: 'personal_profile', status: 'active' });
}, DB_TIMEOUT);

afterAll(() => t.close());

describe('account sync', () => {
  it('answers 503 saying what to set up when the account has no service, in the caller’s language', async () => {
    const english = await t.call(['MA'], 'POST', `social/accounts/${ids.bareAccount}/sync`);
    expect(english.statusCode).toBe(503);
    expect(english.json<{ message: string }>().message).toBe(
      'Set up a platform service for this account first (Social-ad → Services).',
    );
    const russian = await t.call(['MA'], 'POST', `social/accounts/${ids.bareAccount}/sync`, undefined, 'ru');
    expect(russian.json<{ message: string }>().message).toBe(
      'Сначала настройте сервис платформы для этого аккаунта (Реклама в соцсетях → Сервисы).',
    );
    expect((await t.call(['MA'], 'POST', 'social/accounts/999999/sync')).statusCode).toBe(404);
    expect((await t.call(['MA'], 'POST', `social/accounts/${ids.account}/sync`, { now: true })).statusCode).toBe(422);
  });

  it('reads the whole tree page by page, converting minor units in each ad account’s currency', async () => {
    const steps = new Set<string>();
    const job = await t.settled(
      await started(await t.call(['MA'], 'POST', `social/accounts/${ids.account}/sync`)),
      (info) => steps.add(info.step ?? ''),
    );
    expect(job.state, job.error ?? '').toBe('succeeded');
    expect(job.result as SyncResult).toEqual({ ad_accounts: 3, pages: 3, campaigns: 4, adsets: 3, ads: 3 });
    expect(job.percent).toBe(100);

    // Two pages of ad accounts and of pages (2 a page), each next page asked for by its cursor.
    expect(t.fake.requestsTo('GET', 'me/adaccounts').map((request) => request.query.after ?? null)).toEqual([
      null,
      Buffer.from('2').toString('base64'),
    ]);
    expect(t.fake.requestsTo('GET', 'me/accounts')).toHaveLength(2);
    expect(t.fake.requestsTo('GET', 'me/adaccounts')[0]!.query.fields).toBe(
      'id,name,currency,timezone_name,account_status,spend_cap,amount_spent',
    );
    expect(t.fake.requests.every((request) => request.version === NEWEST_GRAPH_VERSION)).toBe(true);

    const us = await byExternalId('ad-accounts', '111');
    expect(us).toMatchObject({
      name: 'US store',
      currency: 'USD',
      timezone: 'America/New_York',
      status: 'active',
      on_platform: true,
      account: ids.account,
    });
    expect(us.spend_cap).toEqual({ amount: '5000', currency: 'USD' });
    expect(us.amount_spent).toEqual({ amount: '123.45', currency: 'USD' });
    const tokyo = await byExternalId('ad-accounts', '222');
    expect(tokyo).toMatchObject({
      status: 'disabled',
      spend_cap: null,
      amount_spent: { amount: '1500', currency: 'JPY' },
    });
    expect(await byExternalId('ad-accounts', '333')).toMatchObject({
      status: 'closed',
      amount_spent: { amount: '1.234', currency: 'KWD' },
    });

    expect(await byExternalId('pages', '9003')).toMatchObject({
      name: 'Blog',
      category: null,
      account: ids.account,
      on_platform: true,
    });
    const spring = await byExternalId('campaigns', '5001');
    expect(spring).toMatchObject({
      name: 'Spring sale',
      objective: 'OUTCOME_TRAFFIC',
      status: 'ACTIVE',
      ad_account: us.id,
      lifetime_budget: null,
      start_time: '2026-03-01T09:00:00.000000Z',
    });
    expect(spring.daily_budget).toEqual({ amount: '25', currency: 'USD' });
    expect(await byExternalId('campaigns', '5002')).toMatchObject({
      objective: 'OUTCOME_TRAFFIC',
      status: 'PAUSED',
      lifetime_budget: { amount: '1000', currency: 'USD' },
    });
    expect(await byExternalId('campaigns', '5004')).toMatchObject({
      daily_budget: { amount: '3000', currency: 'JPY' },
    });
    expect(await byExternalId('campaigns', '5005')).toMatchObject({
      daily_budget: { amount: '12.345', currency: 'KWD' },
    });
    expect(await byExternalId('adsets', '6001')).toMatchObject({
      campaign: spring.id,
      bid_amount: { amount: '1.5', currency: 'USD' },
      optimization_goal: 'LINK_CLICKS',
    });
    expect(await byExternalId('adsets', '6004')).toMatchObject({
      lifetime_budget: { amount: '50.5', currency: 'KWD' },
      end_time: '2026-05-01T00:00:00.000000Z',
    });
    expect(await byExternalId('ads', '7001')).toMatchObject({
      creative_id: '8001',
      status: 'ACTIVE',
      on_platform: true,
    });

    // The campaign with an objective the plugin lacks is skipped, and so is its adset; the log says why.
    expect(await count('campaigns', '&filter[external_id][eq]=5003')).toBe(0);
    const lines = await t.logLines(job.id);
    expect(lines).toContain('Skipped 5003 "Odd one": objective SOMETHING_NEW is not one the plugin knows.');
    expect(lines).toContain('Skipped 6002 "Under the odd one": its campaign 5003 was not read.');
    expect(lines).toContain('Ad accounts: 3 new, 0 updated, 0 unchanged, 0 skipped.');
    expect(
      [...steps].filter((step) => ['ad_accounts', 'pages', 'campaigns', 'adsets', 'ads'].includes(step)).length,
    ).toBeGreaterThan(0);
    expect((await t.record(`accounts/${ids.account}`)).synced_at).toEqual(expect.any(String));
  });

  it('is idempotent: a second sync duplicates nothing and changes only what the platform changed', async () => {
    const before = {
      campaigns: await count('campaigns'),
      adsets: await count('adsets'),
      ads: await count('ads'),
      pages: await count('pages'),
    };
    const versions = {
      spring: (await byExternalId('campaigns', '5001')).version,
      legacy: (await byExternalId('campaigns', '5002')).version,
    };
    const renamed = t.fake.object('5002') as Record<string, unknown>;
    renamed.name = 'Legacy clicks (renamed)';
    const job = await syncAccount(ids.account);
    expect(job.state, job.error ?? '').toBe('succeeded');
    expect({
      campaigns: await count('campaigns'),
      adsets: await count('adsets'),
      ads: await count('ads'),
      pages: await count('pages'),
    }).toEqual(before);
    expect((await byExternalId('campaigns', '5001')).version).toBe(versions.spring);
    const legacy = await byExternalId('campaigns', '5002');
    expect(legacy).toMatchObject({ name: 'Legacy clicks (renamed)', version: Number(versions.legacy) + 1 });
    expect(await t.logLines(job.id)).toContain('Campaigns: 0 new, 1 updated, 3 unchanged, 1 skipped.');
  });
});

describe('insights sync', () => {
  it('reads each level per day and upserts the rows (leads from the lead action)', async () => {
    const us = await byExternalId('ad-accounts', '111');
    const body = { ad_account: us.id, from: '2026-03-01', to: '2026-03-02' };
    const job = await t.settled(await started(await t.call(['MA'], 'POST', 'social/insights/sync', body)));
    expect(job.state, job.error ?? '').toBe('succeeded');
    // 2 account days, 2 campaign days (the odd campaign's row is skipped: not synced), 1 adset day, 1 ad day.
    expect(job.result as InsightsSyncResult).toEqual({ rows: 6 });
    const asked = t.fake.requestsTo('GET', 'act_111/insights');
    expect(asked.map((request) => request.query.level)).toEqual(['account', 'campaign', 'campaign', 'adset', 'ad']);
    expect(asked[0]!.query).toMatchObject({
      time_range: '{"since":"2026-03-01","until":"2026-03-02"}',
      time_increment: '1',
      fields: 'account_id,campaign_id,adset_id,ad_id,clicks,impressions,spend,actions',
    });

    const spring = await byExternalId('campaigns', '5001');
    const rows = (await t.call(['MA'], 'GET', `social/insights?per_page=100&filter[level][eq]=campaign`)).json<{
      data: { data: Record<string, unknown>[] };
    }>().data.data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      level: 'campaign',
      campaign: spring.id,
      adset: null,
      ad: null,
      clicks: 30,
      views: 3000,
      leads: 3,
      spent: { amount: '15.25', currency: 'USD' },
    });
    const ad = (await t.call(['MA'], 'GET', 'social/insights?filter[level][eq]=ad')).json<{
      data: { data: Record<string, unknown>[] };
    }>().data.data;
    expect(ad[0]).toMatchObject({ date: '2026-03-01', leads: 2, clicks: 20, spent: { amount: '10', currency: 'USD' } });

    const again = await t.settled(await started(await t.call(['MA'], 'POST', 'social/insights/sync', body)));
    expect(again.state).toBe('succeeded');
    expect(await count('insights')).toBe(6);
  });

  it('reads 90 days at four levels through report runs, the job’s percent rising with each run’s', async () => {
    const us = await byExternalId('ad-accounts', '111');
    const runsBefore = t.fake.reportRuns().length;
    const syncsBefore = t.fake.requestsTo('GET', 'act_111/insights').length;
    const body = { ad_account: us.id, from: '2026-01-01', to: '2026-03-31' };
    const job = await started(await t.call(['MA'], 'POST', 'social/insights/sync', body));
    const seen: number[] = [];
    graphWaits.onWait = async () => {
      const info = (await t.call(['MA'], 'GET', `jobs/${job}`)).json<{ data: JobInfo }>().data;
      seen.push(info.percent ?? -1);
    };
    try {
      const done = await t.settled(job);
      expect(done.state, done.error ?? '').toBe('succeeded');
      // The six rows of March 1–2 again, and the account's row of February 28 the short range left out.
      expect(done.result as InsightsSyncResult).toEqual({ rows: 7 });
      expect(done.percent).toBe(100);
    } finally {
      graphWaits.onWait = null;
    }
    // One run per level over the whole range, no synchronous read, each run checked until completed.
    const runs = t.fake.reportRuns().slice(runsBefore);
    expect(runs.map((run) => [run.since, run.until])).toEqual(Array(4).fill(['2026-01-01', '2026-03-31']));
    expect(t.fake.requestsTo('GET', 'act_111/insights')).toHaveLength(syncsBefore);
    expect(
      t.fake
        .requestsTo('POST', 'act_111/insights')
        .slice(-4)
        .map((request) => request.form.level),
    ).toEqual(['account', 'campaign', 'adset', 'ad']);
    // Between polls the job panel's percent climbs through each level's share: 5→30, 30→55, 55→80, 80→100.
    expect(seen).toEqual([5, 22, 30, 47, 55, 72, 80, 93]);
  });

  it('refuses a bad range, an unknown or planning ad account and a wrong type with 422', async () => {
    const us = Number((await byExternalId('ad-accounts', '111')).id);
    const planning = await t.create('ad-accounts', {
      name: 'Plan',
      currency: 'EUR',
      timezone: 'UTC',
      status: 'active',
      account: ids.bareAccount,
    });
    const refused = async (body: Record<string, unknown>): Promise<Record<string, string[]> | undefined> => {
      const response = await t.call(['MA'], 'POST', 'social/insights/sync', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      return response.json<{ errors?: Record<string, string[]> }>().errors;
    };
    expect((await refused({ ad_account: us, from: '2026-03-05', to: '2026-03-01' }))?.to).toEqual([
      'The end date must not be before the start date.',
    ]);
    expect((await refused({ ad_account: us, from: '2026-02-30', to: '2026-03-01' }))?.from).toEqual([
      'Not a calendar date (YYYY-MM-DD).',
    ]);
    expect((await refused({ ad_account: us, from: '2024-01-01', to: '2026-03-01' }))?.to).toEqual([
      'At most 366 days can be read at once.',
    ]);
    expect((await refused({ ad_account: 999_999, from: '2026-03-01', to: '2026-03-01' }))?.ad_account).toEqual([
      'The ad account does not exist.',
    ]);
    expect((await refused({ ad_account: planning, from: '2026-03-01', to: '2026-03-01' }))?.ad_account).toEqual([
      'This ad account is not on the platform yet: sync its account first.',
    ]);
    await refused({ ad_account: String(us), from: '2026-03-01', to: '2026-03-01' });
    await refused({ ad_account: us, from: '2026-03-01', to: '2026-03-01', level: 'ad' });
  });
});

describe('pause, activate and budgets', () => {
  it('pauses and activates a campaign on the platform first, then the record', async () => {
    const spring = await byExternalId('campaigns', '5001');
    const paused = await t.call(['MA', 'MQ'], 'POST', `social/campaigns/${spring.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<{ data: Record<string, unknown> }>().data.status).toBe('PAUSED');
    expect(t.fake.object('5001')?.status).toBe('PAUSED');
    expect(t.fake.writes.at(-1)).toEqual({ objectId: '5001', params: { status: 'PAUSED' } });
    expect((await t.call(['MA', 'MQ'], 'POST', `social/campaigns/${spring.id}/pause`)).statusCode).toBe(409);
    expect((await t.call(['MA', 'MQ'], 'POST', `social/campaigns/${spring.id}/activate`)).statusCode).toBe(200);
    expect(t.fake.object('5001')?.status).toBe('ACTIVE');
    const history = (await t.call(['MA'], 'GET', `social/campaigns/${spring.id}/history`))
      .json<{ data: { action: string }[] }>()
      .data.map((entry) => entry.action);
    expect(history).toEqual(expect.arrayContaining(['pause', 'activate']));

    const adset = await byExternalId('adsets', '6001');
    expect((await t.call(['MA', 'MS'], 'POST', `social/adsets/${adset.id}/pause`)).statusCode).toBe(200);
    expect(t.fake.object('6001')?.status).toBe('PAUSED');
    const ad = await byExternalId('ads', '7001');
    expect((await t.call(['MA', 'MV'], 'POST', `social/ads/${ad.id}/pause`)).statusCode).toBe(200);
    expect(t.fake.object('7001')?.status).toBe('PAUSED');
  });

  it('changes only the record of a planning campaign', async () => {
    const planAdAccount = await t.create('ad-accounts', {
      name: 'Plan USD',
      currency: 'USD',
      timezone: 'UTC',
      status: 'active',
      account: ids.bareAccount,
    });
    const plan = await t.create('campaigns', {
      name: 'Planned',
      ad_account: planAdAccount,
      objective: 'OUTCOME_SALES',
      daily_budget: { amount: '10', currency: 'USD' },
      status: 'ACTIVE',
    });
    const writes = t.fake.writes.length;
    const paused = await t.call(['MQ'], 'POST', `social/campaigns/${plan}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      status: 'PAUSED',
      external_id: null,
    });
    const edited = await t.call(['MQ'], 'PATCH', `social/campaigns/${plan}`, {
      version: 2,
      daily_budget: { amount: '12.5', currency: 'USD' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(t.fake.writes.length).toBe(writes);
  });

  it('refuses pause and activate without the screen’s code (MA reads only)', async () => {
    const campaign = await byExternalId('campaigns', '5002');
    const adset = await byExternalId('adsets', '6003');
    const ad = await byExternalId('ads', '7003');
    expect((await t.call(['MA'], 'POST', `social/campaigns/${campaign.id}/activate`)).statusCode).toBe(403);
    expect((await t.call(['MA', 'MS', 'MV'], 'POST', `social/campaigns/${campaign.id}/activate`)).statusCode).toBe(403);
    expect((await t.call(['MA', 'MQ', 'MV'], 'POST', `social/adsets/${adset.id}/pause`)).statusCode).toBe(403);
    expect((await t.call(['MA', 'MQ', 'MS'], 'POST', `social/ads/${ad.id}/pause`)).statusCode).toBe(403);
    expect((await t.call(['MQ', 'MS', 'MV'], 'POST', `social/accounts/${ids.account}/sync`)).statusCode).toBe(403);
    expect(
      (await t.call(['MQ'], 'POST', 'social/insights/sync', { ad_account: 1, from: '2026-03-01', to: '2026-03-01' }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(['MA'], 'POST', `social/services/${ids.service}/check`)).statusCode).toBe(403);
    expect(t.fake.object('5002')?.status).toBe('PAUSED');
  });

  it('pushes budget changes in the currency’s minor units: USD (2), JPY (0), KWD (3)', async () => {
    const push = async (
      path: string,
      externalId: string,
      values: Record<string, unknown>,
      code: 'MQ' | 'MS',
    ): Promise<void> => {
      const record = await byExternalId(path, externalId);
      const response = await t.call(['MA', code], 'PATCH', `social/${path}/${record.id}`, {
        version: record.version,
        ...values,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await push('campaigns', '5001', { daily_budget: { amount: '30.25', currency: 'USD' } }, 'MQ');
    expect(t.fake.writes.at(-1)).toEqual({ objectId: '5001', params: { daily_budget: '3025' } });
    await push('campaigns', '5004', { daily_budget: { amount: '4000', currency: 'JPY' } }, 'MQ');
    expect(t.fake.writes.at(-1)).toEqual({ objectId: '5004', params: { daily_budget: '4000' } });
    await push('campaigns', '5005', { daily_budget: { amount: '12.5', currency: 'KWD' } }, 'MQ');
    expect(t.fake.writes.at(-1)).toEqual({ objectId: '5005', params: { daily_budget: '12500' } });
    await push('adsets', '6004', { lifetime_budget: { amount: '0.505', currency: 'KWD' } }, 'MS');
    expect(t.fake.writes.at(-1)).toEqual({ objectId: '6004', params: { lifetime_budget: '505' } });
    const writes = t.fake.writes.length;
    await push('campaigns', '5001', { name: 'Spring sale (EN)' }, 'MQ');
    expect(t.fake.writes.length).toBe(writes);
  });

  it('pushes a status changed in the edit form, as the row actions do', async () => {
    const ad = await byExternalId('ads', '7003');
    const edited = await t.call(['MV'], 'PATCH', `social/ads/${ad.id}`, { version: ad.version, status: 'PAUSED' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(t.fake.writes.at(-1)).toEqual({ objectId: '7003', params: { status: 'PAUSED' } });
    expect(t.fake.object('7003')?.status).toBe('PAUSED');
  });

  it('saves nothing when the platform refuses a budget, and answers its words', async () => {
    const spring = await byExternalId('campaigns', '5001');
    t.fake.refuseNext('The daily budget is below the minimum of 1.00 USD', { path: '5001' });
    const refused = await t.call(['MQ'], 'PATCH', `social/campaigns/${spring.id}`, {
      version: spring.version,
      daily_budget: { amount: '0.5', currency: 'USD' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'The platform refused: The daily budget is below the minimum of 1.00 USD (code 100)',
    );
    expect(await byExternalId('campaigns', '5001')).toMatchObject({
      version: spring.version,
      daily_budget: spring.daily_budget,
    });
    const russian = await (async () => {
      t.fake.unavailableNext({ path: '5001' });
      return t.call(
        ['MQ'],
        'PATCH',
        `social/campaigns/${spring.id}`,
        { version: spring.version, daily_budget: { amount: '31', currency: 'USD' } },
        'ru',
      );
    })();
    expect(russian.statusCode).toBe(502);
    expect(russian.json<{ message: string }>().message).toBe('Не удалось связаться с платформой: HTTP 503');
  });

  it('answers 503 with Retry-After when the platform’s rate limit meets a pause', async () => {
    const spring = await byExternalId('campaigns', '5001');
    t.fake.rateLimitNext({ path: '5001', code: 80_004, regainMinutes: 2 });
    const response = await t.call(['MQ'], 'POST', `social/campaigns/${spring.id}/pause`);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('120');
    expect(response.json<{ message: string }>().message).toBe('The platform asks to wait; try again in 120 seconds.');
    expect((await byExternalId('campaigns', '5001')).status).toBe('ACTIVE');
  });
});

describe('the platform’s rate limit in a job', () => {
  it('waits for the platform (step and log line) and then succeeds', async () => {
    clock.held = true;
    const waitsBefore = clock.waits.length;
    t.fake.rateLimitNext({ path: 'me/accounts', code: 17, regainMinutes: 1 });
    const job = await started(await t.call(['MA'], 'POST', `social/accounts/${ids.account}/sync`));
    const deadline = Date.now() + 10_000;
    let waiting: JobInfo | null = null;
    while (!waiting && Date.now() < deadline) {
      const info = (await t.call(['MA'], 'GET', `jobs/${job}`)).json<{ data: JobInfo }>().data;
      if (info.step === WAITING_FOR_PLATFORM_STEP) waiting = info;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(waiting?.state).toBe('running');
    expect(waiting?.percent).toBe(25);
    expect(await t.logLines(job)).toContain(
      'The platform asks to slow down: waiting for the platform for 60 s before asking again.',
    );
    clock.release();
    const done = await t.settled(job);
    expect(done.state, done.error ?? '').toBe('succeeded');
    expect(done.attempts).toBe(1);
    // One minute to regain access, as the platform's usage header estimated.
    expect(clock.waits.slice(waitsBefore)).toEqual([60_000]);
  });

  it('fails the attempt once the platform still asks to wait after the bound', async () => {
    t.fake.rateLimitNext({ path: 'me/adaccounts', times: 4 });
    t.fake.refuseNext('stop here', { path: 'me/adaccounts' });
    const job = await syncAccount(ids.account);
    expect(job.state).toBe('failed');
    expect(job.attempts).toBeGreaterThanOrEqual(1);
    // Backoff from 1 s, doubling: three waits before the attempt gives up.
    expect(clock.waits.slice(-3)).toEqual([1_000, 2_000, 4_000]);
    expect(job.error).toBe('The platform refused: stop here (code 100)');
  });
});

describe('the Graph version notice', () => {
  it('answers the services screen’s readers (FO) the version called and no warning for the default', async () => {
    expect((await t.call(['FO'], 'GET', 'social/graph-version')).json()).toEqual({
      data: { version: NEWEST_GRAPH_VERSION, warning: null },
    });
    expect((await t.call(['MA'], 'GET', 'social/graph-version')).statusCode).toBe(403);
  });
});

describe('tokens', () => {
  it('checks a service’s token with debug_token and records scopes and expiry', async () => {
    const checked = await t.call(['FO'], 'POST', `social/services/${ids.service}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      scopes: 'ads_management, ads_read',
      token_expires_at: '2030-01-01T00:00:00.000000Z',
      check_error: null,
      access_token: '••••••••',
    });
    const asked = t.fake.requestsTo('GET', 'debug_token').at(-1)!;
    expect(asked.authorization).toBe(`Bearer ${t.fake.appId}|${APP_SECRET}`);
    expect((await t.call(['FO'], 'POST', `social/services/${ids.service}/check`, { deep: true })).statusCode).toBe(422);
  });

  it('fails a sync with an expired token clearly, and the check says so, never showing the token', async () => {
    t.fake.expireToken(EXPIRING);
    const job = await syncAccount(ids.expiringAccount);
    expect(job.state).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(job.error).toBe('The platform token has expired or is invalid: renew it on the service.');
    const checked = (await t.call(['FO'], 'POST', `social/services/${ids.expiringService}/check`)).json<{
      data: Record<string, unknown>;
    }>().data;
    expect(checked.check_error).toBe('Error validating access token: Session has expired for [redacted].');
    expect(checked.checked_at).toEqual(expect.any(String));
  });

  it('answers 422 for a check without a token', async () => {
    const bare = await t.create('services', {
      name: 'Tokenless',
      app_id: '1234567890',
      access_token: 'EAAplaceholder0000000000000000',
    });
    await t.db.query('UPDATE social.services SET access_token = NULL WHERE id = $1', [bare]);
    const response = await t.call(['FO'], 'POST', `social/services/${bare}/check`);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      'The service has no access token: set one to check it against the platform.',
    );
  });

  it('shows no token in any answer, log line, job log or job error, and sends it in no URL', async () => {
    const jobs = (await t.call(['MA'], 'GET', `jobs?subject=social.accounts:${ids.account}`)).json<{
      data: { data: JobInfo[] };
    }>().data.data;
    const expiring = (await t.call(['MA'], 'GET', `jobs?subject=social.accounts:${ids.expiringAccount}`)).json<{
      data: { data: JobInfo[] };
    }>().data.data;
    for (const job of [...jobs, ...expiring]) await t.logLines(job.id);
    const export_ = await t.call(['FO'], 'GET', 'social/services/export.csv');
    const everything = [...t.seen, export_.body].join('\n');
    for (const secret of [TOKEN, EXPIRING, APP_SECRET]) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/EAAFake/);
    for (const request of t.fake.requests) {
      if (request.path !== 'debug_token') expect(request.url).not.toContain('EAA');
    }
    expect(ALL_CODES).toContain('FO');
  });
});
