import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '@core/sdk/server';
import { bearer, buildServer, DB_TIMEOUT, demoContext, freshDatabase, mintToken } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import { createFinanceServerPlugin, seedFinanceDemo } from '@plugins/finance/server';
import { percentAmount, tieredAmount, capped } from '@plugins/finance/server/pay/rule-amounts';
import type { PayComputation, PayRuleLine } from '@plugins/finance/shared/pay';
import tracker from '@plugins/tracker/server';
import { financeApp, type FinanceTestApp } from './finance-support';
import { ALL_FINANCE, money } from './finance-fixtures';

/**
 * Calculation models: the rules' amounts to the cent (marginal tiers, caps), the
 * measures by project, vertical and division from finance's transactions and from the tracker's
 * report (enabled and disabled), the prorated fixed salary in dollars, and the strict checks of
 * rules and assignments.
 */

const MONTH = '2026-10';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Call = (method: Method, path: string, payload?: unknown) => Promise<LightMyRequestResponse>;

const caller =
  (app: FastifyInstance): Call =>
  (method, path, payload) =>
    app.inject({
      method,
      url: `/api/finance/${path}`,
      headers: bearer(mintToken(ALL_FINANCE)),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

async function created(call: Call, path: string, body: object): Promise<number> {
  const answer = await call('POST', path, body);
  expect(answer.statusCode, `POST ${path} ${answer.body}`).toBe(201);
  return answer.json<{ data: { id: number } }>().data.id;
}

async function refused(call: Call, path: string, body: object): Promise<Record<string, string[]>> {
  const answer = await call('POST', path, body);
  expect(answer.statusCode, answer.body).toBe(422);
  return answer.json<{ errors: Record<string, string[]> }>().errors;
}

/** A model valid over 2026, with `rules`, assigned to a new employee for the whole year. */
async function paidUnder(
  call: Call,
  name: string,
  rules: readonly object[],
  extra: object = {},
): Promise<{ employee: number; assignment: number; model: number }> {
  const model = await created(call, 'calculation-models', {
    name,
    valid_from: '2026-01-01',
    valid_to: '2026-12-31',
    ...extra,
  });
  for (const [position, rule] of rules.entries())
    await created(call, 'calculation-model-rules', { model_id: model, position, ...rule });
  const employee = await created(call, 'employees', { full_name: `Employee of ${name}` });
  const assignment = await created(call, 'employee-models', {
    employee_id: employee,
    model_id: model,
    date_start: '2026-01-01',
    date_end: '2026-12-31',
  });
  return { employee, assignment, model };
}

async function preview(call: Call, assignment: number, month = MONTH): Promise<PayComputation> {
  const answer = await call('GET', `employee-models/${assignment}/preview?month=${month}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: PayComputation }>().data;
}

const line = (pay: PayComputation, index = 0): PayRuleLine => pay.lines[index] as PayRuleLine;

describe('rule amounts to the cent', () => {
  const tiers = { '0': '10', '5000': '15' };
  it('pays marginal tiers: the higher percent only above its threshold', () => {
    expect(tieredAmount('6200.00', tiers)).toEqual({
      amount: '680.00',
      formula: '10% × 5000.00 + 15% × 1200.00 = 680.00',
    });
    expect(tieredAmount('5000.00', tiers).amount).toBe('500.00');
    expect(tieredAmount('5000.01', tiers).amount).toBe('500.00');
    // 500 + 15% × 0.10 = 500.015: half-up to 500.02.
    expect(tieredAmount('5000.10', tiers).amount).toBe('500.02');
    expect(tieredAmount('4999.99', tiers).amount).toBe('500.00');
    expect(tieredAmount('0.00', tiers)).toEqual({ amount: '0.00', formula: '0.00 ≤ 0 → 0.00' });
    expect(tieredAmount('-100.00', tiers).amount).toBe('0.00');
  });

  it('pays nothing of a loss and rounds a percent half-up', () => {
    expect(percentAmount('-5.00', '10').amount).toBe('0.00');
    expect(percentAmount('0.05', '10').amount).toBe('0.01');
    expect(percentAmount('0.04', '10').amount).toBe('0.00');
  });

  it('caps the rounded amount', () => {
    expect(capped({ amount: '680.00', formula: 'f' }, '679.99')).toEqual({
      amount_usd: '679.99',
      formula: 'f → min(680.00, 679.99) = 679.99',
      capped: true,
    });
    expect(capped({ amount: '680.00', formula: 'f' }, '680')).toEqual({
      amount_usd: '680.00',
      formula: 'f',
      capped: false,
    });
  });
});

describe('with the tracker enabled', { timeout: DB_TIMEOUT }, () => {
  let db: Database;
  let app: FastifyInstance;
  let call: Call;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const plugins = [admin, createFinanceServerPlugin({ env: {} }), tracker];
    db = await freshDatabase(plugins);
    app = await buildServer({ db, plugins, pluginSettings: {} });
    call = caller(app);
    ids.vertical = await created(call, 'verticals', { name: 'Nutra' });
    ids.p1 = await created(call, 'projects', { name: 'Keto', vertical_id: ids.vertical });
    ids.p2 = await created(call, 'projects', { name: 'Slim', vertical_id: ids.vertical });
    ids.p3 = await created(call, 'projects', { name: 'Dating' });
    ids.division = await created(call, 'divisions', { name: 'Buying' });
    ids.income = await created(call, 'articles', { name: 'Payouts', direction: 'income' });
    ids.expense = await created(call, 'articles', { name: 'Ads', direction: 'expense' });
    ids.wallet = await created(call, 'wallets', { name: 'Main', currency: 'USD' });
    const transaction = (date_fact: string, article: number, amount: string, extra: object = {}) =>
      created(call, 'transactions', {
        date_fact,
        wallet_id: ids.wallet,
        article_id: article,
        amount: money(amount, 'USD'),
        ...extra,
      });
    await transaction('2026-10-03', ids.income as number, '6200', { project_id: ids.p1, division_id: ids.division });
    await transaction('2026-10-31', ids.expense as number, '1000', {
      project_id: ids.p2,
      commission: money('10.005', 'USD'),
    });
    await transaction('2026-10-15', ids.income as number, '300', { project_id: ids.p3, division_id: ids.division });
    await transaction('2026-09-30', ids.income as number, '999', { project_id: ids.p1 });
    await transaction('2026-11-01', ids.income as number, '999', { project_id: ids.p1 });
    const importRates = await call('POST', 'exchange-rates/import', { csv: 'EUR,2026-10-20,1.1\nEUR,2026-11-01,2' });
    expect(importRates.statusCode, importRates.body).toBe(200);
    await db.query(
      `INSERT INTO tracker.statistics (day, clicks, unique_clicks, leads, sales, revenue, cost, origin, import_key)
       VALUES ('2026-10-05', 100, 90, 30, 12, 900.00, 400.00, 'demo', 'pay-1'), ('2026-10-31', 10, 9, 3, 1, 100.00, 50.00, 'demo', 'pay-2'),
              ('2026-11-01', 10, 9, 5, 5, 500.00, 0, 'demo', 'pay-3')`,
    );
  }, DB_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('measures profit, revenue and spend by project, vertical and division, in the month only', async () => {
    const { assignment } = await paidUnder(call, 'Scopes', [
      { kind: 'percent', measure: 'profit', scope: 'project', project_id: ids.p1, rate: '10' },
      { kind: 'percent', measure: 'profit', scope: 'vertical', vertical_id: ids.vertical, rate: '10' },
      { kind: 'percent', measure: 'revenue', scope: 'division', division_id: ids.division, rate: '5' },
      { kind: 'percent', measure: 'spend', scope: 'all', rate: '1' },
    ]);
    const pay = await preview(call, assignment);
    expect(
      pay.lines.map((entry) => [entry.source, entry.scope, entry.scope_label, entry.measure_value, entry.amount_usd]),
    ).toEqual([
      ['finance', 'project', 'Keto', '6200.00', '620.00'],
      // Revenue and spend are each measured to the cent first: 6200.00 − 1010.01 (1000 + 10.005 commission).
      ['finance', 'vertical', 'Nutra', '5189.99', '519.00'],
      ['finance', 'division', 'Buying', '6500.00', '325.00'],
      ['finance', 'all', null, '1010.01', '10.10'],
    ]);
    expect(line(pay).formula).toBe('10% × 6200.00 = 620.00');
    expect(pay).toMatchObject({
      base_usd: '0.00',
      bonus_usd: '1474.10',
      total_usd: '1474.10',
      capped: false,
      month: MONTH,
    });
  });

  it('caps a tiered rule and cuts the bonus, never the base, at the model cap', async () => {
    const { assignment, employee } = await paidUnder(
      call,
      'Tiered',
      [
        { kind: 'fixed_salary' },
        {
          kind: 'tiered',
          measure: 'profit',
          scope: 'project',
          project_id: ids.p1,
          tiers: { '0': '10', '5000': '15' },
          cap_usd: '679.99',
        },
      ],
      { cap_usd: '2000' },
    );
    await created(call, 'salary-history', {
      employee_id: employee,
      date_start: '2026-01-01',
      salary: money('1500', 'USD'),
    });
    const pay = await preview(call, assignment);
    expect(line(pay, 1)).toMatchObject({
      measure_value: '6200.00',
      amount_usd: '679.99',
      capped: true,
      formula: '10% × 5000.00 + 15% × 1200.00 = 680.00 → min(680.00, 679.99) = 679.99',
    });
    expect(pay).toMatchObject({ base_usd: '1500.00', bonus_usd: '500.00', total_usd: '2000.00', capped: true });
  });

  it('pays a base above the model cap in full, with no bonus', async () => {
    const { assignment, employee } = await paidUnder(
      call,
      'Base above cap',
      [{ kind: 'fixed_salary' }, { kind: 'percent', measure: 'revenue', scope: 'all', rate: '1' }],
      { cap_usd: '2000.00' },
    );
    await created(call, 'salary-history', {
      employee_id: employee,
      date_start: '2026-01-01',
      salary: money('2500', 'USD'),
    });
    expect(await preview(call, assignment)).toMatchObject({
      base_usd: '2500.00',
      bonus_usd: '0.00',
      total_usd: '2500.00',
      capped: true,
    });
  });

  it('prorates the fixed salary and converts it at the rate of the month’s last day', async () => {
    const { assignment, employee } = await paidUnder(call, 'Salary', [{ kind: 'fixed_salary' }]);
    await created(call, 'salary-history', {
      employee_id: employee,
      date_start: '2026-10-16',
      salary: money('3000', 'EUR'),
    });
    const pay = await preview(call, assignment);
    // 3000 × 16/31 = 1548.39 EUR; × 1.1 = 1703.229 → 1703.23 USD.
    expect(line(pay)).toMatchObject({
      source: 'salary_history',
      measure_value: '1703.23',
      amount_usd: '1703.23',
      gap: null,
      formula: '3000 EUR × 16/31 × 1.1 = 1703.23',
    });
    expect(pay.base_usd).toBe('1703.23');
    const before = await preview(call, assignment, '2026-09');
    expect(line(before)).toMatchObject({ gap: 'no_salary', amount_usd: '0.00', measure_value: null });
  });

  it('names the gap when a salary currency has no rate', async () => {
    const { assignment, employee } = await paidUnder(call, 'No rate', [{ kind: 'fixed_salary' }]);
    await created(call, 'salary-history', {
      employee_id: employee,
      date_start: '2026-01-01',
      salary: money('1000', 'GBP'),
    });
    expect(line(await preview(call, assignment))).toMatchObject({ gap: 'no_rate', amount_usd: '0.00' });
  });

  it('reads leads, sales and profit from the tracker’s report for the month', async () => {
    const { assignment } = await paidUnder(call, 'Per lead', [
      { kind: 'per_unit', measure: 'leads', source: 'tracker', rate: '2.5' },
      { kind: 'per_unit', measure: 'sales', source: 'tracker', rate: '10' },
      { kind: 'percent', measure: 'profit', source: 'tracker', rate: '10' },
    ]);
    const pay = await preview(call, assignment);
    expect(pay.lines.map((entry) => [entry.source, entry.measure_value, entry.formula, entry.gap])).toEqual([
      ['tracker', '33', '33 × 2.5 = 82.50', null],
      ['tracker', '13', '13 × 10 = 130.00', null],
      ['tracker', '550.00', '10% × 550.00 = 55.00', null],
    ]);
    expect(pay.total_usd).toBe('267.50');
  });

  it('takes the assignment covering the month’s last day, else the latest overlapping one', async () => {
    const model = await created(call, 'calculation-models', { name: 'Switch A', valid_from: '2026-01-01' });
    const other = await created(call, 'calculation-models', { name: 'Switch B', valid_from: '2026-01-01' });
    const employee = await created(call, 'employees', { full_name: 'Switcher' });
    const first = await created(call, 'employee-models', {
      employee_id: employee,
      model_id: model,
      date_start: '2026-01-01',
      date_end: '2026-10-10',
    });
    await created(call, 'employee-models', {
      employee_id: employee,
      model_id: other,
      date_start: '2026-10-11',
      date_end: '2026-10-20',
    });
    expect((await preview(call, first)).model_name).toBe('Switch B');
    expect((await preview(call, first, '2026-09')).model_name).toBe('Switch A');
    const none = await call('GET', `employee-models/${first}/preview?month=2026-12`);
    expect(none.json()).toEqual({ data: null });
    expect((await call('GET', `employee-models/${first}/preview?month=2026-13`)).statusCode).toBe(422);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/finance/employee-models/${first}/preview`,
          headers: bearer(mintToken(ALL_FINANCE.filter((code) => code !== 'FE'))),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses overlapping assignments and assignments outside the model’s validity', async () => {
    const model = await created(call, 'calculation-models', {
      name: 'Bounded',
      valid_from: '2026-03-01',
      valid_to: '2026-06-30',
    });
    const employee = await created(call, 'employees', { full_name: 'Bounded one' });
    await created(call, 'employee-models', {
      employee_id: employee,
      model_id: model,
      date_start: '2026-03-01',
      date_end: '2026-04-30',
    });
    expect(
      (
        await refused(call, 'employee-models', {
          employee_id: employee,
          model_id: model,
          date_start: '2026-04-30',
          date_end: '2026-05-31',
        })
      ).date_start,
    ).toEqual(['This period overlaps the assignment from 03/01/26 to 04/30/26.']);
    expect(
      (
        await refused(call, 'employee-models', {
          employee_id: employee,
          model_id: model,
          date_start: '2026-02-28',
          date_end: '2026-02-28',
        })
      ).date_start,
    ).toBeDefined();
    expect(
      (await refused(call, 'employee-models', { employee_id: employee, model_id: model, date_start: '2026-05-01' }))
        .date_end,
    ).toEqual(['The model is valid until 06/30/26: the assignment must end by then.']);
    expect(
      (
        await refused(call, 'employee-models', {
          employee_id: employee,
          model_id: model,
          date_start: '2026-06-01',
          date_end: '2026-05-01',
        })
      ).date_end,
    ).toBeDefined();
    await created(call, 'employee-models', {
      employee_id: employee,
      model_id: model,
      date_start: '2026-05-01',
      date_end: '2026-06-30',
    });
    const shrink = await call('PATCH', `calculation-models/${model}`, { valid_to: '2026-06-29', version: 1 });
    expect(shrink.statusCode, shrink.body).toBe(422);
    expect(Object.keys(shrink.json<{ errors: object }>().errors)).toEqual(['valid_to']);
    expect(
      (
        await refused(call, 'calculation-models', {
          name: 'Backwards',
          valid_from: '2026-03-01',
          valid_to: '2026-02-01',
        })
      ).valid_to,
    ).toBeDefined();
  });

  it('checks each rule’s combination strictly, naming the field', async () => {
    const model = await created(call, 'calculation-models', { name: 'Checks', valid_from: '2026-01-01' });
    const rule = (body: object) => refused(call, 'calculation-model-rules', { model_id: model, ...body });
    const tiered = (tiers: object) => rule({ kind: 'tiered', measure: 'profit', tiers });
    expect(Object.keys(await tiered({ '5000': '15' }))).toEqual(['tiers']);
    expect((await tiered({ '0': '10', '5000.00': '15' })).tiers).toEqual([
      'Threshold 5000.00 must be an amount in US dollars written plainly, such as 5000 or 5000.5.',
    ]);
    expect((await tiered({ '0': '10', '05000': '15' })).tiers).toHaveLength(1);
    expect((await tiered({ '0': '10', '-5': '15' })).tiers).toHaveLength(1);
    expect((await tiered({ '0': '100.5' })).tiers).toEqual([
      'The percent of threshold 0 must be a number from 0 to 100 written plainly, such as 10 or 12.5.',
    ]);
    expect((await tiered({ '0': '10.0' })).tiers).toHaveLength(1);
    expect(Object.keys(await rule({ kind: 'tiered', measure: 'profit' }))).toEqual(['tiers']);
    expect(
      Object.keys(await rule({ kind: 'tiered', measure: 'leads', source: 'tracker', tiers: { '0': '10' }, rate: '1' })),
    ).toEqual(['measure', 'rate']);
    expect(Object.keys(await rule({ kind: 'percent', measure: 'profit', scope: 'project', rate: '10' }))).toEqual([
      'project_id',
    ]);
    expect(
      Object.keys(
        await rule({
          kind: 'percent',
          measure: 'profit',
          scope: 'project',
          project_id: ids.p1,
          division_id: ids.division,
          rate: '10',
        }),
      ),
    ).toEqual(['division_id']);
    expect(
      Object.keys(await rule({ kind: 'percent', measure: 'profit', division_id: ids.division, rate: '10' })),
    ).toEqual(['division_id']);
    expect(Object.keys(await rule({ kind: 'percent', measure: 'profit', rate: '100.01' }))).toEqual(['rate']);
    expect(Object.keys(await rule({ kind: 'percent', measure: 'profit' }))).toEqual(['rate']);
    expect(Object.keys(await rule({ kind: 'percent', measure: 'profit', rate: '5', tiers: { '0': '1' } }))).toEqual([
      'tiers',
    ]);
    expect(Object.keys(await rule({ kind: 'per_unit', measure: 'leads', rate: '2' }))).toEqual(['source']);
    expect(Object.keys(await rule({ kind: 'per_unit', measure: 'profit', source: 'tracker', rate: '2' }))).toEqual([
      'measure',
    ]);
    expect(
      Object.keys(
        await rule({
          kind: 'percent',
          measure: 'profit',
          source: 'tracker',
          scope: 'vertical',
          vertical_id: ids.vertical,
          rate: '2',
        }),
      ),
    ).toEqual(['scope']);
    expect(Object.keys(await rule({ kind: 'fixed_salary', measure: 'profit', rate: '1' }))).toEqual([
      'measure',
      'rate',
    ]);
    expect(
      Object.keys(await rule({ kind: 'fixed_salary', source: 'tracker', scope: 'project', project_id: ids.p1 })),
    ).toEqual(['source', 'scope']);
    expect(Object.keys(await rule({ kind: 'percent', measure: 'profit', scope: null, rate: '1' }))).toEqual(['scope']);
    expect(Object.keys(await rule({ kind: 'percent', measure: 'profit', rate: 10 }))).toEqual(['rate']);
    await created(call, 'calculation-model-rules', {
      model_id: model,
      kind: 'tiered',
      measure: 'revenue',
      tiers: { '0': '0', '5000.5': '12.5' },
      cap_usd: '100.5',
    });
  });
});

describe('with the tracker disabled', { timeout: DB_TIMEOUT }, () => {
  let finance: FinanceTestApp;
  beforeAll(async () => {
    finance = await financeApp();
  }, DB_TIMEOUT);
  afterAll(() => finance.close());

  it('pays 0 for a tracker rule and names the gap, while finance measures still count', async () => {
    const { assignment } = await paidUnder(caller(finance.app), 'No tracker', [
      { kind: 'per_unit', measure: 'leads', source: 'tracker', rate: '2.5' },
      { kind: 'percent', measure: 'profit', source: 'finance', rate: '10' },
    ]);
    const pay = await preview(caller(finance.app), assignment);
    expect(pay.lines.map((entry) => [entry.source, entry.gap, entry.amount_usd, entry.measure_value])).toEqual([
      ['tracker', 'tracker_disabled', '0.00', null],
      ['finance', null, '0.00', '0.00'],
    ]);
  });

  it('seeds the three demo models, assigned from the month before last, computing this month', async () => {
    expect(await seedFinanceDemo(finance.db, await demoContext(finance.db, [createFinanceServerPlugin()]))).toBe(true);
    const models = await finance.call(['FE'], 'GET', 'calculation-models?sort=name');
    expect(models.json<{ data: { data: { name: string }[] } }>().data.data.map((model) => model.name)).toEqual([
      'Developer — fixed',
      'Media buyer — tiered',
      'No tracker',
      'Sales manager',
    ]);
    const { rows } = await finance.db.query<{ id: number }>(
      `SELECT a.id::int AS id FROM finance.employee_models a JOIN finance.employees e ON e.id = a.employee_id WHERE e.full_name = 'Jakub Nowak'`,
    );
    const pay = await preview(caller(finance.app), rows[0]?.id ?? 0, new Date().toISOString().slice(0, 7));
    expect(pay.model_name).toBe('Media buyer — tiered');
    expect(pay.lines.map((entry) => [entry.kind, entry.gap])).toEqual([
      ['fixed_salary', null],
      ['tiered', null],
    ]);
  });
});
