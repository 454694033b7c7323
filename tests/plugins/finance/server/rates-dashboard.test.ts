import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { create, money } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;

beforeAll(async () => {
  t = await financeApp();
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

const rates = async (): Promise<string[]> => {
  const { rows } = await t.db.query<{ line: string }>(
    `SELECT currency || ' ' || to_char(rate_date, 'YYYY-MM-DD') || ' ' || usd_rate::text AS line FROM finance.exchange_rates ORDER BY currency, rate_date`,
  );
  return rows.map((row) => row.line);
};

describe('exchange rates', { timeout: DB_TIMEOUT }, () => {
  it('imports CSV text, upserting on currency and date', async () => {
    const first = await t.call(['FT'], 'POST', 'exchange-rates/import', {
      csv: 'currency,date,rate\nEUR,2026-01-10,1.1\nBTC,2026-01-10,91234.12345678\n',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: object }>().data).toEqual({ total: 2, inserted: 2, updated: 0, unchanged: 0 });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/finance/exchange-rates/import',
      headers: {
        authorization: `Bearer ${(await import('@core/sdk/testing')).mintToken(['FT'])}`,
        'content-type': 'text/csv',
      },
      payload: 'EUR;2026-01-10;1.12\nBTC;2026-01-10;91234.12345678\nGBP;2026-01-10;1.27',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ data: object }>().data).toEqual({ total: 3, inserted: 1, updated: 1, unchanged: 1 });
    expect(await rates()).toEqual(['BTC 2026-01-10 91234.12345678', 'EUR 2026-01-10 1.12', 'GBP 2026-01-10 1.27']);
    // Each new or changed rate has an `import` entry in its history.
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM finance.exchange_rates WHERE currency = 'EUR'`,
    );
    const history = await t.call(['FT'], 'GET', `exchange-rates/${rows[0]?.id ?? 0}/history`);
    expect(history.json<{ data: object[] }>().data).toEqual([
      expect.objectContaining({
        action: 'import',
        before: { currency: 'EUR', rate_date: '2026-01-10', usd_rate: '1.1' },
        after: { currency: 'EUR', rate_date: '2026-01-10', usd_rate: '1.12' },
      }),
      expect.objectContaining({
        action: 'import',
        before: null,
        after: { currency: 'EUR', rate_date: '2026-01-10', usd_rate: '1.1' },
      }),
    ]);
    expect(
      (await t.call(['FT'], 'GET', `exchange-rates/${rows[0]?.id ?? 0}`)).json<{ data: { version: number } }>().data
        .version,
    ).toBe(2);
  });

  it('reports every bad line by number with 422 and imports nothing', async () => {
    const before = await rates();
    const response = await t.call(['FT'], 'POST', 'exchange-rates/import', {
      csv: 'EUR,2026-02-01,1.2\nXYZ,2026-02-01,1\nEUR,2026-02-31,1\nEUR,2026-02-02,abc',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('Nothing was imported: 3 line(s) have problems.');
    expect(Object.keys(body.errors)).toEqual(['line_2', 'line_3', 'line_4']);
    expect(body.errors.line_3?.[0]).toMatch(/^Line 3: /);
    expect(await rates()).toEqual(before);
    expect((await t.call(['FT'], 'POST', 'exchange-rates/import', { csv: '' })).statusCode).toBe(422);
    expect((await t.call(['FW'], 'POST', 'exchange-rates/import', { csv: 'EUR,2026-02-01,1.2' })).statusCode).toBe(403);
  });

  it('keeps one rate per currency and day', async () => {
    const response = await t.call(['FT'], 'POST', 'exchange-rates', {
      currency: 'EUR',
      rate_date: '2026-01-10',
      usd_rate: '1.3',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['currency']);
    expect(
      (await t.call(['FT'], 'POST', 'exchange-rates', { currency: 'EUR', rate_date: '2026-01-11', usd_rate: '1.3' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a rate for USD itself', async () => {
    const response = await t.call(['FT'], 'POST', 'exchange-rates', {
      currency: 'USD',
      rate_date: '2026-01-01',
      usd_rate: '1',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['currency']);
  });
});

describe('deleting many rates', { timeout: DB_TIMEOUT }, () => {
  it('removes them for good in one request, each with its own delete entry', async () => {
    await t.call(['FT'], 'POST', 'exchange-rates/import', { csv: 'EUR,2025-05-01,1.01\nEUR,2025-05-02,1.02\n' });
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id::int AS id FROM finance.exchange_rates WHERE rate_date BETWEEN '2025-05-01' AND '2025-05-02' ORDER BY id`,
    );
    const ids = rows.map((row) => row.id);
    const deleted = await t.call(['FT'], 'POST', 'exchange-rates/bulk-delete', { ids });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { data: { deleted: 2 } }]);
    const audit = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM core.audit_log
        WHERE resource = 'finance.exchange_rates' AND record_id = ANY($1::bigint[]) AND action = 'delete' AND after IS NULL`,
      [ids],
    );
    expect(audit.rows[0]?.n).toBe(2);
    expect((await rates()).filter((line) => line.includes('2025-05-0'))).toEqual([]);
  });
});

describe('dashboard', { timeout: DB_TIMEOUT }, () => {
  it('gives wallet balances with dollars at the latest rate, and this month by article direction in dollars', async () => {
    await t.call(['FT'], 'POST', 'exchange-rates/import', { csv: `EUR,${new Date().toISOString().slice(0, 10)},1.25` });
    const usd = await create(t, 'wallets', { name: 'A USD', currency: 'USD' });
    const eur = await create(t, 'wallets', { name: 'B EUR', currency: 'EUR' });
    await create(t, 'wallets', { name: 'C KZT', currency: 'KZT' });
    const income = await create(t, 'articles', { name: 'In', direction: 'income' });
    const expense = await create(t, 'articles', { name: 'Out', direction: 'expense' });
    const today = new Date().toISOString().slice(0, 10);
    await create(t, 'transactions', {
      date_fact: today,
      wallet_id: usd.id,
      article_id: income.id,
      amount: money('1000.10', 'USD'),
      commission: money('0.1', 'USD'),
    });
    await create(t, 'transactions', {
      date_fact: today,
      wallet_id: eur.id,
      article_id: expense.id,
      amount: money('100', 'EUR'),
      commission: money('2', 'EUR'),
    });
    await create(t, 'transactions', {
      date_fact: '2026-01-10',
      wallet_id: usd.id,
      article_id: income.id,
      amount: money('5', 'USD'),
    });

    const balances = await t.call(['FW'], 'GET', 'dashboard/balances');
    expect(balances.statusCode).toBe(200);
    const body = balances.json<{ data: { data: object[]; total_usd: string; wallets_without_rate: number[] } }>().data;
    expect(body.data).toEqual([
      { id: usd.id, name: 'A USD', currency: 'USD', balance: '1005', balance_usd: '1005' },
      { id: eur.id, name: 'B EUR', currency: 'EUR', balance: '-102', balance_usd: '-127.5' },
      expect.objectContaining({ name: 'C KZT', balance: '0', balance_usd: null }),
    ]);
    expect(body.total_usd).toBe('877.5');

    const month = await t.call(['FT'], 'GET', 'dashboard/month');
    expect(month.statusCode).toBe(200);
    expect(month.json<{ data: object }>().data).toMatchObject({
      currency: 'USD',
      income: '1000.1',
      expense: '125',
      commission: '2.6',
    });
    const january = await t.call(['FT'], 'GET', 'dashboard/month?month=2026-01');
    expect(january.json<{ data: object }>().data).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      income: '5',
      expense: '0',
    });
    expect((await t.call(['FT'], 'GET', 'dashboard/month?month=2026-13')).statusCode).toBe(422);
    expect((await t.call(['FT'], 'GET', 'dashboard/balances')).statusCode).toBe(403);
    expect((await t.call(['FW'], 'GET', 'dashboard/month')).statusCode).toBe(403);
  });
});
