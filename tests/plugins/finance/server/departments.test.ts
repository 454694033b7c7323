import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext } from '@core/sdk/testing';
import { createFinanceServerPlugin, seedFinanceDemo } from '@plugins/finance/server';
import type { DepartmentSummary, DepartmentView } from '@plugins/finance/shared/departments';
import { DEPARTMENT_TYPES } from '@plugins/finance/shared/resources';
import { ALL_FINANCE, create, importRates, money, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

/**
 * The department views over a fixed March 2026 (and February before it): marketing has two
 * divisions, sales one, development none; a division without a type holds what must not count.
 */

let t: FinanceTestApp;
let payouts: Row;
let ads: Row;
let projectA: Row;
let marketingOne: Row;

const view = async (type: string, month = '2026-03'): Promise<DepartmentView> => {
  const response = await t.call(['FH'], 'GET', `departments/${type}?month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DepartmentView }>().data;
};

beforeAll(async () => {
  t = await financeApp();
  marketingOne = await create(t, 'divisions', { name: 'Media buying', department_type: 'marketing' });
  const marketingTwo = await create(t, 'divisions', { name: 'Creatives', department_type: 'marketing' });
  const sales = await create(t, 'divisions', { name: 'Partnerships', department_type: 'sales' });
  const untyped = await create(t, 'divisions', { name: 'Management' });
  const gone = await create(t, 'divisions', { name: 'Closed team', department_type: 'marketing' });

  const hire = (full_name: string, division: Row, hired_date: string | null, fired_date: string | null = null) =>
    create(t, 'employees', { full_name, division_id: division.id, hired_date, fired_date });
  await hire('Hired on the last day', marketingOne, '2026-03-31');
  await hire('Hired mid-month', marketingTwo, '2026-03-15');
  const firedFirst = await hire('Fired on the first day', marketingOne, '2025-01-10', '2026-03-01');
  await hire('Fired the day before', marketingOne, '2025-01-10', '2026-02-28');
  await hire('Fired in January', marketingOne, '2025-01-10', '2026-01-31');
  await hire('Hired in April', marketingOne, '2026-04-01');
  await hire('Long-timer', marketingTwo, '2024-05-01');
  const deleted = await hire('Deleted record', marketingOne, '2024-05-01');
  expect((await t.call(ALL_FINANCE, 'DELETE', `employees/${deleted.id}`)).statusCode).toBe(200);
  const manager = await hire('Manager', untyped, '2020-01-01');
  await hire('Seller', sales, '2025-06-01');
  await hire('In a closed team', gone, '2025-06-01');

  const usd = await create(t, 'wallets', { name: 'Main USD', currency: 'USD' });
  const eur = await create(t, 'wallets', { name: 'Ops EUR', currency: 'EUR' });
  await importRates(t, 'currency,date,rate\nEUR,2026-01-01,1.1\n');
  payouts = await create(t, 'articles', { name: 'Payouts', direction: 'income' });
  ads = await create(t, 'articles', { name: 'Ads', direction: 'expense' });
  projectA = await create(t, 'projects', { name: 'Nutra EU' });

  const book = (
    date_fact: string,
    division: Row,
    article: Row,
    amount: string,
    commission = '0',
    project: Row | null = null,
    wallet = usd,
  ) =>
    create(t, 'transactions', {
      date_fact,
      wallet_id: wallet.id,
      article_id: article.id,
      amount: money(amount, wallet.currency as string),
      commission: money(commission, wallet.currency as string),
      division_id: division.id,
      project_id: project?.id ?? null,
    });
  // March, marketing: income 1000.10; spend 200.25 + 50 and commissions 0.5 + 1.25.
  await book('2026-03-01', marketingOne, payouts, '1000.10', '0.5', projectA);
  await book('2026-03-31', marketingTwo, ads, '200.25', '1.25', projectA);
  await book('2026-03-15', marketingOne, ads, '50');
  // Not marketing's March: another division, a deleted division, the months around it.
  await book('2026-03-10', untyped, payouts, '999');
  await book('2026-03-10', gone, payouts, '777');
  await book('2026-04-01', marketingOne, payouts, '333');
  // February, marketing: income 500 + 10 EUR at 1.1 (11 USD); spend 100.
  await book('2026-02-28', marketingOne, payouts, '500');
  await book('2026-02-01', marketingTwo, payouts, '10', '0', null, eur);
  await book('2026-02-10', marketingTwo, ads, '100');
  // March, sales: income 300.
  await book('2026-03-05', sales, payouts, '300');
  // A division closed since: its people and transactions are no department's any more.
  expect((await t.call(ALL_FINANCE, 'DELETE', `divisions/${gone.id}`)).statusCode).toBe(200);

  // A payroll draft converted into a transaction is payroll, counted from the sheet: left out.
  const convert = async (hash: string, amount: string) => {
    const draft = await create(t, 'transaction-drafts', {
      wallet_id: usd.id,
      amount: money(amount, 'USD'),
      hash,
      draft_date: '2026-03-20',
    });
    const converted = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {
      article_id: ads.id,
      division_id: marketingOne.id,
    });
    expect(converted.statusCode, converted.body).toBe(200);
  };
  await convert(`payroll:2026-03:${firedFirst.id}`, '4000');
  // Any other draft's transaction counts as spend.
  await convert('bank-feed-0001', '0.75');

  // The motivation sheets: March approved, January a draft, February none.
  const sheet = async (month: string, status: string, lines: readonly (readonly [Row, string, Row?])[]) => {
    const { rows } = await t.db.query<{ id: number }>(
      'INSERT INTO finance.motivation_sheets (month, status) VALUES ($1, $2) RETURNING id::int AS id',
      [month, status],
    );
    for (const [employee, total, division] of lines) {
      await t.db.query(
        'INSERT INTO finance.motivation_lines (sheet_id, employee_id, total_usd, division_id) VALUES ($1, $2, $3, $4)',
        [rows[0]?.id, employee.id, total, division?.id ?? null],
      );
    }
  };
  await sheet('2026-03', 'approved', [
    [firedFirst, '1200.50'],
    [manager, '5000'],
  ]);
  await sheet('2026-01', 'draft', [[firedFirst, '10.01']]);
  // December's pay of the manager, computed while he was in the creatives team: it stays marketing's.
  await sheet('2025-12', 'approved', [[manager, '7.5', marketingTwo]]);
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

describe('a department view', { timeout: DB_TIMEOUT }, () => {
  it('counts everyone employed on any day of the month, edges included', async () => {
    const marketing = await view('marketing');
    // Hired on the last day, hired mid-month, fired on the first day, the long-timer.
    expect(marketing.current.headcount).toBe(4);
    // Fired on the first day of March, fired on the last day of February, the long-timer.
    expect(marketing.previous.headcount).toBe(3);
    expect(marketing.change.headcount).toEqual({ absolute: '1', percent: '33.33' });
    expect(marketing.divisions.map((division) => division.name)).toEqual(['Creatives', 'Media buying']);
  });

  it('takes payroll from the month’s motivation sheet, for the department’s employees only, with its status', async () => {
    const marketing = await view('marketing');
    expect(marketing.current).toMatchObject({ payroll_usd: '1200.5', payroll_status: 'approved' });
    expect(marketing.previous).toMatchObject({ payroll_usd: '0', payroll_status: 'none' });
    expect(marketing.trend.map((month) => [month.month, month.payroll_status, month.payroll_usd])).toEqual([
      ['2025-10', 'none', '0'],
      ['2025-11', 'none', '0'],
      ['2025-12', 'approved', '7.5'],
      ['2026-01', 'draft', '10.01'],
      ['2026-02', 'none', '0'],
      ['2026-03', 'approved', '1200.5'],
    ]);
  });

  it('sums income and spend of the divisions’ transactions by date fact, commissions as spend, payroll drafts left out', async () => {
    const marketing = await view('marketing');
    expect(marketing.current).toMatchObject({ income_usd: '1000.1', spend_usd: '252.75', result_usd: '-453.15' });
    expect(marketing.previous).toMatchObject({ income_usd: '511', spend_usd: '100', result_usd: '411' });
    expect(marketing.change).toMatchObject({
      income_usd: { absolute: '489.1', percent: '95.71' },
      spend_usd: { absolute: '152.75', percent: '152.75' },
      payroll_usd: { absolute: '1200.5', percent: null },
      result_usd: { absolute: '-864.15', percent: '-210.26' },
    });
    expect(marketing.trend.map((month) => month.result_usd)).toEqual(['0', '0', '-7.5', '-10.01', '411', '-453.15']);
  });

  it('breaks the month down by article and by project, adding up to the headline figures', async () => {
    const marketing = await view('marketing');
    expect(marketing.by_article).toEqual([
      { article_id: payouts.id, name: 'Payouts', direction: 'income', income_usd: '1000.1', spend_usd: '0.5' },
      { article_id: ads.id, name: 'Ads', direction: 'expense', income_usd: '0', spend_usd: '252.25' },
    ]);
    expect(marketing.by_project).toEqual([
      { project_id: projectA.id, name: 'Nutra EU', income_usd: '1000.1', spend_usd: '202', net_usd: '798.1' },
      { project_id: null, name: null, income_usd: '0', spend_usd: '50.75', net_usd: '-50.75' },
    ]);
  });

  it('answers a department without divisions with zeros', async () => {
    const development = await view('development');
    expect(development.divisions).toEqual([]);
    expect(development.current).toMatchObject({
      headcount: 0,
      income_usd: '0',
      spend_usd: '0',
      payroll_usd: '0',
      result_usd: '0',
      payroll_status: 'approved',
    });
    expect(development.change.result_usd).toEqual({ absolute: '0', percent: null });
  });
});

describe('the departments summary', { timeout: DB_TIMEOUT }, () => {
  it('gives each department’s result, its change and headcount in one answer', async () => {
    const response = await t.call(['FH'], 'GET', 'departments/summary?month=2026-03');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: DepartmentSummary }>().data).toEqual({
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
          headcount: 1,
          result_usd: '300',
          previous_result_usd: '0',
          result_change: { absolute: '300', percent: null },
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
    });
  });

  it('defaults to this month (UTC)', async () => {
    const response = await t.call(['FH'], 'GET', 'departments/summary');
    expect(response.json<{ data: DepartmentSummary }>().data.month).toBe(new Date().toISOString().slice(0, 7));
    expect((await t.call(['FH'], 'GET', 'departments/sales')).json<{ data: DepartmentView }>().data.month).toBe(
      new Date().toISOString().slice(0, 7),
    );
  });
});

describe('department routes refuse', { timeout: DB_TIMEOUT }, () => {
  it('a month that is not YYYY-MM, and anything else in the query, with 422', async () => {
    for (const path of [
      'departments/marketing?month=2026-13',
      'departments/marketing?month=2026-3',
      'departments/summary?month=0999-01',
      'departments/summary?month=2026-03&x=1',
    ]) {
      const response = await t.call(['FH'], 'GET', path);
      expect(response.statusCode, path).toBe(422);
    }
    expect((await t.call(['FH'], 'GET', 'departments/marketing?month=2026-3')).json()).toMatchObject({
      errors: { month: ['Give the month as YYYY-MM.'] },
    });
  });

  it('a department type that does not exist, with 404', async () => {
    for (const type of ['finance', 'Marketing', '1'])
      expect((await t.call(['FH'], 'GET', `departments/${type}`)).statusCode, type).toBe(404);
  });

  it('a caller without FH, with 403', async () => {
    const withoutFh = ALL_FINANCE.filter((code) => code !== 'FH');
    expect((await t.call(withoutFh, 'GET', 'departments/marketing?month=2026-03')).statusCode).toBe(403);
    expect((await t.call(withoutFh, 'GET', 'departments/summary')).statusCode).toBe(403);
  });
});

describe('the demo', { timeout: DB_TIMEOUT }, () => {
  let demo: FinanceTestApp;
  beforeAll(async () => {
    demo = await financeApp();
    await seedFinanceDemo(demo.db, await demoContext(demo.db, [createFinanceServerPlugin()]));
  }, DB_TIMEOUT);
  afterAll(async () => {
    await demo.close();
  });

  it('gives every department people and money this month and last month', async () => {
    for (const type of DEPARTMENT_TYPES) {
      const response = await demo.call(['FH'], 'GET', `departments/${type}`);
      expect(response.statusCode, response.body).toBe(200);
      const { divisions, current, previous } = response.json<{ data: DepartmentView }>().data;
      expect(divisions.length, type).toBeGreaterThan(0);
      for (const figures of [current, previous]) {
        expect(figures.headcount, `${type} ${figures.month}`).toBeGreaterThan(0);
        expect(
          [figures.income_usd, figures.spend_usd].some((amount) => amount !== '0'),
          `${type} ${figures.month}`,
        ).toBe(true);
      }
    }
  });
});
