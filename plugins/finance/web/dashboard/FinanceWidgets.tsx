import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { subtractDecimals } from '@core/sdk/shared';
import {
  DataView,
  FigureCell,
  FigureHeaderCell,
  formatMoney,
  useData,
  useInjection,
  useLocaleFormat,
} from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';
import { signOfDecimal } from '../decimal';
import { dataOf, failureText } from '../finance-result';
import { FinanceDashboardStore, type MonthTotals } from './dashboard-store';

const useStyles = makeStyles({
  // The dashboard's grid sizes the card.
  card: { height: '100%', boxSizing: 'border-box' },
  amount: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  income: { color: tokens.colorPaletteGreenForeground1 },
  expense: { color: tokens.colorPaletteRedForeground1 },
});

function WidgetCard({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-label={title}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={400}>
            {title}
          </Text>
        }
      />
      {children}
    </Card>
  );
}

/** Dashboard: the balance of every wallet in its currency and in dollars, with the dollar total. */
export function BalancesWidget() {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const store = useInjection(FinanceDashboardStore);
  const balances = useData(() => dataOf(store.balances()), [store]);
  return (
    <WidgetCard title={t('dashboard.balances')}>
      <DataView
        data={balances}
        errorText={failureText}
        isEmpty={({ wallets }) => wallets.length === 0}
        empty={<Text>{t('dashboard.noWallets')}</Text>}
      >
        {({ wallets, totalUsd, withoutRate }) => (
          <>
            <Table size="small" aria-label={t('dashboard.balances')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('fields.wallet')}</TableHeaderCell>
                  <FigureHeaderCell>{t('fields.balance')}</FigureHeaderCell>
                  <FigureHeaderCell>{t('dashboard.inUsd')}</FigureHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {wallets.map((wallet) => (
                  <TableRow key={wallet.id}>
                    <TableCell>{wallet.name}</TableCell>
                    <FigureCell>
                      {formatMoney({ amount: wallet.balance, currency: wallet.currency }, format)}
                    </FigureCell>
                    <FigureCell>
                      {wallet.balanceUsd === null
                        ? '—'
                        : formatMoney({ amount: wallet.balanceUsd, currency: BASE_CURRENCY }, format, 'currency')}
                    </FigureCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell>
                    <Text weight="semibold">{t('dashboard.total', { currency: BASE_CURRENCY })}</Text>
                  </TableCell>
                  <TableCell />
                  <FigureCell>
                    <Text weight="semibold">
                      {formatMoney({ amount: totalUsd, currency: BASE_CURRENCY }, format, 'currency')}
                    </Text>
                  </FigureCell>
                </TableRow>
              </TableBody>
            </Table>
            {withoutRate > 0 && <Text size={200}>{t('dashboard.withoutRate', { count: withoutRate })}</Text>}
          </>
        )}
      </DataView>
    </WidgetCard>
  );
}

/** Dashboard: this month's income and expense in US dollars, by article direction, and what is left. */
export function MonthWidget() {
  const { t } = useTranslation('finance');
  const store = useInjection(FinanceDashboardStore);
  const month = useData(() => dataOf(store.month()), [store]);
  return (
    <WidgetCard title={t('dashboard.month')}>
      <DataView data={month} errorText={failureText}>
        {(totals) => <MonthTotalsList totals={totals} />}
      </DataView>
    </WidgetCard>
  );
}

function MonthTotalsList({ totals }: { totals: MonthTotals }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const { income, expense, currency, from, to, commission } = totals;
  const net = subtractDecimals(income, expense);
  const sign = signOfDecimal(net);
  return (
    <>
      {from && to && <Text size={200}>{t('dashboard.period', { from: format.date(from), to: format.date(to) })}</Text>}
      <dl className={styles.totals}>
        <dt className={styles.term}>{t('fields.directionValues.income')}</dt>
        <dd className={mergeClasses(styles.value, styles.amount, styles.income)} data-testid="month-income">
          {formatMoney({ amount: income, currency }, format, 'currency')}
        </dd>
        <dt className={styles.term}>{t('fields.directionValues.expense')}</dt>
        <dd className={mergeClasses(styles.value, styles.amount, styles.expense)} data-testid="month-expense">
          {formatMoney({ amount: expense, currency }, format, 'currency')}
        </dd>
        {commission !== null && (
          <>
            <dt className={styles.term}>{t('fields.commission')}</dt>
            <dd className={mergeClasses(styles.value, styles.amount)} data-testid="month-commission">
              {formatMoney({ amount: commission, currency }, format, 'currency')}
            </dd>
          </>
        )}
        <dt className={styles.term}>{t('dashboard.net')}</dt>
        <dd
          className={mergeClasses(styles.value, styles.amount, sign > 0 && styles.income, sign < 0 && styles.expense)}
          data-testid="month-net"
        >
          {formatMoney({ amount: net, currency }, format, 'currency')}
        </dd>
      </dl>
    </>
  );
}
