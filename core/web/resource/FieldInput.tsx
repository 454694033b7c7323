import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dropdown,
  Field,
  FieldContextProvider,
  Input,
  Option,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { DateInput } from '../react/DateInput';
import { DateTimeInput } from '../react/DateTimeInput';
import { CurrencyPicker } from '../react/CurrencyPicker';
import { NumberInput } from '../react/NumberInput';
import { hasSecretValues, SECRET_VALUE_MASK, type FieldDefinition } from '@core/shared/resource/field';
import { asId, asIds, asMoney, asRows, asText, keyValueRow, type FormValue } from './form-model';
import { enumLabel } from './format-value';
import { useListboxClass } from './listbox';
import type { ReferenceLabels } from './reference-labels';
import { ReferencePicker } from './ReferencePicker';
import { useResourceStrings } from './resource-strings';

const useStyles = makeStyles({
  money: { display: 'flex', gap: tokens.spacingHorizontalS },
  amount: { flexGrow: 1, minWidth: 0 },
  amountInput: { width: '100%', minWidth: 0 },
  currency: { width: '112px', minWidth: '112px' },
  entries: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entry: { display: 'grid', gridTemplateColumns: '1fr 2fr auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  add: { alignSelf: 'flex-start' },
});

export interface FieldInputProps {
  readonly field: FieldDefinition;
  readonly value: FormValue | undefined;
  readonly onChange: (value: FormValue) => void;
  readonly labels: ReferenceLabels;
  /** Messages under the input (client checks, or the server's 422). */
  readonly messages?: readonly string[];
  /** Editing a record whose secret is set (it reads as the mask). */
  readonly secretStored?: boolean;
  /** Editing a record whose reference kept the text it was typed as before (its `legacyField`). */
  readonly legacyText?: string | null;
}

function MoneyInput({
  field,
  value,
  onChange,
  labelId,
  invalid,
}: FieldInputProps & { labelId: string; invalid: boolean }) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const money = asMoney(value);
  const currencies = field.kind === 'money' ? field.currencies : undefined;
  return (
    <div className={styles.money} role="group" aria-labelledby={labelId}>
      {/* A box of its own, so a message about the typed amount sits under it, not beside the currency. */}
      <div className={styles.amount}>
        <NumberInput
          className={styles.amountInput}
          aria-label={t('resource.form.amount')}
          aria-invalid={invalid || undefined}
          value={money.amount}
          onChange={(amount) => onChange({ ...money, amount })}
        />
      </div>
      {currencies && currencies.length > 0 ? (
        <CurrencyPicker
          className={styles.currency}
          aria-label={t('resource.form.currency')}
          currencies={currencies}
          value={money.currency}
          onChange={(currency) => onChange({ ...money, currency })}
        />
      ) : (
        <Input
          className={styles.currency}
          aria-label={t('resource.form.currency')}
          maxLength={5}
          value={money.currency}
          onChange={(_, data) => onChange({ ...money, currency: data.value.toUpperCase() })}
        />
      )}
    </div>
  );
}

function KeyValueInput({ field, value, onChange, labelId }: FieldInputProps & { labelId: string }) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const rows = asRows(value);
  const secret = hasSecretValues(field);
  const update = (id: number, change: { key?: string; value?: string }) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <div className={styles.entries} role="group" aria-labelledby={labelId}>
      {rows.map((row) => (
        <div key={row.id} className={styles.entry}>
          <Input
            aria-label={t('resource.form.key')}
            placeholder={t('resource.form.key')}
            value={row.key}
            onChange={(_, data) => update(row.id, { key: data.value })}
          />
          <Input
            aria-label={t('resource.form.entryValue')}
            // A stored secret reads as the mask until a new value is typed over it.
            placeholder={row.keepsStored ? SECRET_VALUE_MASK : t('resource.form.entryValue')}
            {...(secret ? { type: 'password', autoComplete: 'new-password' } : {})}
            value={row.value}
            onChange={(_, data) => update(row.id, { value: data.value })}
          />
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t('resource.form.removeEntry', { key: row.key })}
            onClick={() => onChange(rows.filter((candidate) => candidate.id !== row.id))}
          />
        </div>
      ))}
      <Button
        className={styles.add}
        size="small"
        icon={<AddRegular />}
        onClick={() => onChange([...rows, keyValueRow()])}
      >
        {t('resource.form.addEntry')}
      </Button>
    </div>
  );
}

function single(value: FormValue | undefined): number[] {
  const id = asId(value);
  return id === null ? [] : [id];
}

/** The control for one field, by kind, inside a Fluent Field (label, required mark, hint, messages). */
export function FieldInput(props: FieldInputProps) {
  useResourceStrings();
  const { field, value, onChange, labels, messages, secretStored, legacyText } = props;
  const { t } = useTranslation('core');
  const labelId = useId();
  const listboxClass = useListboxClass();
  const invalid = (messages?.length ?? 0) > 0;
  const hints = [field.hintKey ? t(field.hintKey) : null];
  if (field.kind === 'secret')
    hints.push(t('resource.form.secretHint'), secretStored ? t('resource.form.secretSet') : null);
  if (hasSecretValues(field)) hints.push(t('resource.form.secretValuesHint'));
  if (legacyText) hints.push(t('resource.form.legacyHint', { value: legacyText }));
  const hint = hints.filter((text): text is string => text !== null).join(' ');

  const control = () => {
    switch (field.kind) {
      case 'longText':
        return <Textarea resize="vertical" value={asText(value)} onChange={(_, data) => onChange(data.value)} />;
      case 'number':
        return (
          <NumberInput inputMode={field.integer ? 'numeric' : 'decimal'} value={asText(value)} onChange={onChange} />
        );
      case 'percent':
        return <NumberInput contentAfter="%" value={asText(value)} onChange={onChange} />;
      case 'decimal':
        return <NumberInput value={asText(value)} onChange={onChange} />;
      case 'money':
        return <MoneyInput {...props} labelId={labelId} invalid={invalid} />;
      case 'boolean':
        return <Switch checked={value === true} onChange={(_, data) => onChange(data.checked)} />;
      case 'date':
        return <DateInput min={field.min} max={field.max} value={asText(value)} onChange={onChange} />;
      case 'datetime':
        return (
          <DateTimeInput
            aria-labelledby={labelId}
            aria-invalid={invalid || undefined}
            value={asText(value)}
            onChange={onChange}
          />
        );
      case 'enum': {
        const current = asText(value);
        return (
          <Dropdown
            value={current ? enumLabel(field, current, { t }) : ''}
            selectedOptions={current ? [current] : []}
            onOptionSelect={(_, data) => onChange(data.optionValue ?? '')}
            listbox={{ className: listboxClass }}
          >
            {!field.required && <Option value="">{t('resource.form.none')}</Option>}
            {field.values.map((option) => (
              <Option key={option} value={option}>
                {enumLabel(field, option, { t })}
              </Option>
            ))}
          </Dropdown>
        );
      }
      case 'reference':
        return (
          <ReferencePicker
            target={field.target}
            labels={labels}
            multiple={field.many === true}
            value={field.many ? asIds(value) : single(value)}
            ariaLabelledBy={labelId}
            invalid={invalid}
            onChange={(ids) => onChange(field.many ? ids : (ids[0] ?? null))}
          />
        );
      case 'keyValue':
        return <KeyValueInput {...props} labelId={labelId} />;
      case 'secret':
        return (
          <Input
            type="password"
            autoComplete="new-password"
            value={asText(value)}
            onChange={(_, data) => onChange(data.value)}
          />
        );
      default:
        return (
          <Input
            type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
            placeholder={field.placeholder}
            value={asText(value)}
            onChange={(_, data) => onChange(data.value)}
          />
        );
    }
  };

  // Money, key/value maps and a date with its time are several inputs under one label: a labelled
  // group, whose inputs must not all take the Field's control id.
  const compound = field.kind === 'money' || field.kind === 'keyValue' || field.kind === 'datetime';
  return (
    <Field
      label={{ children: t(field.labelKey), id: labelId, ...(compound ? { htmlFor: undefined } : {}) }}
      // A stored secret stays when the input is left empty, so it is not required then.
      required={field.required === true && !(field.kind === 'secret' && secretStored)}
      hint={hint || undefined}
      validationState={invalid ? 'error' : 'none'}
      validationMessage={invalid ? messages?.join(' ') : undefined}
      data-field={field.name}
    >
      {compound ? <FieldContextProvider value={undefined}>{control()}</FieldContextProvider> : control()}
    </Field>
  );
}
