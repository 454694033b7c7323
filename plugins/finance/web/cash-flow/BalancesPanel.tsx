import { useTranslation } from 'react-i18next';
import {
  makeStyles,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { FigureCell, FigureHeaderCell, useLocaleFormat } from '@core/sdk/web';
import type { CashFlowBalances } from '../../shared/cash-flow';
import { currencyForms, usdExact, usdRounded } from './cash-flow-format';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  scroller: { overflowX: 'auto' },
  total: { fontWeight: tokens.fontWeightSemibold },
});

/** Each wallet's balance at the start and the end of the period, in its currency and in dollars, with the dollar totals. */
export function BalancesPanel({ balances }: { readonly balances: CashFlowBalances }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const usd = (amount: string | null) =>
    amount === null ? (
      <span title={t('cashFlow.noRate')}>{t('cashFlow.noRateShort')}</span>
    ) : (
      <span title={usdExact(format, amount)}>{usdRounded(format, amount)}</span>
    );
  // Each wallet currency reads alike in both columns: BTC's opening 0 with the places of its closing 0.12343678.
  const inCurrency = currencyForms(
    format,
    balances.wallets.flatMap((wallet) => [
      { amount: wallet.opening, currency: wallet.currency },
      { amount: wallet.closing, currency: wallet.currency },
    ]),
  );
  const opening = t('cashFlow.openingOn', { date: format.date(balances.opening_date) });
  const closing = t('cashFlow.closingOn', { date: format.date(balances.closing_date) });
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
              <FigureHeaderCell>{opening}</FigureHeaderCell>
              <FigureHeaderCell>{closing}</FigureHeaderCell>
              <FigureHeaderCell>{t('cashFlow.inUsd', { column: opening })}</FigureHeaderCell>
              <FigureHeaderCell>{t('cashFlow.inUsd', { column: closing })}</FigureHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {balances.wallets.map((wallet) => (
              <TableRow key={wallet.wallet_id}>
                <TableCell>{wallet.name}</TableCell>
                <FigureCell>{inCurrency({ amount: wallet.opening, currency: wallet.currency })}</FigureCell>
                <FigureCell>{inCurrency({ amount: wallet.closing, currency: wallet.currency })}</FigureCell>
                <FigureCell>{usd(wallet.opening_usd)}</FigureCell>
                <FigureCell>{usd(wallet.closing_usd)}</FigureCell>
              </TableRow>
            ))}
            <TableRow className={styles.total}>
              <TableCell>{t('cashFlow.totalUsd')}</TableCell>
              <TableCell />
              <TableCell />
              <FigureCell>{usd(balances.opening_usd)}</FigureCell>
              <FigureCell>{usd(balances.closing_usd)}</FigureCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
