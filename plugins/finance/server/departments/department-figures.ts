import type { Queryable } from '@core/sdk/server';
import { subtractDecimals } from '@core/sdk/shared';
import { monthsEnding, type DepartmentFigures, type PayrollStatus } from '../../shared/departments';
import type { DepartmentType } from '../../shared/resources';
import { DEPARTMENT_TRANSACTIONS, INCOME_SUM, MONTH_SPAN, NOT_PAYROLL, SPEND_SUM } from './department-sql';

/**
 * Each department's figures for each month of a span, in three queries whatever the number of
 * departments and months (the summary reads three departments, the view one over the trend):
 * headcount from the employees, payroll from the motivation sheets, income and spend from the
 * transactions. The sums are SQL numeric; the result is computed exactly from their text.
 */

type Key = `${DepartmentType}|${string}`;
const keyOf = (type: string, month: string): Key => `${type as DepartmentType}|${month}`;

/** The figures of `types` for the `count` months ending with `lastMonth`: by type, oldest month first. */
export async function departmentFigures(
  db: Queryable,
  types: readonly DepartmentType[],
  lastMonth: string,
  count: number,
): Promise<ReadonlyMap<DepartmentType, readonly DepartmentFigures[]>> {
  const months = monthsEnding(lastMonth, count);
  const params = [types, months[0], lastMonth];

  // Employed on any day of the month: hired by its last day (an unknown hire date counts as hired),
  // not fired before its first day.
  const { rows: heads } = await db.query<{ type: string; month: string; headcount: number }>(
    `SELECT v.department_type AS type, to_char(m, 'YYYY-MM') AS month, count(DISTINCT e.id)::int AS headcount
       FROM generate_series(to_date($2::text || '-01', 'YYYY-MM-DD'), to_date($3::text || '-01', 'YYYY-MM-DD'), interval '1 month') AS m
       JOIN finance.divisions v ON v.department_type = ANY($1::text[]) AND v.deleted_at IS NULL
       JOIN finance.employees e ON e.division_id = v.id AND e.deleted_at IS NULL
        AND (e.hired_date IS NULL OR e.hired_date <= (m + interval '1 month' - interval '1 day')::date)
        AND (e.fired_date IS NULL OR e.fired_date >= m::date)
      GROUP BY 1, 2`,
    params,
  );
  const { rows: sheets } = await db.query<{ month: string; status: PayrollStatus }>(
    'SELECT month, status FROM finance.motivation_sheets WHERE month BETWEEN $1::text AND $2::text',
    [months[0], lastMonth],
  );
  // Payroll by the employee's division today: the motivation line carries no division of its own.
  const { rows: payroll } = await db.query<{ type: string; month: string; payroll_usd: string }>(
    `SELECT v.department_type AS type, s.month, trim_scale(coalesce(sum(l.total_usd), 0))::text AS payroll_usd
       FROM finance.motivation_sheets s
       JOIN finance.motivation_lines l ON l.sheet_id = s.id
       JOIN finance.employees e ON e.id = l.employee_id
       -- The division the line was computed in; the employee's own for lines from before lines kept one.
       JOIN finance.divisions v ON v.id = coalesce(l.division_id, e.division_id) AND v.deleted_at IS NULL
      WHERE v.department_type = ANY($1::text[]) AND s.month BETWEEN $2::text AND $3::text
      GROUP BY 1, 2`,
    params,
  );
  const { rows: money } = await db.query<{ type: string; month: string; income_usd: string; spend_usd: string }>(
    `SELECT v.department_type AS type, to_char(t.date_fact, 'YYYY-MM') AS month,
            trim_scale(${INCOME_SUM})::text AS income_usd, trim_scale(${SPEND_SUM})::text AS spend_usd
       FROM ${DEPARTMENT_TRANSACTIONS}
      WHERE v.department_type = ANY($1::text[]) AND ${MONTH_SPAN('$2', '$3')} AND ${NOT_PAYROLL}
      GROUP BY 1, 2`,
    params,
  );

  const headcount = new Map(heads.map((row) => [keyOf(row.type, row.month), row.headcount]));
  const status = new Map(sheets.map((row) => [row.month, row.status]));
  const payrollOf = new Map(payroll.map((row) => [keyOf(row.type, row.month), row.payroll_usd]));
  const moneyOf = new Map(money.map((row) => [keyOf(row.type, row.month), row]));
  return new Map(
    types.map((type) => [
      type,
      months.map((month): DepartmentFigures => {
        const key = keyOf(type, month);
        const payroll_usd = payrollOf.get(key) ?? '0';
        const income_usd = moneyOf.get(key)?.income_usd ?? '0';
        const spend_usd = moneyOf.get(key)?.spend_usd ?? '0';
        return {
          month,
          headcount: headcount.get(key) ?? 0,
          payroll_usd,
          payroll_status: status.get(month) ?? 'none',
          income_usd,
          spend_usd,
          result_usd: subtractDecimals(subtractDecimals(income_usd, spend_usd), payroll_usd),
        };
      }),
    ]),
  );
}
