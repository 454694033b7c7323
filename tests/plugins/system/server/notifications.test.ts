import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, storedNotifications, type TestCaller } from '@core/sdk/testing';
import { basics, inventoryApp, type InventoryApp } from './rules/inventory-support';

/*
 * The daily `system.expiring-soon` schedule: its job finds the domains, servers and proxies whose
 * expiry falls within the next 5 days (of the plugin's clock, in UTC) and tells the holders of each
 * area's code, once per record and expiry date.
 */

const SOURCE = 'system.expiring-soon';
// The plugin's clock: the window is 2026-03-10 to 2026-03-15.
const NOW = new Date('2026-03-10T06:00:00.000Z');

let t: InventoryApp;
let domains: TestCaller;
let servers: TestCaller;
let proxies: TestCaller;

beforeAll(async () => {
  t = await inventoryApp({ now: () => NOW });
  domains = t.app.as(['YD']);
  servers = t.app.as(['YE']);
  proxies = t.app.as(['YP']);
  for (const caller of [domains, servers, proxies]) await caller.userId();
}, DB_TIMEOUT);
afterAll(() => t.close());

/** Runs the schedule's job now (the test kit makes the period due); the job's final state. */
async function runSchedule(): Promise<string> {
  const job = await t.app.jobs.runSchedule(SOURCE);
  const { rows } = await t.app.db.query<{ state: string }>('SELECT state FROM core.jobs WHERE id = $1', [job]);
  return rows[0]?.state ?? 'missing';
}

describe('expiring soon', { timeout: DB_TIMEOUT }, () => {
  it('runs daily at 06:00 UTC', async () => {
    const { rows } = await t.app.db.query<{ cron: string; kind: string }>(
      'SELECT cron, kind FROM core.job_schedules WHERE id = $1',
      [SOURCE],
    );
    expect(rows).toEqual([{ cron: '0 6 * * *', kind: SOURCE }]);
  });

  it('tells each area’s holders of the records expiring within 5 days, in both languages, linking to each; once per expiry date', async () => {
    const { project, registrant } = await basics(t);
    const domain = (name: string, expiry_date: string) =>
      t.create('domains', { name, project, domain_user: registrant, expiry_date });
    const soon = await domain('renew-me.example', '2026-03-14');
    await domain('today.example', '2026-03-10');
    await domain('later.example', '2026-03-16');
    await domain('gone.example', '2026-03-09');
    const server = await t.create('servers', {
      name: 'fra-1',
      type: 'vps',
      status: 'active',
      expiry_date: '2026-03-15',
    });
    await t.create('servers', { name: 'fra-stopped', type: 'vps', status: 'stopped', expiry_date: '2026-03-12' });
    const proxy = await t.create('proxies', {
      name: 'US residential',
      address: '203.0.113.7:8080',
      type: 'http',
      status: 'active',
      end_date: '2026-03-11',
    });
    await t.create('proxies', {
      address: '203.0.113.8:8080',
      type: 'http',
      status: 'disabled',
      end_date: '2026-03-11',
    });

    expect(await runSchedule()).toBe('succeeded');
    const notices = await storedNotifications(t.app.db, SOURCE);
    const domainHolder = await domains.userId();
    expect(notices.filter((notice) => notice.user === domainHolder)).toEqual([
      {
        user: domainHolder,
        title: { en: 'Domain today.example expires on 03/10/26', ru: 'Домен today.example истекает 10.03.2026' },
        text: { en: 'Renew it before that day.', ru: 'Продлите до этого дня.' },
        link: expect.stringMatching(/^\/domains\/\d+$/),
        severity: 'warning',
      },
      {
        user: domainHolder,
        title: { en: 'Domain renew-me.example expires on 03/14/26', ru: 'Домен renew-me.example истекает 14.03.2026' },
        text: { en: 'Renew it before that day.', ru: 'Продлите до этого дня.' },
        link: `/domains/${soon}`,
        severity: 'warning',
      },
    ]);
    const serverHolder = await servers.userId();
    const proxyHolder = await proxies.userId();
    expect(notices.filter((notice) => notice.user === serverHolder)).toMatchObject([
      {
        title: { en: 'Server fra-1 expires on 03/15/26', ru: 'Сервер fra-1 истекает 15.03.2026' },
        link: `/servers/${server}`,
      },
    ]);
    expect(notices.filter((notice) => notice.user === proxyHolder)).toMatchObject([
      {
        title: { en: 'Proxy US residential ends on 03/11/26', ru: 'Прокси US residential заканчивается 11.03.2026' },
        link: `/proxies/${proxy}`,
      },
    ]);
    expect(notices).toHaveLength(4);

    // The next run tells nobody again; a renewal to a date still in the window is news.
    expect(await runSchedule()).toBe('succeeded');
    expect(await storedNotifications(t.app.db, SOURCE)).toHaveLength(4);
    expect((await t.patch(`domains/${soon}`, { expiry_date: '2026-03-15' })).statusCode).toBe(200);
    expect(await runSchedule()).toBe('succeeded');
    expect((await storedNotifications(t.app.db, SOURCE)).map((notice) => notice.title.en)).toContain(
      'Domain renew-me.example expires on 03/15/26',
    );
    expect(await storedNotifications(t.app.db, SOURCE)).toHaveLength(5);
  });
});
