import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import { referenceTo, type ResourceDefinition } from '@core/sdk/shared';
import { ChoiceField, PeriodFields, ReferencePickerField, type ReferenceLabels } from '@core/sdk/web';
import { CASH_FLOW_GROUPS, type CashFlowGroup } from '../../shared/cash-flow';
import { articlesResource, divisionsResource, projectsResource, walletsResource } from '../../shared/resources';
import { CASH_FLOW_FILTERS, type CashFlowFilter, type CashFlowParams } from './cash-flow-params';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  picker: { minWidth: '200px' },
});

const FILTER_TARGETS: Readonly<Record<CashFlowFilter, ResourceDefinition>> = {
  wallet: walletsResource,
  project: projectsResource,
  division: divisionsResource,
  article: articlesResource,
};

export interface CashFlowControlsProps {
  readonly params: CashFlowParams;
  readonly labels: ReferenceLabels;
  readonly onChange: (params: CashFlowParams) => void;
}

/**
 * The report's choices: period (a date preset or custom days), grouping, and a wallet, project, division or
 * article.
 */
export function CashFlowControls({ params, labels, onChange }: CashFlowControlsProps) {
  const { t } = useTranslation('finance');
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <PeriodFields
        value={params}
        onChange={(period) => onChange({ ...params, ...period })}
        labels={{ period: t('cashFlow.period'), from: t('cashFlow.from'), to: t('cashFlow.to') }}
      />
      <ChoiceField<CashFlowGroup>
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
