import type { RussianMessages } from '@core/sdk/server';
import { KEITARO_METRIC_MISSING, KEITARO_REPORT_TOO_LARGE } from './keitaro-source';
import {
  GROUPING_REPEATED,
  GROUPING_UNKNOWN,
  NOT_A_DAY,
  PERIOD_AMBIGUOUS,
  PERIOD_REQUIRED,
  PERIOD_REVERSED,
  PERIOD_TOO_LONG,
} from './report-request';

/** The report's refusals in Russian, for the plugin's `messages: { ru }`. */
export const REPORT_MESSAGES_RU: RussianMessages = {
  [PERIOD_REQUIRED]: 'Выберите период: предустановку или обе даты «с» и «по».',
  [PERIOD_AMBIGUOUS]: 'Выберите либо предустановку, либо даты «с» и «по», но не то и другое.',
  [NOT_A_DAY]: 'Это не календарный день.',
  [PERIOD_REVERSED]: 'Период не может закончиться раньше, чем начался.',
  [PERIOD_TOO_LONG]: 'Период может охватывать не больше {days} дней.',
  [GROUPING_UNKNOWN]: 'Группируйте по одному или двум из: {groupings}.',
  [GROUPING_REPEATED]: 'Две группировки должны различаться.',
  [KEITARO_METRIC_MISSING]: 'Keitaro прислал отчёт без показателя {metric}.',
  [KEITARO_REPORT_TOO_LARGE]:
    'В отчёте Keitaro {rows} строк, больше {max}, которые можно показать: выберите период короче или меньше группировок.',
};
