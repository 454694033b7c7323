import { describe, expect, it, vi } from 'vitest';
import { BarChart } from '@core/sdk/web';
import { resolveDatePreset } from '@core/sdk/shared';
import {
  buttonByText,
  click,
  createTestKernel,
  FakeService,
  jsonResponse,
  referencesAnswer,
  renderInKernel,
  renderPluginPage,
  serviceBase,
  testUser,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import type { CashFlowCellAnswer, CashFlowFigures, CashFlowReport } from '@plugins/finance/shared/cash-flow';
import { finance } from './finance-server';

setupPopupTests({ quiet: true });

const FINANCE_API = serviceBase('finance');

const fig = (plan: string, fact: string, difference: string): CashFlowFigures => ({ plan, fact, difference });
const zero = fig('0', '0', '0');

const REPORT: CashFlowReport = {
  from: '2026-01-01',
  to: '2026-02-28',
  group: 'project',
  months: [
    { month: '2026-01', from: '2026-01-01', to: '2026-01-31' },
    { month: '2026-02', from: '2026-02-01', to: '2026-02-28' },
  ],
  rows: [
    {
      direction: 'income',
      key: '7',
      label: 'Nutra EU',
      months: [fig('100', '120.5', '20.5'), zero],
      total: fig('100', '120.5', '20.5'),
    },
    {
      direction: 'income',
      key: 'none',
      label: null,
      months: [zero, fig('10', '0', '-10')],
      total: fig('10', '0', '-10'),
    },
    {
      direction: 'expense',
      key: '7',
      label: 'Nutra EU',
      months: [fig('50', '80', '30'), zero],
      total: fig('50', '80', '30'),
    },
    {
      direction: 'commission',
      key: 'none',
      label: null,
      months: [fig('0', '1.25', '1.25'), zero],
      total: fig('0', '1.25', '1.25'),
    },
  ],
  month_totals: [
    {
      income: fig('100', '120.5', '20.5'),
      expense: fig('50', '80', '30'),
      commission: fig('0', '1.25', '1.25'),
      net: fig('50', '39.25', '-10.75'),
    },
    { income: fig('10', '0', '-10'), expense: zero, commission: zero, net: fig('10', '0', '-10') },
  ],
  totals: {
    income: fig('110', '120.5', '10.5'),
    expense: fig('50', '80', '30'),
    commission: fig('0', '1.25', '1.25'),
    net: fig('60', '39.25', '-20.75'),
  },
  outstanding: { income: '10', expense: '0' },
  balances: {
    opening_date: '2025-12-31',
    closing_date: '2026-02-28',
    wallets: [
      {
        wallet_id: 3,
        name: 'Main USD',
        currency: 'USD',
        opening: '1000',
        closing: '1039.25',
        opening_usd: '1000',
        closing_usd: '1039.25',
      },
      {
        wallet_id: 4,
        name: 'BTC cold',
        currency: 'BTC',
        opening: '0',
        closing: '0.12343678',
        opening_usd: null,
        closing_usd: null,
      },
      {
        wallet_id: 5,
        name: 'USDT TRC20',
        currency: 'USDT',
        opening: '1800',
        closing: '2211.2',
        opening_usd: '1799.64',
        closing_usd: '2210.76',
      },
    ],
    opening_usd: '1000',
    closing_usd: '1039.25',
    missing_rates: true,
  },
};

const CELL: CashFlowCellAnswer = {
  data: [
    {
      id: 31,
      date_fact: '2026-01-05',
      date_plan: '2026-01-03',
      wallet_id: 3,
      wallet: 'Main USD',
      article_id: 2,
      article: 'Payouts',
      amount: '100.5',
      currency: 'USD',
      usd: '100.5',
      comment: null,
    },
    {
      id: 32,
      date_fact: '2026-01-20',
      date_plan: null,
      wallet_id: 3,
      wallet: 'Main USD',
      article_id: 2,
      article: 'Payouts',
      amount: '20',
      currency: 'USD',
      usd: '20',
      comment: null,
    },
  ],
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: 2,
  sum: '120.5',
  list_filters: [
    { field: 'date_fact', op: 'gte', value: '2026-01-01' },
    { field: 'date_fact', op: 'lte', value: '2026-01-31' },
    { field: 'project_id', op: 'eq', value: '7' },
    { field: 'article_id', op: 'eq', value: '2' },
  ],
};

/** The same report cut to January alone. */
const ONE_MONTH: CashFlowReport = {
  ...REPORT,
  to: '2026-01-31',
  months: REPORT.months.slice(0, 1),
  rows: REPORT.rows.map((row) => ({ ...row, months: row.months.slice(0, 1), total: row.months[0] ?? zero })),
  month_totals: REPORT.month_totals.slice(0, 1),
};

function service(report: CashFlowReport = REPORT): FakeService {
  return new FakeService(FINANCE_API)
    .on('GET', 'cash-flow', () => jsonResponse(200, { data: report }))
    .on('GET', 'cash-flow/transactions', () => jsonResponse(200, CELL))
    .on(
      'GET',
      'cash-flow.csv',
      () =>
        new Response('\uFEFFDirection,Project\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="cash-flow-by-project-2026-01-01-2026-02-28.csv"',
          },
        }),
    )
    .on('GET', 'references/wallets', referencesAnswer([{ id: 3, label: 'Main USD' }]))
    .on('GET', 'references/projects', referencesAnswer([{ id: 7, label: 'Nutra EU' }]))
    .on('GET', 'references/divisions', referencesAnswer([]))
    .on('GET', 'references/articles', referencesAnswer([]));
}

async function open(api: FakeService, search: string, language: 'en' | 'ru' = 'en') {
  const page = await renderPluginPage({
    plugins: [finance],
    path: `/cash-flow?${search}`,
    codes: ['FT'],
    api,
    language,
  });
  await waitInAct(() => expect(page.view.element.querySelector('[data-testid="cash-flow-grid"]')).not.toBeNull());
  return page;
}

const rowText = (root: Element, label: string): string[] => {
  const row = [...root.querySelectorAll('[data-testid="cash-flow-grid"] tbody tr')].find(
    (candidate) => candidate.querySelector('th')?.textContent === label,
  );
  if (!row) throw new Error(`no row "${label}"`);
  return [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
};

describe('BarChart (SDK)', () => {
  it('draws a named figure of grouped bars, its legend the series, each callout the caller’s exact formatting', async () => {
    const formatValue = vi.fn((value: string) => `$${value}`);
    const view = await renderInKernel(
      await createTestKernel({ user: testUser([]) }),
      <BarChart
        title="Plan and fact"
        categories={['Jan', 'Feb']}
        series={[
          { key: 'plan', label: 'Planned', values: ['1234.56789', null] },
          { key: 'fact', label: 'Paid', values: ['10', '0.1'] },
        ]}
        formatValue={formatValue}
      />,
    );
    await waitInAct(() => expect(view.element.querySelector('figure[aria-label] svg')).not.toBeNull());
    expect(view.element.querySelector('figure')?.getAttribute('aria-label')).toBe('Plan and fact');
    expect(view.element.textContent).toContain('Planned');
    expect(view.element.textContent).toContain('Paid');
    // Every value with a figure goes through the formatter exactly as given; no value, no call.
    expect(formatValue.mock.calls.map(([value]) => value).sort()).toEqual(['0.1', '10', '1234.56789']);
  });
});

describe('the cash flow page', () => {
  it('reads a preset, the grouping and the filters from the URL, and keeps a new choice there', {
    timeout: 20_000,
  }, async () => {
    const api = service();
    const { view } = await open(api, 'period=last_month&group=project&wallet=3&article=2');
    const month = resolveDatePreset('last_month', new Date());
    expect(Object.fromEntries(api.lastQuery('GET', 'cash-flow'))).toEqual({
      from: month.from,
      to: month.to,
      group: 'project',
      wallet_id: '3',
      article_id: '2',
    });
    const box = [...view.element.querySelectorAll<HTMLButtonElement>('button[role="combobox"]')].find(
      (candidate) => candidate.textContent === 'Project',
    );
    if (!box) throw new Error('no grouping dropdown');
    await click(box);
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (candidate) => candidate.textContent === 'Division',
    );
    if (!option) throw new Error('no Division option');
    await click(option);
    await waitInAct(() => expect(api.lastQuery('GET', 'cash-flow').get('group')).toBe('division'));
    expect(view.path()).toContain('group=division');
    expect(view.path()).toContain('wallet=3');
  });

  it('draws the balances, the grid with plan, fact and coloured differences, the totals, net and the outstanding payments', async () => {
    const { view } = await open(service(), 'period=custom&from=2026-01-01&to=2026-02-28&group=project');
    const balances = view.element.querySelector('[data-testid="cash-flow-balances"]')?.textContent ?? '';
    expect(balances).toContain('Main USD');
    expect(balances).toContain('$1,039.25');
    expect(balances).toContain('no rate');
    expect(balances).toContain('the USD totals leave them out');
    expect(rowText(view.element, 'Nutra EU').slice(0, 3)).toEqual(['$100.00', '$120.50', '$20.50']);
    expect(rowText(view.element, 'No project').slice(3, 6)).toEqual(['$10.00', '$0.00', '-$10.00']);
    expect(rowText(view.element, 'Commissions').slice(-3)).toEqual(['$0.00', '$1.25', '$1.25']);
    expect(rowText(view.element, 'Net cash flow').slice(-3)).toEqual(['$60.00', '$39.25', '-$20.75']);
    // More income than planned is good; more spending than planned is bad.
    const incomeRow = [...view.element.querySelectorAll('tbody tr')].find(
      (row) => row.querySelector('th')?.textContent === 'Nutra EU',
    );
    expect(incomeRow?.querySelectorAll('td')[2]?.getAttribute('data-tone')).toBe('good');
    const expenseRows = [...view.element.querySelectorAll('tbody tr')].filter(
      (row) => row.querySelector('th')?.textContent === 'Nutra EU',
    );
    expect(expenseRows[1]?.querySelectorAll('td')[2]?.getAttribute('data-tone')).toBe('bad');
    expect(view.element.querySelector('[data-testid="cash-flow-outstanding"]')?.textContent).toContain(
      'not received by the end: $10.00',
    );
    await waitInAct(() =>
      expect(view.element.querySelector('[data-testid="cash-flow-chart"] figure[aria-label] svg')).not.toBeNull(),
    );
  });

  it('shows each wallet currency in one form, both balances with the places the currency needs, in the reader’s language', async () => {
    const wallets = (root: Element) =>
      [...root.querySelectorAll('[data-testid="cash-flow-balances"] tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent),
      );
    const nbsp = '\u00a0';
    const { view } = await open(service(), 'period=custom&from=2026-01-01&to=2026-02-28&group=project');
    expect(wallets(view.element).slice(0, 3)).toEqual([
      ['Main USD', '$1,000.00', '$1,039.25'],
      ['BTC cold', `BTC${nbsp}0.00000000`, `BTC${nbsp}0.12343678`],
      ['USDT TRC20', 'USDT\u00a01,800.00', 'USDT\u00a02,211.20'],
    ]);
    const russian = await open(service(), 'period=custom&from=2026-01-01&to=2026-02-28&group=project', 'ru');
    expect(wallets(russian.view.element).slice(0, 3)).toEqual([
      ['Main USD', `1${nbsp}000,00${nbsp}$`, `1${nbsp}039,25${nbsp}$`],
      ['BTC cold', `0,00000000${nbsp}BTC`, `0,12343678${nbsp}BTC`],
      ['USDT TRC20', `1${nbsp}800,00${nbsp}USDT`, `2${nbsp}211,20${nbsp}USDT`],
    ]);
    expect(rowText(russian.view.element, 'Чистый денежный поток').slice(-3)).toEqual([
      `60,00${nbsp}$`,
      `39,25${nbsp}$`,
      `-20,75${nbsp}$`,
    ]);
  });

  it('has Total columns only when the period spans more than one month', async () => {
    const headers = (root: Element) =>
      [...root.querySelectorAll('[data-testid="cash-flow-grid"] thead tr:first-child th[scope="colgroup"]')].map(
        (cell) => cell.textContent,
      );
    const two = await open(service(), 'period=custom&from=2026-01-01&to=2026-02-28&group=project');
    expect(headers(two.view.element)).toEqual(['January 2026', 'February 2026', 'Total']);
    expect(rowText(two.view.element, 'Net cash flow')).toHaveLength(9);
    const one = await open(service(ONE_MONTH), 'period=custom&from=2026-01-01&to=2026-01-31&group=project');
    expect(headers(one.view.element)).toEqual(['January 2026']);
    expect(rowText(one.view.element, 'Net cash flow')).toEqual(['$50.00', '$39.25', '-$10.75']);
    expect(rowText(one.view.element, 'Nutra EU').slice(0, 3)).toEqual(['$100.00', '$120.50', '$20.50']);
  });

  it('opens the transactions behind a figure: the cell’s query, the list, their count and sum, and a link to the filtered list', async () => {
    const api = service();
    const { view } = await open(api, 'period=custom&from=2026-01-01&to=2026-02-28&group=project');
    const figure = [...view.element.querySelectorAll<HTMLButtonElement>('[data-testid="cash-flow-grid"] button')].find(
      (button) => button.getAttribute('aria-label')?.startsWith('Nutra EU, '),
    );
    if (!figure) throw new Error('no figure button');
    expect(figure.getAttribute('aria-label')).toContain('plan');
    const fact = [...view.element.querySelectorAll<HTMLButtonElement>('[data-testid="cash-flow-grid"] button')].find(
      (button) => button.getAttribute('aria-label')?.startsWith('Nutra EU, ') && button.textContent === '$120.50',
    );
    if (!fact) throw new Error('no fact button');
    await click(fact);
    await waitInAct(() =>
      expect(document.querySelector('[data-testid="cash-flow-cell-summary"]')?.textContent).toBe(
        '2 transactions, sum $120.50',
      ),
    );
    expect(Object.fromEntries(api.lastQuery('GET', 'cash-flow/transactions'))).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      group: 'project',
      basis: 'fact',
      direction: 'income',
      month: '2026-01',
      key: '7',
      page: '1',
      per_page: '20',
    });
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.textContent).toContain('Payouts');
    expect(dialog.textContent).toContain('$100.50');
    const link = [...dialog.querySelectorAll('a')].find(
      (anchor) => anchor.textContent === 'Open in the transactions list',
    );
    expect(decodeURIComponent(link?.getAttribute('href') ?? '')).toContain('/transactions?');
    expect(decodeURIComponent(link?.getAttribute('href') ?? '')).toContain('project_id');
  });

  it('exports the same query as CSV', async () => {
    const api = service();
    const { view } = await open(api, 'period=custom&from=2026-01-01&to=2026-02-28&group=project&project=7');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await click(buttonByText(view.element, 'Export CSV'));
    await waitInAct(() => expect(saved).toEqual(['cash-flow-by-project-2026-01-01-2026-02-28.csv']));
    expect(Object.fromEntries(api.lastQuery('GET', 'cash-flow.csv'))).toEqual(
      Object.fromEntries(api.lastQuery('GET', 'cash-flow')),
    );
  });

  it('reads in Russian with no raw key', async () => {
    const { view } = await open(service(), 'period=custom&from=2026-01-01&to=2026-02-28&group=project', 'ru');
    const text = view.element.textContent ?? '';
    expect(text).toContain('Движение денег');
    expect(text).toContain('Без проекта');
    expect(text).not.toMatch(/cashFlow\.|finance:/);
  });
});
