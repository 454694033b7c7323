import type { Language } from '@core/sdk/shared';
import type { GoogleTable } from './tree';

/** The table's name in the reader's language, the other one when that is empty. */
export function tableName(table: Pick<GoogleTable, 'name_en' | 'name_ru'>, language: Language): string {
  const [first, second] = language === 'ru' ? [table.name_ru, table.name_en] : [table.name_en, table.name_ru];
  return first.trim() !== '' ? first : second;
}
