import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  InteractionTag,
  InteractionTagPrimary,
  InteractionTagSecondary,
  TagGroup,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { FilterClause } from '@core/shared/resource/list-query';
import { fieldsInUse } from './filter-draft';
import { enumLabel } from './format-value';
import type { ListView } from './list-view';
import type { ReferenceLabels } from './reference-labels';
import { useInjection } from '../react/container-context';
import { I18nService } from '../services/i18n-service';

const useStyles = makeStyles({
  group: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalXS },
});

export interface FilterChipsProps {
  readonly definition: ResourceDefinition;
  readonly view: ListView;
  readonly labels: ReferenceLabels;
  /** The field whose filter is being changed: its chip is shown pressed. */
  readonly editing: string | null;
  readonly onEdit: (field: string) => void;
  readonly onRemove: (field: string) => void;
}

/** The filters in use, one chip per field: the chip opens its filter for a change, its × removes it. */
export const FilterChips = observer(function FilterChips({
  definition,
  view,
  labels,
  editing,
  onEdit,
  onRemove,
}: FilterChipsProps) {
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
        return /^\d{4}-\d{2}-\d{2}$/.test(value) ? i18n.format.date(value) : value;
      default:
        return value;
    }
  };

  const clauseText = (field: FieldDefinition | undefined, clause: FilterClause): string => {
    const values = typeof clause.value === 'string' ? [clause.value] : clause.value;
    return `${t(`resource.filter.ops.${clause.op}`)} ${values.map((value) => valueText(field, value)).join(', ')}`;
  };

  // A range reads as one sentence: "Payment date from 11/17/26 to 11/24/26".
  const chipText = (name: string): string => {
    const field = fieldNamed(definition, name);
    const label = field ? t(field.labelKey) : name;
    const preset = view.presets[name];
    if (preset) return `${label}: ${t(`resource.filter.presets.${preset}`)}`;
    const clauses = view.query.filters.filter((clause) => clause.field === name);
    return [label, ...clauses.map((clause) => clauseText(field, clause))].join(' ');
  };

  const chips = fieldsInUse(view).map((name) => ({ name, text: chipText(name) }));
  if (chips.length === 0) return null;

  return (
    <TagGroup
      className={styles.group}
      aria-label={t('resource.filter.active')}
      onDismiss={(_, data) => onRemove(String(data.value))}
    >
      {chips.map((chip) => (
        <InteractionTag
          key={chip.name}
          value={chip.name}
          size="small"
          shape="circular"
          appearance={editing === chip.name ? 'filled' : 'brand'}
        >
          <InteractionTagPrimary
            hasSecondaryAction
            aria-expanded={editing === chip.name}
            data-filter={chip.name}
            onClick={() => onEdit(chip.name)}
          >
            {chip.text}
          </InteractionTagPrimary>
          <InteractionTagSecondary aria-label={t('resource.filter.remove', { filter: chip.text })} />
        </InteractionTag>
      ))}
    </TagGroup>
  );
});
