import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, demoContext, mintToken } from '@core/sdk/testing';
import { addDecimals, compareDecimals, type FilterClause, resolveDatePreset } from '@core/sdk/shared';
import { createFinanceServerPlugin, seedFinanceDemo } from '@plugins/finance/server';
import type { CashFlowCellAnswer, CashFlowReport, CashFlowRow } from '@plugins/finance/shared/cash-flow';
import { ALL_FINANCE, create, importRates, money, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;
let usd: Row;
let eur: Row;
let payouts: Row;
let services: Row;
let ads: Row;
let salaries: Row;
let alpha: Row;
let buying: Row;

const PERIOD = 'from=2026-01-01&to=2026-02-28';

/*
 * Two months, January and February 2026, with a transaction on each side of each boundary: paid
 * before the period (opening balance), planned and paid in different months, planned in the period
 * and paid after it (outstanding), unplanned, and paid after the period (in no figure).
 */
beforeAll(async () => {
  t = await financeApp();
  usd = await create(t, 'wallets', { name: 'Main USD', currency: 'USD' });
  eur = await create(t, 'wallets', { name: 'Ops EUR', currency: 'EUR' });
  payouts = await create(t, 'articles', { name: 'Payouts', direction: 'income' });
  services = await create(t, 'articles', { name: 'Services', direction: 'income' });
  ads = await create(t, 'articles', { name: 'Ad spend', direction: 'expense' });
  salaries = await create(t, 'articles', { name: 'Salaries', direction: 'expense' });
  alpha = await create(t, 'projects', { name: 'Alpha' });
  buying = await create(t, 'divisions', { name: 'Buying' });
  await importRates(t, 'currency,date,rate\nEUR,2025-12-01,1.1\nEUR,2026-02-01,1.2\n');
  const booking = (wallet: Row, article: Row, date_fact: string, amount: string, extra: object = {}) =>
    create(t, 'transactions', {
      wallet_id: wallet.id,
      article_id: article.id,
      date_fact,
      amount: money(amount, wallet === usd ? 'USD' : 'EUR'),
      ...extra,
    });
  await booking(usd, payouts, '2025-12-20', '1000');
  await booking(eur, payouts, '2025-12-21', '100');
  await booking(usd, payouts, '2026-01-05', '100.10', { date_plan: '2026-01-03', project_id: alpha.id });
  await booking(usd, ads, '2026-01-31', '50.05', {
    date_plan: '2026-02-01',
    commission: money('0.5', 'USD'),
    project_id: alpha.id,
    division_id: buying.id,
  });
  await booking(eur, payouts, '2026-02-01', '10', { commission: money('0.1', 'EUR'), division_id: buying.id });
  await booking(usd, salaries, '2026-03-05', '300', { date_plan: '2026-02-15' });
  await booking(usd, services, '2026-02-28', '0.2', { date_plan: '2026-01-20' });
  await booking(usd, payouts, '2026-03-01', '999');
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

const report = async (query: string): Promise<CashFlowReport> => {
  const response = await t.call(['FT'], 'GET', `cash-flow?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CashFlowReport }>().data;
};

const cell = async (query: string): Promise<CashFlowCellAnswer> => {
  const response = await t.call(['FT'], 'GET', `cash-flow/transactions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CashFlowCellAnswer>();
};

/** Σ of a USD column over the transactions list (through the engine) filtered by `filters`, and how many. */
async function listed(
  filters: readonly FilterClause[],
  column: 'amount_usd' | 'commission_usd' = 'amount_usd',
): Promise<{ sum: string; ids: number[] }> {
  const params = new URLSearchParams({ per_page: '500' });
  for (const clause of filters)
    params.set(
      `filter[${clause.field}][${clause.op}]`,
      typeof clause.value === 'string' ? clause.value : clause.value.join(','),
    );
  const response = await t.call(['FT'], 'GET', `transactions?${params.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  const { data: rows, total } = response.json<{ data: { data: Row[]; total: number } }>().data;
  expect(rows).toHaveLength(total);
  return {
    sum: rows.reduce((sum, row) => addDecimals(sum, (row[column] as { amount: string }).amount), '0'),
    ids: rows.map((row) => row.id).sort((a, b) => a - b),
  };
}

const rowOf = (data: CashFlowReport, direction: string, key: string): CashFlowRow | undefined =>
  data.rows.find((row) => row.direction === direction && row.key === key);
const figuresOf = (row: CashFlowRow | undefined) =>
  row?.months.map((month) => [month.plan, month.fact, month.difference]);

describe('the cash flow grid', { timeout: DB_TIMEOUT }, () => {
  it('sums fact by date_fact and plan by date_plan per month, cut at the month boundaries, with differences and totals', async () => {
    const data = await report(`${PERIOD}&group=article`);
    expect(data.months).toEqual([
      { month: '2026-01', from: '2026-01-01', to: '2026-01-31' },
      { month: '2026-02', from: '2026-02-01', to: '2026-02-28' },
    ]);
    // [plan, fact, difference] per month.
    expect(figuresOf(rowOf(data, 'income', String(payouts.id)))).toEqual([
      ['100.1', '100.1', '0'],
      ['0', '12', '12'],
    ]);
    expect(figuresOf(rowOf(data, 'income', String(services.id)))).toEqual([
      ['0.2', '0', '-0.2'],
      ['0', '0.2', '0.2'],
    ]);
    expect(figuresOf(rowOf(data, 'expense', String(ads.id)))).toEqual([
      ['0', '50.05', '50.05'],
      ['50.05', '0', '-50.05'],
    ]);
    // Planned in February, paid in March: plan only, and outstanding at the end.
    expect(figuresOf(rowOf(data, 'expense', String(salaries.id)))).toEqual([
      ['0', '0', '0'],
      ['300', '0', '-300'],
    ]);
    expect(figuresOf(rowOf(data, 'commission', 'none'))).toEqual([
      ['0', '0.5', '0.5'],
      ['0.5', '0.12', '-0.38'],
    ]);
    expect(data.rows.map((row) => row.label)).toEqual(['Payouts', 'Services', 'Ad spend', 'Salaries', null]);
    expect(data.totals.income).toEqual({ plan: '100.3', fact: '112.3', difference: '12' });
    expect(data.totals.expense).toEqual({ plan: '350.05', fact: '50.05', difference: '-300' });
    expect(data.totals.commission).toEqual({ plan: '0.5', fact: '0.62', difference: '0.12' });
    expect(data.totals.net).toEqual({ plan: '-250.25', fact: '61.63', difference: '311.88' });
    expect(data.month_totals[0]?.net).toEqual({ plan: '100.3', fact: '49.55', difference: '-50.75' });
    expect(data.outstanding).toEqual({ income: '0', expense: '300' });
  });

  it('agrees with the transactions list filtered the same way, for the period, an article, a project and a wallet', async () => {
    const whole = await report(`${PERIOD}&group=article`);
    const period: FilterClause[] = [
      { field: 'date_fact', op: 'gte', value: '2026-01-01' },
      { field: 'date_fact', op: 'lte', value: '2026-02-28' },
    ];
    expect(
      (await listed([...period, { field: 'article_id', op: 'in', value: [String(payouts.id), String(services.id)] }]))
        .sum,
    ).toBe(whole.totals.income.fact);
    expect(
      (await listed([...period, { field: 'article_id', op: 'in', value: [String(ads.id), String(salaries.id)] }])).sum,
    ).toBe(whole.totals.expense.fact);
    expect((await listed(period, 'commission_usd')).sum).toBe(whole.totals.commission.fact);
    const planned: FilterClause[] = [
      { field: 'date_plan', op: 'gte', value: '2026-01-01' },
      { field: 'date_plan', op: 'lte', value: '2026-02-28' },
    ];
    expect(
      (await listed([...planned, { field: 'article_id', op: 'in', value: [String(ads.id), String(salaries.id)] }])).sum,
    ).toBe(whole.totals.expense.plan);

    const byArticle = await report(`${PERIOD}&group=article&article_id=${payouts.id}`);
    expect(byArticle.rows.map((row) => row.key)).toEqual([String(payouts.id), 'none']);
    expect(byArticle.totals.income.fact).toBe(
      (await listed([...period, { field: 'article_id', op: 'eq', value: String(payouts.id) }])).sum,
    );

    const byProject = await report(`${PERIOD}&group=project&project_id=${alpha.id}`);
    expect(byProject.totals.income.fact).toBe('100.1');
    expect(byProject.totals.expense.fact).toBe(
      (
        await listed([
          ...period,
          { field: 'project_id', op: 'eq', value: String(alpha.id) },
          { field: 'article_id', op: 'eq', value: String(ads.id) },
        ])
      ).sum,
    );

    const byWallet = await report(`${PERIOD}&group=division&wallet_id=${eur.id}`);
    expect(byWallet.totals.income.fact).toBe(
      (await listed([...period, { field: 'wallet_id', op: 'eq', value: String(eur.id) }])).sum,
    );
    expect(rowOf(byWallet, 'income', String(buying.id))?.total.fact).toBe('12');
  });

  it('splits rows by project or division, with a "none" row for transactions without one', async () => {
    const data = await report(`${PERIOD}&group=project`);
    expect(rowOf(data, 'income', String(alpha.id))?.label).toBe('Alpha');
    expect(rowOf(data, 'income', 'none')).toMatchObject({
      label: null,
      total: { plan: '0.2', fact: '12.2', difference: '12' },
    });
    expect(rowOf(data, 'expense', 'none')?.total).toEqual({ plan: '300', fact: '0', difference: '-300' });
    // The totals do not depend on the grouping.
    expect(data.totals).toEqual((await report(`${PERIOD}&group=division`)).totals);
  });
});

describe('the wallets’ balances', { timeout: DB_TIMEOUT }, () => {
  it('are the balances as of the day before the period and its last day, in the currency and in dollars at that day’s rate', async () => {
    const { balances } = await report(`${PERIOD}&group=article`);
    expect(balances).toMatchObject({ opening_date: '2025-12-31', closing_date: '2026-02-28', missing_rates: false });
    expect(balances.wallets).toEqual([
      {
        wallet_id: usd.id,
        name: 'Main USD',
        currency: 'USD',
        opening: '1000',
        closing: '1049.75',
        opening_usd: '1000',
        closing_usd: '1049.75',
      },
      {
        wallet_id: eur.id,
        name: 'Ops EUR',
        currency: 'EUR',
        opening: '100',
        closing: '109.9',
        opening_usd: '110',
        closing_usd: '131.88',
      },
    ]);
    expect(balances).toMatchObject({ opening_usd: '1110', closing_usd: '1181.63' });
    const one = await report(`${PERIOD}&group=article&wallet_id=${usd.id}`);
    expect(one.balances.wallets.map((wallet) => wallet.wallet_id)).toEqual([usd.id]);
  });

  it('flag a wallet whose currency has no rate on the day, leaving it out of the dollar totals', async () => {
    const { balances } = await report('from=2025-11-01&to=2025-11-30&group=article');
    expect(balances.missing_rates).toBe(true);
    expect(balances.wallets.find((wallet) => wallet.wallet_id === eur.id)).toMatchObject({
      opening: '0',
      opening_usd: null,
      closing_usd: null,
    });
    expect(balances.opening_usd).toBe('0');
  });
});

describe('the drill-down', { timeout: DB_TIMEOUT }, () => {
  it('lists exactly the transactions a cell sums, and the list filters that pick the same ones', async () => {
    const data = await report(`${PERIOD}&group=article`);
    for (const row of data.rows) {
      for (const [at, month] of data.months.entries()) {
        for (const basis of ['fact', 'plan'] as const) {
          const key = row.direction === 'commission' ? '' : `&key=${row.key}`;
          const answer = await cell(
            `${PERIOD}&group=article&basis=${basis}&direction=${row.direction}&month=${month.month}${key}`,
          );
          expect(answer.sum, `${row.direction} ${row.key} ${month.month} ${basis}`).toBe(row.months[at]?.[basis]);
          expect(answer.data.reduce((sum, one) => addDecimals(sum, one.usd), '0')).toBe(answer.sum);
          if (answer.list_filters) {
            const list = await listed(
              answer.list_filters,
              row.direction === 'commission' ? 'commission_usd' : 'amount_usd',
            );
            expect(list.ids).toEqual(answer.data.map((one) => one.id).sort((a, b) => a - b));
          } else expect(answer.total).toBe(0);
        }
      }
    }
  });

  it('answers a row total without a month, the outstanding payments, a "none" row without a list link, and pages', async () => {
    const total = await cell(`${PERIOD}&group=article&basis=fact&direction=income&key=${payouts.id}`);
    expect(total).toMatchObject({ sum: '112.1', total: 2 });
    expect(
      total.data.map((one) => [one.date_fact, one.wallet, one.article, one.amount, one.currency, one.usd]),
    ).toEqual([
      ['2026-01-05', 'Main USD', 'Payouts', '100.1', 'USD', '100.1'],
      ['2026-02-01', 'Ops EUR', 'Payouts', '10', 'EUR', '12'],
    ]);
    const outstanding = await cell(`${PERIOD}&group=article&basis=outstanding&direction=expense`);
    expect(outstanding).toMatchObject({ sum: '300', total: 1 });
    expect(outstanding.list_filters).toContainEqual({ field: 'date_fact', op: 'gte', value: '2026-03-01' });
    const none = await cell(`${PERIOD}&group=project&basis=fact&direction=income&key=none`);
    expect(none).toMatchObject({ sum: '12.2', total: 2, list_filters: null });
    const paged = await cell(`${PERIOD}&group=project&basis=fact&direction=income&key=none&per_page=1&page=2`);
    expect(paged).toMatchObject({ sum: '12.2', total: 2, current_page: 2, last_page: 2 });
    expect(paged.data.map((one) => one.usd)).toEqual(['0.2']);
  });
});

describe('the CSV', { timeout: DB_TIMEOUT }, () => {
  it('is the grid with its header, rows, totals and outstanding payments, labelled in the caller’s language', async () => {
    const response = await t.call(['FT'], 'GET', `cash-flow.csv?${PERIOD}&group=article`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="cash-flow-by-article-2026-01-01-2026-02-28.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Direction,Article,January 2026 plan (USD),January 2026 fact (USD),January 2026 difference (USD),February 2026 plan (USD),February 2026 fact (USD),February 2026 difference (USD),Total plan (USD),Total fact (USD),Total difference (USD)',
    );
    expect(lines).toContain('Income,Payouts,100.1,100.1,0,0,12,12,100.1,112.1,12');
    expect(lines).toContain('Commissions,Commissions,0,0.5,0.5,0.5,0.12,-0.38,0.5,0.62,0.12');
    expect(lines).toContain('Total,Net cash flow,100.3,49.55,-50.75,-350.55,12.08,362.63,-250.25,61.63,311.88');
    expect(lines.at(-1)).toBe('Outstanding at the end (USD),Expense,300');
    // A Russian reader: their titles and months, `;` between fields, decimal commas.
    const russian = await t.app.inject({
      method: 'GET',
      url: `/api/finance/cash-flow.csv?${PERIOD}&group=project`,
      headers: { ...bearer(mintToken(['FT'])), 'accept-language': 'ru' },
    });
    expect(russian.body).toMatch(/^\uFEFFНаправление;Проект;январь 2026 г\. план \(USD\);/);
    expect(russian.body).toContain('Итого;Чистый денежный поток;100,3;49,55;-50,75;');
    expect(russian.body).toContain('Доходы;Без проекта;');
  });
});

describe('refusals', { timeout: DB_TIMEOUT }, () => {
  const refused = async (path: string, field: string) => {
    const response = await t.call(['FT'], 'GET', path);
    expect(response.statusCode, `${path} ${response.body}`).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
  };

  it('answers 422 for bad dates, a period too long, unknown parameters and wrong types', async () => {
    await refused('cash-flow?from=2026-02-30&to=2026-03-01&group=article', 'from');
    await refused('cash-flow?from=2026-1-01&to=2026-03-01&group=article', 'from');
    await refused('cash-flow?from=2026-03-01&to=2026-02-01&group=article', 'to');
    await refused('cash-flow?from=2025-01-01&to=2026-01-02&group=article', 'to');
    await refused('cash-flow?from=2026-01-01&to=2026-01-31&group=wallet', 'group');
    await refused('cash-flow?from=2026-01-01&to=2026-01-31&group=article&wallet_id=01', 'wallet_id');
    await refused('cash-flow?from=2026-01-01&to=2026-01-31&group=article&project_id=abc', 'project_id');
    await refused('cash-flow?from=2026-01-01&to=2026-01-31&group=article&colour=red', 'colour');
    await refused('cash-flow.csv?from=2026-01-01&group=article', 'to');
    await refused(`cash-flow/transactions?${PERIOD}&group=article&basis=fact&direction=income&month=2026-03`, 'month');
    await refused(`cash-flow/transactions?${PERIOD}&group=article&basis=fact&direction=commission&key=none`, 'key');
    await refused(`cash-flow/transactions?${PERIOD}&group=article&basis=paid&direction=income`, 'basis');
    await refused(`cash-flow/transactions?${PERIOD}&group=article&basis=fact&direction=income&key=-1`, 'key');
    // A leap year's 366 days are one period.
    expect((await t.call(['FT'], 'GET', 'cash-flow?from=2028-01-01&to=2028-12-31&group=article')).statusCode).toBe(200);
  });

  it('answers 403 without FT', async () => {
    const others = ALL_FINANCE.filter((code) => code !== 'FT');
    for (const path of [
      `cash-flow?${PERIOD}&group=article`,
      `cash-flow.csv?${PERIOD}&group=article`,
      `cash-flow/transactions?${PERIOD}&group=article&basis=fact&direction=income`,
    ]) {
      expect((await t.call(others, 'GET', path)).statusCode, path).toBe(403);
    }
  });
});

describe('the demo', { timeout: DB_TIMEOUT }, () => {
  it('gives last month and this month plan beside fact, and payments due but unpaid at the end', async () => {
    const demo = await financeApp();
    try {
      await seedFinanceDemo(demo.db, await demoContext(demo.db, [createFinanceServerPlugin()]));
      const positive = (value: string) => compareDecimals(value, '0') > 0;
      for (const preset of ['last_month', 'this_month'] as const) {
        const { from, to } = resolveDatePreset(preset, new Date());
        const response = await demo.call(['FT'], 'GET', `cash-flow?from=${from}&to=${to}&group=division`);
        expect(response.statusCode, response.body).toBe(200);
        const data = response.json<{ data: CashFlowReport }>().data;
        for (const direction of ['income', 'expense'] as const) {
          expect(positive(data.totals[direction].plan), `${preset} ${direction} plan`).toBe(true);
          expect(positive(data.totals[direction].fact), `${preset} ${direction} fact`).toBe(true);
        }
        expect(
          data.rows.some((row) => row.key !== 'none' && row.direction !== 'commission'),
          preset,
        ).toBe(true);
        expect(positive(addDecimals(data.outstanding.income, data.outstanding.expense)), `${preset} outstanding`).toBe(
          true,
        );
      }
      // Every wallet is funded before it spends: its balance after each day's payments is never below zero.
      const { rows: overdrawn } = await demo.db.query<{ name: string }>(
        `SELECT DISTINCT name FROM (
           SELECT w.name, sum(CASE WHEN a.direction = 'income' THEN t.amount ELSE -t.amount END - t.commission)
                    OVER (PARTITION BY w.id ORDER BY t.date_fact RANGE UNBOUNDED PRECEDING) AS balance
             FROM finance.transactions t JOIN finance.wallets w ON w.id = t.wallet_id JOIN finance.articles a ON a.id = t.article_id) AS running
          WHERE balance < 0`,
      );
      expect(overdrawn).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
