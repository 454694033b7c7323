import { makeStyles, tokens } from '@fluentui/react-components';
import { GroupedVerticalBarChart, type GroupedVerticalBarChartData } from '@fluentui/react-charts';
import { useLocaleFormat } from '../react/use-locale-format';
import type { BarChartProps } from './bar-chart-props';

/** Theme tokens (CSS variables), so the bars read in the light and the dark theme alike; series beyond them cycle. */
const SERIES_COLORS = [
  tokens.colorBrandBackground,
  tokens.colorPaletteGreenBackground3,
  tokens.colorPaletteRedBackground3,
  tokens.colorPaletteMarigoldBackground3,
  tokens.colorPaletteBerryBackground3,
  tokens.colorPaletteTealBackground2,
] as const;

const NO_VALUE = '—';

const useStyles = makeStyles({
  figure: { margin: 0 },
});

/**
 * The chart itself, drawn by @fluentui/react-charts; loaded only through BarChart (lazy), so the
 * library and d3 stay in a chunk of their own. A bar needs a height: each decimal string becomes a
 * number only for that, while its tooltip shows the exact value through the caller's formatter.
 * The value axis reads in the interface language ("1,2 тыс. $"), not d3's "1.2k".
 */
export default function BarChartView({
  title,
  categories,
  series,
  formatValue,
  currency,
  height = 300,
}: BarChartProps) {
  const format = useLocaleFormat();
  const styles = useStyles();
  const data: GroupedVerticalBarChartData[] = categories.map((category, at) => ({
    name: category,
    series: series.map((one, index) => {
      const value = one.values[at] ?? null;
      return {
        key: one.key,
        legend: one.label,
        data: value === null ? 0 : Number(value),
        color: one.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
        xAxisCalloutData: category,
        yAxisCalloutData: value === null ? NO_VALUE : formatValue(value),
      };
    }),
  }));
  return (
    <figure className={styles.figure} aria-label={title}>
      {/* Value labels would overlap on narrow groups; each bar's tooltip gives the exact value instead. */}
      <GroupedVerticalBarChart
        data={data}
        chartTitle={title}
        height={height}
        culture={format.locale}
        yAxisTickFormat={(value: number) => format.compact(value, currency)}
        // Room for the axis's longest label: "-1,2 тыс. $" is wider than the default margin.
        showYAxisLables
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
