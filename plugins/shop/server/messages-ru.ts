import type { RussianMessages } from '@core/sdk/server';
import { EXPORT_RUNNING, SHEET_KEY_MISSING, SHEETS_NEED_FINANCE } from './sheet-export/sheet-export-route';

/** The shop's own API messages in Russian, by their English text. */
export const SHOP_MESSAGES_RU: RussianMessages = {
  [SHEET_KEY_MISSING]: 'Сначала укажите ключ таблицы команды.',
  [EXPORT_RUNNING]: 'Выгрузка заказов этой команды уже идёт.',
  [SHEETS_NEED_FINANCE]:
    'Выгрузка в таблицы недоступна: нужен плагин финансов, в котором настроено подключение к Google Таблицам.',
};
