import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Spinner,
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
import { FigureCell, FigureHeaderCell, formatMoney, useInjection, useLocaleFormat } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';
import { signOfDecimal } from '../decimal';
import type { FinanceResult } from '../finance-result';
import { FinanceDashboardStore } from './dashboard-store';

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

function Pending({ result }: { result: FinanceResult<unknown> | null }) {
  const { t } = useTranslation('finance');
  if (result === null) return <Spinner size="small" label={t('common.loading')} />;
  if (!result.ok) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{result.message}</MessageBarBody>
      </MessageBar>
    );
  }
  return null;
}

/** Dashboard: the balance of every wallet in its currency and in dollars, with the dollar total. */
export const BalancesWidget = observer(function BalancesWidget() {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const store = useInjection(FinanceDashboardStore);
  useEffect(() => {
    void store.loadBalances();
  }, [store]);
  const result = store.balances;
  if (!result?.ok) {
    return (
      <WidgetCard title={t('dashboard.balances')}>
        <Pending result={result} />
      </WidgetCard>
    );
  }
  const { wallets, totalUsd, withoutRate } = result.data;
  return (
    <WidgetCard title={t('dashboard.balances')}>
      {wallets.length === 0 ? (
        <Text>{t('dashboard.noWallets')}</Text>
      ) : (
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
                  <FigureCell>{formatMoney({ amount: wallet.balance, currency: wallet.currency }, format)}</FigureCell>
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
    </WidgetCard>
  );
});

/** Dashboard: this month's income and expense in US dollars, by article direction, and what is left. */
export const MonthWidget = observer(function MonthWidget() {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(FinanceDashboardStore);
  useEffect(() => {
    void store.loadMonth();
  }, [store]);
  const result = store.month;
  if (!result?.ok) {
    return (
      <WidgetCard title={t('dashboard.month')}>
        <Pending result={result} />
      </WidgetCard>
    );
  }
  const { income, expense, currency, from, to } = result.data;
  const net = subtractDecimals(income, expense);
  const sign = signOfDecimal(net);
  return (
    <WidgetCard title={t('dashboard.month')}>
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
        {result.data.commission !== null && (
          <>
            <dt className={styles.term}>{t('fields.commission')}</dt>
            <dd className={mergeClasses(styles.value, styles.amount)} data-testid="month-commission">
              {formatMoney({ amount: result.data.commission, currency }, format, 'currency')}
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
    </WidgetCard>
  );
});
