import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '@core/sdk/server';
import { FINANCE_RESOURCES } from '@plugins/finance/shared/finance-resources';
import { DB_TIMEOUT, demoContext, freshDatabase } from '@core/sdk/testing';
import { createFinanceServerPlugin } from '@plugins/finance/server';
import { seedFinanceDemo } from '@plugins/finance/server/demo/demo-data';
import {
  assertNoManagerCycle,
  assertSalaryPeriodFree,
  subordinatesOf,
} from '@plugins/finance/server/employees/hierarchy';
import { salaryForPeriod } from '@plugins/finance/server/employees/salary';
import { rateOn } from '@plugins/finance/server/money/usd';
import { refreshBalances } from '@plugins/finance/server/transactions/balances';
import { transactionComputedValues } from '@plugins/finance/server/transactions/transaction-rules';

let db: Database;

beforeAll(async () => {
  db = await freshDatabase([createFinanceServerPlugin()]);
}, DB_TIMEOUT);
afterAll(async () => {
  await db.close();
});

const one = async <T extends object>(sql: string, params: unknown[] = []): Promise<T> =>
  (await db.query<T>(sql, params)).rows[0] as T;

describe('finance rules on SQL', { timeout: DB_TIMEOUT }, () => {
  it('demo data fills every finance table once, with balances that agree with the transactions', async () => {
    const demo = await demoContext(db, [createFinanceServerPlugin()]);
    expect(demo.author.id).not.toBeNull();
    expect(await seedFinanceDemo(db, demo)).toBe(true);
    expect(await seedFinanceDemo(db, demo)).toBe(false);
    for (const table of [...FINANCE_RESOURCES.map((definition) => definition.table), 'finance.google_tables']) {
      const { n } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(n, table).toBeGreaterThan(0);
    }
    // Written through the engine: each record has the demo's author and its audit row by them.
    for (const definition of FINANCE_RESOURCES) {
      const { n, authored, audited } = await one<{ n: number; authored: number; audited: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE r.created_by = $1)::int AS authored,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM core.audit_log a WHERE a.resource = $2 AND a.record_id = r.id AND a.action = 'create' AND a.actor_id = $1))::int AS audited
           FROM ${definition.table} r`,
        [demo.author.id, definition.id],
      );
      expect([authored, audited], definition.id).toEqual([n, n]);
    }
    const { rows } = await db.query<{ id: number; balance: string; sum: string }>(
      `SELECT w.id, w.balance::text AS balance, trim_scale(coalesce((SELECT sum(CASE WHEN a.direction = 'income' THEN t.amount ELSE -t.amount END - coalesce(t.commission, 0))
         FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id WHERE t.wallet_id = w.id), 0))::text AS sum FROM finance.wallets w`,
    );
    for (const row of rows) expect(row.balance).toBe(row.sum);
    const { bad } = await one<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM finance.transactions WHERE amount_usd IS NULL OR summary_usd <> amount_usd + commission_usd OR summary <> amount + commission`,
    );
    expect(bad).toBe(0);
  });

  it('takes the rate of the latest date on or before the day, 1 for USD, none before the first', async () => {
    await db.query(
      `INSERT INTO finance.exchange_rates (currency, rate_date, usd_rate) VALUES ('GBP', '2020-01-10', 1.2), ('GBP', '2020-01-20', 1.3)`,
    );
    expect(await rateOn(db, 'GBP', '2020-01-09')).toBeNull();
    expect(await rateOn(db, 'GBP', '2020-01-10')).toBe('1.2');
    expect(await rateOn(db, 'GBP', '2020-01-19')).toBe('1.2');
    expect(await rateOn(db, 'GBP', '2020-01-25')).toBe('1.3');
    expect(await rateOn(db, 'USD', '1999-01-01')).toBe('1');
  });

  it('computes USD amounts exactly and refuses another currency or a missing rate', async () => {
    const { id: wallet } = await one<{ id: number }>(
      `INSERT INTO finance.wallets (name, currency) VALUES ('GBP test', 'GBP') RETURNING id::int AS id`,
    );
    const computed = await db.transaction((tx) =>
      transactionComputedValues(tx, {
        wallet_id: wallet,
        date_fact: '2020-01-15',
        amount: { amount: '0.1', currency: 'GBP' },
        commission: { amount: '0.2', currency: 'GBP' },
      }),
    );
    expect(computed).toMatchObject({
      summary: { amount: '0.3', currency: 'GBP' },
      amount_usd: { amount: '0.12', currency: 'USD' },
      commission_usd: { amount: '0.24', currency: 'USD' },
      summary_usd: { amount: '0.36', currency: 'USD' },
    });
    await expect(
      db.transaction((tx) =>
        transactionComputedValues(tx, {
          wallet_id: wallet,
          date_fact: '2020-01-05',
          amount: { amount: '1', currency: 'GBP' },
        }),
      ),
    ).rejects.toMatchObject({
      status: 422,
      errors: {
        date_fact: ['There is no GBP exchange rate on or before 2020-01-05: add one on the exchange rates screen.'],
      },
    });
    await expect(
      db.transaction((tx) =>
        transactionComputedValues(tx, {
          wallet_id: wallet,
          date_fact: '2020-01-15',
          amount: { amount: '1', currency: 'EUR' },
        }),
      ),
    ).rejects.toMatchObject({
      status: 422,
      errors: { amount: ["The amount must be in the wallet's currency (GBP)."] },
    });
  });

  it('refuses overlapping salary periods and manager cycles', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO finance.employees (full_name) VALUES ('A'), ('B'), ('C') RETURNING id::int AS id`,
    );
    const [a, b, c] = rows.map((row) => row.id) as [number, number, number];
    await db.query('UPDATE finance.employees SET manager_id = $1 WHERE id = $2', [a, b]);
    await db.query('UPDATE finance.employees SET manager_id = $1 WHERE id = $2', [b, c]);
    await expect(db.transaction((tx) => assertNoManagerCycle(tx, a, c))).rejects.toMatchObject({
      status: 422,
      errors: { manager_id: [expect.any(String)] },
    });
    await expect(db.transaction((tx) => assertNoManagerCycle(tx, a, a))).rejects.toMatchObject({ status: 422 });
    await db.transaction((tx) => assertNoManagerCycle(tx, c, a));
    expect((await subordinatesOf(db, a, false)).map((row) => [row.full_name, row.level])).toEqual([
      ['B', 1],
      ['C', 2],
    ]);

    await db.query(
      `INSERT INTO finance.salary_history (employee_id, date_start, date_end, salary, salary_currency) VALUES ($1, '2026-01-01', '2026-03-31', 3000, 'USD'), ($1, '2026-04-01', NULL, 3100, 'USD')`,
      [a],
    );
    await expect(
      db.transaction((tx) =>
        assertSalaryPeriodFree(tx, { id: null, employee_id: a, date_start: '2026-03-31', date_end: '2026-03-31' }),
      ),
    ).rejects.toMatchObject({
      status: 422,
      errors: { date_start: ['This period overlaps the salary from 2026-01-01 to 2026-03-31.'] },
    });
    await expect(
      db.transaction((tx) =>
        assertSalaryPeriodFree(tx, { id: null, employee_id: a, date_start: '2030-01-01', date_end: null }),
      ),
    ).rejects.toMatchObject({ status: 422 });
    await db.transaction((tx) =>
      assertSalaryPeriodFree(tx, { id: null, employee_id: a, date_start: '2025-01-01', date_end: '2025-12-31' }),
    );
  });

  it('computes the salary of a period pro rata by calendar days per month, per currency, exactly', async () => {
    const { id } = await one<{ id: number }>(
      `INSERT INTO finance.employees (full_name) VALUES ('Salaried') RETURNING id::int AS id`,
    );
    await db.query(
      `INSERT INTO finance.salary_history (employee_id, date_start, date_end, salary, salary_currency)
       VALUES ($1, '2026-01-01', '2026-02-14', 3100, 'USD'), ($1, '2026-02-15', NULL, 2800, 'EUR')`,
      [id],
    );
    const salary = await salaryForPeriod(db, id, '2026-01-17', '2026-03-31');
    // January 17–31: 15/31 of 3100 = 1500; February 1–14: 14/28 of 3100 = 1550; February 15–28: 14/28 of 2800 = 1400; March: 2800.
    expect(salary.totals).toEqual([
      { currency: 'EUR', amount: '4200' },
      { currency: 'USD', amount: '3050' },
    ]);
    expect(
      salary.months.map((month) => [month.month, month.currency, month.days, month.days_in_month, month.amount]),
    ).toEqual([
      ['2026-01', 'USD', 15, 31, '1500'],
      ['2026-02', 'USD', 14, 28, '1550'],
      ['2026-02', 'EUR', 14, 28, '1400'],
      ['2026-03', 'EUR', 31, 31, '2800'],
    ]);
    const third = await salaryForPeriod(db, id, '2026-03-01', '2026-03-10');
    expect(third.totals).toEqual([{ currency: 'EUR', amount: '903.23' }]);
    await expect(salaryForPeriod(db, id, '2026-03-10', '2026-03-01')).rejects.toMatchObject({ status: 422 });
  });

  it('keeps a wallet balance equal to its transactions when refreshed after every write', async () => {
    const { records } = await demoContext(db, [createFinanceServerPlugin()]);
    const { id: wallet } = await one<{ id: number }>(
      `INSERT INTO finance.wallets (name, currency) VALUES ('Balance test', 'USD') RETURNING id::int AS id`,
    );
    const { id: income } = await one<{ id: number }>(
      `SELECT id::int AS id FROM finance.articles WHERE direction = 'income' LIMIT 1`,
    );
    const { id: expense } = await one<{ id: number }>(
      `SELECT id::int AS id FROM finance.articles WHERE direction = 'expense' LIMIT 1`,
    );
    const add = (article: number, amount: string, commission: string) =>
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO finance.transactions (date_fact, wallet_id, article_id, amount, amount_currency, commission, commission_currency) VALUES (current_date, $1, $2, $3, 'USD', $4, 'USD')`,
          [wallet, article, amount, commission],
        );
        await refreshBalances(tx, records, [wallet]);
      });
    await add(income, '0.1', '0');
    await add(income, '0.2', '0');
    await add(expense, '0.05', '0.01');
    const { balance } = await one<{ balance: string }>(
      'SELECT trim_scale(balance)::text AS balance FROM finance.wallets WHERE id = $1',
      [wallet],
    );
    expect(balance).toBe('0.24');

    // 50 writers at once (on PostgreSQL they run in parallel on the pool's connections).
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        add(
          index % 3 === 0 ? expense : income,
          `${index}.${String(index).padStart(8, '0')}`,
          index % 5 === 0 ? '0.00000001' : '0',
        ),
      ),
    );
    const check = await one<{ balance: string; sum: string; n: number }>(
      `SELECT trim_scale(w.balance)::text AS balance, (SELECT count(*)::int FROM finance.transactions WHERE wallet_id = w.id) AS n,
              (SELECT trim_scale(sum(CASE WHEN a.direction = 'income' THEN t.amount ELSE -t.amount END - t.commission))::text
                 FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id WHERE t.wallet_id = w.id) AS sum
         FROM finance.wallets w WHERE w.id = $1`,
      [wallet],
    );
    expect(check.n).toBe(53);
    expect(check.balance).toBe(check.sum);
  });
});
