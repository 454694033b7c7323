import { useTranslation } from 'react-i18next';
import { BarChart, useLocaleFormat } from '@core/sdk/web';
import type { ReportGrouping, SocialReport } from '../../shared/report';
import { formatAmount, formatCount } from './format-figures';
import type { ChartMeasure } from './report-params';

/** Bars beyond these would be too thin to read; the table below keeps every row. */
export const CHART_MAX_BARS = 31;

export interface ReportChartProps {
  readonly report: SocialReport;
  readonly group: ReportGrouping;
  /** A measure the report can draw (report-columns.ts chartedMeasure). */
  readonly measure: ChartMeasure;
}

/**
 * Spent (in USD when the groups' currencies differ) or clicks of each group, as the SDK's bars
 * (the charting library loads lazily on first draw); each bar's tooltip gives the exact figure.
 */
export function ReportChart({ report, group, measure }: ReportChartProps) {
  const { t } = useTranslation('social');
  const format = useLocaleFormat();
  // Bars compare only in one currency: the groups' own when they share it, else USD (a group without a rate draws none).
  const currencies = new Set(report.rows.map((row) => row.currency));
  const shared = currencies.size === 1 ? [...currencies][0] : null;
  const rows = report.rows.slice(0, CHART_MAX_BARS);
  const values = rows.map((row) => (measure === 'clicks' ? String(row.clicks) : shared ? row.spent : row.spent_usd));
  const currency = measure === 'clicks' ? undefined : (shared ?? 'USD');
  return (
    <BarChart
      title={t('report.chartTitle', {
        measure: t(`report.measures.${measure}`),
        grouping: t(`report.groupings.${group}`),
      })}
      categories={rows.map((row) => (group === 'date' ? format.date(row.key) : row.label))}
      series={[{ key: measure, label: t(`report.measures.${measure}`), values }]}
      formatValue={(value) =>
        currency === undefined ? formatCount(format, Number(value)) : formatAmount(format, value, currency)
      }
      currency={currency}
    />
  );
}
