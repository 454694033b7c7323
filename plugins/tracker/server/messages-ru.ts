import type { RussianMessages } from '@core/sdk/server';
import { BIZDEV_DAY_CAPS_MAX_IDS } from '../shared/bizdev';
import { TOO_MANY_IDS } from './bizdev/bizdev-routes';
import { LIMIT_BELOW_APPROVED } from './rules/bizdev-limits';
import { NO_LIMIT_FOR_DAY, ONLY_PENDING_CHANGES, OVER_LIMIT } from './rules/bizdev-requests';
import { DEALS_OVERLAP, FINISH_BEFORE_START } from './rules/deal-overlap';
import { ACTIVE_SERVER_ON_HOLD } from './rules/tracker-servers';

/** The tracker plugin's refusals a user can meet, in Russian (the API answers a Russian caller with these). */
export const TRACKER_MESSAGES_RU: RussianMessages = {
  [ACTIVE_SERVER_ON_HOLD]: 'Активный сервер не может одновременно быть на холде.',
  [FINISH_BEFORE_START]: 'Дата окончания не может быть раньше даты начала.',
  [DEALS_OVERLAP]: 'Эти даты пересекаются со сделкой №{id} для {brand} на этом трекере, с {from} по {finish}.',
  [LIMIT_BELOW_APPROVED]: 'Одобренные запросы этого дня уже занимают {approved} лидов: кап не может быть меньше.',
  [ONLY_PENDING_CHANGES]: 'Изменить можно только запрос в ожидании.',
  [NO_LIMIT_FOR_DAY]: 'У трекера {tracker} нет лимита на {date}: сначала задайте его в лимитах бизнес-развития.',
  [OVER_LIMIT]: 'Одобрение {cap} лидов превысит лимит трекера {tracker} на {date}: осталось {remaining}.',
  [TOO_MANY_IDS]: `Запросите не больше ${BIZDEV_DAY_CAPS_MAX_IDS} запросов за раз.`,
};
