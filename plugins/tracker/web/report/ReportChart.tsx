import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReportAnswer } from '../../shared/report';
import { formatMeasure } from './format-measure';
import { keyLabel } from './key-label';

/** Bars beyond these would be too thin to read; the table below keeps every row. */
export const CHART_MAX_GROUPS = 31;

const SERIES = ['revenue', 'cost', 'profit'] as const;

const WIDTH = 960;
const HEIGHT = 280;
const PLOT_TOP = 12;
const PLOT_BOTTOM = 240;

const useStyles = makeStyles({
  chart: { width: '100%', height: 'auto', display: 'block' },
  legend: { display: 'flex', gap: tokens.spacingHorizontalL, marginBlockEnd: tokens.spacingVerticalS },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusSmall },
  revenue: { fill: tokens.colorPaletteGreenBackground3, backgroundColor: tokens.colorPaletteGreenBackground3 },
  cost: { fill: tokens.colorPaletteRedBackground3, backgroundColor: tokens.colorPaletteRedBackground3 },
  profit: { fill: tokens.colorBrandBackground, backgroundColor: tokens.colorBrandBackground },
  axis: { stroke: tokens.colorNeutralStroke1 },
  label: { fill: tokens.colorNeutralForeground2, fontSize: '11px' },
});

/**
 * Revenue, cost and profit for each row of the report, in the table's order, as grouped bars.
 * Loaded lazily (its own chunk) so the page's code stays small until a report is drawn. A bar
 * needs a height: each decimal string becomes a number only for that, while its tooltip shows the
 * exact value.
 */
export default function ReportChart({ answer }: { readonly answer: ReportAnswer }) {
  const { t, i18n } = useTranslation('tracker');
  const styles = useStyles();
  const notSet = t('report.notSet');
  const rows = answer.rows.slice(0, CHART_MAX_GROUPS);
  const heights = rows.flatMap((row) => SERIES.map((measure) => Number(row.measures[measure])));
  const top = Math.max(0, ...heights);
  const bottom = Math.min(0, ...heights);
  const span = top - bottom || 1;
  const y = (value: number) => PLOT_TOP + ((top - value) / span) * (PLOT_BOTTOM - PLOT_TOP);
  const slot = WIDTH / Math.max(rows.length, 1);
  const bar = (slot * 0.8) / SERIES.length;
  return (
    <figure aria-label={t('report.chartTitle')}>
      <div className={styles.legend}>
        {SERIES.map((measure) => (
          <span key={measure} className={styles.key}>
            <span className={`${styles.swatch} ${styles[measure]}`} />
            {t(`report.measures.${measure}`)}
          </span>
        ))}
      </div>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('report.chartTitle')}>
        <line className={styles.axis} x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} />
        {rows.map((row, index) => {
          const name = answer.grouping.map((grouping, at) => keyLabel(grouping, row.keys[at], i18n.language) ?? notSet).join(' · ');
          const left = index * slot + slot * 0.1;
          return (
            <g key={index}>
              {SERIES.map((measure, at) => {
                const value = Number(row.measures[measure]);
                return (
                  <rect key={measure} className={styles[measure]} x={left + at * bar} width={bar} y={Math.min(y(value), y(0))} height={Math.abs(y(value) - y(0))}>
                    <title>{`${name} · ${t(`report.measures.${measure}`)}: ${formatMeasure(measure, row.measures[measure])}`}</title>
                  </rect>
                );
              })}
              <text className={styles.label} x={index * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle">
                {rows.length > 12 && index % Math.ceil(rows.length / 12) !== 0 ? '' : name}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
