import { useTranslation } from 'react-i18next';
import { Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { DATE_PRESETS } from '@core/sdk/shared';
import { type ReferenceLabels, ReferencePickerField, useListboxClass } from '@core/sdk/web';
import { groupingsAt, type ReportGrouping } from '../../shared/report';
import { AD_ACCOUNT, CAMPAIGN, REPORT_LEVELS, type ReportLevel } from '../../shared/resources';
import { CHART_MEASURES, type ChartMeasure, type PeriodChoice, type ReportParams } from './report-params';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  choice: { minWidth: '170px' },
  picker: { minWidth: '220px' },
});

const PERIODS: readonly PeriodChoice[] = [...DATE_PRESETS, 'custom'];

export interface ReportControlsProps {
  readonly params: ReportParams;
  readonly labels: ReferenceLabels;
  readonly onChange: (params: ReportParams) => void;
}

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

/** The report's choices: period (a §9 preset or custom days), level, grouping, the ad account and campaign, the chart's measure. */
export function ReportControls({ params, labels, onChange }: ReportControlsProps) {
  const { t } = useTranslation('social');
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Choice<PeriodChoice>
        label={t('report.period')}
        values={PERIODS}
        value={params.period}
        labelOf={(period) => t(`core:resource.filter.presets.${period}`)}
        onChange={(period) => onChange({ ...params, period })}
      />
      {params.period === 'custom' && (
        <>
          <Field label={t('report.from')}>
            <Input type="date" value={params.from} max={params.to || undefined} onChange={(_, data) => onChange({ ...params, from: data.value })} />
          </Field>
          <Field label={t('report.to')}>
            <Input type="date" value={params.to} min={params.from || undefined} onChange={(_, data) => onChange({ ...params, to: data.value })} />
          </Field>
        </>
      )}
      <Choice<ReportLevel>
        label={t('report.level')}
        values={REPORT_LEVELS}
        value={params.level}
        labelOf={(level) => t(`fields.levelValues.${level}`)}
        onChange={(level) => onChange({ ...params, level })}
      />
      <Choice<ReportGrouping>
        label={t('report.groupBy')}
        values={groupingsAt(params.level)}
        value={params.group}
        labelOf={(group) => t(`report.groupings.${group}`)}
        onChange={(group) => onChange({ ...params, group })}
      />
      <ReferencePickerField
        className={styles.picker}
        label={t('report.adAccount')}
        target={AD_ACCOUNT}
        labels={labels}
        value={params.adAccount}
        onChange={(adAccount) => onChange({ ...params, adAccount })}
      />
      {params.level !== 'account' && (
        <ReferencePickerField
          className={styles.picker}
          label={t('report.campaign')}
          target={CAMPAIGN}
          labels={labels}
          value={params.campaign}
          onChange={(campaign) => onChange({ ...params, campaign })}
        />
      )}
      <Choice<ChartMeasure>
        label={t('report.chartOf')}
        values={CHART_MEASURES}
        value={params.measure}
        labelOf={(measure) => t(`report.measures.${measure}`)}
        onChange={(measure) => onChange({ ...params, measure })}
      />
    </div>
  );
}
