import { useId } from 'react';
import { Field } from '@fluentui/react-components';
import type { ReferenceTarget } from '@core/shared/resource/field';
import type { ReferenceLabels } from './reference-labels';
import { ReferencePicker } from './ReferencePicker';

export interface ReferencePickerFieldProps {
  readonly label: string;
  readonly target: ReferenceTarget;
  readonly labels: ReferenceLabels;
  readonly value: number | null;
  readonly onChange: (id: number | null) => void;
  readonly required?: boolean;
  readonly validationMessage?: string;
  readonly className?: string;
  /** What the empty picker reads: what no choice means ("All ad accounts"). */
  readonly placeholder?: string;
}

/** One record of `target` picked by searching, under a label: a reference outside an engine form (a purchase dialog's project, a report's ad account). */
export function ReferencePickerField({
  label,
  target,
  labels,
  value,
  onChange,
  required = false,
  validationMessage,
  className,
  placeholder,
}: ReferencePickerFieldProps) {
  const labelId = useId();
  return (
    <Field
      label={{ children: label, id: labelId }}
      required={required}
      validationMessage={validationMessage}
      className={className}
    >
      <ReferencePicker
        target={target}
        labels={labels}
        multiple={false}
        value={value === null ? [] : [value]}
        ariaLabelledBy={labelId}
        placeholder={placeholder}
        onChange={(ids) => onChange(ids[0] ?? null)}
      />
    </Field>
  );
}
