import { useTranslation } from 'react-i18next';
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { FigureCell, FigureHeaderCell, useLocaleFormat } from '@core/sdk/web';
import { REPORT_MEASURES, type ReportAnswer } from '../../shared/report';
import { formatMeasure } from './format-measure';
import { keyLabel } from './key-label';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  // Columns as wide as their content (Fluent fixes them equal, so "Уникальные клики" ran into "Лиды"); a long header wraps.
  table: { tableLayout: 'auto' },
  totals: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
});

/** The report's rows, one column per grouping and per measure, and the totals row at the foot. */
export function ReportTable({ answer }: { readonly answer: ReportAnswer }) {
  const { t } = useTranslation('tracker');
  const format = useLocaleFormat();
  const styles = useStyles();
  const notSet = t('report.notSet');
  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={t('report.tableLabel')}>
        <TableHeader>
          <TableRow>
            {answer.grouping.map((grouping) => (
              <TableHeaderCell key={grouping}>{t(`report.groupings.${grouping}`)}</TableHeaderCell>
            ))}
            {REPORT_MEASURES.map((measure) => (
              <FigureHeaderCell key={measure} data-measure={measure}>
                {t(`report.measures.${measure}`)}
              </FigureHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {answer.rows.map((row, index) => (
            <TableRow key={index}>
              {answer.grouping.map((grouping, at) => (
                <TableCell key={grouping}>{keyLabel(grouping, row.keys[at], format) ?? notSet}</TableCell>
              ))}
              {REPORT_MEASURES.map((measure) => (
                <FigureCell key={measure}>
                  {formatMeasure(format, measure, row.measures[measure], answer.currency)}
                </FigureCell>
              ))}
            </TableRow>
          ))}
          <TableRow className={styles.totals} data-testid="report-totals">
            <TableCell>{t('report.total')}</TableCell>
            {answer.grouping.slice(1).map((grouping) => (
              <TableCell key={grouping} />
            ))}
            {REPORT_MEASURES.map((measure) => (
              <FigureCell key={measure}>
                {formatMeasure(format, measure, answer.totals[measure], answer.currency)}
              </FigureCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}
