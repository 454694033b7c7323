import type { RussianMessages } from '@core/sdk/server';

/** The report's refusals, in English as the API words them, and their Russian. */

export const NOT_A_DAY = 'This is not a calendar day.';
export const PERIOD_REVERSED = 'The period cannot end before it starts.';
export const PERIOD_TOO_LONG = 'A period can span at most {days} days.';
export const GROUPING_BELOW_LEVEL = 'Rows of this level can be grouped by: {groupings}.';
export const CAMPAIGN_AT_ACCOUNT_LEVEL =
  'Account rows have no campaign: choose the campaign, adset or ad level to filter by campaign.';

export const REPORT_MESSAGES_RU: RussianMessages = {
  [NOT_A_DAY]: 'Такого календарного дня нет.',
  [PERIOD_REVERSED]: 'Период не может закончиться раньше, чем начался.',
  [PERIOD_TOO_LONG]: 'Период может охватывать не больше {days} дней.',
  [GROUPING_BELOW_LEVEL]: 'Строки этого уровня можно группировать по: {groupings}.',
  [CAMPAIGN_AT_ACCOUNT_LEVEL]:
    'У строк уровня аккаунта нет кампании: для фильтра по кампании выберите уровень кампании, группы объявлений или объявления.',
};
