import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInfo, JobScheduleInfo, ListPage } from '@core/sdk/shared';
import { testApp, type TestApp } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import messenger from '@plugins/messenger/server';
import shop from '@plugins/shop/server';
import system from '@plugins/system/server';

/*
 * What the Jobs screen (/jobs, JS) reads: the shop's and the system's sweeps among the schedules,
 * each with its last run and last job once it has run, and their jobs in the list, named.
 */

const SWEEPS = ['shop.reservation-sweep', 'system.proxy-expiry'];

let app: TestApp;
// This file alone builds this plugin set's template: the node project's longer hook timeout, not DB_TIMEOUT.
beforeAll(async () => {
  app = await testApp({ plugins: [admin, messenger, shop, system] });
});
afterAll(() => app.close());

describe('the Jobs screen', () => {
  it("shows the shop's and the system's sweeps with their last runs, and their jobs by kind", async () => {
    const jobIds: number[] = [];
    for (const id of SWEEPS) jobIds.push(await app.jobs.runSchedule(id));

    const schedules = await app.as(['JS']).get('/api/jobs/schedules', { headers: { 'accept-language': 'ru' } });
    expect(schedules.statusCode).toBe(200);
    const rows = schedules.json<{ data: JobScheduleInfo[] }>().data.filter((row) => SWEEPS.includes(row.id));
    expect(
      rows.map((row) => ({ id: row.id, last: row.last_job, ran: row.last_run_at !== null, declared: row.declared })),
    ).toEqual(
      SWEEPS.map((id, index) => ({ id, last: { id: jobIds[index], state: 'succeeded' }, ran: true, declared: true })),
    );
    expect(rows.find((row) => row.id === 'shop.reservation-sweep')).toMatchObject({ every_ms: 60_000, cron: null });
    expect(rows.find((row) => row.id === 'system.proxy-expiry')).toMatchObject({ every_ms: null, cron: '0 * * * *' });

    const listed = await app.as(['JS', 'SQ']).get('/api/jobs?kind=shop.reservation-sweep&state=succeeded');
    expect(listed.json<{ data: ListPage<JobInfo> }>().data.data[0]).toMatchObject({
      id: jobIds[0],
      state: 'succeeded',
      label: expect.any(String),
    });
    // The schedules are the Jobs screen's: JS only.
    expect((await app.as(['SQ']).get('/api/jobs/schedules')).statusCode).toBe(403);
  });
});
