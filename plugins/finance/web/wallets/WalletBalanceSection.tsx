import { makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { RecordSectionProps } from '@core/sdk/shared';
import { DataView, formatMoney, HttpClients, useData, useInjection, useLocaleFormat } from '@core/sdk/web';
import { BASE_CURRENCY } from '../../shared/currencies';
import { parseBalances, type WalletBalance } from '../dashboard/dashboard-store';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

/** The wallet's balance in its own currency and in dollars at the latest known rate. */
function BalanceFigures({ wallet }: { readonly wallet: WalletBalance }) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const usd =
    wallet.balanceUsd === null
      ? null
      : formatMoney({ amount: wallet.balanceUsd, currency: BASE_CURRENCY }, format, 'currency');
  return (
    <>
      <Text size={500} weight="semibold" className={styles.figure} data-testid="wallet-balance">
        {formatMoney({ amount: wallet.balance, currency: wallet.currency }, format, 'exact')}
      </Text>
      {wallet.currency !== BASE_CURRENCY && (
        <Text className={styles.figure} data-testid="wallet-balance-usd">
          {usd === null
            ? t('walletBalance.noRate', { currency: wallet.currency })
            : t('walletBalance.inUsd', { amount: usd })}
        </Text>
      )}
      <Text size={200}>{t('walletBalance.how')}</Text>
    </>
  );
}

/**
 * A wallet's record page section (slot `record:finance.wallets`): its balance now, in its
 * currency, and what it is worth in dollars at the latest rate, as the dashboard's balances
 * (`GET dashboard/balances`, FW) compute them.
 */
export function WalletBalanceSection({ id }: RecordSectionProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const http = useInjection(HttpClients).get('finance');
  const balances = useData(
    async (signal) => parseBalances(await http.get<unknown>('dashboard/balances', { signal })),
    [http],
  );
  return (
    <section className={styles.section} aria-label={t('walletBalance.title')}>
      <Subtitle2 as="h2">{t('walletBalance.title')}</Subtitle2>
      <DataView
        data={balances}
        isEmpty={(found) => !found.wallets.some((wallet) => wallet.id === id)}
        empty={<Text>{t('walletBalance.none')}</Text>}
      >
        {(found) => {
          const wallet = found.wallets.find((candidate) => candidate.id === id);
          return wallet ? <BalanceFigures wallet={wallet} /> : null;
        }}
      </DataView>
    </section>
  );
}
