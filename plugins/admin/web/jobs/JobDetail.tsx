import { useTranslation } from 'react-i18next';
import { Button, Text } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DismissCircleRegular } from '@fluentui/react-icons';
import type { JobInfo } from '@core/sdk/shared';
import { JobPanel, useLocaleFormat } from '@core/sdk/web';
import { canCancel, canRetry, cancelJob, retryJob, type JobCommandDeps } from './job-commands';
import { useJobsStyles } from './jobs-styles';

export interface JobDetailProps {
  readonly jobId: number;
  /** The dialog's title: the job's name when the list knows it. */
  readonly title: string;
  readonly commands: JobCommandDeps;
  readonly onClose: () => void;
  /** A retry queued job `id`: the screen opens it. */
  readonly onRetried: (id: number) => void;
  /** The job changed (cancelled, finished): the lists read again. */
  readonly onChanged: () => void;
}

function Facts({ job }: { readonly job: JobInfo }) {
  const { t } = useTranslation('admin');
  const styles = useJobsStyles();
  const format = useLocaleFormat();
  const facts: [string, string][] = [
    [t('jobs.detail.kind'), job.label ? `${job.label} (${job.kind})` : job.kind],
    [t('jobs.detail.subject'), job.subject ?? '—'],
    [
      t('jobs.detail.startedBy'),
      job.created_by_name ?? (job.created_by === null ? t('jobs.system') : `#${job.created_by}`),
    ],
    [t('jobs.detail.attempts'), t('jobs.attemptsOf', { attempts: job.attempts, max: job.max_attempts })],
    [t('jobs.detail.created'), format.dateTime(job.created_at)],
    [t('jobs.detail.finished'), job.finished_at ? format.dateTime(job.finished_at) : '—'],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.detailValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One job through the kernel's job panel (state, progress, step, error in the reader's language,
 * the log as it grows), with what the screen adds: its facts, and Retry (failed or cancelled) and
 * Cancel (queued or running), each asked first.
 */
export function JobDetail({ jobId, title, commands, onClose, onRetried, onChanged }: JobDetailProps) {
  const { t } = useTranslation('admin');
  const styles = useJobsStyles();

  return (
    <JobPanel key={jobId} jobId={jobId} title={title} onClose={onClose} onFinished={onChanged}>
      {(job) => (
        <>
          <Facts job={job} />
          {job.cancel_requested && job.state === 'running' && (
            <Text className={styles.muted}>{t('jobs.detail.cancelRequested')}</Text>
          )}
          {(canRetry(job) || canCancel(job)) && (
            <div className={styles.actions}>
              {canRetry(job) && (
                <Button
                  appearance="primary"
                  icon={<ArrowClockwiseRegular />}
                  onClick={async () => {
                    const again = await retryJob(job, commands);
                    if (again) onRetried(again.id);
                  }}
                >
                  {t('jobs.retry.action')}
                </Button>
              )}
              {canCancel(job) && (
                <Button
                  icon={<DismissCircleRegular />}
                  onClick={async () => {
                    if (await cancelJob(job, commands)) onChanged();
                  }}
                >
                  {t('jobs.cancel.action')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </JobPanel>
  );
}
