import { addDecimals, divideDecimals, multiplyDecimals, roundDecimal } from '@core/sdk/shared';
import type { ReportFigures, UnconvertedSpent } from '../../shared/report';
import type { ReportCell } from './report-cells';

/**
 * The report's arithmetic, exact: sums of the cells, spent in dollars at each day's rate (the cells
 * without a rate named by currency rather than summed with the dollars), and the
 * rates from the sums (CPC = spent / clicks, CPM = spent / views × 1000, CPL = spent / leads,
 * CTR = clicks / views × 100), each one quotient rounded half-up to 2 decimals, null on a zero divisor.
 */

/** The USD rate of a currency on a day, or null when none is known; the whole look-up is null without finance. */
export type RateOf = ((currency: string, date: string) => string | null) | null;

const RATE_PLACES = 2;
const USD = 'USD';

interface Dollars {
  /** Σ spent × rate over the cells with a rate, every digit kept; null when none has one. */
  readonly usd: string | null;
  readonly unconverted: readonly UnconvertedSpent[];
}

/** The cells' spent in dollars where a rate is known, and the rest by currency; nothing without finance. */
function dollarsOf(cells: readonly ReportCell[], rateOf: RateOf): Dollars {
  if (rateOf === null) return { usd: null, unconverted: [] };
  let usd: string | null = cells.length === 0 ? '0' : null;
  const unconverted = new Map<string, { rows: number; spent: string }>();
  for (const cell of cells) {
    const rate = rateOf(cell.currency, cell.date);
    if (rate !== null) {
      usd = addDecimals(usd ?? '0', multiplyDecimals(cell.spent, rate));
      continue;
    }
    const held = unconverted.get(cell.currency) ?? { rows: 0, spent: '0' };
    unconverted.set(cell.currency, { rows: held.rows + cell.rows, spent: addDecimals(held.spent, cell.spent) });
  }
  const listed = [...unconverted]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, held]) => ({ currency, ...held }));
  return { usd, unconverted: listed };
}

/** The sums and rates of a group of cells (a report row, or all of them for the totals). */
export function figuresOf(cells: readonly ReportCell[], rateOf: RateOf): ReportFigures {
  const count = (pick: (cell: ReportCell) => number): number => cells.reduce((sum, cell) => sum + pick(cell), 0);
  const clicks = count((cell) => cell.clicks);
  const views = count((cell) => cell.views);
  const leads = count((cell) => cell.leads);
  const currencies = new Set(cells.map((cell) => cell.currency));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;
  const spent = currency === null ? null : cells.reduce((sum, cell) => addDecimals(sum, cell.spent), '0');
  const { usd, unconverted } = dollarsOf(cells, rateOf);
  // Rates are in the group's own currency; a group spanning currencies can only have them in dollars, and only when every row converted.
  const wholeUsd = unconverted.length === 0 ? usd : null;
  const base = spent ?? wholeUsd;
  const rate = (amount: string | null, divisor: number): string | null =>
    amount === null ? null : divideDecimals(amount, String(divisor), RATE_PLACES);
  return {
    clicks,
    views,
    leads,
    spent,
    currency,
    spent_usd: usd === null ? null : roundDecimal(usd, RATE_PLACES),
    unconverted,
    rates_currency: spent !== null ? currency : wholeUsd !== null ? USD : null,
    cpc: rate(base, clicks),
    cpm: rate(base === null ? null : multiplyDecimals(base, '1000'), views),
    cpl: rate(base, leads),
    ctr: rate(String(clicks * 100), views),
  };
}
