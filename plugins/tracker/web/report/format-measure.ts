import type { LocaleFormat, NumberDigits } from '@core/sdk/shared';
import { RATIO_SCALE, type ReportMeasure } from '../../shared/report';

/*
 * A measure as the table shows it, in the reader's language (the SDK's forms): counts grouped,
 * money in the report's currency to its digits, percents with the places they were rounded to.
 * EPC and EPL are money per click and per lead, so they read in cents like the other money,
 * rounded half away from zero; the server's four places stay in the CSV export.
 */

const places = (digits: number): NumberDigits => ({ minimumFractionDigits: digits, maximumFractionDigits: digits });

/** How each measure reads: a count, money, or a percent with its places. */
const FORMS: Readonly<Record<ReportMeasure, 'count' | 'money' | NumberDigits>> = {
  clicks: 'count',
  unique_clicks: 'count',
  leads: 'count',
  sales: 'count',
  revenue: 'money',
  cost: 'money',
  profit: 'money',
  roi: places(RATIO_SCALE.roi),
  cr: places(RATIO_SCALE.cr),
  epc: 'money',
  epl: 'money',
};

/** The value for a cell, money in `currency`; an undefined ratio (nothing to divide by) is a dash. */
export function formatMeasure(
  format: LocaleFormat,
  measure: ReportMeasure,
  value: string | null,
  currency: string,
): string {
  if (value === null) return '—';
  const form = FORMS[measure];
  if (form === 'count') return format.number(value);
  if (form === 'money') return format.money(value, currency, 'currency');
  return format.percent(value, form);
}
