/**
 * How a money field is stored (core resource engine): the amount in a `numeric` column named after
 * the field and its currency code in `<field>_currency`. One place says so, for the hand-written SQL.
 */
export const amountColumn = (field: string): string => field;
export const currencyColumn = (field: string): string => `${field}_currency`;
