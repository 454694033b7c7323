import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performanceTotals } from '@plugins/tracker/server/report/performance-totals';
import type { ReportAnswer } from '@plugins/tracker/shared/report';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
let acme: number;
let casino: number;
let dating: number;

/** Stores one aggregate line as an import would. */
async function stat(values: {
  day: string;
  offer: number | null;
  advertiser: number | null;
  country?: string;
  clicks: number;
  unique: number;
  leads: number;
  sales: number;
  revenue: string;
  cost: string;
}): Promise<void> {
  await app.db.query(
    `INSERT INTO tracker.statistics (day, offer_id, advertiser_id, country, clicks, unique_clicks, leads, sales, revenue, cost, origin)
     VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10::numeric, 'import')`,
    [
      values.day,
      values.offer,
      values.advertiser,
      values.country ?? 'DE',
      values.clicks,
      values.unique,
      values.leads,
      values.sales,
      values.revenue,
      values.cost,
    ],
  );
}

const report = async (query: string, codes: readonly ('TR' | 'TT')[] = ['TR']) =>
  app.call([...codes], 'GET', `report?${query}`);
const answerOf = async (query: string): Promise<ReportAnswer> => {
  const answer = await report(query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: ReportAnswer }>().data;
};

beforeAll(async () => {
  app = await trackerApp();
  acme = await app.create(['TA'], 'advertisers', { name: 'Acme', alias: 'acme' });
  casino = await app.create(['TO'], 'offers', { name: 'Casino', advertiser: acme });
  dating = await app.create(['TO'], 'offers', { name: 'Dating', advertiser: acme });
  await stat({
    day: '2026-03-01',
    offer: casino,
    advertiser: acme,
    clicks: 1000,
    unique: 800,
    leads: 24,
    sales: 10,
    revenue: '480.00',
    cost: '300.00',
  });
  await stat({
    day: '2026-03-02',
    offer: dating,
    advertiser: acme,
    country: 'FR',
    clicks: 500,
    unique: 450,
    leads: 9,
    sales: 3,
    revenue: '135.50',
    cost: '200.25',
  });
  // A day with nothing to divide by.
  await stat({
    day: '2026-03-03',
    offer: null,
    advertiser: null,
    clicks: 0,
    unique: 0,
    leads: 0,
    sales: 0,
    revenue: '0',
    cost: '0',
  });
}, DB_TIMEOUT);
afterAll(() => app.close());

describe('measures on known data', () => {
  it('computes ROI, CR, EPC and EPL per day to the cent, exactly, from the statistics table', async () => {
    const data = await answerOf('from=2026-03-01&to=2026-03-03&group=day');
    expect(data.source).toBe('statistics');
    expect(data.period).toEqual({ from: '2026-03-01', to: '2026-03-03' });
    expect(data.rows.map((row) => row.keys[0]?.value)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(data.rows[0]?.measures).toEqual({
      clicks: '1000',
      unique_clicks: '800',
      leads: '24',
      sales: '10',
      revenue: '480.00',
      cost: '300.00',
      profit: '180.00',
      roi: '60.00',
      cr: '3.00',
      epc: '0.4800',
      epl: '20.0000',
    });
    // ROI −64.75 ÷ 200.25 = −32.3345…%, EPL 135.50 ÷ 9 = 15.0555… (half away from zero).
    expect(data.rows[1]?.measures).toEqual({
      clicks: '500',
      unique_clicks: '450',
      leads: '9',
      sales: '3',
      revenue: '135.50',
      cost: '200.25',
      profit: '-64.75',
      roi: '-32.33',
      cr: '2.00',
      epc: '0.2710',
      epl: '15.0556',
    });
  });

  it('gives null, never 0 or NaN, where the divisor is 0', async () => {
    const data = await answerOf('from=2026-03-03&to=2026-03-03&group=day');
    expect(data.rows[0]?.measures).toMatchObject({
      clicks: '0',
      profit: '0.00',
      roi: null,
      cr: null,
      epc: null,
      epl: null,
    });
    expect(data.totals).toMatchObject({ roi: null, cr: null, epc: null, epl: null });
  });

  it('adds a totals row computed from the summed base measures, not from the rows’ ratios', async () => {
    const data = await answerOf('from=2026-03-01&to=2026-03-31&group=day');
    // ROI 115.25 ÷ 500.25 = 23.038…%, CR 33 ÷ 1250 = 2.64%, EPC 615.50 ÷ 1500 = 0.41033…, EPL 615.50 ÷ 33 = 18.6515…
    expect(data.totals).toEqual({
      clicks: '1500',
      unique_clicks: '1250',
      leads: '33',
      sales: '13',
      revenue: '615.50',
      cost: '500.25',
      profit: '115.25',
      roi: '23.04',
      cr: '2.64',
      epc: '0.4103',
      epl: '18.6515',
    });
  });

  it('groups by two dimensions with the names of advertisers and offers', async () => {
    const data = await answerOf('from=2026-03-01&to=2026-03-02&group=advertiser,offer');
    expect(data.grouping).toEqual(['advertiser', 'offer']);
    expect(data.rows.map((row) => row.keys)).toEqual([
      [
        { value: String(acme), label: 'Acme' },
        { value: String(casino), label: 'Casino' },
      ],
      [
        { value: String(acme), label: 'Acme' },
        { value: String(dating), label: 'Dating' },
      ],
    ]);
    const byCountry = await answerOf('from=2026-03-01&to=2026-03-02&group=country');
    expect(byCountry.rows.map((row) => [row.keys[0]?.value, row.measures.clicks])).toEqual([
      ['DE', '1000'],
      ['FR', '500'],
    ]);
  });

  it('answers a period with no rows with what is missing: another period, since the table holds statistics', async () => {
    const data = await answerOf('from=2025-01-01&to=2025-01-31&group=day');
    expect(data).toMatchObject({ rows: [], empty: 'period', totals: { clicks: '0', revenue: '0.00', roi: null } });
  });

  it('resolves a date preset on the server', async () => {
    const data = await answerOf('preset=today&group=day');
    const today = new Date().toISOString().slice(0, 10);
    expect(data.period).toEqual({ from: today, to: today });
  });
});

describe('money in one currency', () => {
  it('converts each row at its day’s USD rate and names the currencies without one, leaving their rows out', async () => {
    const euro = await app.create(['TO'], 'offers', {
      name: 'Euro offer',
      advertiser: acme,
      payout: { amount: '40', currency: 'EUR' },
    });
    const pound = await app.create(['TO'], 'offers', {
      name: 'Pound offer',
      advertiser: acme,
      payout: { amount: '30', currency: 'GBP' },
    });
    const rates = await app.callService('finance', ['FT'], 'POST', 'exchange-rates/import', {
      csv: 'EUR,2026-04-02,1.1',
    });
    expect(rates.statusCode, rates.body).toBe(200);
    const line = { advertiser: acme, clicks: 100, unique: 90, leads: 2, sales: 1 };
    // EUR has no rate before 2026-04-02; GBP none at all; a row without an offer is in dollars.
    await stat({ ...line, day: '2026-04-01', offer: euro, revenue: '80.00', cost: '10.00' });
    await stat({ ...line, day: '2026-04-02', offer: euro, revenue: '80.00', cost: '10.05' });
    await stat({ ...line, day: '2026-04-02', offer: pound, revenue: '60.00', cost: '5.00' });
    await stat({ ...line, day: '2026-04-02', offer: null, revenue: '7.50', cost: '2.00' });
    const data = await answerOf('from=2026-04-01&to=2026-04-02&group=offer');
    expect(data.currency).toBe('USD');
    // 10.05 EUR × 1.1 = 11.055, to the cent half away from zero: 11.06.
    expect(
      data.rows.map((row) => [
        row.keys[0]?.label ?? null,
        row.measures.clicks,
        row.measures.revenue,
        row.measures.cost,
      ]),
    ).toEqual([
      ['Euro offer', '100', '88.00', '11.06'],
      [null, '100', '7.50', '2.00'],
    ]);
    expect(data.totals).toMatchObject({ clicks: '200', revenue: '95.50', cost: '13.06' });
    expect(data.unconverted).toEqual([
      { currency: 'EUR', rows: 1, revenue: '80.00', cost: '10.00' },
      { currency: 'GBP', rows: 1, revenue: '60.00', cost: '5.00' },
    ]);
    // Everything converts: nothing is named.
    expect((await answerOf('from=2026-03-01&to=2026-03-31&group=day')).unconverted).toEqual([]);
    // Finance's pay rules read the same dollars, and the leads and sales of every row.
    const eurFromApril2 = {
      usdRate: async (currency: string, day: string) => (currency === 'EUR' && day >= '2026-04-02' ? '1.1' : null),
    };
    expect(await performanceTotals(app.db, '2026-04-01', '2026-04-02', eurFromApril2)).toEqual({
      revenue: '95.50',
      spend: '13.06',
      profit: '82.44',
      leads: 8,
      sales: 4,
    });
  });
});

describe('the request', () => {
  it('answers 403 without TR on the report and its export', async () => {
    expect((await report('preset=today&group=day', ['TT'])).statusCode).toBe(403);
    expect((await app.call(['TT'], 'GET', 'report/export?preset=today&group=day')).statusCode).toBe(403);
  });

  it.each([
    ['group=day', 'from'],
    ['preset=today&from=2026-03-01&to=2026-03-02&group=day', 'preset'],
    ['from=2026-02-30&to=2026-03-02&group=day', 'from'],
    ['from=2026-03-02&to=2026-03-01&group=day', 'to'],
    ['from=2024-01-01&to=2026-03-01&group=day', 'to'],
    ['preset=today&group=week', 'group'],
    ['preset=today&group=day,offer,country', 'group'],
    ['preset=today&group=day,day', 'group'],
    ['preset=fortnight&group=day', 'preset'],
    ['preset=today&group=day&extra=1', 'extra'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const answer = await report(query);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors).join(' ')).toContain(field);
  });

  it('says why in Russian to a Russian caller', async () => {
    const answer = await app.app.inject({
      method: 'GET',
      url: '/api/tracker/report?from=2026-03-02&to=2026-03-01&group=day',
      headers: { ...bearer(mintToken(['TR'])), 'accept-language': 'ru' },
    });
    expect(answer.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
      'Период не может закончиться раньше, чем начался.',
    ]);
  });

  it('exports the same report as CSV for people, with its totals line: titles in their language, every digit', async () => {
    const answer = await app.call(['TR'], 'GET', 'report/export?from=2026-03-01&to=2026-03-02&group=offer');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['x-report-source']).toBe('statistics');
    expect(answer.body.split('\r\n')).toEqual([
      '\uFEFFOffer,Clicks,Unique clicks,Leads,Sales,Revenue,Cost,Profit,ROI %,CR %,EPC,EPL,Currency',
      'Casino,1000,800,24,10,480.00,300.00,180.00,60.00,3.00,0.4800,20.0000,USD',
      'Dating,500,450,9,3,135.50,200.25,-64.75,-32.33,2.00,0.2710,15.0556,USD',
      'Total,1500,1250,33,13,615.50,500.25,115.25,23.04,2.64,0.4103,18.6515,USD',
      '',
    ]);
    // A Russian reader: their titles, `;` between fields, decimal commas, days in their form.
    const russian = await app.app.inject({
      method: 'GET',
      url: '/api/tracker/report/export?from=2026-03-01&to=2026-03-02&group=day,offer',
      headers: { ...bearer(mintToken(['TR'])), 'accept-language': 'ru' },
    });
    const lines = russian.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFДень;Оффер;Клики;Уникальные клики;Лиды;Продажи;Доход;Расход;Прибыль;ROI, %;CR, %;EPC;EPL;Валюта',
    );
    expect(lines[1]).toMatch(/^01\.03\.2026;/);
    expect(lines.at(-2)).toBe('Итого;;1500;1250;33;13;615,50;500,25;115,25;23,04;2,64;0,4103;18,6515;USD');
  });
});
