import { useTranslation } from 'react-i18next';
import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { TransferParty, TransferPreview } from '../../shared/transfer';

const nameOf = (party: TransferParty | null): string => party?.label ?? '—';

/** What the transfer would change: each order's buyer and team now and after, its positions, and why it cannot move. */
export function PreviewTable({ preview }: { readonly preview: TransferPreview }) {
  const { t } = useTranslation('shop');
  return (
    <Table aria-label={t('transfer.preview.title')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('fields.order')}</TableHeaderCell>
          <TableHeaderCell>{t('transfer.preview.fromUser')}</TableHeaderCell>
          <TableHeaderCell>{t('transfer.preview.toUser')}</TableHeaderCell>
          <TableHeaderCell>{t('transfer.preview.fromTeam')}</TableHeaderCell>
          <TableHeaderCell>{t('transfer.preview.toTeam')}</TableHeaderCell>
          <TableHeaderCell>{t('transfer.preview.positions')}</TableHeaderCell>
          <TableHeaderCell>{t('transfer.preview.outcome')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {preview.rows.map((row) => (
          <TableRow key={row.order} data-order={row.order} data-refusal={row.refusal ?? 'none'}>
            <TableCell>{row.title ? `#${row.order} ${row.title}` : `#${row.order}`}</TableCell>
            <TableCell>{nameOf(row.from_user)}</TableCell>
            <TableCell>{nameOf(row.to_user)}</TableCell>
            <TableCell>{nameOf(row.from_team)}</TableCell>
            <TableCell>{nameOf(row.to_team)}</TableCell>
            <TableCell>{row.positions}</TableCell>
            <TableCell>
              {row.refusal === null ? (
                <Badge appearance="tint" color="success">
                  {t('transfer.preview.moves')}
                </Badge>
              ) : (
                <Badge appearance="tint" color="danger">
                  {t(`transfer.refusals.${row.refusal}`)}
                </Badge>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
