import { useTranslation } from 'react-i18next';
import {
  Button,
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
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { compareDecimals } from '@core/sdk/shared';
import { DataView, FigureCell, FigureHeaderCell, formatMoney, useLocaleFormat, type DataResult } from '@core/sdk/web';
import type { CardWalletSummary } from '../../shared/card-corrections';
import { failureText } from '../finance-result';

const useStyles = makeStyles({
  card: { marginBottom: tokens.spacingVerticalS },
  open: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface WalletDifferencesPanelProps {
  readonly summary: DataResult<readonly CardWalletSummary[]>;
}

/** Between the page's heading and the list: per card wallet, the books now, the latest statement and what is still open. */
export function WalletDifferencesPanel({ summary }: WalletDifferencesPanelProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const title = t('cardCorrections.panelTitle');
  return (
    <Card className={styles.card} role="region" aria-label={title}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={400}>
            {title}
          </Text>
        }
        action={
          <Button
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            aria-label={t('common.refresh')}
            onClick={() => void summary.reload()}
          />
        }
      />
      <DataView
        data={summary}
        errorText={failureText}
        isEmpty={(rows) => rows.length === 0}
        empty={<Text>{t('cardCorrections.noCardWallets')}</Text>}
      >
        {(rows) => (
          <Table size="small" aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('fields.wallet')}</TableHeaderCell>
                <FigureHeaderCell>{t('cardCorrections.bookNow')}</FigureHeaderCell>
                <TableHeaderCell>{t('cardCorrections.latestStatement')}</TableHeaderCell>
                <FigureHeaderCell>{t('cardCorrections.openDifferenceColumn')}</FigureHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                const open = row.open_count > 0 && compareDecimals(row.open_difference.amount, '0') !== 0;
                return (
                  <TableRow key={row.wallet_id} data-wallet-id={row.wallet_id}>
                    <TableCell>{row.wallet_name}</TableCell>
                    <FigureCell>{formatMoney(row.book_balance, format)}</FigureCell>
                    <TableCell>
                      {row.latest_statement ? (
                        t('cardCorrections.statementOn', {
                          amount: formatMoney(row.latest_statement.balance, format),
                          day: format.date(row.latest_statement.date),
                        })
                      ) : (
                        <span className={styles.muted}>{t('cardCorrections.noStatement')}</span>
                      )}
                    </TableCell>
                    <FigureCell className={open ? styles.open : styles.muted}>
                      {row.open_count === 0
                        ? t('cardCorrections.nothingOpen')
                        : t('cardCorrections.openCount', {
                            amount: formatMoney(row.open_difference, format),
                            count: row.open_count,
                          })}
                    </FigureCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DataView>
    </Card>
  );
}
