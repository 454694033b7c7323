import type { RussianMessages } from '../http/message-translations';
import { LEASE_EXPIRED_ON_LAST_ATTEMPT } from './store';

/** A job's errors the runner itself records (a handler's own are its plugin's to translate). */
export const JOB_FAILED = 'The job failed.';
export const JOB_TIMED_OUT = 'The job timed out after {ms:number} ms.';
export const JOB_CANCELLED = 'The job was cancelled.';
export const JOB_TAKEN_OVER = 'The job was taken over: its lease expired.';
export const SERVER_STOPPING = 'The server is stopping.';
export const JOB_DID_NOT_FINISH = 'The job did not finish.';
export const RESULT_NOT_JSON = 'The job returned a result that is not JSON.';

/** The jobs API's messages and the runner's job errors in Russian. */
export const JOB_MESSAGES_RU: RussianMessages = {
  'Job not found.': 'Задача не найдена.',
  'The job has already finished.': 'Задача уже завершена.',
  'The kind is not a job kind of this server.': 'Такого вида задач на этом сервере нет.',
  'Only a failed or cancelled job can be retried.':
    'Повторить можно только задачу, завершившуюся с ошибкой или отменённую.',
  'Finished jobs older than {days:number} days deleted: {count:number}.':
    'Удалено завершённых задач старше {days} дн.: {count}.',
  [JOB_FAILED]: 'Задача завершилась с ошибкой.',
  [JOB_TIMED_OUT]: 'Задача не уложилась в {ms} мс.',
  [JOB_CANCELLED]: 'Задача отменена.',
  [JOB_TAKEN_OVER]: 'Задачу взял другой обработчик: срок её удержания истёк.',
  [SERVER_STOPPING]: 'Сервер останавливается.',
  [JOB_DID_NOT_FINISH]: 'Задача не завершилась.',
  [RESULT_NOT_JSON]: 'Задача вернула результат, который не является JSON.',
  [LEASE_EXPIRED_ON_LAST_ATTEMPT]:
    'Задача остановилась, не завершив последнюю попытку (её сервер остановился или потерял базу данных).',
};
