/**
 * Calendar months as `YYYY-MM` text. Month arithmetic runs on a month count (year × 12 + month),
 * which holds no amount, so plain integers are safe here.
 */

const countOf = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

const monthOf = (count: number): string => `${String(Math.floor(count / 12)).padStart(4, '0')}-${String((count % 12) + 1).padStart(2, '0')}`;

/** This month in UTC, the routes' default. */
export const currentMonth = (now: Date = new Date()): string => now.toISOString().slice(0, 7);

/** `month` moved by whole months. */
export const shiftMonth = (month: string, months: number): string => monthOf(countOf(month) + months);

/** The `count` months ending with `last`, oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftMonth(last, index - count + 1));
}
