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
import type { ReportFigures, ReportGrouping, SocialReport } from '../../shared/report';
import { DASH, formatAmount, formatCount, formatPercent } from './format-figures';
import type { ReportColumn } from './report-columns';
import { unconvertedText } from './unconverted-text';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  // Columns as wide as their content rather than Fluent's equal shares.
  table: { tableLayout: 'auto' },
  totals: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
});

export interface ReportTableProps {
  readonly report: SocialReport;
  readonly group: ReportGrouping;
  /** The figure columns to show (report-columns.ts leaves out those without a figure). */
  readonly columns: readonly ReportColumn[];
}

/** The report's rows, one per group, and the totals row at the foot; a figure the report lacks in one group is a dash. */
export function ReportTable({ report, group, columns }: ReportTableProps) {
  const { t } = useTranslation('social');
  const format = useLocaleFormat();
  const styles = useStyles();
  const cell = (figures: ReportFigures, column: ReportColumn): string => {
    switch (column) {
      case 'clicks':
      case 'views':
      case 'leads':
        return formatCount(format, figures[column]);
      case 'spent':
        return formatAmount(format, figures.spent, figures.currency);
      case 'currency':
        return figures.currency ?? DASH;
      case 'spentUsd':
        return formatAmount(format, figures.spent_usd, 'USD');
      case 'ctr':
        return formatPercent(format, figures.ctr);
      default:
        return formatAmount(format, figures[column], figures.rates_currency);
    }
  };
  // Dollars that leave out rows without a rate say which, where they are read.
  const usdTitle = (figures: ReportFigures): string | undefined =>
    figures.unconverted.length === 0 ? undefined : unconvertedText(t, format, figures.unconverted);
  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={t('report.tableLabel')} data-report-table>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t(`report.groupings.${group}`)}</TableHeaderCell>
            {columns.map((column) => (
              <FigureHeaderCell key={column} data-column={column}>
                {t(`report.measures.${column}`)}
              </FigureHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.key} data-report-row={row.key}>
              <TableCell>{group === 'date' ? format.date(row.key) : row.label}</TableCell>
              {columns.map((column) => (
                <FigureCell key={column} data-column={column} title={column === 'spentUsd' ? usdTitle(row) : undefined}>
                  {cell(row, column)}
                </FigureCell>
              ))}
            </TableRow>
          ))}
          <TableRow className={styles.totals} data-report-totals>
            <TableCell>{t('report.total')}</TableCell>
            {columns.map((column) => (
              <FigureCell
                key={column}
                data-column={column}
                title={column === 'spentUsd' ? usdTitle(report.totals) : undefined}
              >
                {cell(report.totals, column)}
              </FigureCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}
