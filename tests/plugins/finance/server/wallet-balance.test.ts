import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { ALL_FINANCE, create, money, read } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

/*
 * A wallet's balance is derived from its transactions, not anybody's edit: posting a transaction
 * moves it without touching the wallet's version, so whoever has the wallet open saves it unrefused.
 */

let t: FinanceTestApp;

beforeAll(async () => {
  t = await financeApp();
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

describe('a wallet open in an edit form while its balance moves', { timeout: DB_TIMEOUT }, () => {
  it('saves at the version it was opened at, and the balance stays the transactions’ sum', async () => {
    const wallet = await create(t, 'wallets', { name: 'Open USD', currency: 'USD' });
    const income = await create(t, 'articles', { name: 'Sales in', direction: 'income' });
    const opened = await read(t, `wallets/${wallet.id}`);
    await create(t, 'transactions', {
      date_fact: '2026-01-15',
      wallet_id: wallet.id,
      article_id: income.id,
      amount: money('12.5', 'USD'),
    });
    const moved = await read(t, `wallets/${wallet.id}`);
    expect([moved.version, moved.balance]).toEqual([opened.version, money('12.5', 'USD')]);
    const saved = await t.call(ALL_FINANCE, 'PATCH', `wallets/${wallet.id}`, {
      name: 'Open USD, renamed',
      version: opened.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: { version: number; balance: unknown } }>().data).toMatchObject({
      version: opened.version + 1,
      balance: money('12.5', 'USD'),
    });
  });
});
