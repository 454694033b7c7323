import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import {
  addResourceStrings,
  DataView,
  DownloadButton,
  I18nService,
  serverMessage,
  useData,
  useInjection,
  useUrlReport,
} from '@core/sdk/web';
import type { ReportAnswer, ReportTracker } from '../../shared/report';
import { ImportDialog } from './ImportDialog';
import { ReportChart } from './ReportChart';
import { ReportControls } from './ReportControls';
import { readReportParams, reportQuery, writeReportParams } from './report-params';
import { ReportStore } from './report-store';
import { ReportTable } from './ReportTable';
import { SourceLine } from './SourceLine';

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

const NO_TRACKERS: readonly ReportTracker[] = [];

/** `/tracker-report-full` (TR): the full report, its state in the URL, with a chart, a totals row, CSV export and import. */
export function ReportPage() {
  const { t } = useTranslation('tracker');
  addResourceStrings(useInjection(I18nService).i18n);
  const styles = useStyles();
  const store = useInjection(ReportStore);
  const { params, query, report, change } = useUrlReport({
    read: readReportParams,
    write: writeReportParams,
    query: reportQuery,
    load: (next, signal): Promise<ReportAnswer> => store.report(next, signal),
  });
  const [importing, setImporting] = useState(false);
  const trackers = useData((signal) => store.trackers(signal), [store]);

  const known = trackers.data ?? NO_TRACKERS;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title2 as="h1">{t('nav.report')}</Title2>
        <div className={styles.actions}>
          <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
            {t('report.import.button')}
          </Button>
          {query && <DownloadButton download={() => store.exportCsv(query)} failedText={t('report.exportFailed')} />}
        </div>
      </div>
      <ReportControls params={params} trackers={known} onChange={change} />
      {query === null ? (
        <Text>{t('report.chooseDays')}</Text>
      ) : (
        <DataView data={report} errorText={serverMessage}>
          {(answer) =>
            answer && (
              <>
                <SourceLine answer={answer} trackers={known} />
                {answer.rows.length > 0 && (
                  <div className={styles.chart} data-testid="report-chart">
                    <ReportChart answer={answer} />
                  </div>
                )}
                <ReportTable answer={answer} />
              </>
            )
          }
        </DataView>
      )}
      <ImportDialog
        open={importing}
        trackers={known}
        onClose={() => setImporting(false)}
        onImported={() => void report.reload()}
      />
    </div>
  );
}
