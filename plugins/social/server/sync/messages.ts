/**
 * The syncs' API messages in English; messages-ru.ts has each one in Russian. A `{name}` stands
 * for a value filled by formatMessage.
 */

export const AD_ACCOUNT_MISSING = 'The ad account does not exist.';
export const NOT_ON_PLATFORM = 'This ad account is not on the platform yet: sync its account first.';
export const NOT_A_DAY = 'Not a calendar date (YYYY-MM-DD).';
export const RANGE_REVERSED = 'The end date must not be before the start date.';
export const RANGE_TOO_LONG = 'At most {days} days can be read at once.';
