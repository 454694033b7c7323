import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { JobPanel, type JobStep } from '@core/sdk/web';
import type { JobInfo } from '@core/sdk/shared';
import { ACCOUNT_SYNC_STEPS, type SyncResult } from '../../shared/platform-jobs';
import { useStepLabel } from './step-label';

export interface AccountSyncPanelProps {
  readonly jobId: number;
  /** The account's name, for the title. */
  readonly name: string;
  readonly onClose: () => void;
  readonly onFinished: () => void;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function syncResult(job: JobInfo): SyncResult | null {
  const result = job.result;
  if (typeof result !== 'object' || result === null) return null;
  const counts = result as Readonly<Record<string, unknown>>;
  return ACCOUNT_SYNC_STEPS.every((kind) => isCount(counts[kind])) ? (result as SyncResult) : null;
}

/** An account's sync as it runs: the five kinds of records read in turn, then how many of each. */
export function AccountSyncPanel({ jobId, name, onClose, onFinished }: AccountSyncPanelProps) {
  const { t } = useTranslation('social');
  const stepLabel = useStepLabel();
  const steps: JobStep[] = ACCOUNT_SYNC_STEPS.map((step) => ({ name: step, label: t(`sync.steps.${step}`) }));
  return (
    <JobPanel
      jobId={jobId}
      title={t('sync.title', { name })}
      steps={steps}
      stepLabel={stepLabel}
      onClose={onClose}
      onFinished={onFinished}
    >
      {(job) => {
        const result = job.state === 'succeeded' ? syncResult(job) : null;
        return (
          result && (
            <MessageBar intent="success" data-sync-result>
              <MessageBarBody>
                {t('sync.done', {
                  adAccounts: result.ad_accounts,
                  pages: result.pages,
                  campaigns: result.campaigns,
                  adsets: result.adsets,
                  ads: result.ads,
                })}
              </MessageBarBody>
            </MessageBar>
          )
        );
      }}
    </JobPanel>
  );
}
