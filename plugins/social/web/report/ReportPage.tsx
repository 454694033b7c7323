import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import {
  addResourceStrings,
  DataView,
  DownloadButton,
  HttpClients,
  I18nService,
  reportDays,
  serverMessage,
  useInjection,
  useUrlReport,
  useReferenceLabels,
} from '@core/sdk/web';
import type { SocialReport } from '../../shared/report';
import { InsightsSync } from './InsightsSync';
import { ReportApi } from './report-api';
import { chartedMeasure, reportColumns } from './report-columns';
import { ReportChart } from './ReportChart';
import { ReportControls } from './ReportControls';
import { ReportNotes } from './ReportNotes';
import { readReportParams, reportQuery, writeReportParams } from './report-params';
import { ReportTable } from './ReportTable';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  chart: { minHeight: '320px' },
});

/**
 * `/facebook-ad-reports` (MA): insights summed by a grouping at one level for a date preset or
 * custom days, its state in the URL (all ad accounts over the last 7 days at first); a chart, the
 * table with its totals, CSV export of the same query, and "Sync insights" to read the platform's
 * insights first. What the report cannot give (spent across currencies without rates) is said in
 * a note, never drawn as an empty chart or a column of dashes.
 */
export function ReportPage() {
  const { t } = useTranslation('social');
  addResourceStrings(useInjection(I18nService).i18n);
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const api = useMemo(() => new ReportApi(clients), [clients]);
  const labels = useReferenceLabels();
  const { params, query, report, change } = useUrlReport({
    read: readReportParams,
    write: writeReportParams,
    query: reportQuery,
    load: (next, signal): Promise<SocialReport> => api.report(next, signal),
  });
  const [syncing, setSyncing] = useState(false);

  const period = reportDays(params, new Date());
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title2 as="h1">{t('nav.reports')}</Title2>
        <div className={styles.actions}>
          <Button icon={<ArrowSyncRegular />} onClick={() => setSyncing(true)}>
            {t('report.syncInsights')}
          </Button>
          {query && <DownloadButton download={() => api.exportCsv(query)} failedText={t('report.exportFailed')} />}
        </div>
      </div>
      <ReportControls params={params} labels={labels} onChange={change} />
      {query === null ? (
        <Text>{t('report.chooseDays')}</Text>
      ) : (
        <DataView
          data={report}
          errorText={serverMessage}
          isEmpty={(answer) => answer === null || answer.rows.length === 0}
          empty={t('report.empty')}
        >
          {(answer) => {
            if (!answer) return null;
            const columns = reportColumns(answer);
            const measure = chartedMeasure(answer, params.measure);
            return (
              <>
                <ReportNotes report={answer} asked={params.measure} charted={measure} hidden={columns.hidden} />
                <div className={styles.chart} data-testid="report-chart">
                  <ReportChart report={answer} group={params.group} measure={measure} />
                </div>
                <ReportTable report={answer} group={params.group} columns={columns.shown} />
              </>
            );
          }}
        </DataView>
      )}
      {syncing && (
        <InsightsSync
          adAccount={params.adAccount}
          from={period?.from ?? ''}
          to={period?.to ?? ''}
          labels={labels}
          onClose={() => setSyncing(false)}
          onFinished={() => void report.reload()}
        />
      )}
    </div>
  );
}
