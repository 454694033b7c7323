import { useTranslation } from 'react-i18next';
import { makeStyles, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { formatDay, formatMoney } from '@core/sdk/web';
import type { CashFlowBalances } from '../../shared/cash-flow';
import { usdExact, usdRounded } from './cash-flow-format';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  scroller: { overflowX: 'auto' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  // A header's label sits in a flex box of its own: moved to the end, it stands over its figures.
  numberHeader: { justifyContent: 'flex-end', textAlign: 'end' },
  total: { fontWeight: tokens.fontWeightSemibold },
});

/** Each wallet's balance at the start and the end of the period, in its currency and in dollars, with the dollar totals. */
export function BalancesPanel({ balances }: { readonly balances: CashFlowBalances }) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const usd = (amount: string | null) => (amount === null ? <span title={t('cashFlow.noRate')}>{t('cashFlow.noRateShort')}</span> : <span title={usdExact(amount)}>{usdRounded(amount)}</span>);
  const opening = t('cashFlow.openingOn', { date: formatDay(balances.opening_date) });
  const closing = t('cashFlow.closingOn', { date: formatDay(balances.closing_date) });
  return (
    <section className={styles.panel} aria-label={t('cashFlow.balances')} data-testid="cash-flow-balances">
      {balances.missing_rates && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('cashFlow.missingRates')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.scroller}>
        <Table size="small" aria-label={t('cashFlow.balances')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('fields.wallet')}</TableHeaderCell>
              <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>{opening}</TableHeaderCell>
              <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>{closing}</TableHeaderCell>
              <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>{t('cashFlow.inUsd', { column: opening })}</TableHeaderCell>
              <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>{t('cashFlow.inUsd', { column: closing })}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {balances.wallets.map((wallet) => (
              <TableRow key={wallet.wallet_id}>
                <TableCell>{wallet.name}</TableCell>
                <TableCell className={styles.number}>{formatMoney({ amount: wallet.opening, currency: wallet.currency })}</TableCell>
                <TableCell className={styles.number}>{formatMoney({ amount: wallet.closing, currency: wallet.currency })}</TableCell>
                <TableCell className={styles.number}>{usd(wallet.opening_usd)}</TableCell>
                <TableCell className={styles.number}>{usd(wallet.closing_usd)}</TableCell>
              </TableRow>
            ))}
            <TableRow className={styles.total}>
              <TableCell>{t('cashFlow.totalUsd')}</TableCell>
              <TableCell />
              <TableCell />
              <TableCell className={styles.number}>{usd(balances.opening_usd)}</TableCell>
              <TableCell className={styles.number}>{usd(balances.closing_usd)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
