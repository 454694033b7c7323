import { describe, expect, it } from 'vitest';
import type { DepartmentSummary, DepartmentView } from '@plugins/finance/shared/departments';
import { buttonByText, click, jsonResponse, query, renderAppInKernel, waitInAct } from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

const figures = (
  month: string,
  headcount: number,
  payroll: string,
  status: 'approved' | 'draft' | 'none',
  income: string,
  spend: string,
  result: string,
) => ({
  month,
  headcount,
  payroll_usd: payroll,
  payroll_status: status,
  income_usd: income,
  spend_usd: spend,
  result_usd: result,
});

/** Shaped as the finance server answers `GET departments/marketing?month=2026-03`. */
const MARKETING: DepartmentView = {
  type: 'marketing',
  month: '2026-03',
  divisions: [
    { id: 2, name: 'Creatives' },
    { id: 1, name: 'Media buying' },
  ],
  current: figures('2026-03', 4, '1200.5', 'approved', '1000.1', '252.75', '-453.15'),
  previous: figures('2026-02', 3, '0', 'none', '511', '100', '411'),
  change: {
    headcount: { absolute: '1', percent: '33.33' },
    payroll_usd: { absolute: '1200.5', percent: null },
    income_usd: { absolute: '489.1', percent: '95.71' },
    spend_usd: { absolute: '152.75', percent: '152.75' },
    result_usd: { absolute: '-864.15', percent: '-210.26' },
  },
  trend: [
    figures('2025-10', 0, '0', 'none', '0', '0', '0'),
    figures('2025-11', 0, '0', 'none', '0', '0', '0'),
    figures('2025-12', 0, '0', 'none', '0', '0', '0'),
    figures('2026-01', 3, '10.01', 'draft', '0', '0', '-10.01'),
    figures('2026-02', 3, '0', 'none', '511', '100', '411'),
    figures('2026-03', 4, '1200.5', 'approved', '1000.1', '252.75', '-453.15'),
  ],
  by_article: [
    { article_id: 1, name: 'Payouts', direction: 'income', income_usd: '1000.1', spend_usd: '0.5' },
    { article_id: 2, name: 'Ads', direction: 'expense', income_usd: '0', spend_usd: '252.25' },
  ],
  by_project: [
    { project_id: 1, name: 'Nutra EU', income_usd: '1000.1', spend_usd: '202', net_usd: '798.1' },
    { project_id: null, name: null, income_usd: '0', spend_usd: '50.75', net_usd: '-50.75' },
  ],
};

const SUMMARY: DepartmentSummary = {
  month: '2026-03',
  departments: [
    {
      type: 'marketing',
      has_divisions: true,
      headcount: 4,
      result_usd: '-453.15',
      previous_result_usd: '411',
      result_change: { absolute: '-864.15', percent: '-210.26' },
    },
    {
      type: 'sales',
      has_divisions: true,
      headcount: 12,
      result_usd: '9007199254740993.1',
      previous_result_usd: '0',
      result_change: { absolute: '9007199254740993.1', percent: null },
    },
    {
      type: 'development',
      has_divisions: false,
      headcount: 0,
      result_usd: '0',
      previous_result_usd: '0',
      result_change: { absolute: '0', percent: null },
    },
  ],
};

async function openPage(path: string, codes: readonly string[] = ['FH'], language?: 'en' | 'ru') {
  const kernel = await financeKernel(codes, language);
  return renderAppInKernel(kernel, { path });
}

const card = (scope: HTMLElement, figure: string) => query(scope, `[data-figure="${figure}"]`);
/** Anything that looks like an i18n key left on screen (`departments.figures.result`). */
const RAW_KEY = /\b(departments|fields|nav|common)\.[a-zA-Z]+/;

describe('A department page', () => {
  it('shows the month’s figures, each with the previous month and the change in words, arrow and colour', async () => {
    const server = new FakeFinanceServer().on('GET', 'departments/marketing', { data: MARKETING });
    const view = await openPage('/departments/marketing?month=2026-03');
    await waitInAct(() => expect(view.element.querySelector('[data-figure="result_usd"]')).not.toBeNull());
    expect(server.lastQuery('GET', 'departments/marketing').get('month')).toBe('2026-03');
    expect(view.element.querySelector('h1')?.textContent).toBe('Marketing department');
    expect(view.element.textContent).toContain('Divisions: Creatives, Media buying');
    expect(view.element.textContent).toContain('March 2026');

    const result = card(view.element, 'result_usd');
    expect(query(result, '[data-value]').textContent).toBe('-$453.15');
    expect(query(result, '[data-previous]').textContent).toBe('Previous month: $411.00');
    expect(query(result, '[data-change]').dataset.change).toBe('down');
    expect(query(result, '[data-change]').textContent).toBe('Down from the previous month:-$864.15 (-210.26%)');
    const income = card(view.element, 'income_usd');
    expect(query(income, '[data-change]').textContent).toBe('Up from the previous month:+$489.10 (+95.71%)');
    expect(query(card(view.element, 'headcount'), '[data-value]').textContent).toBe('4');
    expect(query(card(view.element, 'headcount'), '[data-change]').textContent).toContain('+1 (+33.33%)');
    // A previous month whose payroll was never computed is compared with nothing.
    const payroll = card(view.element, 'payroll_usd');
    expect(query(payroll, '[data-value]').textContent).toBe('$1,200.50');
    expect(query(payroll, '[data-previous]').textContent).toBe('Previous month: Not computed');
    expect(payroll.querySelector('[data-change]')).toBeNull();
    expect(view.element.querySelector('[data-result-without-payroll]')).toBeNull();
    expect(query(card(view.element, 'spend_usd'), '[data-value]').textContent).toBe('$252.75');
  });

  it('says how far the month’s payroll is and links to its motivation', async () => {
    new FakeFinanceServer().on('GET', 'departments/marketing', { data: MARKETING });
    const view = await openPage('/departments/marketing?month=2026-03');
    await waitInAct(() => expect(view.element.querySelector('[data-payroll-status]')).not.toBeNull());
    const payroll = card(view.element, 'payroll_usd');
    expect(query(payroll, '[data-payroll-status]').textContent).toBe('Approved');
    expect(query<HTMLAnchorElement>(payroll, 'a').getAttribute('href')).toBe('/motivation?month=2026-03');
  });

  it('says a payroll never computed is not computed, instead of $0.00 and a fall of 100 %, and that the result lacks it', async () => {
    const uncomputed: DepartmentView = {
      ...MARKETING,
      current: figures('2026-03', 4, '0', 'none', '1000.1', '252.75', '747.35'),
      previous: figures('2026-02', 3, '5398.84', 'approved', '511', '100', '-4987.84'),
      change: { ...MARKETING.change, payroll_usd: { absolute: '-5398.84', percent: '-100.00' } },
    };
    new FakeFinanceServer().on('GET', 'departments/marketing', { data: uncomputed });
    const view = await openPage('/departments/marketing?month=2026-03');
    await waitInAct(() => expect(view.element.querySelector('[data-figure="payroll_usd"]')).not.toBeNull());
    const payroll = card(view.element, 'payroll_usd');
    expect(query(payroll, '[data-value]').textContent).toBe('Not computed');
    expect(query(payroll, '[data-previous]').textContent).toBe('Previous month: $5,398.84');
    expect(payroll.querySelector('[data-change]')).toBeNull();
    expect(payroll.querySelector('[data-payroll-status]')).toBeNull();
    expect(query<HTMLAnchorElement>(payroll, 'a').getAttribute('href')).toBe('/motivation?month=2026-03');
    expect(query(card(view.element, 'result_usd'), '[data-result-without-payroll]').textContent).toBe(
      'Without payroll: the month’s motivation is not computed.',
    );
  });

  it('draws the six months’ trend and the month by article and by project', async () => {
    new FakeFinanceServer().on('GET', 'departments/marketing', { data: MARKETING });
    const view = await openPage('/departments/marketing?month=2026-03');
    await waitInAct(() => expect(view.element.querySelector('figure[aria-label] svg')).not.toBeNull());
    expect(query(view.element, 'figure[aria-label]').getAttribute('aria-label')).toBe(
      'Income, spend, payroll and result over 6 months, USD',
    );
    const rows = (label: string) =>
      [...query(view.element, `table[aria-label="${label}"]`).querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      );
    expect(rows('By article')).toEqual([
      ['Payouts', 'Income', '$1,000.10', '$0.50'],
      ['Ads', 'Expense', '$0.00', '$252.25'],
    ]);
    expect(rows('By project')).toEqual([
      ['Nutra EU', '$1,000.10', '$202.00', '$798.10'],
      ['No project', '$0.00', '$50.75', '-$50.75'],
    ]);
  });

  it('keeps the chosen month in the URL and asks for it', async () => {
    const server = new FakeFinanceServer().on('GET', 'departments/marketing', (request) =>
      jsonResponse(200, { data: { ...MARKETING, month: new URL(request.url).searchParams.get('month') } }),
    );
    const view = await openPage('/departments/marketing?month=2026-03');
    await waitInAct(() => expect(view.element.querySelector('[data-figure]')).not.toBeNull());
    await click(query(view.element, 'button[aria-label="Previous month"]'));
    await waitInAct(() => expect(server.lastQuery('GET', 'departments/marketing').get('month')).toBe('2026-02'));
    expect(query(view.element, 'button[aria-haspopup="dialog"]').textContent).toBe('February 2026');
    await click(query(view.element, 'button[aria-label="Next month"]'));
    await click(query(view.element, 'button[aria-label="Next month"]'));
    await waitInAct(() => expect(server.lastQuery('GET', 'departments/marketing').get('month')).toBe('2026-04'));
  });

  it('is in Russian with no raw key', async () => {
    new FakeFinanceServer().on('GET', 'departments/sales', { data: { ...MARKETING, type: 'sales' } });
    const view = await openPage('/departments/sales?month=2026-03', ['FH'], 'ru');
    await waitInAct(() => expect(view.element.querySelector('[data-payroll-status]')).not.toBeNull());
    expect(view.element.querySelector('h1')?.textContent).toBe('Отдел продаж');
    expect(view.element.textContent).toContain('март 2026 г.');
    expect(view.element.textContent).toContain('ФОТ');
    expect(view.element.textContent).toContain('Снижение к прошлому месяцу:');
    expect(query(view.element, '[data-payroll-status]').textContent).toBe('Утверждена');
    expect(view.element.textContent).not.toMatch(RAW_KEY);
  });

  it('says when no division is marked with the department, and links to the divisions', async () => {
    new FakeFinanceServer().on('GET', 'departments/development', {
      data: { ...MARKETING, type: 'development', divisions: [], by_article: [], by_project: [] },
    });
    const view = await openPage('/departments/development');
    await waitInAct(() => expect(view.element.querySelector('[data-no-divisions]')).not.toBeNull());
    expect(query(view.element, '[data-no-divisions]').textContent).toContain(
      'No division is marked as Development yet.',
    );
    expect(query<HTMLAnchorElement>(view.element, '[data-no-divisions] a').getAttribute('href')).toBe('/divisions');
    expect(view.element.textContent).toContain('No transactions this month.');
  });

  it('shows the server’s message when the call fails, and nothing without FH', async () => {
    new FakeFinanceServer().on('GET', 'departments/marketing', () =>
      jsonResponse(422, { message: 'The given data was invalid.', errors: { month: ['Give the month as YYYY-MM.'] } }),
    );
    const view = await openPage('/departments/marketing?month=2026-03');
    await waitInAct(() => expect(view.element.textContent).toContain('Try again'));

    const refused = new FakeFinanceServer();
    const denied = await openPage('/departments/marketing', ['FT']);
    await waitInAct(() => expect(denied.element.textContent).toContain('No access'));
    expect(refused.calls()).toEqual([]);
  });
});

describe('The department widgets', () => {
  async function openDashboard(codes: readonly string[], language?: 'en' | 'ru') {
    const kernel = await financeKernel(codes, language);
    await kernel.host.ensureLoaded('finance');
    return renderAppInKernel(kernel, { path: '/dashboard/main' });
  }
  const widget = (scope: HTMLElement, type: string) => scope.querySelector<HTMLElement>(`[data-department="${type}"]`);

  it('show each department’s result, its change and headcount from one summary request, linking to its page', async () => {
    const server = new FakeFinanceServer().on('GET', 'departments/summary', { data: SUMMARY });
    const view = await openDashboard(['FH']);
    await waitInAct(() => expect(widget(view.element, 'sales')?.querySelector('[data-value]')).toBeTruthy());
    expect(server.requests('GET', 'departments/summary')).toHaveLength(1);
    const marketing = widget(view.element, 'marketing') as HTMLElement;
    expect(marketing.getAttribute('aria-label')).toBe('Marketing department');
    expect(query(marketing, '[data-value]').textContent).toBe('-$453.15');
    expect(query(marketing, '[data-change]').textContent).toBe('Down from the previous month:-$864.15 (-210.26%)');
    expect(query(marketing, '[data-headcount]').textContent).toBe('Headcount: 4');
    const sales = widget(view.element, 'sales') as HTMLElement;
    expect(query(sales, '[data-value]').textContent).toBe('$9,007,199,254,740,993.10');
    expect(query<HTMLAnchorElement>(sales, 'a').getAttribute('href')).toBe('/departments/sales');
    expect(widget(view.element, 'development')?.textContent).toContain('No division is marked as Development yet.');
  });

  it('are in Russian with no raw key, and not shown without FH', async () => {
    new FakeFinanceServer().on('GET', 'departments/summary', { data: SUMMARY });
    const view = await openDashboard(['FH'], 'ru');
    await waitInAct(() => expect(widget(view.element, 'marketing')?.querySelector('[data-value]')).toBeTruthy());
    expect(widget(view.element, 'marketing')?.textContent).toContain('Численность: 4');
    expect(widget(view.element, 'marketing')?.textContent).not.toMatch(RAW_KEY);

    const refused = new FakeFinanceServer().on('GET', 'departments/summary', { data: SUMMARY });
    const other = await openDashboard(['FT']);
    await waitInAct(() => expect(other.element.querySelector('[aria-label="This month in USD"]')).not.toBeNull());
    expect(widget(other.element, 'marketing')).toBeNull();
    expect(refused.requests('GET', 'departments/summary')).toHaveLength(0);
  });

  it('say why they are empty when the summary fails', async () => {
    new FakeFinanceServer().on('GET', 'departments/summary', () =>
      jsonResponse(403, { message: 'This action is unauthorized.' }),
    );
    const view = await openDashboard(['FH']);
    await waitInAct(() => expect(widget(view.element, 'sales')?.textContent).toContain('This action is unauthorized.'));
  });

  it('read the summary again with Try again after it failed', async () => {
    let asked = 0;
    const server = new FakeFinanceServer().on('GET', 'departments/summary', () =>
      asked++ === 0 ? jsonResponse(500, { message: 'The ledger is locked.' }) : jsonResponse(200, { data: SUMMARY }),
    );
    const view = await openDashboard(['FH']);
    const sales = (): HTMLElement => widget(view.element, 'sales') as HTMLElement;
    await waitInAct(() => expect(sales().textContent).toContain('The ledger is locked.'));
    // The three widgets shared the one request that failed.
    expect(server.requests('GET', 'departments/summary')).toHaveLength(1);
    await click(buttonByText(sales(), 'Try again'));
    await waitInAct(() => expect(query(sales(), '[data-value]').textContent).toBe('$9,007,199,254,740,993.10'));
    expect(server.requests('GET', 'departments/summary')).toHaveLength(2);
  });
});
