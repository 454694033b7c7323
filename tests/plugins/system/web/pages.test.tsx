import { describe, expect, it } from 'vitest';
import {
  describeListPages,
  FakeService,
  jsonResponse,
  type ListPageCase,
  renderPluginPage,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { RouteContributionToken } from '@core/sdk/web';
import { systemManifest } from '@plugins/system/manifest';
import { listOf, record, system, SYSTEM_API } from './system-web';

setupPopupTests({ quiet: true });

/** Each page: its path, its code, the API path it lists, its title in en and ru. */
const PAGES: readonly ListPageCase[] = [
  { path: '/proxies', code: 'YP', apiPath: 'proxies', title: { en: 'Proxies', ru: 'Прокси' } },
  {
    path: '/proxy-providers',
    code: 'YP',
    apiPath: 'proxy-providers',
    title: { en: 'Proxy providers', ru: 'Поставщики прокси' },
  },
  { path: '/services', code: 'YS', apiPath: 'services', title: { en: 'Services', ru: 'Сервисы' } },
  { path: '/servers', code: 'YE', apiPath: 'servers', title: { en: 'Servers', ru: 'Серверы' } },
  { path: '/sites', code: 'YQ', apiPath: 'sites', title: { en: 'Sites', ru: 'Сайты' } },
  { path: '/whites', code: 'YQ', apiPath: 'whites', title: { en: 'Whites', ru: 'White-страницы' } },
  { path: '/projects', code: 'YA', apiPath: 'projects', title: { en: 'Projects', ru: 'Проекты' } },
  { path: '/domains', code: 'YD', apiPath: 'domains', title: { en: 'Domains', ru: 'Домены' } },
  {
    path: '/domain-users',
    code: 'YU',
    apiPath: 'domain-users',
    title: { en: 'Domain users', ru: 'Пользователи доменов' },
  },
  { path: '/languages', code: 'YT', apiPath: 'languages', title: { en: 'Languages', ru: 'Языки' } },
  {
    path: '/country-languages',
    code: 'YL',
    apiPath: 'country-languages',
    title: { en: 'Country languages', ru: 'Языки стран' },
  },
];

const service = (apiPath: string) =>
  new FakeService(SYSTEM_API).on('GET', apiPath, () => jsonResponse(200, listOf([record(1)])));

it('contributes a page for every page of the manifest', async () => {
  const { kernel } = await renderPluginPage({
    plugins: [system],
    path: '/languages',
    codes: ['YT'],
    api: service('languages'),
  });
  await kernel.host.ensureLoaded('system');
  expect(kernel.container.getAll(RouteContributionToken).map((route) => route.path)).toEqual(
    expect.arrayContaining(systemManifest.pages.map((page) => page.path)),
  );
});

describeListPages({ plugins: [system], pages: PAGES, codes: [...new Set(PAGES.map((page) => page.code))] });

describe('servers', () => {
  it('highlight the ones expiring within 30 days and the expired', async () => {
    const inDays = (days: number) => {
      const date = new Date(Date.now() + days * 86_400_000);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    const api = new FakeService(SYSTEM_API).on(
      'GET',
      'servers',
      listOf([
        record(1, { name: 'a', expiry_date: inDays(20) }),
        record(2, { name: 'b', expiry_date: inDays(-2) }),
        record(3, { name: 'c', expiry_date: inDays(90) }),
      ]),
    );
    const { view } = await renderPluginPage({ plugins: [system], path: '/servers', codes: ['YE'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(3));
    const row = (id: number) => view.element.querySelector(`tbody tr[data-row-id="${id}"]`)?.textContent ?? '';
    expect(row(1)).toContain('Expires within 30 days');
    expect(row(2)).toContain('Expired');
    expect(row(3)).not.toMatch(/Expire/);
  });
});

describe('proxy providers', () => {
  it('show the balance a provider last gave, and why another has none instead of a blank', async () => {
    const api = new FakeService(SYSTEM_API).on(
      'GET',
      'proxy-providers',
      listOf([
        record(1, { name: 'Local', adapter: 'local', balance: null }),
        record(2, {
          name: 'Proxy6 main',
          adapter: 'proxy6',
          balance: { amount: '1250.5', currency: 'RUB' },
          balance_checked_at: '2026-11-28T09:00:00Z',
        }),
        record(3, { name: 'Proxy6 new', adapter: 'proxy6', balance: null }),
      ]),
    );
    const { view } = await renderPluginPage({ plugins: [system], path: '/proxy-providers', codes: ['YP'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(3));
    const row = (id: number) => view.element.querySelector(`tbody tr[data-row-id="${id}"]`)?.textContent ?? '';
    expect(row(1)).toContain('No account');
    expect(row(2)).toContain('1,250.50');
    expect(row(2)).not.toContain('Not checked');
    expect(row(3)).toContain('Not checked');
  });
});

describe('the dashboard widget', () => {
  const expiring = {
    data: {
      warning_days: 30,
      sites: [
        {
          site: 4,
          domain: 'old.example',
          server: 'web-1',
          expiring: 'domain',
          expiry_date: '2026-11-20',
          days_left: -4,
        },
        {
          site: 5,
          domain: 'shop.example',
          server: 'web-2',
          expiring: 'server',
          expiry_date: '2026-12-04',
          days_left: 10,
        },
      ],
    },
  };

  it('lists critical sites whose domain or server expires, for holders of YQ', { timeout: 20_000 }, async () => {
    const api = new FakeService(SYSTEM_API).on('GET', 'sites/expiring', expiring);
    const { view, kernel } = await renderPluginPage({ plugins: [system], path: '/dashboard/main', codes: ['YQ'], api });
    await kernel.host.ensureLoaded('system');
    await waitInAct(() =>
      expect(
        view.element.querySelectorAll('[role="region"][aria-label="Critical sites expiring"] tbody tr'),
      ).toHaveLength(2),
    );
    const rows = [...view.element.querySelectorAll('[aria-label="Critical sites expiring"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows[0]).toEqual(['old.example', 'web-1', 'Domain', '11/20/26', 'Expired']);
    expect(rows[1]).toEqual(['shop.example', 'web-2', 'Server', '12/04/26', '10']);
  });

  it('is not there without YQ', { timeout: 20_000 }, async () => {
    const api = new FakeService(SYSTEM_API).on('GET', 'sites/expiring', expiring);
    const { view } = await renderPluginPage({ plugins: [system], path: '/dashboard/main', codes: ['YD'], api });
    await waitInAct(() => expect(view.element.querySelector('main')).not.toBeNull());
    expect(view.element.querySelector('[aria-label="Critical sites expiring"]')).toBeNull();
    expect(api.requests('GET', 'sites/expiring')).toEqual([]);
  });
});
