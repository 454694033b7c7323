import { useId } from 'react';
import { Field } from '@fluentui/react-components';
import { ReferencePicker, type ReferenceLabels } from '@core/sdk/web';
import type { ReferenceTarget } from '@core/sdk/shared';

export interface PickerFieldProps {
  readonly label: string;
  readonly target: ReferenceTarget;
  readonly labels: ReferenceLabels;
  readonly value: number | null;
  readonly onChange: (id: number | null) => void;
  readonly required?: boolean;
  readonly validationMessage?: string;
  readonly className?: string;
}

/** One record of `target`, picked by searching, under a label (the report's ad account and campaign). */
export function PickerField({ label, target, labels, value, onChange, required = false, validationMessage, className }: PickerFieldProps) {
  const labelId = useId();
  return (
    <Field label={{ children: label, id: labelId }} required={required} validationMessage={validationMessage} className={className}>
      <ReferencePicker
        target={target}
        labels={labels}
        multiple={false}
        value={value === null ? [] : [value]}
        ariaLabelledBy={labelId}
        onChange={(ids) => onChange(ids[0] ?? null)}
      />
    </Field>
  );
}
