import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, mintToken, testApp, type TestApp } from '@core/sdk/testing';
import { fitsCurrency, fromMinorUnits, minorDigits, toMinorUnits } from '@plugins/social/shared/minor-units';
import { campaignsResource } from '@plugins/social/shared/resources';
import { recordMaker, socialParts } from '../report/social-parts';

/** The campaign tree's budget rules through the API (each 422 and what passes), and minor units of 0, 2 and 3 decimal currencies. */

const parts = socialParts();
let app: TestApp;
const ad: Record<string, number> = {};
let campaignUsd = 0;
let campaignJpy = 0;
let campaignKwd = 0;

const post = (path: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> =>
  app.as(['MA', 'MD', 'MQ', 'MS', 'MV']).post(`/api/social/${path}`, body);
const created = async (path: string, body: Record<string, unknown>): Promise<number> => {
  const answer = await post(path, body);
  if (answer.statusCode !== 201) throw new Error(`POST ${path}: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ data: { id: number } }>().data.id;
};
const errorsOf = (answer: LightMyRequestResponse): Record<string, string[]> => {
  expect(answer.statusCode, answer.body).toBe(422);
  return answer.json<{ errors: Record<string, string[]> }>().errors;
};

const START = '2026-12-01T00:00:00.000Z';
const STOP = '2026-12-31T00:00:00.000Z';
const usd = (amount: string) => ({ amount, currency: 'USD' });

beforeAll(async () => {
  app = await testApp({ plugins: [parts] });
  const account = await created('accounts', { name: 'Agency', type: 'business_manager', status: 'active' });
  for (const currency of ['USD', 'JPY', 'KWD'])
    ad[currency] = await created('ad-accounts', {
      name: `In ${currency}`,
      currency,
      timezone: 'UTC',
      status: 'active',
      account,
    });
  campaignUsd = await created('campaigns', {
    name: 'US',
    ad_account: ad.USD,
    objective: 'OUTCOME_TRAFFIC',
    daily_budget: usd('100'),
    status: 'PAUSED',
  });
  campaignJpy = await created('campaigns', {
    name: 'JP',
    ad_account: ad.JPY,
    objective: 'OUTCOME_TRAFFIC',
    daily_budget: { amount: '10000', currency: 'JPY' },
    status: 'PAUSED',
  });
  campaignKwd = await created('campaigns', {
    name: 'KW',
    ad_account: ad.KWD,
    objective: 'OUTCOME_TRAFFIC',
    daily_budget: { amount: '25.125', currency: 'KWD' },
    status: 'PAUSED',
  });
}, DB_TIMEOUT);
afterAll(() => app.close());

describe('campaign budgets', () => {
  const campaign = (values: Record<string, unknown>) =>
    post('campaigns', { name: 'C', ad_account: ad.USD, objective: 'OUTCOME_LEADS', status: 'PAUSED', ...values });

  it('needs exactly one of a daily and a lifetime budget', async () => {
    expect(
      errorsOf(
        await campaign({ daily_budget: usd('10'), lifetime_budget: usd('300'), start_time: START, stop_time: STOP }),
      ),
    ).toEqual({
      daily_budget: ['Set either a daily or a lifetime budget, not both.'],
      lifetime_budget: ['Set either a daily or a lifetime budget, not both.'],
    });
    expect(errorsOf(await campaign({}))).toEqual({
      daily_budget: ['Set a daily or a lifetime budget.'],
      lifetime_budget: ['Set a daily or a lifetime budget.'],
    });
  });

  it('needs the stop after the start, and a stop time for a lifetime budget', async () => {
    expect(errorsOf(await campaign({ daily_budget: usd('10'), start_time: STOP, stop_time: START }))).toEqual({
      stop_time: ['The stop time must be after the start time.'],
    });
    expect(errorsOf(await campaign({ daily_budget: usd('10'), start_time: START, stop_time: START }))).toEqual({
      stop_time: ['The stop time must be after the start time.'],
    });
    expect(errorsOf(await campaign({ lifetime_budget: usd('300'), start_time: START }))).toEqual({
      stop_time: ['A lifetime budget needs a stop time.'],
    });
  });

  it("takes money of the ad account's currency with its digits only", async () => {
    expect(errorsOf(await campaign({ daily_budget: { amount: '10', currency: 'EUR' } }))).toEqual({
      daily_budget: ["Amounts are in the ad account's currency, USD."],
    });
    expect(errorsOf(await campaign({ daily_budget: usd('10.005') }))).toEqual({
      daily_budget: ['USD amounts have at most 2 decimals.'],
    });
    expect(
      errorsOf(await campaign({ ad_account: ad.JPY, daily_budget: { amount: '1000.5', currency: 'JPY' } })),
    ).toEqual({ daily_budget: ['JPY amounts are whole numbers.'] });
    expect(
      errorsOf(await campaign({ ad_account: ad.KWD, daily_budget: { amount: '1.0005', currency: 'KWD' } }))
        .daily_budget,
    ).toBeDefined();
  });

  it('accepts a daily budget, or a lifetime one running until its stop time', async () => {
    expect((await campaign({ daily_budget: usd('10.50') })).statusCode).toBe(201);
    expect((await campaign({ lifetime_budget: usd('300'), start_time: START, stop_time: STOP })).statusCode).toBe(201);
    expect(
      (await campaign({ ad_account: ad.KWD, daily_budget: { amount: '1.005', currency: 'KWD' } })).statusCode,
    ).toBe(201);
  });

  it('checks an edit against the record as it will be, and answers in Russian', async () => {
    const id = await created('campaigns', {
      name: 'Edited',
      ad_account: ad.USD,
      objective: 'OUTCOME_LEADS',
      status: 'PAUSED',
      daily_budget: usd('10'),
    });
    const version = (await app.as(['MA']).get(`/api/social/campaigns/${id}`)).json<{ data: { version: number } }>().data
      .version;
    const both = await app
      .as(['MA', 'MQ'])
      .patch(`/api/social/campaigns/${id}`, { version, lifetime_budget: usd('100'), stop_time: STOP });
    expect(errorsOf(both).daily_budget).toEqual(['Set either a daily or a lifetime budget, not both.']);
    const switched = await app.as(['MA', 'MQ']).patch(`/api/social/campaigns/${id}`, {
      version,
      daily_budget: null,
      lifetime_budget: usd('100'),
      start_time: START,
      stop_time: STOP,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const russian = await app.server.inject({
      method: 'POST',
      url: '/api/social/campaigns',
      headers: { ...bearer(mintToken(['MA', 'MQ'])), 'accept-language': 'ru' },
      payload: { name: 'C', ad_account: ad.USD, objective: 'OUTCOME_LEADS', status: 'PAUSED' },
    });
    expect(errorsOf(russian).daily_budget).toEqual(['Укажите дневной или общий бюджет.']);
  });

  it('lets a record the platform holds have no budget of its own (its adsets carry them)', async () => {
    const create = await recordMaker(app.db, [parts]);
    const id = await create(campaignsResource, {
      name: 'Synced',
      ad_account: ad.USD!,
      objective: 'OUTCOME_SALES',
      status: 'ACTIVE',
      external_id: '1200000001',
      on_platform: true,
    });
    expect(id).toBeGreaterThan(0);
  });
});

describe('adset budgets and bids', () => {
  const adset = (values: Record<string, unknown>) =>
    post('adsets', {
      name: 'S',
      campaign: campaignUsd,
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'REACH',
      status: 'PAUSED',
      ...values,
    });

  it('applies the same rules, with the end time and the bid', async () => {
    expect(errorsOf(await adset({})).daily_budget).toEqual(['Set a daily or a lifetime budget.']);
    expect(
      errorsOf(await adset({ daily_budget: usd('5'), lifetime_budget: usd('50'), end_time: STOP })).lifetime_budget,
    ).toEqual(['Set either a daily or a lifetime budget, not both.']);
    expect(errorsOf(await adset({ lifetime_budget: usd('50') }))).toEqual({
      end_time: ['A lifetime budget needs an end time.'],
    });
    expect(errorsOf(await adset({ daily_budget: usd('5'), start_time: STOP, end_time: START }))).toEqual({
      end_time: ['The end time must be after the start time.'],
    });
    expect(errorsOf(await adset({ daily_budget: usd('5'), bid_amount: { amount: '1', currency: 'JPY' } }))).toEqual({
      bid_amount: ["Amounts are in the ad account's currency, USD."],
    });
    expect(errorsOf(await adset({ daily_budget: usd('5'), bid_amount: usd('0.125') }))).toEqual({
      bid_amount: ['USD amounts have at most 2 decimals.'],
    });
  });

  it("reads the currency through the campaign's ad account", async () => {
    expect(
      errorsOf(await adset({ campaign: campaignJpy, daily_budget: { amount: '500.5', currency: 'JPY' } })),
    ).toEqual({ daily_budget: ['JPY amounts are whole numbers.'] });
    expect(
      (
        await adset({
          campaign: campaignJpy,
          daily_budget: { amount: '500', currency: 'JPY' },
          bid_amount: { amount: '30', currency: 'JPY' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await adset({
          campaign: campaignKwd,
          lifetime_budget: { amount: '99.999', currency: 'KWD' },
          start_time: START,
          end_time: STOP,
        })
      ).statusCode,
    ).toBe(201);
    expect((await adset({ daily_budget: usd('5'), bid_amount: usd('0.25') })).statusCode).toBe(201);
  });

  it('needs an existing adset for an ad', async () => {
    const adsetId = await created('adsets', {
      name: 'For ads',
      campaign: campaignUsd,
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'REACH',
      status: 'PAUSED',
      daily_budget: usd('5'),
    });
    expect((await post('ads', { name: 'A', adset: adsetId, status: 'PAUSED' })).statusCode).toBe(201);
    expect(errorsOf(await post('ads', { name: 'A', adset: 999_999, status: 'PAUSED' })).adset).toBeDefined();
  });
});

describe('write access', () => {
  it('lets MA read a campaign but not change it', async () => {
    expect((await app.as(['MA']).get(`/api/social/campaigns/${campaignUsd}`)).statusCode).toBe(200);
    expect(
      (
        await app.as(['MA']).post('/api/social/campaigns', {
          name: 'C',
          ad_account: ad.USD,
          objective: 'OUTCOME_LEADS',
          status: 'PAUSED',
          daily_budget: usd('1'),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('minor units', () => {
  it('knows the digits of 0, 2 and 3 decimal currencies', () => {
    expect([minorDigits('JPY'), minorDigits('USD'), minorDigits('EUR'), minorDigits('KWD')]).toEqual([0, 2, 2, 3]);
  });

  it('converts amounts to and from minor units exactly', () => {
    expect(toMinorUnits('12.34', 'USD')).toBe('1234');
    expect(toMinorUnits('0.1', 'USD')).toBe('10');
    expect(toMinorUnits('1500', 'JPY')).toBe('1500');
    expect(toMinorUnits('1.234', 'KWD')).toBe('1234');
    expect(toMinorUnits('0.005', 'KWD')).toBe('5');
    expect(fromMinorUnits('1234', 'USD')).toBe('12.34');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits('1500', 'JPY')).toBe('1500');
    expect(fromMinorUnits('1234', 'KWD')).toBe('1.234');
    expect(fromMinorUnits('1000', 'KWD')).toBe('1');
    // 1.15 × 100 is 114.99999999999999 in floating point.
    expect(toMinorUnits('1.15', 'USD')).toBe('115');
    expect(fromMinorUnits(toMinorUnits('99999999.99', 'USD'), 'USD')).toBe('99999999.99');
  });

  it('refuses more digits than the currency has, and what is not an amount', () => {
    expect(fitsCurrency('10.5', 'JPY')).toBe(false);
    expect(fitsCurrency('10.50', 'USD')).toBe(true);
    expect(fitsCurrency('1000.000', 'JPY')).toBe(true);
    expect(fitsCurrency('1.0005', 'KWD')).toBe(false);
    expect(() => toMinorUnits('10.5', 'JPY')).toThrow(RangeError);
    expect(() => toMinorUnits('1.001', 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits('-1', 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits('12.5', 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
  });
});
