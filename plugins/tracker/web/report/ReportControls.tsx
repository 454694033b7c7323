import { useTranslation } from 'react-i18next';
import { Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { ChoiceField, PeriodFields, useListboxClass } from '@core/sdk/web';
import { REPORT_GROUPINGS, type ReportGrouping, type ReportTracker } from '../../shared/report';
import type { ReportParams } from './report-params';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  picker: { minWidth: '180px' },
});

const NO_SECOND = '';

export interface ReportControlsProps {
  readonly params: ReportParams;
  readonly trackers: readonly ReportTracker[];
  readonly onChange: (params: ReportParams) => void;
}

/** The report's choices: period (a date preset or custom days), one or two groupings, the tracker. */
export function ReportControls({ params, trackers, onChange }: ReportControlsProps) {
  const { t } = useTranslation('tracker');
  const styles = useStyles();
  const listbox = useListboxClass();
  const groupingLabel = (grouping: ReportGrouping) => t(`report.groupings.${grouping}`);
  const [first = 'day', second] = params.grouping;
  const trackerLabel = (tracker: ReportTracker) =>
    t(`report.trackerOption.${tracker.source}`, { tracker: tracker.slug });
  const chosen = trackers.find((tracker) => tracker.id === params.tracker);
  return (
    <div className={styles.bar}>
      <PeriodFields
        value={params}
        onChange={(period) => onChange({ ...params, ...period })}
        labels={{ period: t('report.period'), from: t('report.from'), to: t('report.to') }}
        className={styles.picker}
      />
      <ChoiceField<ReportGrouping>
        label={t('report.groupBy')}
        values={REPORT_GROUPINGS}
        value={first}
        labelOf={groupingLabel}
        onChange={(next) => onChange({ ...params, grouping: second && second !== next ? [next, second] : [next] })}
        className={styles.picker}
      />
      <Field label={t('report.thenBy')}>
        <Dropdown
          className={styles.picker}
          listbox={{ className: listbox }}
          value={second ? groupingLabel(second) : t('report.noSecondGrouping')}
          selectedOptions={[second ?? NO_SECOND]}
          onOptionSelect={(_, data) =>
            onChange({ ...params, grouping: data.optionValue ? [first, data.optionValue as ReportGrouping] : [first] })
          }
        >
          <Option value={NO_SECOND}>{t('report.noSecondGrouping')}</Option>
          {REPORT_GROUPINGS.filter((grouping) => grouping !== first).map((grouping) => (
            <Option key={grouping} value={grouping}>
              {groupingLabel(grouping)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('report.tracker')}>
        <Dropdown
          className={styles.picker}
          listbox={{ className: listbox }}
          value={chosen ? trackerLabel(chosen) : t('report.allTrackers')}
          selectedOptions={[String(params.tracker ?? '')]}
          onOptionSelect={(_, data) =>
            onChange({ ...params, tracker: data.optionValue ? Number(data.optionValue) : null })
          }
        >
          <Option value="">{t('report.allTrackers')}</Option>
          {trackers.map((tracker) => (
            <Option key={tracker.id} value={String(tracker.id)} text={trackerLabel(tracker)}>
              {trackerLabel(tracker)}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </div>
  );
}
