import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ArrowRepeatAllRegular } from '@fluentui/react-icons';
import {
  HttpClients,
  JobPanel,
  LatestJobPanel,
  PermissionService,
  serverMessage,
  useInjection,
  type JobStep,
} from '@core/sdk/web';
import type { JobInfo } from '@core/sdk/shared';
import { DOMAIN_PURCHASE_JOB, DOMAIN_PURCHASE_STEPS } from '../../shared/domain-purchase';
import { domainsResource } from '../../shared/resources';
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
      <Button
        appearance="primary"
        icon={busy ? <Spinner size="tiny" /> : <ArrowRepeatAllRegular />}
        disabled={busy}
        onClick={() => void retry()}
      >
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

/** A domain's purchase job (the request's, or its latest for "Purchase log"): its five steps, percent and live log; a failed one offers the retry from its step. */
export function DomainPurchasePanel({ request, onClose, onRetried, onFinished }: DomainPurchasePanelProps) {
  const { t } = useTranslation('system');
  const permissions = useInjection(PermissionService);
  const steps: JobStep[] = DOMAIN_PURCHASE_STEPS.map((name) => ({ name, label: t(`domainPurchase.steps.${name}`) }));
  const mayRetry = permissions.allows(domainsResource.access.write);
  const panel = {
    title: t('domainPurchase.jobTitle'),
    steps,
    onClose,
    onFinished,
    children: (job: JobInfo) =>
      job.state === 'failed' &&
      mayRetry && <RetryButton key={job.id} domainId={request.domainId} onRetried={onRetried} />,
  };
  return request.jobId !== null ? (
    <JobPanel jobId={request.jobId} {...panel} />
  ) : (
    <LatestJobPanel subject={domainJobSubject(request.domainId)} kind={DOMAIN_PURCHASE_JOB} {...panel} />
  );
}
