import { afterAll, beforeAll, expect, it } from 'vitest';
import { localIsoDate } from '@core/sdk/shared';
import { DB_TIMEOUT, demoContext, testApp, type TestApp } from '@core/sdk/testing';
import type { SocialReport } from '@plugins/social/shared/report';
import { socialParts } from '../report/social-parts';

/** The social demo fills every screen once, through the engine and the budget rules, and claims no platform. */

const CODES = ['MA', 'MC', 'FO'] as const;
const parts = socialParts();
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ plugins: [parts] });
  const demo = await demoContext(app.db, [parts]);
  await parts.seedDemo?.(app.db, demo);
  await parts.seedDemo?.(app.db, demo);
}, DB_TIMEOUT * 4);
afterAll(() => app.close());

type Row = Record<string, unknown>;
const rowsOf = async (path: string): Promise<Row[]> => {
  const answer = await app.as(CODES).get(`/api/social/${path}${path.includes('?') ? '&' : '?'}per_page=100`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { data: Row[] } }>().data.data;
};
const totalOf = async (path: string): Promise<number> =>
  (await app.as(CODES).get(`/api/social/${path}`)).json<{ data: { total: number } }>().data.total;

function dayIn(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return localIsoDate(day);
}

it('fills every screen once', async () => {
  const counts = Object.fromEntries(
    await Promise.all(
      ['services', 'accounts', 'ad-accounts', 'pages', 'campaigns', 'adsets', 'ads', 'conversion-apis'].map(
        async (path) => [path, (await rowsOf(path)).length],
      ),
    ),
  );
  expect(counts).toEqual({
    services: 1,
    accounts: 2,
    'ad-accounts': 3,
    pages: 3,
    campaigns: 4,
    adsets: 6,
    ads: 8,
    'conversion-apis': 1,
  });
  // A month at every level: 3 ad accounts, 4 campaigns, 6 adsets and 8 ads a day.
  expect(await totalOf('insights')).toBe(30 * (3 + 4 + 6 + 8));
});

it('is planning data: nothing claims the platform, the secrets are fake and masked', async () => {
  for (const path of ['ad-accounts', 'pages', 'campaigns', 'adsets', 'ads']) {
    for (const row of await rowsOf(path)) expect([path, row.on_platform, row.external_id]).toEqual([path, false, null]);
  }
  expect((await rowsOf('accounts')).map((row) => [row.type, row.service])).toEqual(
    expect.arrayContaining([
      ['business_manager', null],
      ['system_user', null],
    ]),
  );
  const { rows } = await app.db.query<{ app_secret: string; access_token: string }>(
    'SELECT app_secret, access_token FROM social.services',
  );
  expect(rows).toEqual([{ app_secret: 'demo-not-a-real-app-secret', access_token: 'demo-not-a-real-access-token' }]);
  const services = JSON.stringify(await rowsOf('services'));
  expect(services).not.toContain('demo-not-a-real');
  const [pixel] = await rowsOf('conversion-apis');
  expect(pixel).toMatchObject({ test_event_code: 'TEST12345' });
  expect(JSON.stringify(pixel)).not.toContain('demo-not-a-real');
});

it('has ad accounts in USD, EUR and JPY and campaigns with one budget each, one lifetime with its stop time', async () => {
  expect((await rowsOf('ad-accounts')).map((row) => row.currency).sort()).toEqual(['EUR', 'JPY', 'USD']);
  const campaigns = await rowsOf('campaigns');
  for (const campaign of campaigns)
    expect(Number(campaign.daily_budget !== null) + Number(campaign.lifetime_budget !== null)).toBe(1);
  const lifetime = campaigns.filter((campaign) => campaign.lifetime_budget !== null);
  expect(lifetime).toHaveLength(1);
  expect(lifetime[0]?.stop_time).toEqual(expect.any(String));
});

it('gives a month of report rows ending yesterday, with days of no clicks or leads', async () => {
  const answer = await app.as(['MA']).get(`/api/social/report?from=${dayIn(-30)}&to=${dayIn(0)}&level=ad&group=date`);
  const report = answer.json<{ data: SocialReport }>().data;
  expect(report.rows.map((row) => row.key)).toHaveLength(30);
  expect(report.rows[0]?.key).toBe(dayIn(-30));
  expect(report.rows.at(-1)?.key).toBe(dayIn(-1));
  const byAd = (
    await app.as(['MA']).get(`/api/social/report?from=${dayIn(-30)}&to=${dayIn(-1)}&level=ad&group=ad`)
  ).json<{ data: SocialReport }>().data;
  expect(byAd.rows).toHaveLength(8);
  // Ads that bring no leads have no CPL ("—"), and the three currencies leave the totals without spent.
  expect(byAd.rows.filter((row) => row.cpl === null).length).toBeGreaterThan(0);
  expect(byAd.totals).toMatchObject({ spent: null, currency: null });
  const daily = (
    await app.as(['MA']).get(`/api/social/report?from=${dayIn(-30)}&to=${dayIn(-1)}&level=adset&group=date`)
  ).json<{ data: SocialReport }>().data;
  expect(daily.totals.clicks).toBe(byAd.totals.clicks);
  // A day of one ad with views but no clicks.
  const adDays = await rowsOf('insights?filter[level][eq]=ad&filter[clicks][eq]=0');
  expect(adDays.some((row) => Number(row.views) > 0)).toBe(true);
});
