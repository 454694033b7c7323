import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Combobox,
  Option,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
} from '@fluentui/react-components';
import type { ReferenceTarget } from '@core/shared/resource/field';
import { REFERENCE_SEARCH_DELAY_MS, useListboxClass } from './listbox';
import type { ReferenceLabels } from './reference-labels';
import type { ReferenceOption } from './resource-api';
import { isAbort } from './resource-feedback';
import { useResourceStrings } from './resource-strings';

export interface ReferencePickerProps {
  readonly target: ReferenceTarget;
  readonly labels: ReferenceLabels;
  /** Several records (tags) or one. */
  readonly multiple: boolean;
  readonly value: readonly number[];
  readonly onChange: (ids: number[]) => void;
  readonly id?: string;
  readonly ariaLabel?: string;
  readonly ariaLabelledBy?: string;
  readonly invalid?: boolean;
  /** What an empty picker reads (a report's "All ad accounts"); "Type to search" when not given. */
  readonly placeholder?: string;
}

/** Searches `references/<path>?q=` while the user types, a short while after the last key. */
function useReferenceSearch(
  target: ReferenceTarget,
  labels: ReferenceLabels,
  text: string,
  active: boolean,
): readonly ReferenceOption[] {
  const [options, setOptions] = useState<readonly ReferenceOption[]>([]);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      labels.search(target, text.trim(), current.signal).then(
        (found) => {
          if (!current.signal.aborted) setOptions(found);
        },
        (error: unknown) => {
          if (!isAbort(error) && !current.signal.aborted) setOptions([]);
        },
      );
    }, REFERENCE_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, labels, text, active]);
  useEffect(() => () => controller.current?.abort(), []);
  return options;
}

/**
 * A type-ahead picker of referenced records: a Combobox for one, a TagPicker (tags) for several.
 * Labels of the chosen ids are looked up when not known yet.
 */
export const ReferencePicker = observer(function ReferencePicker(props: ReferencePickerProps) {
  useResourceStrings();
  const { target, labels, multiple, value, onChange, id, ariaLabel, ariaLabelledBy, invalid, placeholder } = props;
  const { t } = useTranslation('core');
  const listboxClass = useListboxClass();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const options = useReferenceSearch(target, labels, text, open);
  const idsKey = value.join(',');

  // The ids, not the array's identity, decide whether there is something to look up.
  useEffect(() => {
    void labels.ensure(target, idsKey === '' ? [] : idsKey.split(',').map(Number));
  }, [labels, target, idsKey]);

  const nameOf = (record: number) => labels.label(target, record) ?? `#${record}`;

  if (multiple) {
    const chosen = new Set(value);
    const offered = options.filter((option) => !chosen.has(option.id));
    return (
      <TagPicker
        open={open}
        onOpenChange={(_, data) => setOpen(data.open)}
        selectedOptions={value.map(String)}
        onOptionSelect={(_, data) => {
          onChange(
            data.selectedOptions.map(Number).filter((selected) => Number.isSafeInteger(selected) && selected > 0),
          );
          setText('');
        }}
      >
        <TagPickerControl aria-invalid={invalid || undefined}>
          <TagPickerGroup aria-label={ariaLabel}>
            {value.map((record) => (
              <Tag key={record} value={String(record)} shape="rounded">
                {nameOf(record)}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput
            id={id}
            aria-label={ariaLabel}
            aria-labelledby={ariaLabelledBy}
            placeholder={value.length === 0 ? (placeholder ?? t('resource.form.search')) : undefined}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </TagPickerControl>
        <TagPickerList className={listboxClass}>
          {offered.length > 0
            ? offered.map((option) => (
                <TagPickerOption key={option.id} value={String(option.id)} text={option.label}>
                  {option.label}
                </TagPickerOption>
              ))
            : t('resource.form.noMatches')}
        </TagPickerList>
      </TagPicker>
    );
  }

  const current = value[0];
  const shown = open ? text : current !== undefined ? nameOf(current) : '';
  return (
    <Combobox
      id={id}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      aria-invalid={invalid || undefined}
      freeform
      clearable
      // Fluent's own names for these buttons are English; they speak the user's language here.
      expandIcon={{ 'aria-label': t('resource.form.openList') }}
      clearIcon={{ 'aria-label': t('resource.form.clearChoice') }}
      placeholder={placeholder ?? t('resource.form.search')}
      open={open}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        if (data.open) setText('');
      }}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        if (!open) setOpen(true);
      }}
      selectedOptions={current !== undefined ? [String(current)] : []}
      onOptionSelect={(_, data) => {
        const chosen = data.optionValue === undefined ? NaN : Number(data.optionValue);
        onChange(Number.isSafeInteger(chosen) && chosen > 0 ? [chosen] : []);
        setText('');
      }}
      listbox={{ className: listboxClass }}
    >
      {options.map((option) => (
        <Option key={option.id} value={String(option.id)} text={option.label}>
          {option.label}
        </Option>
      ))}
      {options.length === 0 && (
        <Option disabled value="" text="">
          {t('resource.form.noMatches')}
        </Option>
      )}
    </Combobox>
  );
});
