import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput, FormDialog, NumberInput, useFormErrors } from '@core/sdk/web';
import { BASE_CURRENCY, FINANCE_CURRENCIES } from '../../shared/currencies';
import type { FinanceResult } from '../finance-result';
import type { SalaryInput, SalaryRow } from './employee-details-store';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  money: { display: 'grid', gridTemplateColumns: '1fr 140px', gap: tokens.spacingHorizontalM },
});

const AMOUNT = /^(0|[1-9][0-9]{0,19})(\.[0-9]{1,8})?$/;

export interface SalaryDialogProps {
  /** The row edited; null to add one. */
  readonly row: SalaryRow | null;
  readonly onSubmit: (input: SalaryInput) => Promise<FinanceResult<unknown>>;
  readonly onClose: () => void;
}

/** Adds or edits one salary-history row: start, optional end (open means still in force), monthly salary. */
export function SalaryDialog({ row, onSubmit, onClose }: SalaryDialogProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  const [start, setStart] = useState(row?.date_start ?? '');
  const [end, setEnd] = useState(row?.date_end ?? '');
  const [amount, setAmount] = useState(row?.salary?.amount ?? '');
  const [currency, setCurrency] = useState(row?.salary?.currency ?? BASE_CURRENCY);
  const errors = useFormErrors({ date_start: start, date_end: end, salary: amount });
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const local: Record<string, string[]> = {};
    if (start === '') local.date_start = [t('common.required')];
    if (!AMOUNT.test(amount.trim()))
      local.salary = [amount.trim() === '' ? t('common.required') : t('salary.badAmount')];
    if (end !== '' && start !== '' && end < start) local.date_end = [t('salary.endBeforeStart')];
    errors.show(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const result = await onSubmit({
      date_start: start,
      date_end: end === '' ? null : end,
      salary: { amount: amount.trim(), currency },
    });
    setBusy(false);
    if (result.ok) return;
    errors.show(result.fieldErrors);
    setGeneral(Object.keys(result.fieldErrors).length > 0 ? null : result.message);
  };

  const first = (name: string) => errors.first(name);
  return (
    <FormDialog
      title={row ? t('salary.editTitle') : t('salary.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      contentClassName={styles.form}
    >
      <Field label={t('fields.dateStart')} required validationMessage={first('date_start')}>
        <DateInput name="date_start" value={start} onChange={setStart} />
      </Field>
      <Field label={t('fields.dateEnd')} hint={t('salary.endHint')} validationMessage={first('date_end')}>
        <DateInput name="date_end" value={end} onChange={setEnd} />
      </Field>
      <div className={styles.money}>
        <Field label={t('fields.salary')} required validationMessage={first('salary')}>
          <NumberInput name="salary" value={amount} onChange={setAmount} />
        </Field>
        <Field label={t('fields.currency')}>
          <Select name="currency" value={currency} onChange={(_, data) => setCurrency(data.value)}>
            {FINANCE_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {general && <Text role="alert">{general}</Text>}
    </FormDialog>
  );
}
