import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { formatDay } from '@core/sdk/web';
import type { ReportGrouping, SocialReport } from '../../shared/report';
import { formatAmount, formatCount } from './format-figures';
import type { ChartMeasure } from './report-params';

/** Bars beyond these would be too thin to read; the table below keeps every row. */
export const CHART_MAX_BARS = 31;

const useStyles = makeStyles({
  figure: { margin: 0 },
});

export interface ReportChartProps {
  readonly report: SocialReport;
  readonly group: ReportGrouping;
  readonly measure: ChartMeasure;
}

/**
 * Spent (in USD when the groups' currencies differ) or clicks of each group, as
 * bars drawn by @fluentui/react-charts. Loaded lazily (its own chunk) so the charting library stays
 * out of the app until a report is drawn. A bar needs a height: a decimal string becomes a number
 * only for that, while its tooltip shows the exact value.
 */
export default function ReportChart({ report, group, measure }: ReportChartProps) {
  const { t, i18n } = useTranslation('social');
  const styles = useStyles();
  const title = t('report.chartTitle', { measure: t(`report.measures.${measure}`), grouping: t(`report.groupings.${group}`) });
  // Bars compare only in one currency: the groups' own when they share it, else USD (a group without a rate draws none).
  const currencies = new Set(report.rows.map((row) => row.currency));
  const shared = currencies.size === 1 ? [...currencies][0] : null;
  if (measure === 'spent' && !shared && report.rows.every((row) => row.spent_usd === null)) {
    return (
      <MessageBar intent="info" data-chart="needs-rates">
        <MessageBarBody>{t('report.chartNeedsRates')}</MessageBarBody>
      </MessageBar>
    );
  }
  const data: VerticalBarChartDataPoint[] = report.rows.slice(0, CHART_MAX_BARS).map((row) => {
    const name = group === 'date' ? formatDay(row.key) : row.label;
    const spent = shared ? { amount: row.spent, currency: shared } : { amount: row.spent_usd, currency: 'USD' };
    const value = measure === 'clicks' ? row.clicks : Number(spent.amount ?? 0);
    return {
      x: name,
      y: value,
      legend: name,
      color: tokens.colorBrandBackground,
      xAxisCalloutData: name,
      yAxisCalloutData: measure === 'clicks' ? formatCount(row.clicks) : formatAmount(spent.amount, spent.currency),
    };
  });
  return (
    <figure className={styles.figure} role="img" aria-label={title}>
      <VerticalBarChart data={data} chartTitle={title} height={300} margins={{ left: 64, right: 16, top: 16, bottom: 40 }} culture={i18n.language} hideLegend hideLabels barWidth="auto" maxBarWidth={40} wrapXAxisLables />
    </figure>
  );
}
