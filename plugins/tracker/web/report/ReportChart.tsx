import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import { GroupedVerticalBarChart, type GroupedVerticalBarChartData } from '@fluentui/react-charts';
import type { ReportAnswer } from '../../shared/report';
import { formatMeasure } from './format-measure';
import { keyLabel } from './key-label';

/** Bars beyond these would be too thin to read; the table below keeps every row. */
export const CHART_MAX_GROUPS = 31;

const SERIES = ['revenue', 'cost', 'profit'] as const;

/** Theme tokens (CSS variables), so the bars read in the light and the dark theme alike. */
const COLORS = {
  revenue: tokens.colorPaletteGreenBackground3,
  cost: tokens.colorPaletteRedBackground3,
  profit: tokens.colorBrandBackground,
} as const;

const useStyles = makeStyles({
  figure: { margin: 0 },
});

/**
 * Revenue, cost and profit for each row of the report, in the table's order, as grouped bars
 * drawn by @fluentui/react-charts. Loaded lazily (its own chunk) so the page's code and the
 * charting library stay out of the app until a report is drawn. A bar needs a height: each decimal
 * string becomes a number only for that, while its tooltip shows the exact value.
 */
export default function ReportChart({ answer }: { readonly answer: ReportAnswer }) {
  const { t, i18n } = useTranslation('tracker');
  const styles = useStyles();
  const notSet = t('report.notSet');
  const title = t('report.chartTitle');
  const seen = new Map<string, number>();
  const data: GroupedVerticalBarChartData[] = answer.rows.slice(0, CHART_MAX_GROUPS).map((row) => {
    const name = answer.grouping.map((grouping, at) => keyLabel(grouping, row.keys[at], i18n.language) ?? notSet).join(' · ');
    // Two rows may read alike (two "not set"); the axis needs each group apart.
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return {
      name: times > 1 ? `${name} (${times})` : name,
      series: SERIES.map((measure) => ({
        key: measure,
        legend: t(`report.measures.${measure}`),
        data: Number(row.measures[measure]),
        color: COLORS[measure],
        xAxisCalloutData: name,
        yAxisCalloutData: formatMeasure(measure, row.measures[measure]),
      })),
    };
  });
  return (
    <figure className={styles.figure} role="img" aria-label={title}>
      {/* Value labels would overlap on narrow groups; each bar's tooltip gives the exact value instead. */}
      <GroupedVerticalBarChart
        data={data}
        chartTitle={title}
        height={300}
        culture={i18n.language}
        barWidth="auto"
        maxBarWidth={40}
        xAxisInnerPadding={0.25}
        xAxisOuterPadding={0.1}
        hideLabels
        wrapXAxisLables
      />
    </figure>
  );
}
