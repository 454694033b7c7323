import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { multiplyDecimals, type ResourceRecord } from '@core/sdk/shared';
import { formatMoney, FormDialog, InfoDialog, PermissionService, useInjection, useLocaleFormat } from '@core/sdk/web';
import { transactionsResource } from '../../shared/resources';
import { adjustingTransactionPath } from './correction-cells';
import { differenceSign, moneyOf } from './correction-record';
import { CardCorrectionsStore } from './card-corrections-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  link: { color: tokens.colorBrandForegroundLink },
});

export interface ApproveCorrectionDialogProps {
  readonly record: ResourceRecord;
  readonly onClose: () => void;
  /** Told once the correction is approved, so the list and the panel read again. */
  readonly onApproved: () => void;
}

/**
 * The approve action's confirmation: it names what will be booked (the amount, income or expense,
 * the correction article, the wallet and the day), then, once approved, links to the adjusting
 * transaction. The server recomputes the difference when approving, so the words say "about".
 */
export function ApproveCorrectionDialog({ record, onClose, onApproved }: ApproveCorrectionDialogProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(CardCorrectionsStore);
  const canOpenTransactions = useInjection(PermissionService).allows(transactionsResource.access.read);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [approved, setApproved] = useState<ResourceRecord | null>(null);

  const sign = differenceSign(record);
  const difference = moneyOf(record.difference);
  const wallet = typeof record._labels?.wallet_id === 'string' ? record._labels.wallet_id : '';
  const day = typeof record.correction_date === 'string' ? format.date(record.correction_date) : '';

  const approve = async () => {
    setBusy(true);
    const result = await store.approve(record.id);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    setApproved(result.data);
    onApproved();
  };

  if (approved) {
    const booked = typeof approved.transaction_id === 'number';
    return (
      <InfoDialog title={t('cardCorrections.approvedTitle')} onClose={onClose} contentClassName={styles.content}>
        <Text>
          {booked
            ? t('cardCorrections.approvedBooked', { id: approved.transaction_id })
            : t('cardCorrections.approvedClosed')}
        </Text>
        {booked && canOpenTransactions && (
          <RouterLink className={styles.link} to={adjustingTransactionPath(approved.id)}>
            {t('cardCorrections.openTransaction')}
          </RouterLink>
        )}
      </InfoDialog>
    );
  }

  const amount = difference
    ? formatMoney(sign < 0 ? { ...difference, amount: multiplyDecimals(difference.amount, '-1') } : difference, format)
    : '';
  const question =
    sign === 0
      ? t('cardCorrections.approveEqual')
      : t(sign > 0 ? 'cardCorrections.approveIncome' : 'cardCorrections.approveExpense', {
          amount,
          article: t(sign > 0 ? 'cardCorrections.articleIncome' : 'cardCorrections.articleExpense'),
          wallet,
          day,
        });
  return (
    <FormDialog
      title={t('cardCorrections.approveTitle')}
      onSubmit={approve}
      onClose={onClose}
      busy={busy}
      submitLabel={t('cardCorrections.approve')}
      contentClassName={styles.content}
    >
      <Text>{question}</Text>
      {sign !== 0 && <Text>{t('cardCorrections.approveRecomputed')}</Text>}
      {failure && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
