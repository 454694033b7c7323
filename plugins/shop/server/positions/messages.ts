import { formatMessage, type Language } from '@core/sdk/shared';
import type { RussianMessages } from '@core/sdk/server';
import { EMPTY_PART, LINE_TOO_LONG, TOO_FEW_PARTS, type LineProblem } from './line-format';

/*
 * The positions' messages (bulk load, position and category rules, reveal). A bulk load's line
 * report is data of the answer, not an error the kernel translates, so it is put in the caller's
 * language here with the same catalogue the plugin registers.
 */

export const REPEATED_LINE = 'The same position as line {line}.';
export const ALREADY_LOADED = 'The product already has this position.';
export const NO_LINES = 'There are no positions to load: every line is empty.';
export const TOO_MANY_LINES = 'Load at most {max} positions at a time.';
export const LINES_REFUSED = 'Lines that cannot be loaded: {count} of {total}. Nothing was written.';
export const PRODUCT_UNKNOWN = 'There is no such product.';
export const PRODUCT_ARCHIVED = 'The product is archived: no positions can be added to it.';
export const TIED_TO_ORDER = 'This position belongs to an order: only the order changes it.';
export const MANUAL_STATES = 'Only free and defective can be set here: orders reserve and sell positions.';
export const PRODUCT_ONLY_WHILE_FREE = 'The product can be changed only while the position is free.';
export const DUPLICATE_POSITION = 'The product already has a position with this data.';
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const FORMAT_MISMATCH = 'Free positions not matching the new format: {count}. Change or remove them first.';

export const POSITIONS_MESSAGES_RU: RussianMessages = {
  [TOO_FEW_PARTS]: 'Ожидается частей через двоеточие: {expected} ({format}), найдено: {found}.',
  [EMPTY_PART]: 'Часть {part} пуста.',
  [LINE_TOO_LONG]: 'Строка длиннее {max} символов.',
  [REPEATED_LINE]: 'Та же позиция, что в строке {line}.',
  [ALREADY_LOADED]: 'У товара уже есть эта позиция.',
  [NO_LINES]: 'Загружать нечего: все строки пусты.',
  [TOO_MANY_LINES]: 'Загружайте не больше {max} позиций за раз.',
  [LINES_REFUSED]: 'Строк, которые нельзя загрузить: {count} из {total}. Ничего не записано.',
  [PRODUCT_UNKNOWN]: 'Такого товара нет.',
  [PRODUCT_ARCHIVED]: 'Товар в архиве: добавить к нему позиции нельзя.',
  [TIED_TO_ORDER]: 'Позиция принадлежит заказу: менять её может только заказ.',
  [MANUAL_STATES]: 'Здесь можно выбрать только «свободна» или «брак»: резервируют и продают позиции заказы.',
  [PRODUCT_ONLY_WHILE_FREE]: 'Товар позиции можно сменить, только пока она свободна.',
  [DUPLICATE_POSITION]: 'У товара уже есть позиция с такими данными.',
  [PRODUCT_NOT_FOUND]: 'Товар не найден.',
  [FORMAT_MISMATCH]: 'Свободных позиций, не подходящих под новый формат: {count}. Сначала измените или удалите их.',
};

/** A message in `language` with its values filled in. */
export function say(language: Language, template: string, values?: Readonly<Record<string, string>>): string {
  return formatMessage(language === 'ru' ? (POSITIONS_MESSAGES_RU[template] ?? template) : template, values);
}

/** A line problem in `language`. */
export const told = (language: Language, problem: LineProblem): string =>
  say(language, problem.template, problem.values);

/** A line problem in English, for a field error the kernel translates on the way out. */
export const english = (problem: LineProblem): string => formatMessage(problem.template, problem.values);
