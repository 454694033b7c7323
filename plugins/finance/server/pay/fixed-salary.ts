import type { Queryable } from '@core/sdk/server';
import { canonicalDecimal, multiplyDecimals } from '@core/sdk/shared';
import type { PayGap } from '../../shared/pay';
import { salaryForPeriod, type SalaryMonth } from '../employees/salary';
import { rateOn } from '../money/usd';
import { cents, sumCents } from './cents';
import type { PayMonth } from './month';

/**
 * The fixed salary of a month: the salary history prorated to the month by the employees' rule
 * (employees/salary.ts), converted to US dollars at each currency's rate of the month's last day.
 * No salary in the month is the gap `no_salary`; a currency without a rate is `no_rate`.
 */

export type FixedSalary =
  | { readonly gap: null; readonly usd: string; readonly formula: string }
  | { readonly gap: PayGap; readonly usd: null; readonly formula: string };

const part = (entry: SalaryMonth): string =>
  entry.days === entry.days_in_month
    ? `${entry.monthly_salary} ${entry.currency}`
    : `${entry.monthly_salary} ${entry.currency} × ${entry.days}/${entry.days_in_month}`;

export async function fixedSalary(tx: Queryable, employeeId: number, month: PayMonth): Promise<FixedSalary> {
  const salary = await salaryForPeriod(tx, employeeId, month.first, month.last);
  if (salary.totals.length === 0) return { gap: 'no_salary', usd: null, formula: '—' };
  const converted: { usd: string; formula: string }[] = [];
  for (const total of salary.totals) {
    const rate = await rateOn(tx, total.currency, month.last);
    const parts = salary.months.filter((entry) => entry.currency === total.currency).map(part);
    const prorated = parts.length === 1 ? (parts[0] as string) : `(${parts.join(' + ')})`;
    if (rate === null)
      return { gap: 'no_rate', usd: null, formula: `${prorated} = ${total.amount} ${total.currency} × ?` };
    const usd = cents(multiplyDecimals(total.amount, rate));
    const shownRate = canonicalDecimal(rate);
    converted.push({ usd, formula: shownRate === '1' ? prorated : `${prorated} × ${shownRate}` });
  }
  const usd = sumCents(converted.map((entry) => entry.usd));
  return { gap: null, usd, formula: `${converted.map((entry) => entry.formula).join(' + ')} = ${usd}` };
}
