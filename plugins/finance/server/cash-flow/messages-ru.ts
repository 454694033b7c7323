import type { RussianMessages } from '@core/sdk/server';

/** The cash flow's refusals, in English as the API words them, and their Russian. */

export const NOT_A_CALENDAR_DAY = 'Enter a calendar day that exists (YYYY-MM-DD).';
export const PERIOD_ENDS_BEFORE_START = 'The period must not end before it starts.';
export const PERIOD_LONGER_THAN = 'The cash flow covers at most {days} days.';
export const MONTH_OUTSIDE_PERIOD = 'This month is not in the period.';
export const COMMISSIONS_HAVE_NO_ROWS = 'Commissions are one row: leave out the key.';

export const CASH_FLOW_MESSAGES_RU: RussianMessages = {
  [NOT_A_CALENDAR_DAY]: 'Введите существующий календарный день (ГГГГ-ММ-ДД).',
  [PERIOD_ENDS_BEFORE_START]: 'Период не может закончиться раньше, чем начался.',
  [PERIOD_LONGER_THAN]: 'Движение денег строится не больше чем за {days} дн.',
  [MONTH_OUTSIDE_PERIOD]: 'Этого месяца нет в периоде.',
  [COMMISSIONS_HAVE_NO_ROWS]: 'Комиссии — одна строка: не указывайте ключ.',
};
