import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import type { JobInfo } from '@core/sdk/shared';
import { JobStateBadge, useLocaleFormat } from '@core/sdk/web';
import { jobName } from './job-commands';
import { withOpenedJob } from './jobs-filters';
import { useJobsStyles } from './jobs-styles';

const COLUMNS = ['job', 'state', 'progress', 'attempts', 'startedBy', 'created', 'finished'] as const;
// Full keys, so every one is spelled out where the translations test finds it.
const COLUMN_KEYS: Readonly<Record<(typeof COLUMNS)[number], string>> = {
  job: 'admin:jobs.columns.job',
  state: 'admin:jobs.columns.state',
  progress: 'admin:jobs.columns.progress',
  attempts: 'admin:jobs.columns.attempts',
  startedBy: 'admin:jobs.columns.startedBy',
  created: 'admin:jobs.columns.created',
  finished: 'admin:jobs.columns.finished',
};

function JobProgress({ job }: { readonly job: JobInfo }) {
  const { t } = useTranslation('admin');
  const styles = useJobsStyles();
  const percent = job.state === 'succeeded' ? 100 : job.percent;
  if (percent === null) return <Text className={styles.muted}>{job.step ?? '—'}</Text>;
  return (
    <div className={styles.progress}>
      <ProgressBar
        className={styles.bar}
        value={percent / 100}
        color={job.state === 'failed' ? 'error' : job.state === 'succeeded' ? 'success' : 'brand'}
        aria-label={t('jobs.columns.progress')}
      />
      <Text size={200} className={styles.nowrap}>
        {t('jobs.percent', { percent })}
      </Text>
    </div>
  );
}

/** A page of jobs, newest first; a job's name opens its detail (its steps, log, Retry and Cancel). */
export function JobsTable({ jobs }: { readonly jobs: readonly JobInfo[] }) {
  const { t } = useTranslation('admin');
  const styles = useJobsStyles();
  const format = useLocaleFormat();
  const [search] = useSearchParams();
  const none = <Text className={styles.muted}>—</Text>;

  return (
    <div className={styles.tableScroll}>
      <Table aria-label={t('jobs.list')} size="small">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column}>{t(COLUMN_KEYS[column])}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} data-job={job.id}>
              <TableCell>
                <div className={styles.stacked}>
                  <RouterLink className={styles.link} to={{ search: withOpenedJob(search, job.id).toString() }}>
                    {jobName(job, t)}
                  </RouterLink>
                  <span className={styles.mono}>{job.subject ? `${job.kind} · ${job.subject}` : job.kind}</span>
                </div>
              </TableCell>
              <TableCell>
                <div className={styles.stacked}>
                  <JobStateBadge state={job.state} />
                  {job.error && (
                    <Text size={200} className={styles.error} title={job.error} data-job-error-text="">
                      {job.error}
                    </Text>
                  )}
                  {job.cancel_requested && !['cancelled', 'succeeded', 'failed'].includes(job.state) && (
                    <Text size={200} className={styles.muted}>
                      {t('jobs.detail.cancelRequested')}
                    </Text>
                  )}
                </div>
              </TableCell>
              <TableCell>
                <JobProgress job={job} />
              </TableCell>
              <TableCell className={styles.nowrap}>
                {t('jobs.attemptsOf', { attempts: job.attempts, max: job.max_attempts })}
              </TableCell>
              <TableCell>
                {job.created_by_name ??
                  (job.created_by === null ? (
                    <Text className={styles.muted}>{t('jobs.system')}</Text>
                  ) : (
                    `#${job.created_by}`
                  ))}
              </TableCell>
              <TableCell className={styles.nowrap}>{format.dateTime(job.created_at)}</TableCell>
              <TableCell className={styles.nowrap}>
                {job.finished_at ? format.dateTime(job.finished_at) : none}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
