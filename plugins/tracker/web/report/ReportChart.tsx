import { useTranslation } from 'react-i18next';
import { tokens } from '@fluentui/react-components';
import { BarChart, useLocaleFormat } from '@core/sdk/web';
import type { ReportAnswer } from '../../shared/report';
import { formatMeasure } from './format-measure';
import { keyLabel } from './key-label';

/** Bars beyond these would be too thin to read; the table below keeps every row. */
export const CHART_MAX_GROUPS = 31;

/** The measures drawn, each in the colour that says what it is (theme tokens, light and dark alike). */
const SERIES = [
  { measure: 'revenue', color: tokens.colorPaletteGreenBackground3 },
  { measure: 'cost', color: tokens.colorPaletteRedBackground3 },
  { measure: 'profit', color: tokens.colorBrandBackground },
] as const;

/** Revenue, cost and profit for each row of the report, in the table's order, as the SDK's grouped bars. */
export function ReportChart({ answer }: { readonly answer: ReportAnswer }) {
  const { t } = useTranslation('tracker');
  const format = useLocaleFormat();
  const notSet = t('report.notSet');
  const rows = answer.rows.slice(0, CHART_MAX_GROUPS);
  const seen = new Map<string, number>();
  const categories = rows.map((row) => {
    const name = answer.grouping.map((grouping, at) => keyLabel(grouping, row.keys[at], format) ?? notSet).join(' · ');
    // Two rows may read alike (two "not set"); the axis needs each group apart.
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times > 1 ? `${name} (${times})` : name;
  });
  return (
    <BarChart
      title={t('report.chartTitle')}
      categories={categories}
      series={SERIES.map(({ measure, color }) => ({
        key: measure,
        label: t(`report.measures.${measure}`),
        values: rows.map((row) => row.measures[measure]),
        color,
      }))}
      // The three measures are money alike, in the report's currency: one form serves every bar.
      formatValue={(value) => formatMeasure(format, 'profit', value, answer.currency)}
      currency={answer.currency}
    />
  );
}
