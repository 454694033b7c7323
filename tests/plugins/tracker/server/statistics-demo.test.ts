import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import finance from '@plugins/finance/server';
import tracker from '@plugins/tracker/server';
import type { ReportAnswer } from '@plugins/tracker/shared/report';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;

beforeAll(async () => {
  app = await trackerApp();
  const plugins = [admin, finance, tracker];
  const demo = await demoContext(app.db, plugins);
  for (const plugin of plugins) await plugin.seedDemo?.(app.db, demo);
}, DB_TIMEOUT * 2);
afterAll(() => app.close());

const lastMonth = async (group: string): Promise<ReportAnswer> => {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const answer = await app.call(['TR'], 'GET', `report?from=${from}&to=${today}&group=${group}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: ReportAnswer }>().data;
};

it('fills a month of statistics for the demo advertisers, every day of it', async () => {
  const byDay = await lastMonth('day');
  expect(byDay).toMatchObject({ source: 'statistics', empty: null });
  expect(byDay.rows).toHaveLength(30);
  const byAdvertiser = await lastMonth('advertiser');
  expect(byAdvertiser.rows.map((row) => row.keys[0]?.label).sort()).toEqual([
    'DateNow Affiliates',
    'LuckyBet Partners',
    'NutraPro Network',
  ]);
  for (const row of byDay.rows) {
    expect(BigInt(row.measures.unique_clicks)).toBeLessThanOrEqual(BigInt(row.measures.clicks));
    expect(BigInt(row.measures.sales)).toBeLessThanOrEqual(BigInt(row.measures.leads));
    expect(row.measures.revenue).toMatch(/^\d+\.\d{2}$/);
  }
});

it('adds nothing when seeded again', async () => {
  const before = (await lastMonth('day')).totals;
  await tracker.seedDemo?.(app.db, await demoContext(app.db, [admin, finance, tracker]));
  expect((await lastMonth('day')).totals).toEqual(before);
});
