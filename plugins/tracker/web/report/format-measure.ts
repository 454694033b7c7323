import { RATIO_SCALE, type ReportMeasure } from '../../shared/report';

/*
 * A measure as the table shows it. The server's decimal strings go to Intl as strings
 * (`Intl.StringNumericLiteral`), so no digit passes through floating point: counts grouped, money
 * with its two decimals, percents with the places they were rounded to and a sign. EPC and EPL
 * are money per click and per lead, so they read in cents like the other money, rounded half away
 * from zero; the server's four places stay in the CSV export.
 */

const LOCALE = 'en-US';

const fixed = (digits: number) => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const CENTS = fixed(2);

const FORMATTERS: Readonly<Record<ReportMeasure, Intl.NumberFormat>> = {
  clicks: fixed(0),
  unique_clicks: fixed(0),
  leads: fixed(0),
  sales: fixed(0),
  revenue: CENTS,
  cost: CENTS,
  profit: CENTS,
  roi: fixed(RATIO_SCALE.roi),
  cr: fixed(RATIO_SCALE.cr),
  epc: CENTS,
  epl: CENTS,
};

const PERCENT: ReadonlySet<ReportMeasure> = new Set(['roi', 'cr']);

/** The value for a cell; an undefined ratio (nothing to divide by) is a dash. */
export function formatMeasure(measure: ReportMeasure, value: string | null): string {
  if (value === null) return '—';
  const text = FORMATTERS[measure].format(value as Intl.StringNumericLiteral);
  return PERCENT.has(measure) ? `${text} %` : text;
}
