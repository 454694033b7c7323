import type { JobInfo } from '@core/sdk/shared';
import { serverMessage, type ConfirmWording, type JobsApi, type ToastService } from '@core/sdk/web';
import type { Translate } from './schedule-words';

/** What retrying and cancelling need: the API, the screen's yes/no question, its toasts and words. */
export interface JobCommandDeps {
  readonly api: Pick<JobsApi, 'retry' | 'cancel'>;
  readonly ask: (message: string, wording?: ConfirmWording) => Promise<boolean>;
  readonly toast: Pick<ToastService, 'success' | 'error'>;
  readonly t: Translate;
}

/** A failed or cancelled job can be queued again (as a new job). */
export const canRetry = (job: Pick<JobInfo, 'state'>): boolean => job.state === 'failed' || job.state === 'cancelled';

/** A queued job is cancelled at once; a running one is asked to stop. */
export const canCancel = (job: Pick<JobInfo, 'state' | 'cancel_requested'>): boolean =>
  (job.state === 'queued' || job.state === 'running') && !job.cancel_requested;

/** The job as the screen names it: its kind's label (its kind without one) and its number. */
export const jobName = (job: Pick<JobInfo, 'id' | 'kind' | 'label'>, t: Translate): string =>
  t('admin:jobs.jobName', { label: job.label ?? job.kind, id: job.id });

/** Why a call failed, in the server's words or the screen's. */
const failure = (error: unknown, t: Translate): string => serverMessage(error) ?? t('admin:jobs.commandFailed');

/**
 * Asks, then queues the job again: the new job, or null when the user said no or the server
 * refused (a toast says which, in the server's words: "Only a failed or cancelled job can be retried.").
 */
export async function retryJob(job: JobInfo, deps: JobCommandDeps): Promise<JobInfo | null> {
  const { api, ask, toast, t } = deps;
  const name = jobName(job, t);
  const yes = await ask(t('admin:jobs.retry.question'), {
    title: t('admin:jobs.retry.title'),
    confirmLabel: t('admin:jobs.retry.action'),
    subject: name,
    detail: t('admin:jobs.retry.detail'),
  });
  if (!yes) return null;
  try {
    const again = await api.retry(job.id);
    toast.success(t('admin:jobs.retry.done', { name, id: again.id }));
    return again;
  } catch (error) {
    toast.error(t('admin:jobs.retry.failed', { message: failure(error, t) }));
    return null;
  }
}

/** Asks, then cancels a queued job or asks a running one to stop: the job as it stands then, or null. */
export async function cancelJob(job: JobInfo, deps: JobCommandDeps): Promise<JobInfo | null> {
  const { api, ask, toast, t } = deps;
  const name = jobName(job, t);
  const running = job.state === 'running';
  const yes = await ask(t('admin:jobs.cancel.question'), {
    title: t('admin:jobs.cancel.title'),
    confirmLabel: t('admin:jobs.cancel.action'),
    subject: name,
    detail: t(running ? 'admin:jobs.cancel.detailRunning' : 'admin:jobs.cancel.detailQueued'),
  });
  if (!yes) return null;
  try {
    const cancelled = await api.cancel(job.id);
    toast.success(t(cancelled.state === 'cancelled' ? 'admin:jobs.cancel.done' : 'admin:jobs.cancel.asked', { name }));
    return cancelled;
  } catch (error) {
    toast.error(t('admin:jobs.cancel.failed', { message: failure(error, t) }));
    return null;
  }
}
