import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, Field, Option } from '@fluentui/react-components';
import type { FinanceResult } from './finance-result';
import type { ReferenceOption } from './employees/employee-types';

/** Typing pauses this long before the search is sent. */
export const SEARCH_DELAY_MS = 250;

export interface ReferencePickerProps {
  readonly label: string;
  readonly value: ReferenceOption | null;
  readonly onChange: (value: ReferenceOption | null) => void;
  readonly search: (text: string) => Promise<FinanceResult<readonly ReferenceOption[]>>;
  readonly required?: boolean;
  readonly validationMessage?: string;
  readonly placeholder?: string;
}

/** Picks one record of a `references/<path>` list, searching as the user types. */
export function ReferencePicker({
  label,
  value,
  onChange,
  search,
  required,
  validationMessage,
  placeholder,
}: ReferencePickerProps) {
  const { t } = useTranslation('finance');
  const [text, setText] = useState(value?.label ?? '');
  const [options, setOptions] = useState<readonly ReferenceOption[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const ticket = useRef(0);
  const id = useId();

  useEffect(() => {
    setText(value?.label ?? '');
  }, [value]);

  useEffect(() => {
    const mine = ++ticket.current;
    const timer = setTimeout(() => {
      void search(text.trim()).then((result) => {
        if (mine !== ticket.current) return;
        setOptions(result.ok ? result.data : []);
        setProblem(result.ok ? null : result.message);
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, text]);

  return (
    <Field label={label} required={required} validationMessage={problem ?? validationMessage}>
      <Combobox
        id={id}
        freeform
        expandIcon={{ 'aria-label': t('core:resource.form.openList') }}
        value={text}
        placeholder={placeholder}
        selectedOptions={value ? [String(value.id)] : []}
        open={open}
        onOpenChange={(_, data) => setOpen(data.open)}
        onChange={(event) => {
          setText(event.target.value);
          // Pasted text opens the list too, not only typed keys.
          setOpen(true);
          if (value) onChange(null);
        }}
        onOptionSelect={(_, data) => {
          const chosen = options.find((option) => String(option.id) === data.optionValue) ?? null;
          onChange(chosen);
          setText(chosen?.label ?? '');
          setOpen(false);
        }}
      >
        {options.length === 0 ? (
          <Option value="" disabled text={t('common.nothingFound')}>
            {t('common.nothingFound')}
          </Option>
        ) : (
          options.map((option) => (
            <Option key={option.id} value={String(option.id)} text={option.label}>
              {option.label}
            </Option>
          ))
        )}
      </Combobox>
    </Field>
  );
}
