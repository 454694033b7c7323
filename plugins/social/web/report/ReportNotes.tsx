import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { SocialReport } from '../../shared/report';
import type { ReportColumn } from './report-columns';
import type { ChartMeasure } from './report-params';

const useStyles = makeStyles({
  notes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export interface ReportNotesProps {
  readonly report: SocialReport;
  /** The chart's measure as asked for, and as drawn. */
  readonly asked: ChartMeasure;
  readonly charted: ChartMeasure;
  /** Columns left out of the table for want of a figure. */
  readonly hidden: readonly ReportColumn[];
}

/** Why the report shows less than asked: no USD without finance, clicks charted for spent, columns left out. */
export function ReportNotes({ report, asked, charted, hidden }: ReportNotesProps) {
  const { t } = useTranslation('social');
  const styles = useStyles();
  // Without finance the dollars' absence has its own note.
  const lacking = hidden.filter((column) => column !== 'spentUsd' || report.usd_available);
  const spentLacking = lacking.includes('spent');
  // Spent left out of the table says in the same note that the chart draws the clicks.
  const chartNote = asked !== charted && !spentLacking;
  if (report.usd_available && !chartNote && lacking.length === 0) return null;
  return (
    <div className={styles.notes}>
      {!report.usd_available && (
        <MessageBar intent="info" data-usd-unavailable>
          <MessageBarBody>{t('report.usdUnavailableNote')}</MessageBarBody>
        </MessageBar>
      )}
      {chartNote && (
        <MessageBar intent="info" data-chart="needs-rates">
          <MessageBarBody>{t('report.chartNeedsRates')}</MessageBarBody>
        </MessageBar>
      )}
      {lacking.length > 0 && (
        <MessageBar intent="info" data-hidden-columns={lacking.join(' ')}>
          <MessageBarBody>
            {t(spentLacking ? 'report.hiddenSpent' : 'report.hiddenColumns', {
              columns: lacking.map((column) => t('report.columnName', { name: t(`report.measures.${column}`) })).join(', '),
            })}
            {spentLacking && asked !== charted && ` ${t('report.chartShowsClicks')}`}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
