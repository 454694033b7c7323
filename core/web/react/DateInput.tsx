import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Popover, PopoverSurface, PopoverTrigger, type InputProps } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { useLocaleFormat } from './use-locale-format';
import { clampDay, isIsoDay, today } from './calendar-days';
import { CalendarMonth } from './CalendarMonth';
import { typedInputProps, useInputMessage, useTypedInput } from './typed-input';

export interface DateInputProps
  extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type' | 'min' | 'max' | 'contentAfter'> {
  /** The day as `YYYY-MM-DD`, '' when empty, or unreadable typed text. */
  readonly value: string;
  /** Called as the user types or picks, with `YYYY-MM-DD` when the text reads as a day, else the text itself. */
  readonly onChange: (value: string) => void;
  /** The first and last days that may be chosen (`YYYY-MM-DD`). */
  readonly min?: string;
  readonly max?: string;
}

/**
 * A date field in the interface language: "11/29/26" in English, "29.11.2026" in Russian (the
 * placeholder says which), ISO days accepted in both, and a calendar button opening the month
 * with weeks starting on the language's first day. Stores `YYYY-MM-DD`; text it cannot read, or a
 * day out of bounds, stays in the field with a message.
 */
export function DateInput({ value, onChange, min, max, ...props }: DateInputProps) {
  const { t } = useTranslation('core');
  const format = useLocaleFormat();
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState('');
  const typed = useTypedInput({
    value,
    onChange,
    show: (day) => format.date(day),
    read: (text) => format.parseDate(text),
    canonical: isIsoDay,
  });
  const message = useInputMessage(
    typed.unreadable
      ? t('input.date.unreadable', { pattern: format.datePattern, example: format.date(today()) })
      : !typed.editing && min && isIsoDay(value) && value < min
        ? t('input.date.tooEarly', { day: format.date(min) })
        : !typed.editing && max && isIsoDay(value) && value > max
          ? t('input.date.tooLate', { day: format.date(max) })
          : null,
  );

  const openCalendar = (next: boolean) => {
    if (next) setFocused(clampDay(isIsoDay(value) ? value : today(), min, max));
    setOpen(next);
  };

  return (
    <>
      <Input
        placeholder={format.datePattern}
        autoComplete="off"
        {...props}
        {...typedInputProps(typed, message, props)}
        contentAfter={
          <Popover open={open} onOpenChange={(_, data) => openCalendar(data.open)} trapFocus positioning="below-end">
            <PopoverTrigger disableButtonEnhancement>
              <Button
                appearance="transparent"
                size="small"
                icon={<CalendarRegular />}
                aria-label={t('input.date.choose')}
                disabled={props.disabled}
              />
            </PopoverTrigger>
            <PopoverSurface aria-label={t('input.date.choose')}>
              {open && (
                <CalendarMonth
                  selected={isIsoDay(value) ? value : ''}
                  focused={focused}
                  onFocusedChange={setFocused}
                  min={min}
                  max={max}
                  onPick={(day) => {
                    onChange(day);
                    setOpen(false);
                  }}
                />
              )}
            </PopoverSurface>
          </Popover>
        }
      />
      {message.element}
    </>
  );
}
