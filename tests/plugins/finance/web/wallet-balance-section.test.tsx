import { describe, expect, it } from 'vitest';
import { WalletBalanceSection } from '@plugins/finance/web/wallets/WalletBalanceSection';
import { jsonResponse, renderInKernel, waitInAct } from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

/** Shaped as `GET dashboard/balances` answers (plugins/finance/server/dashboard). */
const BALANCES = {
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
};

async function section(id: number, language: 'en' | 'ru' = 'en') {
  const kernel = await financeKernel(['FW'], language);
  await kernel.host.ensureLoaded('finance');
  const view = await renderInKernel(
    kernel,
    <WalletBalanceSection
      resource="finance.wallets"
      id={id}
      record={{ id, version: 1, created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' }}
    />,
  );
  return view.element;
}

const text = (element: HTMLElement, id: string): string | null | undefined =>
  element.querySelector(`[data-testid="${id}"]`)?.textContent;

describe("A wallet's balance section", () => {
  it('shows the balance with every stored digit in its currency, and in dollars at the latest rate', async () => {
    new FakeFinanceServer().on('GET', 'dashboard/balances', BALANCES);
    const element = await section(2);
    await waitInAct(() => expect(text(element, 'wallet-balance')).toBe('BTC\u00a00.10000001'));
    expect(text(element, 'wallet-balance-usd')).toBe('$6,500.00 at the latest rate');
    expect(element.querySelector('section')?.getAttribute('aria-label')).toBe('Balance');
  });

  it('shows a dollar wallet once, and says when no rate converts the currency, in Russian too', async () => {
    new FakeFinanceServer().on('GET', 'dashboard/balances', BALANCES);
    const dollars = await section(1);
    await waitInAct(() => expect(text(dollars, 'wallet-balance')).toBe('$12,345,678,901,234.12345678'));
    expect(text(dollars, 'wallet-balance-usd')).toBeUndefined();

    const hryvnias = await section(3, 'ru');
    await waitInAct(() =>
      expect(text(hryvnias, 'wallet-balance-usd')).toBe('Курса UAH к доллару пока нет: не пересчитано'),
    );
  });

  it('says a deleted wallet keeps no balance, and offers to try again when the balances fail', async () => {
    new FakeFinanceServer().on('GET', 'dashboard/balances', BALANCES);
    const deleted = await section(9);
    await waitInAct(() => expect(deleted.textContent).toContain('A deleted wallet keeps no balance.'));

    new FakeFinanceServer().on('GET', 'dashboard/balances', () => jsonResponse(500, { message: 'Down' }));
    const failed = await section(2);
    await waitInAct(() => expect(failed.querySelector('button')?.textContent).toMatch(/try again/i));
  });
});
