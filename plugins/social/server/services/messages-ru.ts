import type { RussianMessages } from '@core/sdk/server';
import { NO_TOKEN } from './messages';

/** The service check's API messages in Russian, by their English text. */
export const SERVICE_CHECK_MESSAGES_RU: RussianMessages = {
  [NO_TOKEN]: 'У сервиса нет токена доступа: укажите его, чтобы проверить на платформе.',
};
