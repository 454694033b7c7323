import { useTranslation } from 'react-i18next';
import { Input, type InputProps } from '@fluentui/react-components';
import { useLocaleFormat } from './use-locale-format';
import { typedInputProps, useInputMessage, useTypedInput } from './typed-input';

const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  /** The number as a canonical decimal string ("1234.56"), '' when empty, or unreadable typed text. */
  readonly value: string;
  /** Called as the user types, with the canonical decimal when the text reads as one, else the text itself. */
  readonly onChange: (value: string) => void;
}

/**
 * A number field in the interface language: it shows "1 234,56" in Russian and "1,234.56" in
 * English, takes either form back as typed (a plain "1234.56" too), and stores the canonical
 * decimal string, every digit kept. Text it cannot read stays in the field with a message.
 */
export function NumberInput({ value, onChange, ...props }: NumberInputProps) {
  const { t } = useTranslation('core');
  const format = useLocaleFormat();
  const typed = useTypedInput({
    value,
    onChange,
    // As many decimals as were stored: "12.50" stays "12,50".
    show: (decimal) => {
      const digits = decimal.split('.')[1]?.length ?? 0;
      return format.number(decimal, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    },
    read: (text) => format.parseNumber(text),
    canonical: (text) => DECIMAL.test(text),
  });
  const message = useInputMessage(
    typed.unreadable ? t('input.number.unreadable', { example: format.number('1234.56') }) : null,
  );
  return (
    <>
      <Input inputMode="decimal" autoComplete="off" {...props} {...typedInputProps(typed, message, props)} />
      {message.element}
    </>
  );
}
