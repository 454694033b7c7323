import type { RussianMessages } from '@core/sdk/server';

/** The campaign tree's refusals (budgets, times, currencies), in English as the API words them, and their Russian. */

export const BOTH_BUDGETS = 'Set either a daily or a lifetime budget, not both.';
export const NO_BUDGET = 'Set a daily or a lifetime budget.';
export const STOP_NOT_AFTER_START = 'The stop time must be after the start time.';
export const END_NOT_AFTER_START = 'The end time must be after the start time.';
export const LIFETIME_NEEDS_STOP = 'A lifetime budget needs a stop time.';
export const LIFETIME_NEEDS_END = 'A lifetime budget needs an end time.';
export const NOT_ACCOUNT_CURRENCY = "Amounts are in the ad account's currency, {currency}.";
export const WHOLE_AMOUNTS = '{currency} amounts are whole numbers.';
export const TOO_MANY_DECIMALS = '{currency} amounts have at most {digits} decimals.';

export const RULES_MESSAGES_RU: RussianMessages = {
  [BOTH_BUDGETS]: 'Укажите либо дневной, либо общий бюджет, но не оба.',
  [NO_BUDGET]: 'Укажите дневной или общий бюджет.',
  [STOP_NOT_AFTER_START]: 'Время остановки должно быть позже времени начала.',
  [END_NOT_AFTER_START]: 'Время окончания должно быть позже времени начала.',
  [LIFETIME_NEEDS_STOP]: 'Для общего бюджета нужно время остановки.',
  [LIFETIME_NEEDS_END]: 'Для общего бюджета нужно время окончания.',
  [NOT_ACCOUNT_CURRENCY]: 'Суммы указываются в валюте рекламного аккаунта: {currency}.',
  [WHOLE_AMOUNTS]: 'Суммы в {currency} — целые числа.',
  [TOO_MANY_DECIMALS]: 'В суммах {currency} не больше {digits} знаков после запятой.',
};
