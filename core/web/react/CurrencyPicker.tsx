import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, Option, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { currencyMatches, currencyName } from '@core/shared/format/currency-names';
import { useListboxClass } from '../resource/listbox';
import { useLocaleFormat } from './use-locale-format';

const useStyles = makeStyles({
  // The field holds the code alone; its list is as wide as the names it offers.
  listbox: { minWidth: '240px' },
  // Fluent's input keeps the width of twenty characters unless told: it fills the field instead.
  input: { width: '100%', minWidth: 0 },
  name: { whiteSpace: 'pre', color: tokens.colorNeutralForeground3 },
});

// The list is as wide as its names, not as the narrow field: Fluent would match the field's width.
const LIST_POSITION = { matchTargetSize: undefined } as const;

export interface CurrencyPickerProps {
  /** ISO 4217 codes (or a crypto code such as USDT), in the order offered. */
  readonly currencies: readonly string[];
  /** The chosen code, '' for none. */
  readonly value: string;
  readonly onChange: (code: string) => void;
  readonly className?: string;
  readonly 'aria-label'?: string;
  readonly 'aria-labelledby'?: string;
  readonly 'aria-invalid'?: boolean;
}

/**
 * A currency choice: the field shows the code, the list each code with its name in the interface
 * language ("USD — доллар США"), and typing finds a currency by its code or its name in either
 * language ("dollar", "доллар", "usd").
 */
export function CurrencyPicker({ currencies, value, onChange, className, ...aria }: CurrencyPickerProps) {
  const { t } = useTranslation('core');
  const { language } = useLocaleFormat();
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const offered = open ? currencies.filter((code) => currencyMatches(code, text)) : currencies;
  return (
    <Combobox
      {...aria}
      className={className}
      // The typed text searches; only a chosen option changes the value.
      freeform
      expandIcon={{ 'aria-label': t('resource.form.openList') }}
      open={open}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        // Cleared on closing, not on opening: typing opens the list, and what was typed must stay.
        if (!data.open) setText('');
      }}
      value={open ? text : value}
      // While the list is open the field holds what is typed; the chosen code stays in sight behind it.
      placeholder={value}
      input={{ className: styles.input }}
      onChange={(event) => {
        setText(event.target.value);
        if (!open) setOpen(true);
      }}
      selectedOptions={value ? [value] : []}
      onOptionSelect={(_, data) => {
        // Text that no option starts with clears Fluent's selection: the value stays until a currency is chosen.
        if (!data.optionValue) return;
        onChange(data.optionValue);
        setText('');
      }}
      positioning={LIST_POSITION}
      listbox={{ className: mergeClasses(listboxClass, styles.listbox) }}
    >
      {offered.map((code) => {
        const name = currencyName(code, language);
        return (
          <Option key={code} value={code} text={code}>
            {code}
            {name !== code && <span className={styles.name}> — {name}</span>}
          </Option>
        );
      })}
      {offered.length === 0 && (
        <Option disabled value="" text="">
          {t('resource.form.noMatches')}
        </Option>
      )}
    </Combobox>
  );
}
