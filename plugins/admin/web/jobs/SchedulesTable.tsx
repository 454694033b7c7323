import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import type { JobScheduleInfo, Language } from '@core/sdk/shared';
import { JobStateBadge, useLocaleFormat } from '@core/sdk/web';
import { withOpenedJob } from './jobs-filters';
import { durationWords, isLate, periodWords } from './schedule-words';
import { useJobsStyles } from './jobs-styles';

const COLUMNS = ['schedule', 'period', 'nextRun', 'lastRun', 'lastJob', 'lag'] as const;
// Full keys, so every one is spelled out where the translations test finds it.
const COLUMN_KEYS: Readonly<Record<(typeof COLUMNS)[number], string>> = {
  schedule: 'admin:jobs.columns.schedule',
  period: 'admin:jobs.columns.period',
  nextRun: 'admin:jobs.columns.nextRun',
  lastRun: 'admin:jobs.columns.lastRun',
  lastJob: 'admin:jobs.columns.lastJob',
  lag: 'admin:jobs.columns.lag',
};

/**
 * The recurring jobs: each one's name and id, how often it runs in words, its next and last run in
 * the reader's forms, its last job's state (opening that job), and how late it is when late.
 */
export function SchedulesTable({ schedules }: { readonly schedules: readonly JobScheduleInfo[] }) {
  const { t, i18n } = useTranslation('admin');
  const styles = useJobsStyles();
  const format = useLocaleFormat();
  const [search] = useSearchParams();
  const language: Language = i18n.language === 'ru' ? 'ru' : 'en';
  const none = <Text className={styles.muted}>—</Text>;

  return (
    <div className={styles.tableScroll}>
      <Table aria-label={t('jobs.schedules')} size="small">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column}>{t(COLUMN_KEYS[column])}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {schedules.map((schedule) => (
            <TableRow key={schedule.id} data-schedule={schedule.id}>
              <TableCell>
                <div className={styles.stacked}>
                  <Text weight="semibold">{schedule.label}</Text>
                  <span className={styles.mono}>{schedule.id}</span>
                  {!schedule.declared && (
                    <Badge appearance="outline" color="warning" size="small">
                      {t('jobs.notDeclared')}
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell>{periodWords(schedule, t, language)}</TableCell>
              <TableCell className={styles.nowrap}>{format.dateTime(schedule.next_run_at)}</TableCell>
              <TableCell className={styles.nowrap} data-last-run={schedule.last_run_at ?? ''}>
                {schedule.last_run_at ? (
                  format.dateTime(schedule.last_run_at)
                ) : (
                  <Text className={styles.muted}>{t('jobs.never')}</Text>
                )}
              </TableCell>
              <TableCell>
                {schedule.last_job ? (
                  <RouterLink
                    className={styles.link}
                    to={{ search: withOpenedJob(search, schedule.last_job.id).toString() }}
                  >
                    <JobStateBadge state={schedule.last_job.state} />
                    <span className={styles.unseen}>{t('jobs.openJob', { id: schedule.last_job.id })}</span>
                  </RouterLink>
                ) : (
                  none
                )}
              </TableCell>
              <TableCell>
                {isLate(schedule) ? (
                  <Badge appearance="tint" color="warning" data-late="">
                    {t('jobs.late', { lag: durationWords(schedule.lag_ms, t) })}
                  </Badge>
                ) : (
                  <Text className={styles.muted}>{t('jobs.onTime')}</Text>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
