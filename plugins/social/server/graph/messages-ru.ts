import type { RussianMessages } from '@core/sdk/server';
import {
  GRAPH_VERSION_EXPIRED,
  GRAPH_VERSION_EXPIRING,
  GRAPH_VERSION_UNKNOWN,
  NO_SERVICE,
  PLATFORM_ANSWER_UNREADABLE,
  PLATFORM_AUTH,
  PLATFORM_RATE_LIMITED,
  PLATFORM_REFUSED,
  PLATFORM_REPORT_FAILED,
  PLATFORM_REPORT_SLOW,
  PLATFORM_UNAVAILABLE,
} from './messages';

/** The platform's messages in Russian, by their English text. */
export const GRAPH_MESSAGES_RU: RussianMessages = {
  [PLATFORM_AUTH]: 'Токен платформы истёк или недействителен: обновите его в сервисе.',
  [PLATFORM_REFUSED]: 'Платформа отказала: {reason}',
  [PLATFORM_UNAVAILABLE]: 'Не удалось связаться с платформой: {reason}',
  [PLATFORM_RATE_LIMITED]: 'Платформа просит подождать; повторите через {seconds} с.',
  [PLATFORM_ANSWER_UNREADABLE]: 'Платформа ответила не в формате JSON Graph API (HTTP {status}).',
  [NO_SERVICE]: 'Сначала настройте сервис платформы для этого аккаунта (Реклама в соцсетях → Сервисы).',

  [GRAPH_VERSION_EXPIRED]:
    'Версия Graph API {version} истекла {expires}: Meta на неё больше не отвечает. Укажите в pluginSettings.social.graphVersion версию {newest}.',
  [GRAPH_VERSION_EXPIRING]:
    'Версия Graph API {version} истекает {expires}, через {days} дн. Укажите в pluginSettings.social.graphVersion версию {newest} до этого срока.',
  [GRAPH_VERSION_UNKNOWN]:
    'Версии Graph API {version} нет в таблице версий Meta, которую знает плагин, поэтому срок её действия неизвестен. Новейшая известная плагину версия — {newest}.',
  [PLATFORM_REPORT_FAILED]: 'Запуск отчёта статистики на платформе завершился со статусом «{status}».',
  [PLATFORM_REPORT_SLOW]: 'Запуск отчёта статистики на платформе не завершился после {polls} проверок.',
};
