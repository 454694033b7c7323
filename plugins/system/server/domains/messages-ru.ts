import type { RussianMessages } from '@core/sdk/server';
import { DOMAIN_JOB_LOG_RU } from './job-log';
import {
  CDN_UNSUITABLE,
  DOMAIN_RECORDED,
  DOMAIN_USER_MISSING,
  NEVER_PURCHASED,
  OUTSIDE_REFUSED,
  OUTSIDE_UNREACHABLE,
  PROJECT_MISSING,
  REGISTRAR_UNSUITABLE,
  RETRY_REFUSED,
  SERVER_MISSING,
  SERVICE_NOT_CONFIGURED,
} from './messages';

/** The domain purchase's API messages, job log lines and job errors in Russian, by their English text. */
export const DOMAIN_PURCHASE_MESSAGES_RU: RussianMessages = {
  ...DOMAIN_JOB_LOG_RU,
  [PROJECT_MISSING]: 'Такого проекта нет.',
  [REGISTRAR_UNSUITABLE]:
    'Регистратором проекта должен быть сервис группы «регистратор» с локальным адаптером или адаптером Namecheap.',
  [CDN_UNSUITABLE]: 'CDN проекта должен быть сервисом группы «CDN» с локальным адаптером или адаптером Cloudflare.',
  [DOMAIN_USER_MISSING]: 'Такого пользователя домена нет.',
  [SERVER_MISSING]: 'Такого сервера нет.',
  [DOMAIN_RECORDED]: 'Домен {name} уже есть в списке.',
  [RETRY_REFUSED]: 'Повторить можно только неудавшуюся или отменённую покупку; у этой состояние {status}.',
  [NEVER_PURCHASED]: 'Этот домен куплен не здесь: повторять нечего.',
  [SERVICE_NOT_CONFIGURED]:
    'У сервиса «{service}» не хватает учётных данных {keys}: добавьте их на странице «Сервисы».',
  [OUTSIDE_REFUSED]: '{system} отказал ({operation}): {reason}',
  [OUTSIDE_UNREACHABLE]: 'Не удалось связаться с {system} ({operation}): {reason}',
};
