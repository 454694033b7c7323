import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Tag, TagGroup, makeStyles, tokens } from '@fluentui/react-components';
import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { FilterClause } from '@core/shared/resource/list-query';
import { withoutClause, withoutFilters, withoutPreset } from './filter-draft';
import { enumLabel, formatDay } from './format-value';
import type { ListView } from './list-view';
import type { ReferenceLabels } from './reference-labels';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  group: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalXS },
});

interface Chip {
  readonly key: string;
  readonly text: string;
  readonly without: ListView;
}

export interface FilterChipsProps {
  readonly definition: ResourceDefinition;
  readonly view: ListView;
  readonly labels: ReferenceLabels;
  readonly onChange: (view: ListView) => void;
  /** False while the filter panel is open: it has its own "Clear all", and two would be one too many. */
  readonly offerClearAll: boolean;
}

/** The active filters as removable chips, and "Clear all". */
export const FilterChips = observer(function FilterChips({ definition, view, labels, onChange, offerClearAll }: FilterChipsProps) {
  const { t } = useTranslation('core');
  const i18n = useInjection(I18nService);
  const styles = useStyles();

  // Chips name referenced records by their labels: look up the ones the page has not seen.
  useEffect(() => {
    for (const clause of view.query.filters) {
      const field = fieldNamed(definition, clause.field);
      if (field?.kind !== 'reference') continue;
      const ids = (typeof clause.value === 'string' ? [clause.value] : clause.value).map(Number).filter((id) => id > 0);
      void labels.ensure(field.target, ids);
    }
  }, [definition, view, labels]);

  const valueText = (field: FieldDefinition | undefined, value: string): string => {
    if (!field) return value;
    switch (field.kind) {
      case 'enum':
        return enumLabel(field, value, i18n);
      case 'boolean':
        return t(value === 'true' ? 'resource.value.yes' : 'resource.value.no');
      case 'reference':
        return labels.label(field.target, Number(value)) ?? `#${value}`;
      case 'date':
      case 'datetime':
        return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value, i18n) : value;
      default:
        return value;
    }
  };

  const clauseText = (clause: FilterClause): string => {
    const field = fieldNamed(definition, clause.field);
    const values = typeof clause.value === 'string' ? [clause.value] : clause.value;
    const label = field ? t(field.labelKey) : clause.field;
    return `${label} ${t(`resource.filter.ops.${clause.op}`)} ${values.map((value) => valueText(field, value)).join(', ')}`;
  };

  const chips: Chip[] = [
    ...view.query.filters.map((clause) => ({ key: `${clause.field}.${clause.op}`, text: clauseText(clause), without: withoutClause(view, clause) })),
    ...Object.entries(view.presets).map(([name, preset]) => {
      const field = fieldNamed(definition, name);
      return {
        key: `${name}.preset`,
        text: `${field ? t(field.labelKey) : name}: ${t(`resource.filter.presets.${preset}`)}`,
        without: withoutPreset(view, name),
      };
    }),
  ];
  if (chips.length === 0) return null;

  return (
    <div className={styles.bar}>
      <TagGroup
        className={styles.group}
        aria-label={t('resource.filter.active')}
        onDismiss={(_, data) => {
          const chip = chips.find((candidate) => candidate.key === data.value);
          if (chip) onChange(chip.without);
        }}
      >
        {chips.map((chip) => (
          <Tag
            key={chip.key}
            value={chip.key}
            size="small"
            shape="circular"
            appearance="brand"
            dismissible
            dismissIcon={{ 'aria-label': t('resource.filter.remove') }}
          >
            {chip.text}
          </Tag>
        ))}
      </TagGroup>
      {offerClearAll && (
        <Button appearance="transparent" size="small" onClick={() => onChange(withoutFilters(view))}>
          {t('resource.filter.clearAll')}
        </Button>
      )}
    </div>
  );
});
