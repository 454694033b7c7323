import type { FieldValue, ResourceDefinition } from '@core/sdk/shared';
import type { DemoContext, Queryable } from '@core/sdk/server';
import {
  calculationModelRulesResource,
  calculationModelsResource,
  employeeModelsResource,
} from '../../shared/pay-models';
import { salaryHistoryResource } from '../../shared/resources';

/**
 * The calculation models' demo: three models (a media buyer's salary plus tiered percent of a
 * project's profit, capped; a sales manager's salary plus 5% of the sales division's revenue; a
 * developer's salary alone), each assigned to demo employees from the first day of the month
 * before last, so this month and the two before compute. Looks up the bookkeeping demo's records
 * by name and code; dates are relative to today.
 */

type Values = Readonly<Record<string, FieldValue>>;

interface DemoRefs {
  readonly valid_from: string;
  readonly assigned_from: string;
  readonly nutra: number | null;
  readonly sales: number | null;
}

const idsOf = async (tx: Queryable, names: readonly string[]): Promise<number[]> =>
  (
    await tx.query<{ id: number }>(
      'SELECT id::int AS id FROM finance.employees WHERE full_name = ANY($1::text[]) AND deleted_at IS NULL ORDER BY id',
      [names],
    )
  ).rows.map((row) => row.id);

export async function seedPayModelsDemo(tx: Queryable, demo: DemoContext): Promise<void> {
  const { rows } = await tx.query<DemoRefs>(
    `SELECT to_char(date_trunc('month', current_date) - interval '12 months', 'YYYY-MM-DD') AS valid_from,
            to_char(date_trunc('month', current_date) - interval '2 months', 'YYYY-MM-DD') AS assigned_from,
            (SELECT id::int FROM finance.projects WHERE code = 'NUTRA-EU' AND deleted_at IS NULL) AS nutra,
            (SELECT id::int FROM finance.divisions WHERE code = 'SAL' AND deleted_at IS NULL) AS sales`,
  );
  const refs = rows[0];
  if (!refs || refs.nutra === null || refs.sales === null) return;
  const create = (definition: ResourceDefinition, values: Values) =>
    demo.records.createIn(tx, definition, values, demo.author);

  const model = async (
    name: string,
    comment: string,
    cap_usd: string | null,
    rules: readonly Values[],
    employees: readonly string[],
  ) => {
    const { id } = await create(calculationModelsResource, {
      name,
      valid_from: refs.valid_from,
      cap_usd,
      comment,
      is_active: true,
    });
    for (const [position, rule] of rules.entries())
      await create(calculationModelRulesResource, { model_id: id, position, ...rule });
    for (const employee of await idsOf(tx, employees))
      await create(employeeModelsResource, { employee_id: employee, model_id: id, date_start: refs.assigned_from });
  };

  // The sales manager of the departments' demo has no salary yet: the model's fixed part needs one.
  for (const tomas of await idsOf(tx, ['Tomás Silva'])) {
    const { rows: salaries } = await tx.query('SELECT 1 FROM finance.salary_history WHERE employee_id = $1 LIMIT 1', [
      tomas,
    ]);
    if (salaries.length === 0)
      await create(salaryHistoryResource, {
        employee_id: tomas,
        date_start: '2023-05-02',
        salary: { amount: '2400', currency: 'USD' },
      });
  }

  await model(
    'Media buyer — tiered',
    'Salary plus a progressive share of Nutra EU profit: 10% up to 5,000 USD, 15% above, at most 2,000 USD a month.',
    '6000.00',
    [
      { kind: 'fixed_salary', source: 'finance', scope: 'all' },
      {
        kind: 'tiered',
        measure: 'profit',
        source: 'finance',
        scope: 'project',
        project_id: refs.nutra,
        tiers: { '0': '10', '5000': '15' },
        cap_usd: '2000.00',
      },
    ],
    ['Jakub Nowak', 'Sofia Martins'],
  );
  await model(
    'Sales manager',
    'Salary plus 5% of the sales division’s revenue.',
    null,
    [
      { kind: 'fixed_salary', source: 'finance', scope: 'all' },
      { kind: 'percent', measure: 'revenue', source: 'finance', scope: 'division', division_id: refs.sales, rate: '5' },
    ],
    ['Tomás Silva'],
  );
  await model(
    'Developer — fixed',
    'The salary from the salary history, nothing else.',
    null,
    [{ kind: 'fixed_salary', source: 'finance', scope: 'all' }],
    ['Pavel Horak', 'Olena Shevchenko'],
  );
}
