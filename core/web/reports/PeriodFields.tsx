import { useTranslation } from 'react-i18next';
import { Field } from '@fluentui/react-components';
import { DateInput } from '../react/DateInput';
import { useResourceStrings } from '../resource/resource-strings';
import { ChoiceField } from './ChoiceField';
import { PERIOD_CHOICES, type PeriodChoice, type ReportPeriod } from './report-period';

/** The page's own words for the three fields (its "Period", "From", "To"). */
export interface PeriodFieldLabels {
  readonly period: string;
  readonly from: string;
  readonly to: string;
}

export interface PeriodFieldsProps {
  readonly value: ReportPeriod;
  readonly onChange: (value: ReportPeriod) => void;
  readonly labels: PeriodFieldLabels;
  /** Added to the period dropdown's class (a width). */
  readonly className?: string;
}

/**
 * A report's period: the date presets and "Custom" in a dropdown (named as the list filters name
 * them, `core:resource.filter.presets.*`), and the From and To days while custom. Drawn as
 * siblings, so they wrap with the rest of the page's controls.
 */
export function PeriodFields({ value, onChange, labels, className }: PeriodFieldsProps) {
  useResourceStrings();
  const { t } = useTranslation('core');
  return (
    <>
      <ChoiceField<PeriodChoice>
        label={labels.period}
        values={PERIOD_CHOICES}
        value={value.period}
        labelOf={(period) => t(`resource.filter.presets.${period}`)}
        onChange={(period) => onChange({ ...value, period })}
        className={className}
      />
      {value.period === 'custom' && (
        <>
          <Field label={labels.from}>
            <DateInput
              value={value.from}
              max={value.to || undefined}
              onChange={(from) => onChange({ ...value, from })}
            />
          </Field>
          <Field label={labels.to}>
            <DateInput value={value.to} min={value.from || undefined} onChange={(to) => onChange({ ...value, to })} />
          </Field>
        </>
      )}
    </>
  );
}
