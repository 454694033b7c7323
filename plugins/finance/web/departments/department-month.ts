import { currentMonth, MONTH_PATTERN } from '../../shared/departments';

/**
 * The chosen month of a department page, kept in the URL as `?month=YYYY-MM`; this month (UTC, as
 * the server counts it) when the URL has none or one that is not a month.
 */

/** This month (UTC), and a month moved by whole months; the motivation page reads them from here too. */
export { currentMonth as thisMonth, shiftMonth } from '../../shared/departments';

export function monthFromSearch(search: URLSearchParams, now: Date = new Date()): string {
  const month = search.get('month');
  return month !== null && MONTH_PATTERN.test(month) ? month : currentMonth(now);
}

/** The parts a translation names a month with: `{ month: '03', year: '2026' }`. */
export const monthParts = (month: string): { month: string; year: string } => ({
  month: month.slice(5, 7),
  year: month.slice(0, 4),
});
