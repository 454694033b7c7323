import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { resolveDatePreset, type Language } from '@core/sdk/shared';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  query,
  type RenderedView,
  renderPluginPage,
  serviceBase,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import type { ReportSummary } from '@plugins/shop/shared/reports';
import { shopManifest } from '@plugins/shop/manifest';
import { messenger, shop } from '../shop-web';

setupPopupTests({ quiet: true });

const SHOP = [shop, messenger];
const SHOP_API = serviceBase(shopManifest.service);

const SUMMARY: ReportSummary = {
  totals: { assets: 3, disabled: 2, spent_usd: '1234.50' },
  by_team: [
    { team: 3, name: 'Alpha', spent_usd: '1234.20', assets: 2 },
    { team: null, name: null, spent_usd: '0.30', assets: 1 },
  ],
  by_vertical: [{ vertical: 'Nutra', spent_usd: '1234.50', assets: 3 }],
  disabled_by_reason: [
    { reason: 'Policy', assets: 1, share: '50.00' },
    { reason: null, assets: 1, share: '50.00' },
  ],
};

const ROW = {
  id: 11,
  version: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  deleted_at: null,
  report_date: '2026-03-01',
  ads_account_id: '1001',
  status: 'disabled',
  disable_reason: 'Policy',
  spent_usd: { amount: '1234.2', currency: 'USD' },
  vertical: 'Nutra',
  team: 3,
  data: '••••••',
  order: null,
  user: null,
  product: null,
  category: null,
  bm_id: null,
  fp_id: null,
};

function service(summary: ReportSummary = SUMMARY): FakeService {
  return new FakeService(SHOP_API)
    .on('GET', 'reports/summary', () => jsonResponse(200, { data: summary }))
    .on('GET', 'reports/verticals', () => jsonResponse(200, { data: ['Gambling', 'Nutra'] }))
    .on('GET', 'reports', () =>
      jsonResponse(200, { data: { data: [ROW], current_page: 1, last_page: 1, per_page: 20, total: 1 } }),
    )
    .on('GET', 'references/teams', () => jsonResponse(200, { data: [{ id: 3, label: 'Alpha' }] }));
}

async function open(path: string, api: FakeService, language?: Language) {
  const page = await renderPluginPage({ plugins: SHOP, path, codes: ['SR'], api, ...(language ? { language } : {}) });
  await waitInAct(() =>
    expect(page.view.element.querySelectorAll('[data-testid="reports-charts"] figure[aria-label]')).toHaveLength(3),
  );
  await waitInAct(() => expect(page.view.element.querySelector('tbody tr[data-row-id="11"]')).not.toBeNull());
  return page;
}

const figures = (view: RenderedView) =>
  [...view.element.querySelectorAll('[data-testid="reports-charts"] figure[aria-label]')].map((figure) =>
    figure.getAttribute('aria-label'),
  );

async function choose(view: RenderedView, label: string, option: string): Promise<void> {
  const field = [...view.element.querySelectorAll('label')].find((element) => element.textContent === label);
  const control = field?.htmlFor ? document.getElementById(field.htmlFor) : null;
  if (!control) throw new Error(`no control labelled ${label}`);
  await click(control);
  const found = () =>
    [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((element) => element.textContent === option);
  await waitInAct(() => expect(found()).toBeDefined());
  await click(found() ?? query(document, '[role="option"]'));
}

describe('the reports page', () => {
  it('draws the filters, the totals, three charts and the engine’s list of rows', async () => {
    const api = service();
    const { view } = await open('/reports', api);
    const text = view.element.textContent ?? '';
    for (const label of [
      'Reports',
      'Team',
      'Vertical',
      'Status',
      'Period',
      'Delivered assets',
      'Import CSV',
      'Export CSV',
    ])
      expect(text).toContain(label);
    expect(figures(view)).toEqual(['Spend by team', 'Spend by vertical', 'Disabled assets by reason']);
    expect(view.element.querySelector('[data-testid="reports-totals"]')?.textContent).toBe(
      '$1,234.50 spent on 3 assets, 2 of them disabled',
    );
    // The asset's data is the engine's mask, never the secret.
    expect(view.element.querySelector('tbody tr[data-row-id="11"]')?.textContent).toContain('1001');
    expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({});
  });

  it('reads its filters from the list’s URL filters, for the charts and the list alike', async () => {
    const api = service();
    const path =
      '/reports?filter[team][eq]=3&filter[vertical][eq]=Nutra&filter[status][eq]=disabled&filter[report_date][gte]=2026-03-01&filter[report_date][lte]=2026-03-31';
    await open(path, api);
    expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({
      team: '3',
      vertical: 'Nutra',
      status: 'disabled',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const list = Object.fromEntries(api.lastQuery('GET', 'reports'));
    expect(list).toMatchObject({
      'filter[team][eq]': '3',
      'filter[vertical][eq]': 'Nutra',
      'filter[status][eq]': 'disabled',
      'filter[report_date][gte]': '2026-03-01',
      'filter[report_date][lte]': '2026-03-31',
    });
  });

  it('counts a date preset from today, and a choice goes to the URL, the charts and the list', async () => {
    const api = service();
    const { view } = await open('/reports?filter[report_date][preset]=last_month', api);
    const month = resolveDatePreset('last_month', new Date());
    expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual(month);
    await choose(view, 'Status', 'Disabled');
    await waitInAct(() =>
      expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({ ...month, status: 'disabled' }),
    );
    expect(decodeURIComponent(view.path())).toContain('filter[status][eq]=disabled');
    await waitInAct(() => expect(api.lastQuery('GET', 'reports').get('filter[status][eq]')).toBe('disabled'));
    await choose(view, 'Period', 'Any time');
    await waitInAct(() =>
      expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({ status: 'disabled' }),
    );
  });

  it('picks the vertical among those the rows name, a linked one no row names kept until another is picked', async () => {
    const api = service();
    // The filters alone: the charts are not waited for.
    const { view } = await renderPluginPage({
      plugins: SHOP,
      path: '/reports?filter[vertical][eq]=Crypto',
      codes: ['SR'],
      api,
    });
    // The page's code may still be loading when this test is the file's first.
    await waitInAct(() => expect(api.requests('GET', 'reports/verticals')).toHaveLength(1), { timeout: 10_000 });
    expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({ vertical: 'Crypto' });
    await choose(view, 'Vertical', 'Gambling');
    await waitInAct(() =>
      expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({ vertical: 'Gambling' }),
    );
    expect(decodeURIComponent(view.path())).toContain('filter[vertical][eq]=Gambling');
    await choose(view, 'Vertical', 'Any vertical');
    await waitInAct(() => expect(Object.fromEntries(api.lastQuery('GET', 'reports/summary'))).toEqual({}));
  }, 15_000);

  it('says so when no report matches, without charts', async () => {
    const empty: ReportSummary = {
      totals: { assets: 0, disabled: 0, spent_usd: '0.00' },
      by_team: [],
      by_vertical: [],
      disabled_by_reason: [],
    };
    const { view } = await renderPluginPage({ plugins: SHOP, path: '/reports', codes: ['SR'], api: service(empty) });
    await waitInAct(() => expect(view.element.textContent).toContain('No reports match these filters.'));
    expect(view.element.querySelector('[data-testid="reports-charts"]')).toBeNull();
  });

  it('imports a CSV file and lists each refused line with its column', async () => {
    let answer = () =>
      jsonResponse(422, {
        message: 'Nothing was written: every line must be valid. Fix the lines named and send them again.',
        errors: {
          'line.4.spent_usd': ['Too many decimals.'],
          'line.3': ['The line has 3 cells where the header has 4.'],
        },
      });
    const api = service().on('POST', 'reports/import', () => answer());
    const { view } = await open('/reports', api);
    await click(buttonByText(view.element, 'Import CSV'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = query<HTMLElement>(document, '[role="dialog"]');
    const input = query<HTMLInputElement>(dialog, 'input[type="file"]');
    const csv = 'report_date,ads_account_id,status,spent_usd\n2026-03-01,1,active,1\n';
    Object.defineProperty(input, 'files', { value: [new File([csv], 'reports.csv', { type: 'text/csv' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(buttonByText(dialog, 'Import'));
    await waitInAct(() => expect(dialog.textContent).toContain('Nothing was written'));
    const lines = [...dialog.querySelectorAll('li')].map((item) => item.textContent);
    expect(lines).toEqual([
      'Line 3: The line has 3 cells where the header has 4.',
      'Line 4, Spent, USD: Too many decimals.',
    ]);
    expect(api.requests('POST', 'reports/import').map((request) => request.body)).toEqual([{ csv }]);
    // Accepted: the charts and the list read the rows again.
    answer = () => jsonResponse(200, { data: { created: 1, updated: 0 } });
    const summaries = api.requests('GET', 'reports/summary').length;
    const lists = api.requests('GET', 'reports').length;
    await click(buttonByText(dialog, 'Import'));
    await waitInAct(() => expect(dialog.textContent).toContain('Imported: 1 new, 0 updated.'));
    await waitInAct(() => expect(api.requests('GET', 'reports/summary').length).toBe(summaries + 1));
    await waitInAct(() => expect(api.requests('GET', 'reports').length).toBeGreaterThan(lists));
  });

  it('reads in Russian, numbers in the reader’s culture', async () => {
    const { view } = await open('/reports?filter[report_date][preset]=this_week', service(), 'ru');
    const text = view.element.textContent ?? '';
    for (const words of ['Отчёты', 'Команда', 'Период', 'Эта неделя', 'Выданные активы', 'Импорт CSV'])
      expect(text).toContain(words);
    expect(figures(view)).toEqual(['Расход по командам', 'Расход по вертикалям', 'Отключённые активы по причинам']);
    const totals = view.element.querySelector('[data-testid="reports-totals"]')?.textContent ?? '';
    expect(totals.replace(/\s/g, ' ')).toBe('Потрачено 1 234,50 $ на 3 активов, из них отключено 2');
  });

  it('shows "No access" without SR and asks for nothing', async () => {
    const api = service();
    const { view } = await renderPluginPage({ plugins: SHOP, path: '/reports', codes: ['SO'], api });
    await waitInAct(() => expect(view.element.textContent).toContain('No access'));
    expect(api.calls()).toEqual([]);
  });
});
