import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerPlugin } from '@core/sdk/server';
import { bearer, DB_TIMEOUT, mintToken, testApp, type TestApp } from '@core/sdk/testing';
import { createFinanceServerPlugin } from '@plugins/finance/server';
import type { ReportFigures, SocialReport } from '@plugins/social/shared/report';
import {
  accountsResource,
  adAccountsResource,
  campaignsResource,
  insightsResource,
} from '@plugins/social/shared/resources';
import { figuresOf } from '@plugins/social/server/report/report-figures';
import { recordMaker, socialParts } from './social-parts';

/*
 * The insights report on known rows: two campaigns, one in USD and one in EUR, over three days.
 * EUR has a rate from 2026-11-02 on only, so a range holding its 2026-11-01 row has no dollars.
 */

interface Seeded {
  readonly usd: number;
  readonly eur: number;
  readonly campaignUsd: number;
  readonly campaignEur: number;
}

async function seed(app: TestApp, plugins: readonly ServerPlugin[]): Promise<Seeded> {
  const create = await recordMaker(app.db, plugins);
  const account = await create(accountsResource, { name: 'Agency', type: 'business_manager', status: 'active' });
  const adAccount = (name: string, currency: string) =>
    create(adAccountsResource, { name, currency, timezone: 'UTC', status: 'active', account, on_platform: false });
  const usd = await adAccount('Northwind US', 'USD');
  const eur = await adAccount('Northwind EU', 'EUR');
  const campaign = (name: string, adAccountId: number, currency: string) =>
    create(campaignsResource, {
      name,
      ad_account: adAccountId,
      objective: 'OUTCOME_LEADS',
      daily_budget: { amount: '50', currency },
      status: 'ACTIVE',
      on_platform: false,
    });
  const campaignUsd = await campaign('Zeta leads US', usd, 'USD');
  const campaignEur = await campaign('Alpha deals EU', eur, 'EUR');
  const row = (
    date: string,
    adAccountId: number,
    campaignId: number,
    clicks: number,
    views: number,
    leads: number,
    spent: string,
    currency: string,
  ) =>
    create(insightsResource, {
      date,
      level: 'campaign',
      ad_account: adAccountId,
      campaign: campaignId,
      clicks,
      views,
      leads,
      spent: { amount: spent, currency },
    });
  await row('2026-11-01', usd, campaignUsd, 3, 1000, 0, '10.00', 'USD');
  await row('2026-11-02', usd, campaignUsd, 0, 0, 0, '0', 'USD');
  await row('2026-11-03', usd, campaignUsd, 8, 3000, 1, '12.35', 'USD');
  await row('2026-11-01', eur, campaignEur, 1, 100, 0, '1.00', 'EUR');
  await row('2026-11-02', eur, campaignEur, 7, 2000, 2, '25.55', 'EUR');
  // An account-level row is not summed into a campaign-level report.
  await create(insightsResource, {
    date: '2026-11-02',
    level: 'account',
    ad_account: usd,
    clicks: 100,
    views: 100,
    leads: 100,
    spent: { amount: '999', currency: 'USD' },
  });
  return { usd, eur, campaignUsd, campaignEur };
}

const reportOf = async (app: TestApp, query: string): Promise<SocialReport> => {
  const answer = await app.as(['MA']).get(`/api/social/report?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: SocialReport }>().data;
};

describe('with finance enabled', () => {
  const finance = createFinanceServerPlugin();
  const parts = socialParts();
  let app: TestApp;
  let ids: Seeded;
  beforeAll(async () => {
    app = await testApp({ plugins: [finance, parts] });
    ids = await seed(app, [finance, parts]);
    const rates = await app.as(['FT']).post('/api/finance/exchange-rates/import', { csv: 'EUR,2026-11-02,1.0834' });
    expect(rates.statusCode, rates.body).toBe(200);
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('sums each campaign and computes the rates to the cent, half-up', async () => {
    const report = await reportOf(app, 'from=2026-11-01&to=2026-11-03&level=campaign&group=campaign');
    expect(report.usd_available).toBe(true);
    // Sorted by name: the EUR campaign is "Alpha".
    expect(report.rows).toEqual([
      {
        key: String(ids.campaignEur),
        label: 'Alpha deals EU',
        clicks: 8,
        views: 2100,
        leads: 2,
        spent: '26.55',
        currency: 'EUR',
        // Its 2026-11-01 row has no EUR rate on or before it: the dollars are its 2026-11-02 row's, 25.55 × 1.0834.
        spent_usd: '27.68',
        unconverted: [{ currency: 'EUR', rows: 1, spent: '1' }],
        rates_currency: 'EUR',
        cpc: '3.32',
        cpm: '12.64',
        cpl: '13.28',
        ctr: '0.38',
      },
      {
        key: String(ids.campaignUsd),
        label: 'Zeta leads US',
        clicks: 11,
        views: 4000,
        leads: 1,
        spent: '22.35',
        currency: 'USD',
        spent_usd: '22.35',
        unconverted: [],
        rates_currency: 'USD',
        cpc: '2.03',
        cpm: '5.59',
        cpl: '22.35',
        ctr: '0.28',
      },
    ]);
    // Across currencies: no spent; the dollars of the rows with a rate (22.35 + 27.68087), the EUR row without one named
    // beside them, and no money rates, since the dollars leave a row out; CTR needs no money.
    expect(report.totals).toEqual({
      clicks: 19,
      views: 6100,
      leads: 3,
      spent: null,
      currency: null,
      spent_usd: '50.03',
      unconverted: [{ currency: 'EUR', rows: 1, spent: '1' }],
      rates_currency: null,
      cpc: null,
      cpm: null,
      cpl: null,
      ctr: '0.31',
    });
  });

  it('converts each day at its rate, and gives totals across currencies in dollars', async () => {
    const report = await reportOf(app, 'from=2026-11-02&to=2026-11-03&level=campaign&group=campaign');
    expect(report.rows.map((row) => [row.label, row.spent, row.spent_usd, row.cpc, row.cpm, row.cpl, row.ctr])).toEqual(
      [
        // 25.55 × 1.0834 = 27.680870
        ['Alpha deals EU', '25.55', '27.68', '3.65', '12.78', '12.78', '0.35'],
        ['Zeta leads US', '12.35', '12.35', '1.54', '4.12', '12.35', '0.27'],
      ],
    );
    // 12.35 + 27.68087 = 40.03087 dollars, rounded once.
    expect(report.totals).toEqual({
      clicks: 15,
      views: 5000,
      leads: 3,
      spent: null,
      currency: null,
      spent_usd: '40.03',
      unconverted: [],
      rates_currency: 'USD',
      cpc: '2.67',
      cpm: '8.01',
      cpl: '13.34',
      ctr: '0.30',
    });
  });

  it('groups by date with a filter, and answers null where a divisor is zero', async () => {
    const report = await reportOf(app, `from=2026-11-01&to=2026-11-03&level=campaign&group=date&ad_account=${ids.usd}`);
    expect(report.rows.map((row) => row.key)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(report.rows[1]).toEqual({
      key: '2026-11-02',
      label: '2026-11-02',
      clicks: 0,
      views: 0,
      leads: 0,
      spent: '0',
      currency: 'USD',
      spent_usd: '0.00',
      unconverted: [],
      rates_currency: 'USD',
      cpc: null,
      cpm: null,
      cpl: null,
      ctr: null,
    });
    expect(report.rows[2]).toMatchObject({ cpc: '1.54', cpm: '4.12', cpl: '12.35', ctr: '0.27' });
    expect(report.totals).toMatchObject({
      clicks: 11,
      views: 4000,
      spent: '22.35',
      currency: 'USD',
      spent_usd: '22.35',
    });
    const byCampaign = await reportOf(
      app,
      `from=2026-11-01&to=2026-11-03&level=campaign&group=ad_account&campaign=${ids.campaignEur}`,
    );
    expect(byCampaign.rows.map((row) => [row.label, row.clicks])).toEqual([['Northwind EU', 8]]);
  });

  it('sums the level asked for only, and answers an empty period with zero totals', async () => {
    const accounts = await reportOf(app, 'from=2026-11-01&to=2026-11-03&level=account&group=ad_account');
    expect(accounts.rows.map((row) => [row.label, row.clicks, row.spent])).toEqual([['Northwind US', 100, '999']]);
    const empty = await reportOf(app, 'from=2026-10-01&to=2026-10-31&level=ad&group=ad');
    expect(empty).toEqual({
      rows: [],
      totals: {
        clicks: 0,
        views: 0,
        leads: 0,
        spent: null,
        currency: null,
        spent_usd: '0.00',
        unconverted: [],
        rates_currency: 'USD',
        cpc: null,
        cpm: null,
        cpl: null,
        ctr: null,
      },
      usd_available: true,
    });
  });

  it('exports the same report as CSV for people: titles in their language, every digit, an empty cell for each null', async () => {
    const answer = await app
      .as(['MA'])
      .get('/api/social/report.csv?from=2026-11-02&to=2026-11-03&level=campaign&group=campaign');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="social-report-campaign-by-campaign-2026-11-02-2026-11-03.csv"',
    );
    expect(answer.body.split('\r\n')).toEqual([
      '\uFEFFCampaign,Clicks,Views,Leads,Spent,Currency,"Spent, USD",Not in spent USD,Rates currency,CPC,CPM,CPL,CTR %',
      'Alpha deals EU,7,2000,2,25.55,EUR,27.68,,EUR,3.65,12.78,12.78,0.35',
      'Zeta leads US,8,3000,1,12.35,USD,12.35,,USD,1.54,4.12,12.35,0.27',
      'Total,15,5000,3,,,40.03,,USD,2.67,8.01,13.34,0.30',
      '',
    ]);
    // The EUR row without a rate is named beside the dollars it is not in.
    const partial = await app
      .as(['MA'])
      .get('/api/social/report.csv?from=2026-11-01&to=2026-11-03&level=campaign&group=campaign');
    expect(partial.body.split('\r\n')[3]).toBe('Total,19,6100,3,,,50.03,€1.00 (rows: 1),,,,,0.31');
    // A Russian reader: their titles, `;` between fields, decimal commas, days in their form.
    const russian = await app.server.inject({
      method: 'GET',
      url: '/api/social/report.csv?from=2026-11-01&to=2026-11-03&level=campaign&group=date',
      headers: { ...bearer(mintToken(['MA'])), 'accept-language': 'ru' },
    });
    const lines = russian.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFДата;Клики;Показы;Лиды;Расход;Валюта;Расход, USD;Не вошло в расход, USD;Валюта курсов;CPC;CPM;CPL;CTR, %',
    );
    expect(lines[1]).toMatch(/^01\.11\.2026;/);
    expect(lines.at(-2)).toBe('Итого;19;6100;3;;;50,03;1,00\u00A0€ (строк: 1);;;;;0,31');
  });

  it('refuses what the report cannot answer with 422 on the field, and callers without MA with 403', async () => {
    const errors = async (query: string) => {
      const answer = await app.as(['MA']).get(`/api/social/report?${query}`);
      expect(answer.statusCode, query).toBe(422);
      return answer.json<{ errors?: Record<string, string[]> }>().errors ?? {};
    };
    expect(await errors('from=2026-11-03&to=2026-11-01&level=campaign&group=date')).toEqual({
      to: ['The period cannot end before it starts.'],
    });
    expect(await errors('from=2026-02-30&to=2026-03-01&level=campaign&group=date')).toEqual({
      from: ['This is not a calendar day.'],
    });
    expect(await errors('from=2025-01-01&to=2026-01-02&level=campaign&group=date')).toEqual({
      to: ['A period can span at most 366 days.'],
    });
    expect(await errors('from=2026-11-01&to=2026-11-03&level=campaign&group=adset')).toEqual({
      group: ['Rows of this level can be grouped by: date, ad_account, campaign.'],
    });
    expect(await errors('from=2026-11-01&to=2026-11-03&level=account&group=date&campaign=1')).toEqual({
      campaign: ['Account rows have no campaign: choose the campaign, adset or ad level to filter by campaign.'],
    });
    await errors('from=2026-11-01&to=2026-11-03&level=campaign&group=date&extra=1');
    await errors('to=2026-11-03&level=campaign&group=date');
    await errors('from=2026-11-01&to=2026-11-03&level=campaign&group=date&ad_account=01');
    await errors('from=2026-11-01&to=2026-11-03&level=week&group=date');
    // 2025-11-04 … 2026-11-04 is 366 days.
    expect(
      (await app.as(['MA']).get('/api/social/report?from=2025-11-04&to=2026-11-04&level=campaign&group=date'))
        .statusCode,
    ).toBe(200);
    for (const path of ['report', 'report.csv']) {
      expect(
        (await app.as(['MC', 'MQ']).get(`/api/social/${path}?from=2026-11-01&to=2026-11-03&level=campaign&group=date`))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('without finance', () => {
  const parts = socialParts();
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ plugins: [parts] });
    await seed(app, [parts]);
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('says spent USD is unavailable and still gives every other figure', async () => {
    const report = await reportOf(app, 'from=2026-11-02&to=2026-11-03&level=campaign&group=campaign');
    expect(report.usd_available).toBe(false);
    expect(report.rows.map((row) => [row.label, row.spent, row.spent_usd, row.rates_currency, row.cpc])).toEqual([
      ['Alpha deals EU', '25.55', null, 'EUR', '3.65'],
      ['Zeta leads US', '12.35', null, 'USD', '1.54'],
    ]);
    expect(report.totals).toMatchObject({ spent_usd: null, rates_currency: null, cpc: null, ctr: '0.30' });
  });
});

describe('the figures of a group', () => {
  const cell = (
    spent: string,
    clicks: number,
    views: number,
    leads: number,
    currency = 'USD',
    date = '2026-11-01',
    rows = 1,
  ) => ({ key: 'k', currency, date, clicks, views, leads, spent, rows });
  const rate = (currency: string): string | null => ({ USD: '1', JPY: '0.0066', EUR: '1.08' })[currency] ?? null;

  it('computes exact decimals, rounding half-up once (never through floating point)', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    const figures: ReportFigures = figuresOf([cell('0.1', 1, 3, 1), cell('0.2', 0, 0, 0)], rate);
    expect(figures).toMatchObject({
      spent: '0.3',
      spent_usd: '0.30',
      cpc: '0.30',
      cpm: '100.00',
      cpl: '0.30',
      ctr: '33.33',
    });
    // 1.005 / 1 → 1.01 half-up, where toFixed(2) gives 1.00.
    expect(figuresOf([cell('1.005', 1, 1, 1)], rate)).toMatchObject({ cpc: '1.01', ctr: '100.00' });
  });

  it('converts whole yen at a small rate and keeps the yen rates in yen', () => {
    expect(figuresOf([cell('12345', 100, 20000, 0, 'JPY')], rate)).toMatchObject({
      spent: '12345',
      currency: 'JPY',
      spent_usd: '81.48',
      rates_currency: 'JPY',
      cpc: '123.45',
      cpm: '617.25',
      cpl: null,
      ctr: '0.50',
    });
  });

  it('converts the currencies it has rates for and names the others with their rows and spent, never summed with the dollars', () => {
    // Rates present: every cell in dollars, nothing left out.
    expect(figuresOf([cell('10', 1, 1, 1, 'EUR'), cell('1000', 1, 1, 1, 'JPY')], rate)).toMatchObject({
      spent: null,
      spent_usd: '17.40',
      unconverted: [],
      rates_currency: 'USD',
      cpc: '8.70',
    });
    // Rates missing: no dollars, each currency named; the group's own currency still gives its rates.
    expect(
      figuresOf([cell('3', 1, 1, 1, 'XYZ', '2026-11-01', 2), cell('4', 1, 1, 1, 'XYZ', '2026-11-02', 3)], rate),
    ).toMatchObject({
      spent: '7',
      currency: 'XYZ',
      spent_usd: null,
      unconverted: [{ currency: 'XYZ', rows: 5, spent: '7' }],
      rates_currency: 'XYZ',
      cpc: '3.50',
    });
    // Mixed: the dollars of what converts, the rest by currency in code order, and no dollar rates over a partial sum.
    expect(
      figuresOf(
        [cell('10', 1, 1, 1, 'EUR'), cell('2', 1, 1, 1, 'XYZ'), cell('5', 1, 1, 1, 'ABC', '2026-11-01', 4)],
        rate,
      ),
    ).toMatchObject({
      spent: null,
      currency: null,
      spent_usd: '10.80',
      rates_currency: null,
      cpc: null,
      unconverted: [
        { currency: 'ABC', rows: 4, spent: '5' },
        { currency: 'XYZ', rows: 1, spent: '2' },
      ],
    });
  });

  it('has no dollars at all without finance', () => {
    expect(figuresOf([cell('5', 1, 1, 1)], null)).toMatchObject({
      spent: '5',
      spent_usd: null,
      rates_currency: 'USD',
      cpc: '5.00',
    });
    expect(figuresOf([cell('5', 1, 1, 1), cell('5', 1, 1, 1, 'EUR')], null)).toMatchObject({
      spent: null,
      spent_usd: null,
      unconverted: [],
      rates_currency: null,
      cpc: null,
      ctr: '100.00',
    });
  });
});
