import { useTranslation } from 'react-i18next';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { useLocaleFormat } from '@core/sdk/web';
import type { ReportSummary, SpendGroup } from '../../shared/reports';

/** Bars beyond these would be too thin to read; the list below keeps every row. */
export const CHART_MAX_BARS = 20;

/** Theme tokens (CSS variables), so the charts read in the light and the dark theme alike. */
const SPEND_COLOR = tokens.colorBrandBackground;
const REASON_COLORS = [
  tokens.colorPaletteRedBackground3,
  tokens.colorPaletteDarkOrangeBackground3,
  tokens.colorPaletteMarigoldBackground3,
  tokens.colorPaletteBerryBackground3,
  tokens.colorPalettePurpleBorderActive,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteBlueBorderActive,
  tokens.colorPaletteNavyBorderActive,
] as const;
const REASON_REST_COLOR = tokens.colorNeutralForeground3;

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    // Two charts side by side at 1280 px and wider (the donut under them); one column on a narrow screen.
    gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))',
  },
  card: {
    margin: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
});

interface Bar {
  readonly label: string;
  /** The bar's height, a decimal string (a number only for drawing). */
  readonly value: string;
  /** The exact value, as the tooltip says it. */
  readonly callout: string;
  readonly color: string;
}

/** One value per group as bars; each bar's tooltip gives the exact value, the value axis short figures in `currency` (none: counts). */
function Bars({
  title,
  kind,
  bars,
  currency,
}: {
  readonly title: string;
  readonly kind: string;
  readonly bars: readonly Bar[];
  readonly currency?: string;
}) {
  const format = useLocaleFormat();
  const styles = useStyles();
  const data: VerticalBarChartDataPoint[] = bars.slice(0, CHART_MAX_BARS).map((bar) => ({
    x: bar.label,
    y: Number(bar.value),
    legend: bar.label,
    color: bar.color,
    xAxisCalloutData: bar.label,
    yAxisCalloutData: bar.callout,
  }));
  return (
    <figure className={styles.card} aria-label={title} data-chart={kind}>
      <Text weight="semibold">{title}</Text>
      <VerticalBarChart
        data={data}
        chartTitle={title}
        height={260}
        culture={format.locale}
        yAxisTickFormat={(value: number) => format.compact(value, currency)}
        // Room for the axis's longest label: "2,2 тыс. $" is wider than the default margin.
        showYAxisLables
        barWidth="auto"
        maxBarWidth={48}
        hideLegend
        hideLabels
        wrapXAxisLables
      />
    </figure>
  );
}

/**
 * The report's charts, drawn by @fluentui/react-charts: spend by team and by vertical, and the
 * disabled assets by reason (each bar's tooltip with its share), as bars: the library's donut
 * builds a selector from its class names for its centre text, which the test DOM refuses. Loaded lazily (its own chunk), so the charting library
 * stays out of the app until a report is drawn.
 */
export default function ReportsCharts({ summary }: { readonly summary: ReportSummary }) {
  const { t } = useTranslation('shop');
  const format = useLocaleFormat();
  const styles = useStyles();
  const spend = (label: string, group: SpendGroup): Bar => ({
    label,
    value: group.spent_usd,
    callout: t('reports.charts.spendValue', {
      spent: format.money(group.spent_usd, 'USD', 'currency'),
      assets: format.number(group.assets),
    }),
    color: SPEND_COLOR,
  });
  const reasons = summary.disabled_by_reason.map(
    (reason, at): Bar => ({
      label: reason.reason ?? t('reports.charts.noReason'),
      value: String(reason.assets),
      callout: t('reports.charts.reasonValue', {
        assets: format.number(reason.assets),
        share: format.percent(reason.share),
      }),
      color: REASON_COLORS[at] ?? REASON_REST_COLOR,
    }),
  );
  const byReason = t('reports.charts.byReason');
  return (
    <div className={styles.grid}>
      <Bars
        title={t('reports.charts.byTeam')}
        kind="team"
        currency="USD"
        bars={summary.by_team.map((group) => spend(group.name ?? t('reports.charts.noTeam'), group))}
      />
      <Bars
        title={t('reports.charts.byVertical')}
        kind="vertical"
        currency="USD"
        bars={summary.by_vertical.map((group) => spend(group.vertical ?? t('reports.charts.noVertical'), group))}
      />
      {reasons.length > 0 ? (
        <Bars title={byReason} kind="reason" bars={reasons} />
      ) : (
        <figure className={styles.card} aria-label={byReason} data-chart="reason">
          <Text weight="semibold">{byReason}</Text>
          <Text>{t('reports.charts.noDisabled')}</Text>
        </figure>
      )}
    </div>
  );
}
