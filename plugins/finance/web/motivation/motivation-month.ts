import { MOTIVATION_MONTH_PATTERN } from '../../shared/motivation';
import { shiftMonth, thisMonth } from '../departments/department-month';

/**
 * The month the motivation page shows, kept in the URL as `?month=YYYY-MM`: last month (pay is
 * reviewed once a month is over) when the URL has none or one that is not a month.
 */

const MONTH = new RegExp(MOTIVATION_MONTH_PATTERN);

export const isMonth = (text: string): boolean => MONTH.test(text);

export function motivationMonthOf(search: URLSearchParams, now: Date = new Date()): string {
  const month = search.get('month');
  return month !== null && isMonth(month) ? month : shiftMonth(thisMonth(now), -1);
}

/** Whether the month is over (UTC, as the server counts months): approving one that is not asks first, its pay may still change. */
export function monthHasEnded(month: string, now: Date = new Date()): boolean {
  return month < thisMonth(now);
}
