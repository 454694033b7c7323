import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { referenceTo, type ResourceRecord } from '@core/sdk/shared';
import {
  FormDialog,
  ReferencePickerField,
  formatMoney,
  useInjection,
  useLocaleFormat,
  useReferenceLabels,
} from '@core/sdk/web';
import { walletsResource } from '../../shared/resources';
import { MotivationStore } from './motivation-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const WALLETS = referenceTo(walletsResource);

export interface ApproveSheetDialogProps {
  readonly sheet: ResourceRecord;
  readonly onClose: () => void;
  /** Told once the month is approved, so the page reads it again. */
  readonly onApproved: () => void;
}

/** Approving a month: the payroll wallet is chosen, then one draft per paid line is made in its currency. */
export function ApproveSheetDialog({ sheet, onClose, onApproved }: ApproveSheetDialogProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(MotivationStore);
  const labels = useReferenceLabels();
  const [wallet, setWallet] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const total =
    typeof sheet.total_usd === 'string' ? formatMoney({ amount: sheet.total_usd, currency: 'USD' }, format) : '';

  const approve = async () => {
    if (wallet === null) {
      setMissing(true);
      return;
    }
    setBusy(true);
    const result = await store.approve(sheet, wallet);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    onApproved();
    onClose();
  };

  return (
    <FormDialog
      title={t('motivation.approveTitle', { month: typeof sheet.month === 'string' ? format.month(sheet.month) : '' })}
      onSubmit={approve}
      onClose={onClose}
      busy={busy}
      submitLabel={t('motivation.approve')}
      contentClassName={styles.content}
    >
      <Text>{t('motivation.approveText', { total })}</Text>
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <ReferencePickerField
        label={t('fields.payrollWallet')}
        target={WALLETS}
        labels={labels}
        value={wallet}
        onChange={(id) => {
          setWallet(id);
          setMissing(false);
        }}
        required
        {...(missing ? { validationMessage: t('motivation.walletRequired') } : {})}
      />
    </FormDialog>
  );
}
