import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, MessageBar, MessageBarBody, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceRecord } from '@core/sdk/shared';
import { FormDialog, useFormErrors, useInjection, useLocaleFormat } from '@core/sdk/web';
import { CardCorrectionsStore } from './card-corrections-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ReverseCorrectionDialogProps {
  readonly record: ResourceRecord;
  readonly onClose: () => void;
  /** Told once the reversal is booked, so the list and the panel read again. */
  readonly onReversed: () => void;
}

/** The reverse action: asks for the reason (required), then books the reversal. */
export function ReverseCorrectionDialog({ record, onClose, onReversed }: ReverseCorrectionDialogProps) {
  const { t } = useTranslation('finance');
  const format = useLocaleFormat();
  const styles = useStyles();
  const store = useInjection(CardCorrectionsStore);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useFormErrors({ reason });

  const reverse = async () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    const result = await store.reverse(record.id, reason);
    setBusy(false);
    if (!result.ok) {
      errors.show(result.fieldErrors);
      setFailure(result.fieldErrors.reason ? null : result.message);
      return;
    }
    onReversed();
    onClose();
  };

  const day = typeof record.correction_date === 'string' ? format.date(record.correction_date) : '';
  return (
    <FormDialog
      title={t('cardCorrections.reverseTitle')}
      onSubmit={reverse}
      onClose={onClose}
      busy={busy}
      submitLabel={t('cardCorrections.reverse')}
      contentClassName={styles.content}
    >
      <Text>{t('cardCorrections.reverseExplained', { day })}</Text>
      <Field
        label={t('fields.reason')}
        required
        validationMessage={
          errors.first('reason') ?? (missing && reason.trim() === '' ? t('common.required') : undefined)
        }
      >
        <Textarea name="reason" value={reason} maxLength={2000} onChange={(_, data) => setReason(data.value)} />
      </Field>
      {failure && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
