import { RATIO_SCALE, type ReportMeasure } from '../../shared/report';

/*
 * A measure as the table shows it. The server's decimal strings go to Intl as strings
 * (`Intl.StringNumericLiteral`), so no digit passes through floating point: counts grouped, money
 * with its two decimals, ratios with the places they were rounded to, percents with a sign.
 */

const LOCALE = 'en-US';

const fixed = (digits: number) => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });

const FORMATTERS: Readonly<Record<ReportMeasure, Intl.NumberFormat>> = {
  clicks: fixed(0),
  unique_clicks: fixed(0),
  leads: fixed(0),
  sales: fixed(0),
  revenue: fixed(2),
  cost: fixed(2),
  profit: fixed(2),
  roi: fixed(RATIO_SCALE.roi),
  cr: fixed(RATIO_SCALE.cr),
  epc: fixed(RATIO_SCALE.epc),
  epl: fixed(RATIO_SCALE.epl),
};

const PERCENT: ReadonlySet<ReportMeasure> = new Set(['roi', 'cr']);

/** The value for a cell; an undefined ratio (nothing to divide by) is a dash. */
export function formatMeasure(measure: ReportMeasure, value: string | null): string {
  if (value === null) return '—';
  const text = FORMATTERS[measure].format(value as Intl.StringNumericLiteral);
  return PERCENT.has(measure) ? `${text} %` : text;
}
