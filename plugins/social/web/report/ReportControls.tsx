import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ChoiceField, PeriodFields, type ReferenceLabels, ReferencePickerField } from '@core/sdk/web';
import { groupingsAt, type ReportGrouping } from '../../shared/report';
import { AD_ACCOUNT, CAMPAIGN, REPORT_LEVELS, type ReportLevel } from '../../shared/resources';
import { CHART_MEASURES, type ChartMeasure, type ReportParams } from './report-params';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  picker: { minWidth: '220px' },
});

export interface ReportControlsProps {
  readonly params: ReportParams;
  readonly labels: ReferenceLabels;
  readonly onChange: (params: ReportParams) => void;
}

/**
 * The report's choices: period (a date preset or custom days), level, grouping, the ad account and campaign, the
 * chart's measure.
 */
export function ReportControls({ params, labels, onChange }: ReportControlsProps) {
  const { t } = useTranslation('social');
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <PeriodFields
        value={params}
        onChange={(period) => onChange({ ...params, ...period })}
        labels={{ period: t('report.period'), from: t('report.from'), to: t('report.to') }}
      />
      <ChoiceField<ReportLevel>
        label={t('report.level')}
        values={REPORT_LEVELS}
        value={params.level}
        labelOf={(level) => t(`fields.levelValues.${level}`)}
        onChange={(level) => onChange({ ...params, level })}
      />
      <ChoiceField<ReportGrouping>
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
        placeholder={t('report.allAdAccounts')}
        onChange={(adAccount) => onChange({ ...params, adAccount })}
      />
      {params.level !== 'account' && (
        <ReferencePickerField
          className={styles.picker}
          label={t('report.campaign')}
          target={CAMPAIGN}
          labels={labels}
          value={params.campaign}
          placeholder={t('report.allCampaigns')}
          onChange={(campaign) => onChange({ ...params, campaign })}
        />
      )}
      <ChoiceField<ChartMeasure>
        label={t('report.chartOf')}
        values={CHART_MEASURES}
        value={params.measure}
        labelOf={(measure) => t(`report.measures.${measure}`)}
        onChange={(measure) => onChange({ ...params, measure })}
      />
    </div>
  );
}
