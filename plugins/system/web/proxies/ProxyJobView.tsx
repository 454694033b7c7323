import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { JobPanel, LatestJobPanel } from '@core/sdk/web';
import type { JobInfo } from '@core/sdk/shared';
import { PROXY_CHECK_JOB, type ProxyCheckResult, type ProxyPurchaseResult } from '../../shared/proxy-purchase';
import type { ProxyJobRequest } from './proxy-job-panel';
import { proxyJobSubject } from './proxy-purchase-api';

export interface ProxyJobViewProps {
  readonly request: ProxyJobRequest;
  readonly onClose: () => void;
  readonly onFinished: () => void;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;
const purchaseResult = (job: JobInfo): ProxyPurchaseResult | null =>
  isRecord(job.result) && Array.isArray(job.result.proxies) ? (job.result as unknown as ProxyPurchaseResult) : null;
const checkResult = (job: JobInfo): ProxyCheckResult | null =>
  isRecord(job.result) && typeof job.result.ok === 'boolean' ? (job.result as unknown as ProxyCheckResult) : null;

/** What a finished purchase bought. */
function PurchaseOutcome({ job }: { job: JobInfo }) {
  const { t } = useTranslation('system');
  const result = job.state === 'succeeded' ? purchaseResult(job) : null;
  if (!result) return null;
  return (
    <>
      <MessageBar intent="success" data-purchase-result>
        <MessageBarBody>{t('proxyPurchase.bought', { count: result.proxies.length })}</MessageBarBody>
      </MessageBar>
      {result.local && (
        <MessageBar intent="info" data-local-notice>
          <MessageBarBody>{t('local.notice')}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/** What a finished check found: latency and exit IP, or why the proxy does not work. */
function CheckOutcome({ job }: { job: JobInfo }) {
  const { t } = useTranslation('system');
  const result = job.state === 'succeeded' ? checkResult(job) : null;
  if (!result) return null;
  return (
    <MessageBar intent={result.ok ? 'success' : 'warning'} data-check-result={result.ok ? 'ok' : 'failed'}>
      <MessageBarBody>
        {result.ok
          ? t('proxyCheck.ok', { latency: result.latency_ms ?? '—', ip: result.exit_ip ?? '—' })
          : t('proxyCheck.failed', { error: result.error ?? '—' })}
      </MessageBarBody>
    </MessageBar>
  );
}

/** The proxies screen's job panel: a purchase's progress and what it bought, or the latest check's outcome. */
export function ProxyJobView({ request, onClose, onFinished }: ProxyJobViewProps) {
  const { t } = useTranslation('system');
  // These jobs report their steps by name only, in English: the reader's words where known.
  const stepLabel = (step: string) => t(`jobs.stepNames.${step}`, { defaultValue: step });
  if (request.kind === 'check') {
    return (
      <LatestJobPanel
        subject={proxyJobSubject(request.proxyId)}
        kind={PROXY_CHECK_JOB}
        title={t('proxyCheck.jobTitle')}
        stepLabel={stepLabel}
        onClose={onClose}
        onFinished={onFinished}
      >
        {(job) => <CheckOutcome job={job} />}
      </LatestJobPanel>
    );
  }
  return (
    <JobPanel
      jobId={request.jobId}
      title={t('proxyPurchase.jobTitle')}
      stepLabel={stepLabel}
      onClose={onClose}
      onFinished={onFinished}
    >
      {(job) => <PurchaseOutcome job={job} />}
    </JobPanel>
  );
}
