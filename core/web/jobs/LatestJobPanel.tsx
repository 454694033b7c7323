import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpClients } from '../http/http-clients';
import { DataView } from '../react/DataView';
import { InfoDialog } from '../react/InfoDialog';
import { useInjection } from '../react/container-context';
import { useData } from '../react/use-data';
import { JobPanel, type JobPanelProps } from './JobPanel';
import { useJobStrings } from './job-strings';
import { JobsApi } from './jobs-api';

export interface LatestJobPanelProps extends Omit<JobPanelProps, 'jobId'> {
  /** What the jobs are about, `<resource id>:<record id>` as they were enqueued. */
  readonly subject: string;
  /** Only jobs of this kind (a record may have purchases and checks). */
  readonly kind?: string;
}

/**
 * The JobPanel of a record's newest job, found by its subject ("Purchase log", a check started
 * by a row action): the same dialog while it is looked up, and "no job yet" when there is none.
 */
export function LatestJobPanel({ subject, kind, ...panel }: LatestJobPanelProps) {
  useJobStrings();
  const { t } = useTranslation('core');
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new JobsApi(clients), [clients]);
  const latest = useData(
    async (signal) => (await api.latestOf(subject, kind, signal))?.id ?? null,
    [api, subject, kind],
  );
  const jobId = latest.data;
  if (jobId !== undefined && jobId !== null) return <JobPanel jobId={jobId} {...panel} />;
  return (
    <InfoDialog title={panel.title} onClose={panel.onClose}>
      <DataView data={latest} isEmpty={(found) => found === null} empty={t('jobs.noJob')}>
        {() => null}
      </DataView>
    </InfoDialog>
  );
}
