import { useTranslation } from 'react-i18next';
import { Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { DATE_PRESETS, referenceTo, type ResourceDefinition } from '@core/sdk/shared';
import { ReferencePickerField, useListboxClass, type ReferenceLabels } from '@core/sdk/web';
import { CASH_FLOW_GROUPS, type CashFlowGroup } from '../../shared/cash-flow';
import { articlesResource, divisionsResource, projectsResource, walletsResource } from '../../shared/resources';
import { CASH_FLOW_FILTERS, type CashFlowFilter, type CashFlowParams, type PeriodChoice } from './cash-flow-params';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  choice: { minWidth: '170px' },
  picker: { minWidth: '200px' },
});

const PERIODS: readonly PeriodChoice[] = [...DATE_PRESETS, 'custom'];

const FILTER_TARGETS: Readonly<Record<CashFlowFilter, ResourceDefinition>> = {
  wallet: walletsResource,
  project: projectsResource,
  division: divisionsResource,
  article: articlesResource,
};

interface ChoiceProps<T extends string> {
  readonly label: string;
  readonly values: readonly T[];
  readonly value: T;
  readonly labelOf: (value: T) => string;
  readonly onChange: (value: T) => void;
}

function Choice<T extends string>({ label, values, value, labelOf, onChange }: ChoiceProps<T>) {
  const styles = useStyles();
  const listbox = useListboxClass();
  return (
    <Field label={label}>
      <Dropdown
        className={styles.choice}
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

export interface CashFlowControlsProps {
  readonly params: CashFlowParams;
  readonly labels: ReferenceLabels;
  readonly onChange: (params: CashFlowParams) => void;
}

/** The report's choices: period (a §9 preset or custom days), grouping, and a wallet, project, division or article. */
export function CashFlowControls({ params, labels, onChange }: CashFlowControlsProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Choice<PeriodChoice>
        label={t('cashFlow.period')}
        values={PERIODS}
        value={params.period}
        labelOf={(period) => t(`core:resource.filter.presets.${period}`)}
        onChange={(period) => onChange({ ...params, period })}
      />
      {params.period === 'custom' && (
        <>
          <Field label={t('cashFlow.from')}>
            <Input type="date" value={params.from} max={params.to || undefined} onChange={(_, data) => onChange({ ...params, from: data.value })} />
          </Field>
          <Field label={t('cashFlow.to')}>
            <Input type="date" value={params.to} min={params.from || undefined} onChange={(_, data) => onChange({ ...params, to: data.value })} />
          </Field>
        </>
      )}
      <Choice<CashFlowGroup>
        label={t('cashFlow.groupBy')}
        values={CASH_FLOW_GROUPS}
        value={params.group}
        labelOf={(group) => t(`cashFlow.groups.${group}`)}
        onChange={(group) => onChange({ ...params, group })}
      />
      {CASH_FLOW_FILTERS.map(([name]) => (
        <ReferencePickerField
          key={name}
          className={styles.picker}
          label={t(`cashFlow.filters.${name}`)}
          target={referenceTo(FILTER_TARGETS[name])}
          labels={labels}
          value={params.filters[name]}
          onChange={(id) => onChange({ ...params, filters: { ...params.filters, [name]: id } })}
        />
      ))}
    </div>
  );
}
