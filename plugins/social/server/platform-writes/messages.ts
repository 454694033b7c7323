/** The platform writes' API messages in English; messages-ru.ts has each one in Russian. */

export const BUDGET_CURRENCY =
  'A budget must be in the ad account’s currency, {currency}, with at most {digits} decimals.';
