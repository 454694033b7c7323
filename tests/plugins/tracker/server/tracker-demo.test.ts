import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import finance from '@plugins/finance/server';
import tracker from '@plugins/tracker/server';
import type { BizdevDayCap } from '@plugins/tracker/shared/bizdev';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
const ALL = ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'];

beforeAll(async () => {
  app = await trackerApp();
  const plugins = [admin, finance, tracker];
  const demo = await demoContext(app.db, plugins);
  for (const plugin of plugins) await plugin.seedDemo?.(app.db, demo);
  // A second run leaves the filled database alone.
  await tracker.seedDemo?.(app.db, demo);
}, DB_TIMEOUT * 2);
afterAll(() => app.close());

const rowsOf = async (path: string): Promise<Record<string, unknown>[]> =>
  (await app.call(ALL, 'GET', `${path}${path.includes('?') ? '&' : '?'}per_page=100`)).json<{
    data: { data: Record<string, unknown>[] };
  }>().data.data;

it('fills every tracker screen once', async () => {
  const counts = await Promise.all(
    [
      'trackers',
      'advertisers',
      'offers',
      'streams',
      'bizdev-deals',
      'bizdev-limits',
      'bizdev-requests',
      'finance-projects',
    ].map(async (path) => (await rowsOf(path)).length),
  );
  expect(counts).toEqual([3, 3, 5, 7, 4, 14, 6, 3]);
});

it('keeps the rules: one default per campaign, links built, approvals within the day’s cap', async () => {
  const streams = await rowsOf('streams');
  const defaults = streams.filter((row) => row.is_default === true).map((row) => row.campaign_id);
  expect(new Set(defaults).size).toBe(defaults.length);
  expect(streams.every((row) => typeof row.link === 'string' && row.link.startsWith('https://'))).toBe(true);
  const requests = await rowsOf('bizdev-requests');
  expect(requests.map((row) => row.status).sort()).toEqual([
    'approved',
    'approved',
    'pending',
    'pending',
    'pending',
    'refused',
  ]);
  const caps = (await app.call(ALL, 'GET', `bizdev-day-caps?ids=${requests.map((row) => row.id).join(',')}`)).json<{
    data: BizdevDayCap[];
  }>().data;
  for (const cap of caps) expect(cap.approved).toBeLessThanOrEqual(cap.limit ?? 0);
});
