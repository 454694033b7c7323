import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';
import { errorsOf, inRussian, loadRows, reportFixtures, row, summary, type ReportFixtures } from './reports-support';

/** `GET reports/summary`: the charts' totals and groups, exact decimals, narrowed by the page's filters. */

let t: ShopTestApp;
let fx: ReportFixtures;

beforeAll(async () => {
  t = await shopApp();
  fx = await reportFixtures(t);
  const answer = await loadRows(t, [
    row('1', '2026-03-01', '0.1', { team: fx.alpha, vertical: 'Nutra' }),
    row('2', '2026-03-02', '0.2', { team: fx.alpha, vertical: 'Nutra', status: 'disabled', disable_reason: 'Policy' }),
    row('3', '2026-03-03', '1234567.89', {
      team: fx.beta,
      vertical: 'Gambling',
      status: 'disabled',
      disable_reason: 'Policy',
    }),
    row('4', '2026-03-31', '0.01', { status: 'disabled' }),
    row('5', '2026-04-01', '100', { team: fx.beta, vertical: 'Nutra', status: 'limited' }),
  ]);
  if (answer.statusCode !== 200) throw new Error(answer.body);
  // A deleted row counts nowhere.
  const deleted = await t.create('reports', row('6', '2026-03-01', '999', { team: fx.alpha }));
  await t.shop(SHOP_CODES, 'DELETE', `reports/${deleted}`);
}, DB_TIMEOUT);
afterAll(() => t.close());

describe('the summary', () => {
  it('sums exactly and shares exactly, over every live row', async () => {
    expect(await summary(t)).toEqual({
      totals: { assets: 5, disabled: 3, spent_usd: '1234668.20' },
      by_team: [
        { team: fx.beta, name: 'Beta', spent_usd: '1234667.89', assets: 2 },
        { team: fx.alpha, name: 'Alpha', spent_usd: '0.30', assets: 2 },
        { team: null, name: null, spent_usd: '0.01', assets: 1 },
      ],
      by_vertical: [
        { vertical: 'Gambling', spent_usd: '1234567.89', assets: 1 },
        { vertical: 'Nutra', spent_usd: '100.30', assets: 3 },
        { vertical: null, spent_usd: '0.01', assets: 1 },
      ],
      disabled_by_reason: [
        { reason: 'Policy', assets: 2, share: '66.67' },
        { reason: null, assets: 1, share: '33.33' },
      ],
    });
  });

  it('offers the verticals the live rows name, alphabetically, for the filter to pick', async () => {
    const answer = await t.shop(SHOP_CODES, 'GET', 'reports/verticals');
    expect(answer.json()).toEqual({ data: ['Gambling', 'Nutra'] });
    expect((await t.shop([], 'GET', 'reports/verticals')).statusCode).toBe(403);
  });

  it('narrows by team, vertical, status and report days', async () => {
    const alpha = await summary(t, `?team=${fx.alpha}`);
    expect(alpha.totals).toEqual({ assets: 2, disabled: 1, spent_usd: '0.30' });
    expect(alpha.disabled_by_reason).toEqual([{ reason: 'Policy', assets: 1, share: '100.00' }]);
    expect((await summary(t, '?vertical=Nutra')).totals).toEqual({ assets: 3, disabled: 1, spent_usd: '100.30' });
    expect((await summary(t, '?status=limited')).by_team).toEqual([
      { team: fx.beta, name: 'Beta', spent_usd: '100.00', assets: 1 },
    ]);
    const march = await summary(t, '?from=2026-03-02&to=2026-03-31');
    expect(march.totals).toEqual({ assets: 3, disabled: 3, spent_usd: '1234568.10' });
    expect((await summary(t, '?from=2026-04-01')).totals.assets).toBe(1);
    expect((await summary(t, '?to=2026-03-01')).totals.assets).toBe(1);
    const nothing = await summary(t, `?team=${fx.alpha}&status=limited`);
    expect(nothing).toEqual({
      totals: { assets: 0, disabled: 0, spent_usd: '0.00' },
      by_team: [],
      by_vertical: [],
      disabled_by_reason: [],
    });
  });

  it('refuses a query it cannot take as it is (422)', async () => {
    for (const query of [
      'team=abc',
      'team=0',
      'team=01',
      'team=1&team=2',
      'status=paused',
      'vertical=',
      'from=2026-3-1',
      'from=2026-02-30',
      'to=2026-03-01&from=2026-03-02',
      'colour=red',
    ]) {
      const answer = await t.shop(['SR'], 'GET', `reports/summary?${query}`);
      expect(answer.statusCode, query).toBe(422);
    }
    expect(errorsOf(await t.shop(['SR'], 'GET', 'reports/summary?from=2026-03-02&to=2026-03-01')).errors).toEqual({
      to: ['The period cannot end before it starts.'],
    });
    expect(errorsOf(await inRussian(t, 'GET', 'reports/summary?from=2026-03-02&to=2026-03-01')).errors).toEqual({
      to: ['Период не может закончиться раньше, чем начался.'],
    });
  });

  it('is for SR holders only', async () => {
    expect((await t.shop(['SO', 'SQ'], 'GET', 'reports/summary')).statusCode).toBe(403);
  });
});
