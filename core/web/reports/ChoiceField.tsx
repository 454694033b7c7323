import { Dropdown, Field, makeStyles, mergeClasses, Option } from '@fluentui/react-components';
import { useListboxClass } from '../resource/listbox';

const useStyles = makeStyles({
  choice: { minWidth: '170px' },
});

export interface ChoiceFieldProps<T extends string> {
  readonly label: string;
  /** The values offered, in this order. */
  readonly values: readonly T[];
  readonly value: T;
  /** A value as the user reads it (the dropdown shows the chosen one's). */
  readonly labelOf: (value: T) => string;
  readonly onChange: (value: T) => void;
  /** Added to the dropdown's own class (a width). */
  readonly className?: string;
}

/** A labelled dropdown of fixed values (a report's grouping, level, measure); the change comes back typed. */
export function ChoiceField<T extends string>({
  label,
  values,
  value,
  labelOf,
  onChange,
  className,
}: ChoiceFieldProps<T>) {
  const styles = useStyles();
  const listbox = useListboxClass();
  return (
    <Field label={label}>
      <Dropdown
        className={mergeClasses(styles.choice, className)}
        listbox={{ className: listbox }}
        value={labelOf(value)}
        selectedOptions={[value]}
        onOptionSelect={(_, data) => {
          const chosen = values.find((candidate) => candidate === data.optionValue);
          if (chosen) onChange(chosen);
        }}
      >
        {values.map((candidate) => (
          <Option key={candidate} value={candidate}>
            {labelOf(candidate)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
