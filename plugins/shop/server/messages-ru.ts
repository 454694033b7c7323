import type { RussianMessages } from '@core/sdk/server';
import { EXPORT_RUNNING, SHEET_KEY_MISSING, SPREADSHEETS_UNAVAILABLE } from './sheet-export/sheet-export-route';

/** The shop's own API messages in Russian, by their English text. */
export const SHOP_MESSAGES_RU: RussianMessages = {
  [SHEET_KEY_MISSING]: 'Сначала укажите ключ таблицы команды.',
  [EXPORT_RUNNING]: 'Выгрузка заказов этой команды уже идёт.',
  [SPREADSHEETS_UNAVAILABLE]: 'Выгрузка в таблицы недоступна: нужен плагин финансов, в котором настроено подключение к Google Таблицам.',
};
