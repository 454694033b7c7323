import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useLocaleFormat } from '@core/sdk/web';
import type { SocialReport } from '../../shared/report';
import type { ReportColumn } from './report-columns';
import type { ChartMeasure } from './report-params';
import { unconvertedText } from './unconverted-text';

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

/** Why the report shows less than asked: no USD without finance, currencies without a rate, clicks charted for spent, columns left out. */
export function ReportNotes({ report, asked, charted, hidden }: ReportNotesProps) {
  const { t } = useTranslation('social');
  const format = useLocaleFormat();
  const styles = useStyles();
  // Without finance the dollars' absence has its own note.
  const lacking = hidden.filter((column) => column !== 'spentUsd' || report.usd_available);
  const spentLacking = lacking.includes('spent');
  // Spent left out of the table says in the same note that the chart draws the clicks.
  const chartNote = asked !== charted && !spentLacking;
  // Named once for the whole report: the totals hold every row's currency.
  const unconverted = report.totals.unconverted;
  if (report.usd_available && unconverted.length === 0 && !chartNote && lacking.length === 0) return null;
  return (
    <div className={styles.notes}>
      {!report.usd_available && (
        <MessageBar intent="info" data-usd-unavailable>
          <MessageBarBody>{t('report.usdUnavailableNote')}</MessageBarBody>
        </MessageBar>
      )}
      {unconverted.length > 0 && (
        <MessageBar
          intent="warning"
          layout="multiline"
          data-unconverted={unconverted.map((entry) => entry.currency).join(' ')}
        >
          <MessageBarBody>
            {unconvertedText(t, format, unconverted)} {t('report.unconvertedHint')}
          </MessageBarBody>
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
              columns: lacking
                .map((column) => t('report.columnName', { name: t(`report.measures.${column}`) }))
                .join(', '),
            })}
            {spentLacking && asked !== charted && ` ${t('report.chartShowsClicks')}`}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
