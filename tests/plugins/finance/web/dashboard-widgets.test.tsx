import { describe, expect, it } from 'vitest';
import { buttonByText, click, jsonResponse, query, renderAppInKernel, waitInAct } from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

/** Shaped as the finance server answers (plugins/finance/server/dashboard). */
function dashboardServer(): FakeFinanceServer {
  return new FakeFinanceServer()
    .on('GET', 'dashboard/balances', {
      data: {
        data: [
          {
            id: 1,
            name: 'Main',
            currency: 'USD',
            balance: '12345678901234.12345678',
            balance_usd: '12345678901234.12345678',
          },
          { id: 2, name: 'Cold', currency: 'BTC', balance: '0.10000001', balance_usd: '6500.0006500' },
          { id: 3, name: 'Cards', currency: 'UAH', balance: '0.2', balance_usd: null },
        ],
        total_usd: '12345678907734.12410678',
        wallets_without_rate: [3],
      },
    })
    .on('GET', 'dashboard/month', {
      data: {
        from: '2026-03-01',
        to: '2026-03-31',
        currency: 'USD',
        income: '9007199254740993.10',
        expense: '0.20',
        commission: '1.5',
        directions: [
          { direction: 'income', amount_usd: '9007199254740993.10', commission_usd: '1', count: 2 },
          { direction: 'expense', amount_usd: '0.20', commission_usd: '0.5', count: 1 },
        ],
      },
    });
}

async function openDashboard(codes: readonly string[]) {
  const kernel = await financeKernel(codes);
  // Widgets of a plugin appear once its code is loaded.
  await kernel.host.ensureLoaded('finance');
  return renderAppInKernel(kernel, { path: '/dashboard/main' });
}

const widget = (view: { element: HTMLElement }, name: string) =>
  view.element.querySelector<HTMLElement>(`[role="region"][aria-label="${name}"]`);

describe('Finance dashboard widgets', () => {
  it('show wallet balances exactly as the decimal strings say in their currency, and in dollars to the cent', async () => {
    dashboardServer();
    const view = await openDashboard(['FW', 'FT']);
    await waitInAct(() => expect(widget(view, 'Balances by wallet')?.querySelector('tbody')).toBeTruthy());
    const rows = [...(widget(view, 'Balances by wallet')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Main', '$12,345,678,901,234.12345678', '$12,345,678,901,234.12'],
      ['Cold', 'BTC\u00a00.10000001', '$6,500.00'],
      ['Cards', 'UAH\u00a00.20', '—'],
      ['Total, USD', '', '$12,345,678,907,734.12'],
    ]);
    expect(widget(view, 'Balances by wallet')?.textContent).toContain(
      'Wallets without a USD rate, left out of the total: 1',
    );
  });

  it("show this month's income and expense in USD, and what is left, to the cent with no precision lost", async () => {
    dashboardServer();
    const view = await openDashboard(['FW', 'FT']);
    await waitInAct(() => expect(view.element.querySelector('[data-testid="month-income"]')).not.toBeNull());
    const month = widget(view, 'This month in USD');
    expect(month).not.toBeNull();
    expect(query(view.element, '[data-testid="month-income"]').textContent).toBe('$9,007,199,254,740,993.10');
    expect(query(view.element, '[data-testid="month-expense"]').textContent).toBe('$0.20');
    expect(query(view.element, '[data-testid="month-net"]').textContent).toBe('$9,007,199,254,740,992.90');
    expect(query(view.element, '[data-testid="month-commission"]').textContent).toBe('$1.50');
    expect(month?.textContent).toContain('03/01/26 – 03/31/26');
  });

  it('read the per-direction rows, and show only the widgets the user may see', async () => {
    dashboardServer().on('GET', 'dashboard/month', {
      data: {
        from: '2026-03-01',
        to: '2026-03-31',
        currency: 'USD',
        directions: [
          { direction: 'income', amount_usd: '10.5', commission_usd: '0', count: 1 },
          { direction: 'expense', amount_usd: '20', commission_usd: '0', count: 1 },
        ],
      },
    });
    const view = await openDashboard(['FT']);
    await waitInAct(() => expect(view.element.querySelector('[data-testid="month-net"]')).not.toBeNull());
    expect(query(view.element, '[data-testid="month-net"]').textContent).toBe('-$9.50');
    expect(widget(view, 'Balances by wallet')).toBeNull();
  });

  it('say why a widget is empty when its call fails', async () => {
    dashboardServer().on('GET', 'dashboard/balances', () =>
      jsonResponse(403, { message: 'This action is unauthorized.' }),
    );
    const view = await openDashboard(['FW']);
    await waitInAct(() =>
      expect(widget(view, 'Balances by wallet')?.textContent).toContain('This action is unauthorized.'),
    );
  });

  it('read a failed widget again with Try again', async () => {
    let asked = 0;
    const server = dashboardServer().on('GET', 'dashboard/month', () =>
      asked++ === 0
        ? jsonResponse(500, { message: 'The ledger is locked.' })
        : jsonResponse(200, { data: { currency: 'USD', income: '10.00', expense: '2.50' } }),
    );
    const view = await openDashboard(['FT']);
    const month = (): HTMLElement => query(view.element, '[role="region"][aria-label="This month in USD"]');
    await waitInAct(() => expect(widget(view, 'This month in USD')?.textContent).toContain('The ledger is locked.'));
    await click(buttonByText(month(), 'Try again'));
    await waitInAct(() => expect(query(month(), '[data-testid="month-net"]').textContent).toBe('$7.50'));
    expect(server.requests('GET', 'dashboard/month')).toHaveLength(2);
  });
});
