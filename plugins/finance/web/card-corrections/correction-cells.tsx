import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import {
  filteredListPath,
  PermissionService,
  StatusBadge,
  useInjection,
  useLocaleFormat,
  type ResourceCellProps,
} from '@core/sdk/web';
import { adjustingTransactionHash, CORRECTION_STATUS_TONES } from '../../shared/card-corrections';
import { transactionsResource } from '../../shared/resources';
import { differenceSign, isReversal, statusOf } from './correction-record';

const useStyles = makeStyles({
  link: { color: tokens.colorBrandForegroundLink },
});

/** The status column: a badge whose details say what the state means and who approved it, when. */
export function CorrectionStatusCell({ record }: ResourceCellProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const status = statusOf(record);
  const approver = typeof record._labels?.approved_by === 'string' ? record._labels.approved_by : '';
  const at = typeof record.approved_at === 'string' ? format.dateTime(record.approved_at) : '';
  const open =
    status === 'open' && differenceSign(record) === 0
      ? t('cardCorrections.statusDetails.openEqual')
      : t('cardCorrections.statusDetails.open');
  const details =
    status === 'open'
      ? open
      : `${t(`cardCorrections.statusDetails.${status}`)} ${approver !== '' ? t('cardCorrections.approvedByAt', { user: approver, at }) : ''}`.trim();
  return (
    <StatusBadge
      color={CORRECTION_STATUS_TONES[status]}
      details={isReversal(record) ? `${details} ${t('cardCorrections.statusDetails.reversal')}` : details}
      data={{ 'data-correction-status': status }}
    >
      {t(`fields.correctionStatusValues.${status}`)}
    </StatusBadge>
  );
}

/** The adjusting transaction column: a link to the transactions list showing it (for those who may open it). */
export function AdjustingTransactionCell({ record }: ResourceCellProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const permissions = useInjection(PermissionService);
  if (typeof record.transaction_id !== 'number') return null;
  const label = t('cardCorrections.transactionNumber', { id: record.transaction_id });
  if (!permissions.allows(transactionsResource.access.read)) return <>{label}</>;
  return (
    <RouterLink className={styles.link} to={adjustingTransactionPath(record.id)}>
      {label}
    </RouterLink>
  );
}

/** The transactions list filtered to a correction's adjusting transaction. */
export const adjustingTransactionPath = (correctionId: number): string =>
  filteredListPath('/transactions', transactionsResource, [
    { field: 'hash', op: 'eq', value: adjustingTransactionHash(correctionId) },
  ]);
