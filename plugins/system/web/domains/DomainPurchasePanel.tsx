import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ArrowRepeatAllRegular } from '@fluentui/react-icons';
import { DataView, HttpClients, InfoDialog, PermissionService, serverMessage, useData, useInjection } from '@core/sdk/web';
import { DOMAIN_PURCHASE_JOB, DOMAIN_PURCHASE_STEPS } from '../../shared/domain-purchase';
import { domainsResource } from '../../shared/resources';
import { JobPanel, type JobStep } from '../jobs/JobPanel';
import type { JobInfo } from '@core/sdk/shared';
import { JobsApi } from '../jobs/jobs-api';
import { DomainPurchaseApi, domainJobSubject } from './domain-purchase-api';
import type { DomainJobRequest } from './domain-job-panel';

export interface DomainPurchasePanelProps {
  readonly request: DomainJobRequest;
  readonly onClose: () => void;
  /** The purchase was retried: show its new job. */
  readonly onRetried: (jobId: number) => void;
  /** The job has finished (the list shows the domain's new state). */
  readonly onFinished: () => void;
}

function RetryButton({ domainId, onRetried }: { domainId: number; onRetried: (jobId: number) => void }) {
  const { t } = useTranslation('system');
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new DomainPurchaseApi(clients), [clients]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onRetried((await api.retry(domainId)).job);
    } catch (error) {
      setFailure(serverMessage(error) ?? String(error));
      setBusy(false);
    }
  };
  return (
    <>
      <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <ArrowRepeatAllRegular />} disabled={busy} onClick={() => void retry()}>
        {busy ? t('domainPurchase.retrying') : t('domainPurchase.retry')}
      </Button>
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/** A domain's purchase job: its five steps, percent and live log; a failed one offers the retry from its step. */
function PurchaseJob({ domainId, jobId, onClose, onRetried, onFinished }: Omit<DomainPurchasePanelProps, 'request'> & { domainId: number; jobId: number }) {
  const { t } = useTranslation('system');
  const permissions = useInjection(PermissionService);
  const steps: JobStep[] = DOMAIN_PURCHASE_STEPS.map((name) => ({ name, label: t(`domainPurchase.steps.${name}`) }));
  const mayRetry = permissions.allows(domainsResource.access.write);
  return (
    <JobPanel jobId={jobId} title={t('domainPurchase.jobTitle')} steps={steps} onClose={onClose} onFinished={onFinished}>
      {(job: JobInfo) => job.state === 'failed' && mayRetry && <RetryButton key={job.id} domainId={domainId} onRetried={onRetried} />}
    </JobPanel>
  );
}

/** The job of the request, or the domain's latest job when the request names none ("Purchase log"). */
export function DomainPurchasePanel({ request, onClose, onRetried, onFinished }: DomainPurchasePanelProps) {
  const { t } = useTranslation('system');
  const clients = useInjection(HttpClients);
  const latest = useData(
    async (signal) => request.jobId ?? (await new JobsApi(clients).latestOf(domainJobSubject(request.domainId), DOMAIN_PURCHASE_JOB, signal))?.id ?? null,
    [clients, request.domainId, request.jobId],
  );
  const jobId = latest.data;
  if (jobId !== undefined && jobId !== null) {
    return <PurchaseJob domainId={request.domainId} jobId={jobId} onClose={onClose} onRetried={onRetried} onFinished={onFinished} />;
  }
  // Looking the job up, or the domain has none: the same dialog, so the panel opens at once.
  return (
    <InfoDialog title={t('domainPurchase.jobTitle')} onClose={onClose}>
      <DataView data={latest} isEmpty={(found) => found === null} empty={t('jobs.noJob')}>
        {() => null}
      </DataView>
    </InfoDialog>
  );
}
