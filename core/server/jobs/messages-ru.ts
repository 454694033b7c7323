import type { RussianMessages } from '../http/message-translations';

/** The jobs API's messages in Russian. */
export const JOB_MESSAGES_RU: RussianMessages = {
  'Job not found.': 'Задача не найдена.',
  'The job has already finished.': 'Задача уже завершена.',
  'The kind is not a job kind of this server.': 'Такого вида задач на этом сервере нет.',
};
