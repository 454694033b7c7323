import type { RussianMessages } from '@core/sdk/server';
import { formatMessage, type Language } from '@core/sdk/shared';
import { OFFER_UNKNOWN, STREAM_OF_OTHER_OFFER, STREAM_UNKNOWN } from './attribution';
import {
  CELLS_COUNT,
  CSV_EMPTY,
  CSV_TOO_LONG,
  CSV_UNCLOSED,
  HEADER_MISSING,
  HEADER_REPEATED,
  HEADER_UNKNOWN,
  NOT_A_COUNT,
  NOT_A_COUNTRY,
  NOT_A_DAY,
  NOT_AN_ID,
  NOT_MONEY,
  SALES_OVER_LEADS,
  TOO_LONG,
  TRACKER_UNKNOWN,
  UNIQUE_OVER_CLICKS,
} from './import-line';
import { PAYOUT_REQUIRED, POSTBACK_UNAUTHORIZED } from './postback-route';

/** The statistics' messages (postback, CSV import) in Russian, for the plugin's `messages: { ru }` and the import's line report. */
export const STATISTICS_MESSAGES_RU: RussianMessages = {
  [POSTBACK_UNAUTHORIZED]: 'В постбэке нет секрета трекера.',
  [PAYOUT_REQUIRED]: 'Для лида или продажи нужна выплата.',
  [OFFER_UNKNOWN]: 'Оффера с таким ID нет.',
  [STREAM_UNKNOWN]: 'Потока с таким ID нет.',
  [STREAM_OF_OTHER_OFFER]: 'Этот поток направляет клики на другой оффер.',
  [TRACKER_UNKNOWN]: 'Трекера с таким ID нет.',
  [CSV_EMPTY]: 'В файле нет строк, кроме заголовка.',
  [CSV_TOO_LONG]: 'Отправляйте не больше {lines} строк за раз.',
  [HEADER_MISSING]: 'В заголовке нет столбца {column}.',
  [HEADER_UNKNOWN]: 'Столбец {column} этот импорт не читает.',
  [HEADER_REPEATED]: 'Столбец {column} встречается дважды.',
  [CELLS_COUNT]: 'В строке {found} ячеек, а в заголовке {expected}.',
  [NOT_A_DAY]: 'Это не календарный день (ГГГГ-ММ-ДД).',
  [NOT_A_COUNT]: 'Это не целое число от 0.',
  [NOT_MONEY]: 'Это не сумма от 0 с не более чем 2 знаками после запятой.',
  [NOT_AN_ID]: 'Это не ID (целое число от 1).',
  [NOT_A_COUNTRY]: 'Это не код страны из двух заглавных букв.',
  [TOO_LONG]: 'Длиннее 200 символов.',
  [UNIQUE_OVER_CLICKS]: 'Уникальных кликов не может быть больше, чем кликов.',
  [SALES_OVER_LEADS]: 'Продаж не может быть больше, чем лидов (продажа — тоже лид).',
  [CSV_UNCLOSED]: 'Поле в кавычках, открытое в строке {line}, не закрыто.',
};

/** A message template in `language` with its values filled in (for answers that carry messages as data). */
export function say(language: Language, template: string, values: Readonly<Record<string, string>> = {}): string {
  return formatMessage(language === 'ru' ? (STATISTICS_MESSAGES_RU[template] ?? template) : template, values);
}
