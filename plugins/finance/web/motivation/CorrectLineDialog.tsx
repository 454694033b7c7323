import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, MessageBar, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { ResourceRecord } from '@core/sdk/shared';
import { FormDialog, NumberInput, useFormErrors, useInjection } from '@core/sdk/web';
import { MotivationStore } from './motivation-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const DECIMAL = /^-?[0-9]{1,9}(\.[0-9]{1,2})?$/;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface CorrectLineDialogProps {
  readonly line: ResourceRecord;
  /** The employee's name, for the title. */
  readonly employee: string;
  readonly onClose: () => void;
  /** Told once the correction is saved, so the month reads again. */
  readonly onCorrected: () => void;
}

/** A line's correction in US dollars (negative takes pay away) and why; both required, as the server checks. */
export function CorrectLineDialog({ line, employee, onClose, onCorrected }: CorrectLineDialogProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const store = useInjection(MotivationStore);
  const [amount, setAmount] = useState(textOf(line.correction_usd));
  const [comment, setComment] = useState(textOf(line.correction_comment));
  const errors = useFormErrors({ correction_usd: amount, correction_comment: comment });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const local: Record<string, string[]> = {};
    if (!DECIMAL.test(amount.trim())) local.correction_usd = [t('motivation.amountInvalid')];
    if (comment.trim() === '') local.correction_comment = [t('motivation.commentRequired')];
    errors.show(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const result = await store.correct(line, amount.trim(), comment.trim());
    setBusy(false);
    if (!result.ok) {
      errors.show(result.fieldErrors);
      setFailure(Object.keys(result.fieldErrors).length > 0 ? null : result.message);
      return;
    }
    onCorrected();
    onClose();
  };

  return (
    <FormDialog
      title={t('motivation.correctTitle', { employee })}
      onSubmit={save}
      onClose={onClose}
      busy={busy}
      contentClassName={styles.content}
    >
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <Field
        label={t('fields.correctionUsd')}
        required
        hint={t('motivation.correctionHint')}
        validationMessage={errors.of('correction_usd')?.join(' ')}
      >
        <NumberInput value={amount} onChange={setAmount} />
      </Field>
      <Field
        label={t('fields.correctionComment')}
        required
        validationMessage={errors.of('correction_comment')?.join(' ')}
      >
        <Textarea value={comment} resize="vertical" onChange={(_, data) => setComment(data.value)} />
      </Field>
    </FormDialog>
  );
}
