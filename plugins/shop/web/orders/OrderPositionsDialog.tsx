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
import type { ResourceRecord } from '@core/sdk/shared';
import {
  CopyButton,
  DataView,
  HttpClients,
  InfoDialog,
  serverMessage,
  useData,
  useInjection,
  useLocaleFormat,
} from '@core/sdk/web';
import type { OrderPosition } from '../../shared/orders';
import { orderPositions } from './orders-api';

const useStyles = makeStyles({
  surface: { maxWidth: '880px', width: '90vw' },
  data: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontFamily: tokens.fontFamilyMonospace,
    wordBreak: 'break-all',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface OrderPositionsDialogProps {
  readonly order: ResourceRecord;
  /** Shown right after Complete: the title says the order is completed. */
  readonly completed?: boolean;
  readonly onClose: () => void;
}

/** When the order's reservation runs out: the latest end of its reserved positions (they are reserved together). */
function reservedUntil(positions: readonly OrderPosition[]): string | null {
  const ends = positions.flatMap((position) =>
    position.state === 'reserved' && position.reserved_until !== null ? [position.reserved_until] : [],
  );
  return ends.length > 0 ? ends.reduce((latest, end) => (Date.parse(end) > Date.parse(latest) ? end : latest)) : null;
}

/**
 * The positions an order holds, reserved for its buyer: state, until when, and the data with a copy
 * button when the reader may see it (the buyer, stock staff). Read when the dialog opens; the
 * server audits each reveal, and the data lives only while the dialog is open.
 */
export function OrderPositionsDialog({ order, completed = false, onClose }: OrderPositionsDialogProps) {
  const { t } = useTranslation('shop');
  const format = useLocaleFormat();
  const styles = useStyles();
  const clients = useInjection(HttpClients);
  const positions = useData((signal) => orderPositions(clients, order.id, signal), [clients, order.id]);
  const buyer = order._labels?.user;
  const title = typeof order.title === 'string' ? order.title : `#${order.id}`;
  const reservation = (name: string, until: string | null) =>
    until
      ? t('orders.positions.buyerUntil', { buyer: name, until: format.dateTime(until) })
      : t('orders.positions.buyer', { buyer: name });

  return (
    <InfoDialog
      title={t(completed ? 'orders.positions.completedTitle' : 'orders.positions.title', { order: order.id, title })}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <DataView
        data={positions}
        errorText={serverMessage}
        isEmpty={(rows) => rows.length === 0}
        empty={t('orders.positions.none')}
      >
        {(rows) => (
          <>
            {typeof buyer === 'string' && <Text block>{reservation(buyer, reservedUntil(rows))}</Text>}
            <Table size="small" aria-label={t('orders.positions.table')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('orders.positions.position')}</TableHeaderCell>
                  <TableHeaderCell>{t('fields.state')}</TableHeaderCell>
                  <TableHeaderCell>{t('fields.reservedUntil')}</TableHeaderCell>
                  <TableHeaderCell>{t('fields.data')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((position) => (
                  <TableRow key={position.id} data-position={position.id}>
                    <TableCell>{`#${position.id}${position.title ? ` ${position.title}` : ''}`}</TableCell>
                    <TableCell>{t(`fields.stateValues.${position.state}`)}</TableCell>
                    <TableCell>{position.reserved_until ? format.dateTime(position.reserved_until) : '—'}</TableCell>
                    <TableCell>
                      {position.data === null ? (
                        <span className={styles.muted}>{t('orders.positions.hidden')}</span>
                      ) : (
                        <span className={styles.data}>
                          {position.data}
                          <CopyButton text={position.data} compact />
                        </span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DataView>
    </InfoDialog>
  );
}
