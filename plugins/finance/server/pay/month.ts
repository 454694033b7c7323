import { validationError } from '@core/sdk/server';

/** A pay month, `YYYY-MM`, and its first and last days. */
export interface PayMonth {
  readonly month: string;
  readonly first: string;
  readonly last: string;
}

/** The exact pattern a month travels as (query strings and the motivation sheet alike). */
export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const MONTH = new RegExp(MONTH_PATTERN);

const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** The month's bounds; anything but `YYYY-MM` is a 422 on `month`. */
export function payMonth(month: string): PayMonth {
  if (!MONTH.test(month)) throw validationError({ month: ['Give the month as YYYY-MM.'] });
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { month, first: `${month}-01`, last: `${month}-${String(daysIn(year, number)).padStart(2, '0')}` };
}
