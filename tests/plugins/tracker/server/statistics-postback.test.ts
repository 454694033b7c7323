import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostbackUrl, ReportAnswer } from '@plugins/tracker/shared/report';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
let tracker: number;
let other: number;
let offer: number;
let stream: number;
let secret: string;

/** The postback URL as the tracker admin reads it, with Keitaro's macros filled in. */
async function postbackUrl(trackerId: number): Promise<URL> {
  const answer = await app.call(['TT'], 'GET', `trackers/${trackerId}/postback-url`);
  expect(answer.statusCode, answer.body).toBe(200);
  return new URL(answer.json<{ data: PostbackUrl }>().data.url);
}

/** A postback as a tracker sends it: no sign-in, only the query. */
const postback = (query: Record<string, string | number>) =>
  app.app.inject({
    method: 'GET',
    url: `/api/tracker/postback?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`,
  });

const today = new Date().toISOString().slice(0, 10);

async function todaysTotals(): Promise<ReportAnswer['totals']> {
  const answer = await app.call(['TR'], 'GET', `report?from=${today}&to=${today}&group=offer&tracker=${tracker}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: ReportAnswer }>().data.totals;
}

beforeAll(async () => {
  app = await trackerApp();
  tracker = await app.create(['TT'], 'trackers', { slug: 'main' });
  other = await app.create(['TT'], 'trackers', { slug: 'other' });
  const advertiser = await app.create(['TA'], 'advertisers', { name: 'Acme', alias: 'acme' });
  offer = await app.create(['TO'], 'offers', { name: 'Casino', advertiser });
  stream = await app.create(['TS'], 'streams', { campaign_id: 7, campaign_name: 'Spring', offer });
  secret = (await postbackUrl(tracker)).searchParams.get('secret') ?? '';
}, DB_TIMEOUT);
afterAll(() => app.close());

describe('the postback URL', () => {
  it('names the tracker, its secret and Keitaro’s macros, for TT only', async () => {
    const url = await postbackUrl(tracker);
    expect(url.pathname).toBe('/api/tracker/postback');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tracker: String(tracker),
      secret,
      click_id: '{subid}',
      status: '{status}',
      payout: '{payout}',
    });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await postbackUrl(other)).searchParams.get('secret')).not.toBe(secret);
    expect((await app.call(['TR'], 'GET', `trackers/${tracker}/postback-url`)).statusCode).toBe(403);
    expect((await app.call(['TT'], 'GET', 'trackers/999999/postback-url')).statusCode).toBe(404);
  });
});

describe('GET postback', () => {
  it('answers 401 for a missing, wrong or other tracker’s secret and stores nothing', async () => {
    const otherSecret = (await postbackUrl(other)).searchParams.get('secret') ?? '';
    expect(
      (await postback({ tracker, secret: 'wrong', click_id: 'c0', status: 'lead', payout: '10' })).statusCode,
    ).toBe(401);
    expect(
      (await postback({ tracker, secret: otherSecret, click_id: 'c0', status: 'lead', payout: '10' })).statusCode,
    ).toBe(401);
    expect((await postback({ tracker, click_id: 'c0', status: 'lead', payout: '10' })).statusCode).toBe(422);
    const { rows } = await app.db.query("SELECT 1 FROM tracker.statistics WHERE click_id = 'c0'");
    expect(rows).toEqual([]);
  });

  it('counts a conversion once: a repeated click id is a duplicate and changes nothing', async () => {
    const first = await postback({ tracker, secret, click_id: 'c1', status: 'lead', payout: '12.50', stream });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { click_id: 'c1', status: 'lead', duplicate: false } });
    const again = await postback({ tracker, secret, click_id: 'c1', status: 'lead', payout: '99.00' });
    expect(again.json()).toEqual({ data: { click_id: 'c1', status: 'lead', duplicate: true } });
    expect(await todaysTotals()).toMatchObject({ leads: '1', sales: '0', revenue: '12.50' });
    // The stream gave the offer, its campaign and the offer's advertiser.
    const { rows } = await app.db.query<{ offer_id: string; campaign: string }>(
      "SELECT offer_id::text, campaign FROM tracker.statistics WHERE click_id = 'c1'",
    );
    expect(rows).toEqual([{ offer_id: String(offer), campaign: 'Spring' }]);
  });

  it('lets a pending lead become a sale once, and never go back', async () => {
    expect(
      (await postback({ tracker, secret, click_id: 'c2', status: 'lead', payout: '10.00', offer })).json(),
    ).toMatchObject({ data: { duplicate: false } });
    expect((await postback({ tracker, secret, click_id: 'c2', status: 'sale', payout: '10.00' })).json()).toEqual({
      data: { click_id: 'c2', status: 'sale', duplicate: false },
    });
    expect((await postback({ tracker, secret, click_id: 'c2', status: 'sale', payout: '10.00' })).json()).toMatchObject(
      { data: { status: 'sale', duplicate: true } },
    );
    expect((await postback({ tracker, secret, click_id: 'c2', status: 'lead', payout: '10.00' })).json()).toMatchObject(
      { data: { status: 'sale', duplicate: true } },
    );
    expect((await postback({ tracker, secret, click_id: 'c3', status: 'rejected' })).json()).toMatchObject({
      data: { status: 'rejected', duplicate: false },
    });
    expect(await todaysTotals()).toMatchObject({ leads: '2', sales: '1', revenue: '22.50' });
  });

  it('keeps one row per click id under concurrent repeats', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postback({ tracker, secret, click_id: 'c4', status: 'sale', payout: '5.00' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => !answer.json<{ data: { duplicate: boolean } }>().data.duplicate)).toHaveLength(1);
  });

  it.each([
    [{ status: 'lead' }, 'payout'],
    [{ status: 'approved', payout: '1' }, 'status'],
    [{ status: 'sale', payout: '1.005' }, 'payout'],
    [{ status: 'sale', payout: '-1' }, 'payout'],
    [{ status: 'sale', payout: '1', country: 'de' }, 'country'],
    [{ status: 'sale', payout: '1', offer: 999999 }, 'offer'],
    [{ status: 'sale', payout: '1', stream: 999999 }, 'stream'],
    [{ status: 'sale', payout: '1', extra: 'x' }, 'extra'],
  ])('refuses %o with 422 naming %s', async (query, field) => {
    const answer = await postback({ tracker, secret, click_id: 'bad', ...query });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors).join(' ')).toContain(field);
  });

  it('answers 404 for a deleted tracker even with its secret', async () => {
    const gone = await app.create(['TT'], 'trackers', { slug: 'gone' });
    const goneSecret = (await postbackUrl(gone)).searchParams.get('secret') ?? '';
    expect((await app.call(['TT'], 'DELETE', `trackers/${gone}`)).statusCode).toBeLessThan(300);
    expect(
      (await postback({ tracker: gone, secret: goneSecret, click_id: 'g1', status: 'lead', payout: '1' })).statusCode,
    ).toBe(404);
  });
});
