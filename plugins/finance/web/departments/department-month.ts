import { MONTH_PATTERN } from '../../shared/departments';

/**
 * The chosen month of a department page, kept in the URL as `?month=YYYY-MM`; this month (UTC, as
 * the server counts it) when the URL has none or one that is not a month.
 */

export const thisMonth = (now: Date = new Date()): string => now.toISOString().slice(0, 7);

export function monthFromSearch(search: URLSearchParams, now: Date = new Date()): string {
  const month = search.get('month');
  return month !== null && MONTH_PATTERN.test(month) ? month : thisMonth(now);
}

/** `month` moved by whole months (a month count holds no amount, so a plain integer is safe). */
export function shiftMonth(month: string, months: number): string {
  const count = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(count / 12)).padStart(4, '0')}-${String((count % 12) + 1).padStart(2, '0')}`;
}

/** The parts a translation names a month with: `{ month: '03', year: '2026' }`. */
export const monthParts = (month: string): { month: string; year: string } => ({ month: month.slice(5, 7), year: month.slice(0, 4) });
