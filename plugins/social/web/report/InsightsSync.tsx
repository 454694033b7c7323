import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import {
  DateInput,
  FormDialog,
  HttpClients,
  JobPanel,
  type JobStep,
  type ReferenceLabels,
  ReferencePickerField,
  serverMessage,
  useInjection,
} from '@core/sdk/web';
import type { JobInfo } from '@core/sdk/shared';
import { INSIGHTS_SYNC_STEPS, type InsightsSyncResult } from '../../shared/platform-jobs';
import { AD_ACCOUNT } from '../../shared/resources';
import { useStepLabel } from '../accounts/step-label';
import { ReportApi } from './report-api';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
});

export interface InsightsSyncProps {
  /** The ad account and days the report shows, to start from. */
  readonly adAccount: number | null;
  readonly from: string;
  readonly to: string;
  readonly labels: ReferenceLabels;
  readonly onClose: () => void;
  /** The sync has finished: the report is read again. */
  readonly onFinished: () => void;
}

const rowsOf = (job: JobInfo): number | null => {
  const result = job.result as Partial<InsightsSyncResult> | null;
  return job.state === 'succeeded' && typeof result?.rows === 'number' ? result.rows : null;
};

/** "Sync insights": the ad account and days to read (the report's by default), then the sync's job panel. */
export function InsightsSync({ adAccount, from, to, labels, onClose, onFinished }: InsightsSyncProps) {
  const { t } = useTranslation('social');
  const styles = useStyles();
  const stepLabel = useStepLabel();
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new ReportApi(clients), [clients]);
  const [account, setAccount] = useState(adAccount);
  const [days, setDays] = useState({ from, to });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);

  if (jobId !== null) {
    const steps: JobStep[] = INSIGHTS_SYNC_STEPS.map((name) => ({ name, label: t(`report.syncSteps.${name}`) }));
    return (
      <JobPanel
        jobId={jobId}
        title={t('report.syncTitle')}
        steps={steps}
        stepLabel={stepLabel}
        onClose={onClose}
        onFinished={onFinished}
      >
        {(job) => {
          const rows = rowsOf(job);
          return (
            rows !== null && (
              <MessageBar intent="success" data-sync-result>
                <MessageBarBody>{t('report.syncDone', { rows })}</MessageBarBody>
              </MessageBar>
            )
          );
        }}
      </JobPanel>
    );
  }

  const start = async () => {
    if (account === null) return;
    setBusy(true);
    setFailure(null);
    try {
      setJobId(await api.syncInsights({ ad_account: account, from: days.from, to: days.to }));
    } catch (error) {
      setFailure(serverMessage(error) ?? String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('report.syncTitle')}
      onSubmit={start}
      onClose={onClose}
      busy={busy}
      submitLabel={t('report.syncStart')}
      submitDisabled={account === null || !days.from || !days.to}
      contentClassName={styles.content}
    >
      <ReferencePickerField
        label={t('report.adAccount')}
        target={AD_ACCOUNT}
        labels={labels}
        value={account}
        onChange={setAccount}
        required
      />
      <div className={styles.pair}>
        <Field label={t('report.from')} required>
          <DateInput value={days.from} max={days.to || undefined} onChange={(from) => setDays({ ...days, from })} />
        </Field>
        <Field label={t('report.to')} required>
          <DateInput value={days.to} min={days.from || undefined} onChange={(to) => setDays({ ...days, to })} />
        </Field>
      </div>
      {failure !== null && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
