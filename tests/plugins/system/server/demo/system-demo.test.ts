import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext } from '@core/sdk/testing';
import { inventoryApp, inventoryPlugin, type InventoryApp } from '../rules/inventory-support';

/** The system demo fills every screen once, through the engine and the plugin's rules, and claims no real purchase. */

let t: InventoryApp;
beforeAll(async () => {
  t = await inventoryApp();
  const system = inventoryPlugin();
  const demo = await demoContext(t.app.db, [system]);
  await system.seedDemo?.(t.app.db, demo);
  await system.seedDemo?.(t.app.db, demo);
}, DB_TIMEOUT * 2);
afterAll(() => t.close());

type Row = Record<string, unknown>;
const rowsOf = async (path: string): Promise<Row[]> =>
  (await t.call('GET', `${path}?per_page=100`)).json<{ data: { data: Row[] } }>().data.data;

const PATHS = [
  'languages',
  'country-languages',
  'domain-users',
  'proxy-providers',
  'proxies',
  'services',
  'servers',
  'projects',
  'domains',
  'whites',
  'sites',
];

it('fills every system screen once', async () => {
  const counts = Object.fromEntries(await Promise.all(PATHS.map(async (path) => [path, (await rowsOf(path)).length])));
  expect(counts).toEqual({
    languages: 8,
    'country-languages': 10,
    'domain-users': 3,
    'proxy-providers': 2,
    proxies: 8,
    services: 8,
    servers: 5,
    projects: 2,
    domains: 6,
    whites: 3,
    sites: 5,
  });
});

it('has two services of each group, the local registrar and CDN behind both projects', async () => {
  const services = await rowsOf('services');
  for (const group of ['registrar', 'cdn', 'hosting', 'other'])
    expect(
      services.filter((row) => row.group === group),
      group,
    ).toHaveLength(2);
  const local = services
    .filter((row) => row.adapter === 'local')
    .map((row) => row.name)
    .sort();
  expect(local).toEqual(['Local CDN (no purchase)', 'Local registrar (no purchase)']);
  for (const project of await rowsOf('projects')) {
    expect((project._labels as Row).registrar).toBe('Local registrar (no purchase)');
    expect((project._labels as Row).cdn).toBe('Local CDN (no purchase)');
  }
  expect((await rowsOf('proxy-providers')).find((row) => row.adapter === 'local')?.name).toBe('Local (no purchase)');
});

it('marks the locally “bought” domains local and claims no real purchase', async () => {
  const domains = await rowsOf('domains');
  const bought = domains.filter((row) => row.job_status === 'succeeded');
  expect(bought).toHaveLength(5);
  expect(
    bought.every(
      (row) =>
        row.local === true &&
        String(row.zone).startsWith('local-demo-') &&
        row.nameservers === 'ns1.local.invalid, ns2.local.invalid',
    ),
  ).toBe(true);
  expect(domains.filter((row) => row.job_status === 'none' && row.local === false)).toHaveLength(1);
});

it('has proxies and servers near or past their end, and critical sites on the dashboard', async () => {
  const today = new Date();
  const daysTo = (day: unknown) => Math.round((Date.parse(`${String(day)}T12:00:00`) - today.getTime()) / 86_400_000);
  const proxies = await rowsOf('proxies');
  expect(proxies.filter((row) => daysTo(row.end_date) >= 0 && daysTo(row.end_date) <= 7).length).toBeGreaterThanOrEqual(
    3,
  );
  expect(proxies.filter((row) => row.status === 'expired')).toHaveLength(1);
  const servers = await rowsOf('servers');
  expect(servers.filter((row) => row.status === 'expired')).toHaveLength(1);
  const expiring = (await t.call('GET', 'sites/expiring')).json<{ data: { sites: Row[] } }>().data.sites;
  expect(expiring.map((row) => [row.domain, row.expiring])).toEqual([
    ['meet-now.example', 'domain'],
    ['vitality-news.example', 'server'],
  ]);
});

it('gives the Proxy6 provider the balance a check recorded, so the balance column has a figure', async () => {
  const providers = await rowsOf('proxy-providers');
  const proxy6 = providers.find((provider) => provider.adapter === 'proxy6');
  expect(proxy6?.balance).toEqual({ amount: '1250.00', currency: 'RUB' });
  expect(typeof proxy6?.balance_checked_at).toBe('string');
  expect(providers.find((provider) => provider.adapter === 'local')?.balance).toBeNull();
});
