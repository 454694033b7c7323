import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { StatusBadge } from '@core/sdk/web';
import type { ComparedFigure, DepartmentFigures, DepartmentView, PayrollStatus } from '../../shared/departments';
import { ChangeIndicator, type BetterWhen } from './ChangeIndicator';
import { useDepartmentFormat } from './format';

const useStyles = makeStyles({
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground2 },
  value: { fontVariantNumeric: 'tabular-nums' },
  previous: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  link: { color: tokens.colorBrandForegroundLink },
  note: { color: tokens.colorNeutralForeground2 },
});

const CARDS: readonly { readonly figure: ComparedFigure; readonly key: string; readonly betterWhen: BetterWhen }[] = [
  { figure: 'headcount', key: 'headcount', betterWhen: 'either' },
  { figure: 'payroll_usd', key: 'payroll', betterWhen: 'down' },
  { figure: 'income_usd', key: 'income', betterWhen: 'up' },
  { figure: 'spend_usd', key: 'spend', betterWhen: 'down' },
  { figure: 'result_usd', key: 'result', betterWhen: 'up' },
];

const STATUS_COLOR = { approved: 'success', draft: 'warning', none: 'informative' } as const satisfies Record<
  PayrollStatus,
  string
>;

/** A month whose motivation was never computed has no payroll to show or compare: its 0 is no figure. */
export const payrollComputed = (figures: Pick<DepartmentFigures, 'payroll_status'>): boolean =>
  figures.payroll_status !== 'none';

/** The status of a month's motivation (the value above already says when it was never computed) and a link to it. */
function PayrollStatusLine({ status, month }: { status: PayrollStatus; month: string }) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  return (
    <span className={styles.status}>
      {status !== 'none' && (
        <StatusBadge
          color={STATUS_COLOR[status]}
          details={t(`departments.payrollStatusDetails.${status}`)}
          data={{ 'data-payroll-status': status }}
        >
          {t(`departments.payrollStatus.${status}`)}
        </StatusBadge>
      )}
      <RouterLink className={styles.link} to={`/motivation?month=${month}`}>
        {t('departments.openMotivation')}
      </RouterLink>
    </span>
  );
}

/**
 * The month's headline figures, each with the previous month's and the change. A payroll never
 * computed reads "Not computed" and is compared with nothing, and the result says it lacks it.
 */
export function HeadlineCards({ view }: { view: DepartmentView }) {
  const { t } = useTranslation('finance');
  const formats = useDepartmentFormat();
  const styles = useStyles();
  return (
    <div className={styles.cards}>
      {CARDS.map(({ figure, key, betterWhen }) => {
        const format = figure === 'headcount' ? formats.count : formats.usd;
        const isPayroll = figure === 'payroll_usd';
        const shown = (figures: DepartmentFigures) =>
          isPayroll && !payrollComputed(figures)
            ? t('departments.payrollStatus.none')
            : format(figure === 'headcount' ? String(figures.headcount) : figures[figure]);
        const compared = !isPayroll || (payrollComputed(view.current) && payrollComputed(view.previous));
        const label = t(`departments.figures.${key}`);
        return (
          <Card key={figure} className={styles.card} role="group" aria-label={label} data-figure={figure}>
            <Text className={styles.label}>{label}</Text>
            <Text className={styles.value} size={600} weight="semibold" data-value>
              {shown(view.current)}
            </Text>
            <Text className={styles.previous} size={200} data-previous>
              {t('departments.previous', { value: shown(view.previous) })}
            </Text>
            {compared && <ChangeIndicator change={view.change[figure]} format={format} betterWhen={betterWhen} />}
            {isPayroll && <PayrollStatusLine status={view.current.payroll_status} month={view.month} />}
            {figure === 'result_usd' && !payrollComputed(view.current) && (
              <Text className={styles.note} size={200} data-result-without-payroll>
                {t('departments.resultWithoutPayroll')}
              </Text>
            )}
          </Card>
        );
      })}
    </div>
  );
}
