import type { Database } from '../database/database';
import type { SettledJob } from '../jobs';
import type { MessageTranslator } from '../http/message-translations';
import { isAppPath } from './input';
import { JOBS_SOURCE } from './system';
import type { NotificationInput, Notifications } from './types';

const UTC = { timeZone: 'UTC' } as const;

/** What the user who started a labelled job is told when it succeeded or failed; null for any other job. */
export function jobNotification(job: SettledJob, translator: MessageTranslator): NotificationInput | null {
  if (job.label === null || job.createdBy === null || job.state === 'cancelled') return null;
  const failed = job.state === 'failed';
  const error = job.error ?? 'The job failed.';
  return {
    source: JOBS_SOURCE.id,
    to: { users: [job.createdBy] },
    // Labels name the work as a feminine noun in Russian ("Покупка прокси"), as the Jobs screen shows them.
    title: failed
      ? { en: `${job.label.en} failed`, ru: `${job.label.ru} не удалась` }
      : { en: `${job.label.en} finished`, ru: `${job.label.ru} завершена` },
    text: failed
      ? { en: translator.translate(error, 'en', UTC), ru: translator.translate(error, 'ru', UTC) }
      : undefined,
    // A kind's link that is no app path leaves the notification without one rather than lost.
    link: job.link !== null && isAppPath(job.link) ? job.link : null,
    severity: failed ? 'error' : 'success',
    // A job settles once; should two copies both report it, the user still hears once.
    dedupeKey: `core.jobs:${job.id}`,
  };
}

/** The kernel source `core.jobs`: each labelled job that finishes notifies whoever started it. */
export function notifySettledJobs(
  jobs: { onSettled(listener: (job: SettledJob) => void): void },
  db: Database,
  notifications: Notifications,
  translator: MessageTranslator,
  log: { warn(object: object, message: string): void },
): void {
  jobs.onSettled((job) => {
    const input = jobNotification(job, translator);
    if (input === null) return;
    db.transaction((tx) => notifications.publish(tx, input)).catch((error: unknown) =>
      log.warn({ err: error instanceof Error ? error.message : String(error), job: job.id }, 'job notification failed'),
    );
  });
}
