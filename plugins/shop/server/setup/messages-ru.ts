import type { RussianMessages } from '@core/sdk/server';
import { FAIL_COMMENT_REQUIRED } from './setup-body';
import { ALREADY_FINISHED, ALREADY_TAKEN, NOT_TAKEN } from './setup-transitions';

/** The setup queue's refusals in Russian, for the plugin's `messages: { ru }`. */
export const SETUP_MESSAGES_RU: RussianMessages = {
  [FAIL_COMMENT_REQUIRED]: 'Укажите, почему настройка не удалась.',
  [ALREADY_TAKEN]: 'Эту задачу настройки уже взяли.',
  [ALREADY_FINISHED]: 'Эта задача настройки уже завершена.',
  [NOT_TAKEN]: 'Возьмите задачу настройки, прежде чем завершать её.',
};
