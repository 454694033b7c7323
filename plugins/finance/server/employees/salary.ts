import { validationError, type Queryable } from '@core/sdk/server';

/**
 * Salary for a period, from the employee's salary history: the employee's calculated salary.
 *
 * Rule: each history entry holds a monthly salary from `date_start` to `date_end` (both days
 * included; no end means still in force). The period is cut into calendar months; for every month
 * and entry, the entry pays `salary × days covered in that month ÷ days in that month`. So a whole
 * month pays the monthly salary whatever its length, and half of November (15 of 30 days) pays half.
 * Parts are added per currency in SQL `numeric` and each total is rounded half away from zero to
 * the currency's decimals (8 for BTC and ETH, 2 otherwise). Nothing passes through a float.
 */

export const SALARY_RULE =
  'Pro rata by calendar days: in each calendar month an entry of the salary history pays salary × days it covers in that month ÷ days in that month; totals per currency, rounded to cents (8 decimals for BTC and ETH).';

const EIGHT_DECIMALS = ['BTC', 'ETH'];
const MAX_PERIOD_DAYS = 366 * 20;

export interface SalaryMonth {
  readonly month: string;
  readonly currency: string;
  readonly monthly_salary: string;
  readonly days: number;
  readonly days_in_month: number;
  readonly amount: string;
}

export interface SalaryForPeriod {
  readonly employee_id: number;
  readonly from: string;
  readonly to: string;
  readonly rule: string;
  readonly totals: readonly { readonly currency: string; readonly amount: string }[];
  readonly months: readonly SalaryMonth[];
}

export async function salaryForPeriod(
  db: Queryable,
  employeeId: number,
  from: string,
  to: string,
): Promise<SalaryForPeriod> {
  const { rows: span } = await db.query<{ days: number }>('SELECT ($2::date - $1::date) + 1 AS days', [from, to]);
  const days = Number(span[0]?.days ?? 0);
  if (days < 1) throw validationError({ to: ['The end of the period must not be before its start.'] });
  if (days > MAX_PERIOD_DAYS) throw validationError({ to: ['The period may be at most 20 years long.'] });
  const { rows } = await db.query<{
    month: string;
    currency: string;
    monthly_salary: string;
    days: number;
    days_in_month: number;
    exact: string;
    amount: string;
  }>(
    `WITH periods AS (
       SELECT salary AS monthly, salary_currency AS currency, date_start,
              greatest(date_start, $2::date) AS s, least(coalesce(date_end, $3::date), $3::date) AS e
         FROM finance.salary_history
        WHERE employee_id = $1 AND date_start <= $3::date AND (date_end IS NULL OR date_end >= $2::date)
     ), parts AS (
       SELECT p.monthly, p.currency, p.date_start, m::date AS month_start,
              (least(p.e, (m + interval '1 month' - interval '1 day')::date) - greatest(p.s, m::date)) + 1 AS days,
              ((m + interval '1 month')::date - m::date) AS days_in_month
         FROM periods p
        CROSS JOIN LATERAL generate_series(date_trunc('month', p.s), date_trunc('month', p.e), interval '1 month') AS m
     )
     SELECT to_char(month_start, 'YYYY-MM') AS month, currency, trim_scale(monthly)::text AS monthly_salary,
            days, days_in_month, (monthly * days / days_in_month)::text AS exact,
            trim_scale(round(monthly * days / days_in_month, 8))::text AS amount
       FROM parts WHERE days > 0 ORDER BY month_start, date_start`,
    [employeeId, from, to],
  );
  const { rows: totals } = await db.query<{ currency: string; amount: string }>(
    `SELECT currency, trim_scale(round(sum(amount::numeric), CASE WHEN currency = ANY($2::text[]) THEN 8 ELSE 2 END))::text AS amount
       FROM unnest($1::text[], $3::text[]) AS part(currency, amount) GROUP BY currency ORDER BY currency`,
    [rows.map((row) => row.currency), EIGHT_DECIMALS, rows.map((row) => row.exact)],
  );
  return {
    employee_id: employeeId,
    from,
    to,
    rule: SALARY_RULE,
    totals,
    months: rows.map((row) => ({
      month: row.month,
      currency: row.currency,
      monthly_salary: row.monthly_salary,
      days: Number(row.days),
      days_in_month: Number(row.days_in_month),
      amount: row.amount,
    })),
  };
}
