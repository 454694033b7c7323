import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT } from '../../../support/server/test-database';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
beforeAll(async () => {
  app = await trackerApp();
}, DB_TIMEOUT);
afterAll(() => app.close());

it('serves the ISO countries the migration filled, by alpha-2 code', async () => {
  const answer = await app.call(['TO'], 'GET', 'countries?filter[code][eq]=DE');
  expect(answer.statusCode).toBe(200);
  const found = answer.json<{ data: { data: { id: number; code: string; name: string }[]; total: number } }>().data;
  expect(found.data).toMatchObject([{ id: 276, code: 'DE', name: 'Germany' }]);
});
