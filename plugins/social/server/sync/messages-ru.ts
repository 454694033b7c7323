import type { RussianMessages } from '@core/sdk/server';
import { SYNC_JOB_LOG_RU } from './job-log';
import { AD_ACCOUNT_MISSING, NOT_A_DAY, NOT_ON_PLATFORM, RANGE_REVERSED, RANGE_TOO_LONG } from './messages';

/** The syncs' API messages and job log lines in Russian, by their English text. */
export const SYNC_MESSAGES_RU: RussianMessages = {
  ...SYNC_JOB_LOG_RU,
  [AD_ACCOUNT_MISSING]: 'Такого рекламного аккаунта нет.',
  [NOT_ON_PLATFORM]: 'Этого рекламного аккаунта ещё нет на платформе: сначала синхронизируйте его аккаунт.',
  [NOT_A_DAY]: 'Это не дата календаря (ГГГГ-ММ-ДД).',
  [RANGE_REVERSED]: 'Дата окончания не может быть раньше даты начала.',
  [RANGE_TOO_LONG]: 'За один раз можно прочитать не более {days} дней.',
};
