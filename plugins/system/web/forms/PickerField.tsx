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
}

/** One record of `target`, picked by searching, under a label (a purchase dialog's project, provider, country). */
export function PickerField({ label, target, labels, value, onChange, required = false }: PickerFieldProps) {
  const labelId = useId();
  return (
    <Field label={{ children: label, id: labelId }} required={required}>
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
