import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { DATE_PRESETS } from '@core/sdk/shared';
import { DateInput, ReferencePicker, useListboxClass, type ReferenceLabels } from '@core/sdk/web';
import { TEAM, ASSET_STATUSES } from '../../shared/resources';
import type { AssetStatus } from '../../shared/reports';
import type { PeriodChoice, ReportFilterValues } from './report-filters';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  picker: { minWidth: '200px' },
});

const PERIODS: readonly PeriodChoice[] = ['any', ...DATE_PRESETS, 'custom'];
const ANY = '';

export interface ReportFiltersProps {
  readonly filters: ReportFilterValues;
  /** The verticals the report rows name (`GET reports/verticals`): the vertical filter's choices. */
  readonly verticals: readonly string[];
  readonly labels: ReferenceLabels;
  readonly onChange: (filters: ReportFilterValues) => void;
}

/** The report's filters: team, vertical, status and period (a date preset or custom days). */
export function ReportFilters({ filters, verticals, labels, onChange }: ReportFiltersProps) {
  const { t } = useTranslation('shop');
  const styles = useStyles();
  const listbox = useListboxClass();
  const teamLabel = useId();
  // A vertical in the URL that no row names any more (a shared link) is still shown, as chosen.
  const verticalChoices =
    filters.vertical === '' || verticals.includes(filters.vertical) ? verticals : [filters.vertical, ...verticals];
  // "Custom" with no day typed yet is not in the URL: the choice is held here until a day is.
  const [customChosen, setCustomChosen] = useState(false);
  const period: PeriodChoice = customChosen && filters.period === 'any' ? 'custom' : filters.period;

  const periodLabel = (choice: PeriodChoice) =>
    choice === 'any' ? t('reports.filters.anyTime') : t(`core:resource.filter.presets.${choice}`);
  const statusLabel = (status: AssetStatus | null) =>
    status === null ? t('reports.filters.anyStatus') : t(`fields.statusValues.${status}`);

  return (
    <div className={styles.bar} role="search" aria-label={t('reports.filters.label')}>
      <Field label={{ children: t('fields.team'), id: teamLabel }}>
        <div className={styles.picker}>
          <ReferencePicker
            target={TEAM}
            labels={labels}
            multiple={false}
            value={filters.team === null ? [] : [filters.team]}
            ariaLabelledBy={teamLabel}
            onChange={(ids) => onChange({ ...filters, team: ids[0] ?? null })}
          />
        </div>
      </Field>
      <Field label={t('fields.vertical')}>
        <Dropdown
          className={styles.picker}
          listbox={{ className: listbox }}
          value={filters.vertical === '' ? t('reports.filters.anyVertical') : filters.vertical}
          selectedOptions={[filters.vertical]}
          onOptionSelect={(_, data) => onChange({ ...filters, vertical: data.optionValue ?? ANY })}
        >
          <Option value={ANY}>{t('reports.filters.anyVertical')}</Option>
          {verticalChoices.map((vertical) => (
            <Option key={vertical} value={vertical}>
              {vertical}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('fields.status')}>
        <Dropdown
          className={styles.picker}
          listbox={{ className: listbox }}
          value={statusLabel(filters.status)}
          selectedOptions={[filters.status ?? ANY]}
          onOptionSelect={(_, data) =>
            onChange({
              ...filters,
              status: (ASSET_STATUSES as readonly string[]).includes(data.optionValue ?? '')
                ? (data.optionValue as AssetStatus)
                : null,
            })
          }
        >
          <Option value={ANY}>{statusLabel(null)}</Option>
          {ASSET_STATUSES.map((status) => (
            <Option key={status} value={status}>
              {statusLabel(status)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('reports.filters.period')}>
        <Dropdown
          className={styles.picker}
          listbox={{ className: listbox }}
          value={periodLabel(period)}
          selectedOptions={[period]}
          onOptionSelect={(_, data) => {
            const choice = data.optionValue as PeriodChoice;
            setCustomChosen(choice === 'custom');
            onChange({
              ...filters,
              period: choice,
              from: choice === 'custom' ? filters.from : '',
              to: choice === 'custom' ? filters.to : '',
            });
          }}
        >
          {PERIODS.map((choice) => (
            <Option key={choice} value={choice}>
              {periodLabel(choice)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {period === 'custom' && (
        <>
          <Field label={t('reports.filters.from')}>
            <DateInput
              value={filters.from}
              max={filters.to || undefined}
              onChange={(from) => onChange({ ...filters, period: 'custom', from })}
            />
          </Field>
          <Field label={t('reports.filters.to')}>
            <DateInput
              value={filters.to}
              min={filters.from || undefined}
              onChange={(to) => onChange({ ...filters, period: 'custom', to })}
            />
          </Field>
        </>
      )}
    </div>
  );
}
