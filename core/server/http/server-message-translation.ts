import type { Language } from '@core/shared/runtime-config';
import { CORE_MESSAGES_RU } from './core-messages-ru';
import { MessageTranslator, type RussianMessages } from './message-translations';

/** The server's English message in `language`, worded as the API would answer it. */
export type ServerMessageTranslation = (message: string, language: Language) => string;

/**
 * The API's own translation of its messages, for answers that leave by another way than an HTTP
 * response: a bot handler telling a messenger user why an ApiError refused them. It knows the
 * core's messages and the plugin's `messages.ru` (`own`), so a plugin reuses the wording its
 * routes answer with rather than keeping a second copy of each string.
 */
export function serverMessageTranslation(own: RussianMessages): ServerMessageTranslation {
  const translator = new MessageTranslator([CORE_MESSAGES_RU, own]);
  return (message, language) => translator.translate(message, language);
}
