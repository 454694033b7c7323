import { useTranslation } from 'react-i18next';
import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { formatDay } from '@core/sdk/web';
import type { ReportFigures, ReportGrouping, SocialReport } from '../../shared/report';
import { DASH, formatAmount, formatCount, formatPercent } from './format-figures';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  number: { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  totals: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
});

const COLUMNS = ['clicks', 'views', 'leads', 'spent', 'currency', 'spentUsd', 'cpc', 'cpm', 'cpl', 'ctr'] as const;
type Column = (typeof COLUMNS)[number];

export interface ReportTableProps {
  readonly report: SocialReport;
  readonly group: ReportGrouping;
}

/** The report's rows, one per group, and the totals row at the foot; USD reads "unavailable" without finance's rates. */
export function ReportTable({ report, group }: ReportTableProps) {
  const { t } = useTranslation('social');
  const styles = useStyles();
  const cell = (figures: ReportFigures, column: Column): string => {
    switch (column) {
      case 'clicks':
      case 'views':
      case 'leads':
        return formatCount(figures[column]);
      case 'spent':
        return formatAmount(figures.spent, figures.currency);
      case 'currency':
        return figures.currency ?? DASH;
      case 'spentUsd':
        return report.usd_available ? formatAmount(figures.spent_usd, 'USD') : t('report.usdUnavailable');
      case 'ctr': {
        const percent = formatPercent(figures.ctr);
        return percent === null ? DASH : t('report.percent', { value: percent });
      }
      default:
        return formatAmount(figures[column], figures.rates_currency);
    }
  };
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={t('report.tableLabel')} data-report-table>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t(`report.groupings.${group}`)}</TableHeaderCell>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={styles.number}>
                {t(`report.measures.${column}`)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.key} data-report-row={row.key}>
              <TableCell>{group === 'date' ? formatDay(row.key) : row.label}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} className={styles.number} data-column={column}>
                  {cell(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow className={styles.totals} data-report-totals>
            <TableCell>{t('report.total')}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} className={styles.number} data-column={column}>
                {cell(report.totals, column)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}
