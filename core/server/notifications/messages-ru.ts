import type { RussianMessages } from '../http/message-translations';

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
export const TICKET_INVALID = 'The stream ticket is invalid, used or expired: ask for a new one.';
export const USER_STREAMS_FULL =
  'You already have 3 notification streams open: close another tab of the app and try again.';
export const SERVER_STREAMS_FULL = 'The server holds as many notification streams as it may: try again in a minute.';
export const SERVER_STOPPING = 'The server is shutting down.';
export const UNKNOWN_SOURCE = 'The source is not a notification source of this server.';
export const BOT_UNAVAILABLE =
  'The messenger’s bot cannot reach you: it is not running, or your profile has no Telegram id.';
export const NOT_SUPERADMIN = 'Only a superadmin opts in to what is sent to the holders of a code.';

/** The notifications API's messages in Russian. */
export const NOTIFICATION_MESSAGES_RU: RussianMessages = {
  [NOTIFICATION_NOT_FOUND]: 'Уведомление не найдено.',
  [TICKET_INVALID]: 'Билет потока недействителен, уже использован или истёк: запросите новый.',
  [USER_STREAMS_FULL]: 'У вас уже открыто 3 потока уведомлений: закройте другую вкладку приложения и попробуйте снова.',
  [SERVER_STREAMS_FULL]: 'Сервер держит предельное число потоков уведомлений: попробуйте через минуту.',
  [SERVER_STOPPING]: 'Сервер останавливается.',
  [UNKNOWN_SOURCE]: 'Такого источника уведомлений на этом сервере нет.',
  [BOT_UNAVAILABLE]: 'Бот мессенджера не может до вас дойти: он не запущен или в вашем профиле нет Telegram ID.',
  [NOT_SUPERADMIN]: 'Подписаться на то, что отправляется держателям кода, может только суперадмин.',
};
