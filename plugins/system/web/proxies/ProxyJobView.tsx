import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { DataView, HttpClients, InfoDialog, useData, useInjection } from '@core/sdk/web';
import { PROXY_CHECK_JOB, type ProxyCheckResult, type ProxyPurchaseResult } from '../../shared/proxy-purchase';
import { JobPanel } from '../jobs/JobPanel';
import type { JobInfo } from '@core/sdk/shared';
import { JobsApi } from '../jobs/jobs-api';
import type { ProxyJobRequest } from './proxy-job-panel';
import { proxyJobSubject } from './proxy-purchase-api';

export interface ProxyJobViewProps {
  readonly request: ProxyJobRequest;
  readonly onClose: () => void;
  readonly onFinished: () => void;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null;
const purchaseResult = (job: JobInfo): ProxyPurchaseResult | null => (isRecord(job.result) && Array.isArray(job.result.proxies) ? (job.result as unknown as ProxyPurchaseResult) : null);
const checkResult = (job: JobInfo): ProxyCheckResult | null => (isRecord(job.result) && typeof job.result.ok === 'boolean' ? (job.result as unknown as ProxyCheckResult) : null);

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

/** The latest check of a proxy, once it has been started. */
function CheckJob({ proxyId, onClose, onFinished }: { proxyId: number; onClose: () => void; onFinished: () => void }) {
  const { t } = useTranslation('system');
  const clients = useInjection(HttpClients);
  const latest = useData(async (signal) => (await new JobsApi(clients).latestOf(proxyJobSubject(proxyId), PROXY_CHECK_JOB, signal))?.id ?? null, [clients, proxyId]);
  const jobId = latest.data;
  if (jobId !== undefined && jobId !== null) {
    return (
      <JobPanel jobId={jobId} title={t('proxyCheck.jobTitle')} onClose={onClose} onFinished={onFinished}>
        {(job) => <CheckOutcome job={job} />}
      </JobPanel>
    );
  }
  return (
    <InfoDialog title={t('proxyCheck.jobTitle')} onClose={onClose}>
      <DataView data={latest} isEmpty={(found) => found === null} empty={t('jobs.noJob')}>
        {() => null}
      </DataView>
    </InfoDialog>
  );
}

/** The proxies screen's job panel: a purchase's progress and what it bought, or a check's outcome. */
export function ProxyJobView({ request, onClose, onFinished }: ProxyJobViewProps) {
  const { t } = useTranslation('system');
  if (request.kind === 'check') return <CheckJob proxyId={request.proxyId} onClose={onClose} onFinished={onFinished} />;
  return (
    <JobPanel jobId={request.jobId} title={t('proxyPurchase.jobTitle')} onClose={onClose} onFinished={onFinished}>
      {(job) => <PurchaseOutcome job={job} />}
    </JobPanel>
  );
}
