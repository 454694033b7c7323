import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button, Dropdown, Field, Option, Text, Title2, Title3 } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { isFinishedJob, JOB_STATES, type JobKindInfo, type JobState } from '@core/sdk/shared';
import {
  DataView,
  HttpClients,
  JobsApi,
  serverMessage,
  ToastService,
  useConfirm,
  useData,
  useInjection,
  useJobStrings,
  useListboxClass,
} from '@core/sdk/web';
import { jobName, type JobCommandDeps } from './job-commands';
import { JobDetail } from './JobDetail';
import { JobsTable } from './JobsTable';
import { jobsQuery, openedJob, readJobsFilters, withJobsFilters, withOpenedJob } from './jobs-filters';
import { SchedulesTable } from './SchedulesTable';
import { useJobsStyles } from './jobs-styles';

const ALL = 'all';
/** While a listed job is queued or running, the list is read again this often. */
const LIST_REFRESH_MS = 5000;
/** Next runs move on as periods pass: the schedules are read again this often. */
const SCHEDULES_REFRESH_MS = 30_000;

/** Runs `tick` every `ms` while `active` (the latest `tick`, so a new one each render keeps the timer). */
function useEvery(ms: number, active: boolean, tick: () => unknown): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => void latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}

const kindLabel = (kind: JobKindInfo): string => kind.label ?? kind.kind;

/**
 * `/jobs` (JS): the work that runs on its own. Schedules (how often, next and last run, the last
 * job's state, lag) above the jobs the reader may see, newest first, filtered by state and kind
 * (kept in the URL with the page and the opened job). A job opens in the kernel's job panel, with
 * Retry and Cancel where they apply.
 */
export function JobsPage() {
  useJobStrings();
  const { t } = useTranslation('admin');
  const styles = useJobsStyles();
  const listboxClass = useListboxClass();
  const clients = useInjection(HttpClients);
  const toast = useInjection(ToastService);
  const api = useMemo(() => new JobsApi(clients), [clients]);
  const confirm = useConfirm();
  const [search, setSearch] = useSearchParams();
  const filters = readJobsFilters(search);
  const opened = openedJob(search);

  const schedules = useData((signal) => api.schedules(signal), [api]);
  const kinds = useData(
    async (signal) => [...(await api.kinds(signal))].sort((a, b) => kindLabel(a).localeCompare(kindLabel(b))),
    [api],
  );
  const jobs = useData(
    (signal) => api.list(jobsQuery(filters), signal),
    [api, filters.state, filters.kind, filters.page],
  );

  const reloadAll = () => {
    void schedules.reload();
    void jobs.reload();
  };
  const unfinished = jobs.data?.data.some((job) => !isFinishedJob(job.state)) ?? false;
  useEvery(LIST_REFRESH_MS, unfinished, jobs.reload);
  useEvery(SCHEDULES_REFRESH_MS, true, schedules.reload);

  const commands: JobCommandDeps = { api, ask: confirm.ask, toast, t };
  const navigate = (next: URLSearchParams) => setSearch(next);
  const stateLabel = (state: JobState | typeof ALL) =>
    state === ALL ? t('jobs.filters.allStates') : t(`core:jobs.states.${state}`);
  const kindOptions = kinds.data ?? [];
  const chosenKind = kindOptions.find((kind) => kind.kind === filters.kind);
  const page = jobs.data;
  const openedTitle = page?.data.find((job) => job.id === opened);

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Title2 as="h1">{t('nav.jobs')}</Title2>
        <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={reloadAll}>
          {t('jobs.refresh')}
        </Button>
      </div>

      <section className={styles.section} aria-labelledby="jobs-schedules">
        <Title3 as="h2" id="jobs-schedules">
          {t('jobs.schedules')}
        </Title3>
        <DataView
          data={schedules}
          isEmpty={(rows) => rows.length === 0}
          empty={<Text>{t('jobs.schedulesEmpty')}</Text>}
          errorText={serverMessage}
        >
          {(rows) => <SchedulesTable schedules={rows} />}
        </DataView>
      </section>

      <section className={styles.section} aria-labelledby="jobs-list">
        <Title3 as="h2" id="jobs-list">
          {t('jobs.list')}
        </Title3>
        <div className={styles.filters}>
          <Field label={t('jobs.filters.state')}>
            <Dropdown
              className={styles.choice}
              value={stateLabel(filters.state ?? ALL)}
              selectedOptions={[filters.state ?? ALL]}
              onOptionSelect={(_, data) =>
                navigate(
                  withJobsFilters(search, {
                    state: data.optionValue === ALL ? null : ((data.optionValue ?? null) as JobState | null),
                  }),
                )
              }
              listbox={{ className: listboxClass }}
            >
              {[ALL, ...JOB_STATES].map((state) => (
                <Option key={state} value={state}>
                  {stateLabel(state as JobState | typeof ALL)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('jobs.filters.kind')}>
            <Dropdown
              className={styles.choice}
              value={
                filters.kind === null ? t('jobs.filters.allKinds') : chosenKind ? kindLabel(chosenKind) : filters.kind
              }
              selectedOptions={[filters.kind ?? ALL]}
              onOptionSelect={(_, data) =>
                navigate(
                  withJobsFilters(search, { kind: data.optionValue === ALL ? null : (data.optionValue ?? null) }),
                )
              }
              listbox={{ className: listboxClass }}
            >
              <Option value={ALL}>{t('jobs.filters.allKinds')}</Option>
              {kindOptions.map((kind) => (
                <Option key={kind.kind} value={kind.kind} text={kindLabel(kind)}>
                  {kindLabel(kind)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          {page && <Text className={styles.muted}>{t('jobs.count', { count: page.total })}</Text>}
        </div>
        <DataView
          data={jobs}
          isEmpty={(found) => found.data.length === 0}
          empty={<Text>{t('jobs.empty')}</Text>}
          errorText={serverMessage}
        >
          {(found) => (
            <>
              <JobsTable jobs={found.data} />
              {found.last_page > 1 && (
                <nav className={styles.pager} aria-label={t('jobs.pages')}>
                  <Button
                    appearance="subtle"
                    icon={<ChevronLeftRegular />}
                    disabled={found.current_page <= 1}
                    aria-label={t('jobs.previous')}
                    onClick={() => navigate(withJobsFilters(search, { page: found.current_page - 1 }))}
                  />
                  <Text>{t('jobs.page', { page: found.current_page, pages: found.last_page })}</Text>
                  <Button
                    appearance="subtle"
                    icon={<ChevronRightRegular />}
                    disabled={found.current_page >= found.last_page}
                    aria-label={t('jobs.next')}
                    onClick={() => navigate(withJobsFilters(search, { page: found.current_page + 1 }))}
                  />
                </nav>
              )}
            </>
          )}
        </DataView>
      </section>

      {opened !== null && (
        <JobDetail
          jobId={opened}
          title={openedTitle ? jobName(openedTitle, t) : t('jobs.jobNumber', { id: opened })}
          commands={commands}
          onClose={() => navigate(withOpenedJob(search, null))}
          onRetried={(id) => {
            navigate(withOpenedJob(search, id));
            reloadAll();
          }}
          onChanged={reloadAll}
        />
      )}
      {confirm.dialog}
    </div>
  );
}
