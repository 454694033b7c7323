import { compareDecimals, divideDecimals, multiplyDecimals, subtractDecimals } from '@core/sdk/shared';
import type { FigureChange } from '../../shared/departments';

/** Places of a change's percent. */
const PERCENT_PLACES = 2;

const absolute = (value: string): string => (value.startsWith('-') ? value.slice(1) : value);

/**
 * The change from `previous` to `current`: the exact difference, and it as a percent of the
 * previous value's size (so a loss that shrinks is a positive change), rounded half-up to
 * PERCENT_PLACES; null when the previous value is 0.
 */
export function figureChange(current: string, previous: string): FigureChange {
  const difference = subtractDecimals(current, previous);
  const percent =
    compareDecimals(previous, '0') === 0
      ? null
      : divideDecimals(multiplyDecimals(difference, '100'), absolute(previous), PERCENT_PLACES);
  return { absolute: difference, percent };
}
