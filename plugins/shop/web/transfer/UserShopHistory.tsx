import { useTranslation } from 'react-i18next';
import {
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
import type { AuditEntry, DataEnvelope } from '@core/sdk/shared';
import { DataView, HttpClients, serverMessage, useData, useInjection, useLocaleFormat } from '@core/sdk/web';
import { TRANSFER_IN, TRANSFER_PATH, type TransferHistoryValues } from '../../shared/transfer';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: '360px',
    flex: '1 1 360px',
  },
});

export interface UserShopHistoryProps {
  readonly userId: number;
  /** The heading: whose history this is. */
  readonly title: string;
}

const orderOf = (entry: AuditEntry): TransferHistoryValues | null =>
  (entry.after as TransferHistoryValues | null) ?? null;

/**
 * A user's shop history: every order moved to them or away from them by manual transfer, when and
 * by whom (`GET transfer/users/{id}/history`). Give it a new `key` to read it again after a transfer.
 */
export function UserShopHistory({ userId, title }: UserShopHistoryProps) {
  const { t } = useTranslation('shop');
  const format = useLocaleFormat();
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const history = useData(
    async (signal) =>
      (
        await clients
          .get('shop')
          .get<DataEnvelope<AuditEntry[]>>(`${TRANSFER_PATH}/users/${userId}/history`, { silent: true, signal })
      ).data,
    [clients, userId],
  );
  return (
    <section className={styles.section} aria-label={title}>
      <Text weight="semibold">{title}</Text>
      <DataView
        data={history}
        errorText={serverMessage}
        isEmpty={(entries) => entries.length === 0}
        empty={t('transfer.history.empty')}
      >
        {(entries) => (
          <Table size="small" aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('transfer.history.at')}</TableHeaderCell>
                <TableHeaderCell>{t('transfer.history.move')}</TableHeaderCell>
                <TableHeaderCell>{t('transfer.history.by')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => {
                const moved = orderOf(entry);
                const words = entry.action === TRANSFER_IN ? 'transfer.history.received' : 'transfer.history.gave';
                return (
                  <TableRow key={entry.id}>
                    <TableCell>{format.dateTime(entry.at)}</TableCell>
                    <TableCell>
                      {moved ? t(words, { order: moved.order, positions: moved.positions }) : entry.action}
                    </TableCell>
                    <TableCell>{entry.actor_name ?? '—'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DataView>
    </section>
  );
}
