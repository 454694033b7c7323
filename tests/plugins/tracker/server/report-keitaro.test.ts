import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ReportAnswer, ReportTracker } from '@plugins/tracker/shared/report';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { KEITARO_REPORT_MAX_ROWS } from '@plugins/tracker/server/keitaro/keitaro-api';
import { FakeKeitaro } from '../support/fake-keitaro';
import { trackerApp, type TrackerTestApp } from './tracker-support';

const KEY = 'report-key-123';
let app: TrackerTestApp;
let keitaro: FakeKeitaro;
let tracker: number;
let plain: number;
let keyless: number;

async function server(name: string, url: string, apiKey: string | null): Promise<number> {
  const answer = await app.callService('auth', ['VR'], 'POST', 'keitaro/servers', {
    name,
    url,
    ...(apiKey === null ? {} : { api_key: apiKey }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ data: { id: number } }>().data.id;
}

const report = (query: string) => app.call(['TR'], 'GET', `report?${query}`);

beforeAll(async () => {
  keitaro = new FakeKeitaro(KEY);
  const url = await keitaro.start();
  app = await trackerApp();
  tracker = await app.create(['TT'], 'trackers', { slug: 'kt', active_server: await server('kt-main', url, KEY) });
  keyless = await app.create(['TT'], 'trackers', {
    slug: 'keyless',
    active_server: await server('kt-keyless', url, null),
  });
  plain = await app.create(['TT'], 'trackers', { slug: 'plain' });
}, DB_TIMEOUT);
afterAll(async () => {
  await app.close();
  await keitaro.stop();
});
beforeEach(() => {
  keitaro.calls.length = 0;
  keitaro.reportRows = [
    {
      offer: 'Casino',
      country: 'DE',
      clicks: 1000,
      campaign_unique_clicks: 800,
      leads: 14,
      sales: 10,
      revenue: '480.00',
      cost: 300,
    },
    {
      offer: 'Dating',
      country: 'FR',
      clicks: 500,
      campaign_unique_clicks: 450,
      leads: 6,
      sales: 3,
      revenue: 135.5,
      cost: '200.25',
    },
  ];
});

it('asks the tracker’s Keitaro report/build and computes the measures as for the statistics (leads are pending and sales)', async () => {
  const answer = await report(`from=2026-03-01&to=2026-03-31&group=offer,country&tracker=${tracker}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const data = answer.json<{ data: ReportAnswer }>().data;
  expect(data).toMatchObject({
    source: 'keitaro',
    tracker_id: tracker,
    period: { from: '2026-03-01', to: '2026-03-31' },
    empty: null,
  });
  expect(keitaro.calls).toMatchObject([
    {
      method: 'POST',
      path: '/report/build',
      apiKey: KEY,
      body: { range: { from: '2026-03-01', to: '2026-03-31', timezone: 'UTC' }, grouping: ['offer', 'country'] },
    },
  ]);
  expect(data.rows.map((row) => row.keys.map((key) => key.label))).toEqual([
    ['Casino', 'DE'],
    ['Dating', 'FR'],
  ]);
  expect(data.rows[0]?.measures).toEqual({
    clicks: '1000',
    unique_clicks: '800',
    leads: '24',
    sales: '10',
    revenue: '480.00',
    cost: '300',
    profit: '180.00',
    roi: '60.00',
    cr: '3.00',
    epc: '0.4800',
    epl: '20.0000',
  });
  expect(data.totals).toMatchObject({
    clicks: '1500',
    leads: '33',
    revenue: '615.50',
    cost: '500.25',
    profit: '115.25',
    roi: '23.04',
    cr: '2.64',
    epc: '0.4103',
    epl: '18.6515',
  });
});

it('groups by advertiser through the offers written to Keitaro: asked by offer_id, added up per advertiser', async () => {
  const advertiser = async (name: string) => app.create(['TA'], 'advertisers', { name, alias: name.toLowerCase() });
  const [acme, globex] = [await advertiser('Acme'), await advertiser('Globex')];
  const offer = async (name: string, owner: number, keitaroId: number, trackerId = tracker) => {
    const id = await app.create(['TO'], 'offers', { name, advertiser: owner, tracker: trackerId });
    await app.db.query('UPDATE tracker.offers SET keitaro_offer_id = $1 WHERE id = $2', [keitaroId, id]);
  };
  await offer('Casino', acme, 11);
  await offer('Dating', acme, 12);
  await offer('Poker', globex, 13);
  // The same Keitaro id on another tracker's server is another offer.
  await offer('Elsewhere', globex, 11, plain);
  const metrics = (clicks: number) => ({
    clicks,
    campaign_unique_clicks: clicks,
    leads: 1,
    sales: 1,
    revenue: '10.00',
    cost: '5.00',
  });
  keitaro.reportRows = [
    { offer_id: 11, ...metrics(100) },
    { offer_id: 13, ...metrics(30) },
    { offer_id: 12, ...metrics(50) },
    { offer_id: 99, ...metrics(7) },
  ];
  const answer = await report(`preset=this_month&group=advertiser&tracker=${tracker}`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(keitaro.calls[0]?.body).toMatchObject({ grouping: ['offer_id'] });
  const data = answer.json<{ data: ReportAnswer }>().data;
  expect(data.rows.map((row) => [row.keys[0], row.measures.clicks, row.measures.revenue])).toEqual([
    [{ value: String(acme), label: 'Acme' }, '150', '20.00'],
    [{ value: String(globex), label: 'Globex' }, '30', '10.00'],
    [{ value: null, label: null }, '7', '10.00'],
  ]);
  expect(data.totals).toMatchObject({ clicks: '187', revenue: '40.00' });
});

it('refuses a report larger than it reads, in the reader’s language', async () => {
  keitaro.reportRows = Array.from({ length: KEITARO_REPORT_MAX_ROWS + 1 }, () => ({ offer: 'Casino', clicks: 1 }));
  const answer = await app.app.inject({
    method: 'GET',
    url: `/api/tracker/report?preset=today&group=offer&tracker=${tracker}`,
    headers: { ...bearer(mintToken(['TR'])), 'accept-language': 'ru' },
  });
  expect(answer.statusCode).toBe(422);
  expect(answer.json<{ message: string }>().message).toBe(
    `В отчёте Keitaro ${KEITARO_REPORT_MAX_ROWS + 1} строк, больше ${KEITARO_REPORT_MAX_ROWS}, которые можно показать: выберите период короче или меньше группировок.`,
  );
});

it("carries Keitaro's 406 messages per field and its 400 error into the answer, in the reader's language", async () => {
  keitaro.rejectFieldsNext({ range: ['Range is too long'] });
  const refused = await report(`preset=today&group=offer&tracker=${tracker}`);
  expect(refused.statusCode).toBe(422);
  expect(refused.json<{ message: string }>().message).toBe('Keitaro refused it (406): range: Range is too long');
  keitaro.refuseNext(400, 'Bad filter');
  const russian = await app.app.inject({
    method: 'GET',
    url: `/api/tracker/report?preset=today&group=offer&tracker=${tracker}`,
    headers: { ...bearer(mintToken(['TR'])), 'accept-language': 'ru' },
  });
  expect(russian.json<{ message: string }>().message).toBe('Keitaro отклонил запрос (400): Bad filter');
});

it('adds up the rows for the totals (Keitaro documents no summary), and says when the period is empty', async () => {
  const summed = (await report(`preset=today&group=offer&tracker=${tracker}`)).json<{ data: ReportAnswer }>().data;
  expect(summed.totals).toMatchObject({
    clicks: '1500',
    unique_clicks: '1250',
    leads: '33',
    sales: '13',
    revenue: '615.50',
    cost: '500.25',
  });
  keitaro.reportRows = [];
  const empty = (await report(`preset=today&group=offer&tracker=${tracker}`)).json<{ data: ReportAnswer }>().data;
  expect(empty).toMatchObject({ source: 'keitaro', rows: [], empty: 'period', totals: { clicks: '0', roi: null } });
});

it('invents no number: a row without a metric, a refused key or an unreachable server are errors', async () => {
  keitaro.reportRows = [{ offer: 'Casino', clicks: 10 }];
  expect((await report(`preset=today&group=offer&tracker=${tracker}`)).statusCode).toBe(502);
  keitaro.refuseNext(401, 'Unauthorized');
  const refused = await report(`preset=today&group=offer&tracker=${tracker}`);
  expect(refused.statusCode).toBe(422);
  expect(refused.json<{ message: string }>().message).toContain('kt-main');
  expect(refused.body).not.toContain(KEY);
  keitaro.dropNext();
  expect((await report(`preset=today&group=offer&tracker=${tracker}`)).statusCode).toBe(502);
});

it('reads the statistics for a tracker without a server, and says what to set up for a server without a key', async () => {
  const answer = await report(`preset=today&group=day&tracker=${plain}`);
  expect(answer.json<{ data: ReportAnswer }>().data).toMatchObject({
    source: 'statistics',
    tracker_id: plain,
    rows: [],
    empty: 'connect',
  });
  const keyMissing = await report(`preset=today&group=day&tracker=${keyless}`);
  expect(keyMissing.statusCode).toBe(503);
  expect(keyMissing.json<{ message: string }>().message).toContain('kt-keyless');
  expect((await report('preset=today&group=day&tracker=999999')).statusCode).toBe(422);
  expect(keitaro.calls).toEqual([]);
});

it('lists the trackers a TR user can choose, with the source each is read from', async () => {
  const answer = await app.call(['TR'], 'GET', 'report/trackers');
  expect(answer.statusCode).toBe(200);
  expect(answer.json<{ data: ReportTracker[] }>().data).toEqual([
    { id: keyless, slug: 'keyless', source: 'keitaro' },
    { id: tracker, slug: 'kt', source: 'keitaro' },
    { id: plain, slug: 'plain', source: 'statistics' },
  ]);
  expect((await app.call(['TT'], 'GET', 'report/trackers')).statusCode).toBe(403);
});
