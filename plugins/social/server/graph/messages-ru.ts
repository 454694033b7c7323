import type { RussianMessages } from '@core/sdk/server';
import {
  NO_SERVICE,
  PLATFORM_ANSWER_UNREADABLE,
  PLATFORM_AUTH,
  PLATFORM_RATE_LIMITED,
  PLATFORM_REFUSED,
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
};
