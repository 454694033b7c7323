import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldContextProvider, Input, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from './DateInput';
import { typedInputProps, useInputMessage, useTypedInput } from './typed-input';
import { useLocaleFormat } from './use-locale-format';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  day: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  time: { width: '108px', minWidth: '108px', display: 'flex', flexDirection: 'column' },
  // An input keeps its text's width unless told otherwise, which would push the pair past its column.
  input: { width: '100%', minWidth: 0 },
});

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

const split = (text: string): readonly [string, string] => {
  const match = LOCAL.exec(text);
  return match ? [match[1] ?? '', match[2] ?? ''] : ['', ''];
};
const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface DateTimeInputProps {
  /** A local date and time, `YYYY-MM-DDTHH:mm`; '' when empty; the parts as typed while one cannot be read. */
  readonly value: string;
  /** Called with `YYYY-MM-DDTHH:mm` once both parts read, '' when both are empty, else the parts as typed. */
  readonly onChange: (value: string) => void;
  /** The id of what names the pair (a Field's label); each part adds its own name. */
  readonly 'aria-labelledby'?: string;
  readonly 'aria-invalid'?: boolean;
}

function TimeInput({
  value,
  onChange,
  invalid,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly invalid?: boolean;
}) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const format = useLocaleFormat();
  const typed = useTypedInput({
    value,
    onChange,
    show: (time) => format.time(time),
    read: (text) => format.parseTime(text),
    canonical: (text) => HOUR_MINUTE.test(text),
  });
  const message = useInputMessage(
    typed.unreadable ? t('input.time.unreadable', { example: format.time('15:44') }) : null,
  );
  return (
    <>
      <Input
        className={styles.input}
        aria-label={t('input.time.label')}
        placeholder={format.timePattern}
        autoComplete="off"
        {...typedInputProps(typed, message, { 'aria-invalid': invalid })}
      />
      {message.element}
    </>
  );
}

/**
 * A date and a time of day in the interface language, side by side: the day as DateInput takes it
 * (with its calendar), the time as the language writes it ("3:44 PM", "15:44"). Hands back the
 * local `YYYY-MM-DDTHH:mm` the resource form sends with the browser's offset.
 */
export function DateTimeInput({ value, onChange, ...props }: DateTimeInputProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const [[day, time], setParts] = useState(() => split(value));

  // A value set from outside (a form's reset) replaces the parts; one this field made is their own composition.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value from outside is followed, not the parts.
  useEffect(() => {
    const composed = day === '' && time === '' ? '' : `${day}T${time}`;
    if (value !== composed) setParts(split(value));
  }, [value]);

  const change = (nextDay: string, nextTime: string) => {
    setParts([nextDay, nextTime]);
    if (nextDay === '' && nextTime === '') onChange('');
    // Either part missing or unreadable: the text goes as it is, and the form's check refuses it.
    else onChange(`${nextDay}T${nextTime}`);
  };

  return (
    // Two inputs under one label: each names itself, neither takes the Field's control id.
    <FieldContextProvider value={undefined}>
      <div className={styles.row} role="group" aria-labelledby={props['aria-labelledby']}>
        <div className={styles.day}>
          <DateInput
            className={styles.input}
            aria-label={t('input.date.label')}
            aria-invalid={props['aria-invalid']}
            value={day}
            onChange={(next) => change(next, time)}
          />
        </div>
        <div className={styles.time}>
          <TimeInput value={time} invalid={props['aria-invalid']} onChange={(next) => change(day, next)} />
        </div>
      </div>
    </FieldContextProvider>
  );
}
