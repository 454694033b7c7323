import type { RussianMessages } from '@core/sdk/server';
import { REPORT_TAKEN } from './report-identity';
import {
  CELLS_COUNT,
  CSV_EMPTY,
  CSV_TOO_LONG,
  CSV_UNCLOSED,
  DAYS_REVERSED,
  HEADER_MISSING,
  HEADER_REPEATED,
  HEADER_UNKNOWN,
  NOTHING_WRITTEN,
  NO_CATEGORY,
  NO_PRODUCT,
  NO_TEAM,
  NO_USER,
  ORDER_BY_NUMBER,
  REPEATED_LINE,
  REPEATED_ROW,
} from './report-messages';

/** The reports' messages in Russian, by their English text; the shop merges them into its `messages: { ru }`. */
export const REPORT_MESSAGES_RU: RussianMessages = {
  [NOTHING_WRITTEN]:
    'Ничего не записано: все строки должны быть верными. Исправьте указанные строки и отправьте их снова.',
  [CSV_EMPTY]: 'В файле нет строк, кроме заголовка.',
  [CSV_TOO_LONG]: 'Отправляйте не больше {lines} строк за раз.',
  [CSV_UNCLOSED]: 'Ячейка в кавычках, открытая в строке {line}, не закрыта.',
  [HEADER_MISSING]: 'В заголовке нет столбца {column}.',
  [HEADER_UNKNOWN]: 'Столбца {column} в отчёте нет.',
  [HEADER_REPEATED]: 'Столбец {column} встречается дважды.',
  [CELLS_COUNT]: 'В строке {found} ячеек, а в заголовке {expected}.',
  [REPEATED_LINE]: 'Строка {line} уже указывает этот рекламный аккаунт и дату отчёта.',
  [REPEATED_ROW]: 'Запись {row} уже указывает этот рекламный аккаунт и дату отчёта.',
  [NO_PRODUCT]: 'Товара с названием «{name}» нет.',
  [NO_CATEGORY]: 'Категории с названием «{name}» нет.',
  [NO_TEAM]: 'Команды с названием «{name}» нет.',
  [NO_USER]: 'Пользователя с e-mail «{email}» нет.',
  [ORDER_BY_NUMBER]: 'Укажите заказ его номером.',
  [DAYS_REVERSED]: 'Период не может закончиться раньше, чем начался.',
  [REPORT_TAKEN]: 'У рекламного аккаунта {account} уже есть отчёт за {day}.',
};
