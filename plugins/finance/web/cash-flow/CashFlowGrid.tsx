import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useLocaleFormat } from '@core/sdk/web';
import type { CashFlowDirection, CashFlowFigures, CashFlowReport, CashFlowRow } from '../../shared/cash-flow';
import { differenceTone, usdExact, usdRounded } from './cash-flow-format';
import type { FigureRequest } from './figure-request';

const useStyles = makeStyles({
  // The grid scrolls sideways inside its own box; the page never does.
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: {
    borderCollapse: 'separate',
    borderSpacing: 0,
    fontSize: tokens.fontSizeBase300,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  cell: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    textAlign: 'right',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  head: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  sticky: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    textAlign: 'left',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: '200px',
    maxWidth: '280px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  stickyHead: { backgroundColor: tokens.colorNeutralBackground3 },
  section: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  total: { fontWeight: tokens.fontWeightSemibold },
  // A figure is a button (it opens its transactions) that reads like the figures beside it.
  figure: {
    minWidth: 'auto',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontSize: 'inherit',
    fontWeight: 'inherit',
    fontVariantNumeric: 'tabular-nums',
  },
  good: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  caption: { textAlign: 'left', padding: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightSemibold },
  centered: { textAlign: 'center' },
  monthStart: { borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
});

export interface CashFlowGridProps {
  readonly report: CashFlowReport;
  readonly onOpen: (request: FigureRequest) => void;
}

interface LineProps {
  /** The React key of the row. */
  readonly id: string;
  readonly label: string;
  readonly direction: CashFlowDirection | 'net';
  readonly months: readonly CashFlowFigures[];
  readonly total: CashFlowFigures;
  /** The row's key for the drill-down; `undefined` for a direction's total, `null` for a line that sums nothing (net). */
  readonly rowKey: string | undefined | null;
  readonly strong?: boolean;
}

/** The Total columns repeat a single month's figures, so they appear only for a period of several months. */
export const showsTotalColumns = (report: Pick<CashFlowReport, 'months'>): boolean => report.months.length > 1;

/**
 * Rows by direction and the chosen grouping × months, each with plan, fact and their difference;
 * totals per direction (and per row over several months), commissions, net. A plan or fact figure is a button opening its
 * transactions; the difference is coloured by whether it is good news for that direction.
 */
export function CashFlowGrid({ report, onOpen }: CashFlowGridProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const months = report.months.map((month) => format.month(month.month));
  const rounded = (amount: string) => usdRounded(format, amount);
  const exact = (amount: string) => usdExact(format, amount);
  const withTotals = showsTotalColumns(report);
  const columns = withTotals ? [...months, t('cashFlow.total')] : months;
  const rowLabel = (row: CashFlowRow) =>
    row.direction === 'commission' ? t('cashFlow.commissions') : (row.label ?? t(`cashFlow.none.${report.group}`));

  // A function, not a component: a component declared while rendering would remount every time.
  const line = ({ id, label, direction, months: figures, total, rowKey, strong = false }: LineProps) => {
    const figureCell = (value: CashFlowFigures, basis: 'plan' | 'fact', at: number | null) => {
      const column = at === null ? t('cashFlow.total') : (months[at] ?? '');
      const month = at === null ? undefined : report.months[at]?.month;
      return (
        <td className={mergeClasses(styles.cell, basis === 'plan' && styles.monthStart)}>
          {rowKey === null || direction === 'net' ? (
            <span title={exact(value[basis])}>{rounded(value[basis])}</span>
          ) : (
            <Button
              appearance="transparent"
              size="small"
              className={styles.figure}
              title={exact(value[basis])}
              aria-label={t('cashFlow.openFigure', {
                row: label,
                column,
                basis: t(`cashFlow.${basis}`),
                value: rounded(value[basis]),
              })}
              onClick={() =>
                onOpen({
                  basis,
                  direction,
                  ...(month ? { month } : {}),
                  ...(rowKey === undefined ? {} : { key: rowKey }),
                  title: `${label} · ${column} · ${t(`cashFlow.${basis}`)}`,
                })
              }
            >
              {rounded(value[basis])}
            </Button>
          )}
        </td>
      );
    };
    const differenceCell = (value: CashFlowFigures) => {
      const tone = differenceTone(direction, value.difference);
      return (
        <td
          className={mergeClasses(styles.cell, tone === 'good' && styles.good, tone === 'bad' && styles.bad)}
          title={exact(value.difference)}
          data-tone={tone ?? undefined}
        >
          {rounded(value.difference)}
        </td>
      );
    };
    return (
      <tr key={id} className={strong ? styles.total : undefined}>
        <th scope="row" className={mergeClasses(styles.cell, styles.sticky)} title={label}>
          {label}
        </th>
        {figures.map((value, at) => (
          <Fragment key={report.months[at]?.month ?? at}>
            {figureCell(value, 'plan', at)}
            {figureCell(value, 'fact', at)}
            {differenceCell(value)}
          </Fragment>
        ))}
        {withTotals && (
          <>
            {figureCell(total, 'plan', null)}
            {figureCell(total, 'fact', null)}
            {differenceCell(total)}
          </>
        )}
      </tr>
    );
  };

  const section = (direction: 'income' | 'expense') => {
    const rows = report.rows.filter((row) => row.direction === direction);
    return (
      <>
        <tr className={styles.section}>
          <th scope="rowgroup" className={mergeClasses(styles.cell, styles.sticky, styles.section)} colSpan={1}>
            {t(`cashFlow.directions.${direction}`)}
          </th>
          <td className={styles.cell} colSpan={columns.length * 3} />
        </tr>
        {rows.map((row) =>
          line({
            id: `${row.direction}:${row.key}`,
            label: rowLabel(row),
            direction,
            months: row.months,
            total: row.total,
            rowKey: row.key,
          }),
        )}
        {line({
          id: `${direction}:total`,
          label: t(`cashFlow.totals.${direction}`),
          direction,
          months: report.month_totals.map((month) => month[direction]),
          total: report.totals[direction],
          rowKey: undefined,
          strong: true,
        })}
      </>
    );
  };

  return (
    <div className={styles.scroller} data-testid="cash-flow-grid">
      <table className={styles.table}>
        <caption className={styles.caption}>{t('cashFlow.gridCaption')}</caption>
        <thead>
          <tr className={styles.head}>
            <th scope="col" rowSpan={2} className={mergeClasses(styles.cell, styles.sticky, styles.stickyHead)}>
              {t(`cashFlow.groups.${report.group}`)}
            </th>
            {columns.map((name) => (
              <th
                key={name}
                scope="colgroup"
                colSpan={3}
                className={mergeClasses(styles.cell, styles.monthStart, styles.centered)}
              >
                {name}
              </th>
            ))}
          </tr>
          <tr className={styles.head}>
            {columns.map((name) => (
              <Fragment key={name}>
                <th scope="col" className={mergeClasses(styles.cell, styles.monthStart)}>
                  {t('cashFlow.plan')}
                </th>
                <th scope="col" className={styles.cell}>
                  {t('cashFlow.fact')}
                </th>
                <th scope="col" className={styles.cell}>
                  {t('cashFlow.difference')}
                </th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {section('income')}
          {section('expense')}
          {report.rows
            .filter((row) => row.direction === 'commission')
            .map((row) =>
              line({
                id: 'commission',
                label: rowLabel(row),
                direction: 'commission',
                months: row.months,
                total: row.total,
                rowKey: undefined,
                strong: true,
              }),
            )}
          {line({
            id: 'net',
            label: t('cashFlow.net'),
            direction: 'net',
            months: report.month_totals.map((month) => month.net),
            total: report.totals.net,
            rowKey: null,
            strong: true,
          })}
        </tbody>
      </table>
    </div>
  );
}
