import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dropdown,
  Field,
  FieldContextProvider,
  Input,
  Option,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { CUSTOM_DATE_RANGE, DATE_PRESETS, type DateRangeChoice } from '@core/shared/resource/date-presets';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { Language } from '@core/shared/runtime-config';
import { FilterChips } from './FilterChips';
import {
  applyDraft,
  draftsFromView,
  emptyDraft,
  filterableFields,
  filterChoices,
  isDateKind,
  withoutField,
  withoutFilters,
  type FilterChoice,
  type FilterDraft,
} from './filter-draft';
import { enumLabel } from './format-value';
import { acceptsPresets, hasFilters, type ListView } from './list-view';
import { useListboxClass } from './listbox';
import type { ReferenceLabels } from './reference-labels';
import { ReferencePicker } from './ReferencePicker';
// The typed inputs (a calendar among them) arrive when a filter is first edited, not with the list.
const DateInput = lazy(() =>
  import(/* webpackChunkName: "locale-inputs" */ '../react/DateInput').then((m) => ({ default: m.DateInput })),
);
const NumberInput = lazy(() =>
  import(/* webpackChunkName: "locale-inputs" */ '../react/NumberInput').then((m) => ({ default: m.NumberInput })),
);

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  chips: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  editor: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  editorRow: { flexGrow: 1, minWidth: 'min(100%, 320px)', maxWidth: '720px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', minWidth: 0 },
  operator: { minWidth: '132px', flexShrink: 0 },
  value: { flexGrow: 1, minWidth: 0 },
  range: { display: 'flex', gap: tokens.spacingHorizontalS, flexGrow: 1, minWidth: 0, flexWrap: 'wrap' },
  rangeInput: { flexGrow: 1, minWidth: '120px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

interface FilterRowProps {
  readonly field: FieldDefinition;
  readonly draft: FilterDraft;
  readonly labels: ReferenceLabels;
  readonly messages: readonly string[] | undefined;
  readonly onChange: (draft: FilterDraft) => void;
}

const NUMBER_KINDS: readonly string[] = ['number', 'money', 'decimal', 'percent'];

interface TypedValueProps {
  readonly field: FieldDefinition;
  readonly className: string;
  readonly label: string;
  readonly placeholder?: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** One typed filter value, as the field's kind reads in the interface language: a day, a number or text. */
function TypedValue({ field, className, label, placeholder, value, onChange }: TypedValueProps) {
  const common = { className, 'aria-label': label, value, onChange };
  if (isDateKind(field)) return <DateInput {...common} />;
  if (NUMBER_KINDS.includes(field.kind)) return <NumberInput {...common} placeholder={placeholder} />;
  return <Input {...common} placeholder={placeholder} onChange={(_, data) => onChange(data.value)} />;
}

/** The value input(s) of one filter row, by the field's kind and the chosen operator. */
function FilterValue({ field, draft, labels, onChange }: Omit<FilterRowProps, 'messages'>) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const listboxClass = useListboxClass();
  const label = t(field.labelKey);
  const valueLabel = t('resource.filter.value', { field: label });

  if (draft.op === 'range') {
    const presets = isDateKind(field) && acceptsPresets(field);
    return (
      <div className={styles.range}>
        {presets && (
          <Dropdown
            className={styles.rangeInput}
            aria-label={t('resource.filter.period', { field: label })}
            value={t(`resource.filter.presets.${draft.preset}`)}
            selectedOptions={[draft.preset]}
            onOptionSelect={(_, data) =>
              onChange({ ...draft, preset: (data.optionValue ?? CUSTOM_DATE_RANGE) as DateRangeChoice })
            }
            listbox={{ className: listboxClass }}
          >
            {[CUSTOM_DATE_RANGE, ...DATE_PRESETS].map((preset) => (
              <Option key={preset} value={preset}>
                {t(`resource.filter.presets.${preset}`)}
              </Option>
            ))}
          </Dropdown>
        )}
        {(!presets || draft.preset === CUSTOM_DATE_RANGE) && (
          <Suspense fallback={null}>
            <TypedValue
              field={field}
              className={styles.rangeInput}
              label={`${label} ${t('resource.filter.ops.gte')}`}
              placeholder={t('resource.filter.ops.gte')}
              value={draft.from}
              onChange={(from) => onChange({ ...draft, from })}
            />
            <TypedValue
              field={field}
              className={styles.rangeInput}
              label={`${label} ${t('resource.filter.ops.lte')}`}
              placeholder={t('resource.filter.ops.lte')}
              value={draft.to}
              onChange={(to) => onChange({ ...draft, to })}
            />
          </Suspense>
        )}
      </div>
    );
  }

  if (field.kind === 'reference') {
    const ids = (draft.op === 'in' ? draft.values : draft.value ? [draft.value] : [])
      .map(Number)
      .filter((id) => id > 0);
    return (
      <div className={styles.value}>
        <ReferencePicker
          target={field.target}
          labels={labels}
          multiple={draft.op === 'in'}
          value={ids}
          ariaLabel={valueLabel}
          onChange={(chosen) =>
            onChange(
              draft.op === 'in'
                ? { ...draft, values: chosen.map(String) }
                : { ...draft, value: chosen[0] ? String(chosen[0]) : '' },
            )
          }
        />
      </div>
    );
  }

  if (field.kind === 'enum' || field.kind === 'boolean') {
    const values = field.kind === 'enum' ? field.values : ['true', 'false'];
    const text = (value: string) =>
      field.kind === 'enum'
        ? enumLabel(field, value, { t })
        : t(value === 'true' ? 'resource.value.yes' : 'resource.value.no');
    const multiple = draft.op === 'in';
    const selected = multiple ? draft.values : draft.value ? [draft.value] : [];
    return (
      <Dropdown
        className={styles.value}
        aria-label={valueLabel}
        multiselect={multiple}
        placeholder={t('resource.filter.any')}
        value={selected.map(text).join(', ')}
        selectedOptions={[...selected]}
        onOptionSelect={(_, data) =>
          onChange(multiple ? { ...draft, values: data.selectedOptions } : { ...draft, value: data.optionValue ?? '' })
        }
        listbox={{ className: listboxClass }}
      >
        {!multiple && (
          <Option key="" value="">
            {t('resource.filter.any')}
          </Option>
        )}
        {values.map((value) => (
          <Option key={value} value={value}>
            {text(value)}
          </Option>
        ))}
      </Dropdown>
    );
  }

  return (
    <Suspense fallback={null}>
      <TypedValue
        field={field}
        className={styles.value}
        label={valueLabel}
        value={draft.value}
        onChange={(value) => onChange({ ...draft, value })}
      />
    </Suspense>
  );
}

function FilterRow(props: FilterRowProps) {
  const { field, draft, messages, onChange } = props;
  const { t } = useTranslation('core');
  const styles = useStyles();
  const labelId = useId();
  const listboxClass = useListboxClass();
  const label = t(field.labelKey);
  const choices = filterChoices(field);
  const opLabel = (choice: FilterChoice) => t(`resource.filter.ops.${choice}`);
  return (
    // The operator and the value(s) are several controls under one label: a labelled group, whose
    // controls label themselves rather than all taking the Field's control id.
    <Field
      label={{ children: label, id: labelId, htmlFor: undefined }}
      validationMessage={messages?.join(' ')}
      validationState={messages ? 'error' : 'none'}
    >
      <FieldContextProvider value={undefined}>
        <div className={styles.row} role="group" aria-labelledby={labelId}>
          {choices.length > 1 && (
            <Dropdown
              className={styles.operator}
              aria-label={t('resource.filter.operator', { field: label })}
              value={opLabel(draft.op)}
              selectedOptions={[draft.op]}
              onOptionSelect={(_, data) =>
                data.optionValue && onChange({ ...draft, op: data.optionValue as FilterChoice, value: '', values: [] })
              }
              listbox={{ className: listboxClass }}
            >
              {choices.map((choice) => (
                <Option key={choice} value={choice}>
                  {opLabel(choice)}
                </Option>
              ))}
            </Dropdown>
          )}
          <FilterValue {...props} />
        </div>
      </FieldContextProvider>
    </Field>
  );
}

interface FilterEditorProps {
  readonly definition: ResourceDefinition;
  readonly field: FieldDefinition;
  readonly view: ListView;
  readonly labels: ReferenceLabels;
  readonly language: Language;
  readonly onApply: (view: ListView) => void;
  readonly onCancel: () => void;
}

/**
 * One field's filter being added or changed: its operator and value, applied on "Apply" (the rest
 * of the view kept), dropped on "Cancel" or Esc. It opens on the filter the URL has for the field.
 */
function FilterEditor({ definition, field, view, labels, language, onApply, onCancel }: FilterEditorProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<FilterDraft>(
    () => draftsFromView(definition, view)[field.name] ?? emptyDraft(field),
  );
  const [messages, setMessages] = useState<readonly string[] | undefined>(undefined);

  // Chosen from a menu or a chip, the editor takes the focus: the keyboard goes on where the eye does.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const applied = applyDraft(definition, view, field.name, draft, language);
    setMessages(applied.messages[field.name]);
    if (Object.keys(applied.messages).length === 0) onApply(applied.view);
  };

  return (
    <form
      ref={form}
      className={styles.editor}
      onSubmit={submit}
      onKeyDown={(event) => {
        // An open dropdown closes on its own Esc; only an Esc left over cancels the editor.
        if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
      }}
      noValidate
      aria-label={t('resource.filter.editor', { field: t(field.labelKey) })}
    >
      <div className={styles.editorRow}>
        <FilterRow field={field} draft={draft} labels={labels} messages={messages} onChange={setDraft} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          {t('resource.filter.apply')}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t('resource.filter.cancel')}
        </Button>
      </div>
    </form>
  );
}

export interface FilterPanelProps {
  readonly definition: ResourceDefinition;
  readonly view: ListView;
  readonly labels: ReferenceLabels;
  readonly language: Language;
  /** The field whose filter is open for adding or changing. */
  readonly editing: string | null;
  readonly onEdit: (field: string | null) => void;
  readonly onGo: (view: ListView) => void;
}

/**
 * The filters in use and nothing else: a chip per field, "Clear all", and the one filter being
 * added or changed. Absent while no filter is in use or open, so the list starts right under the
 * toolbar.
 */
export const FilterPanel = observer(function FilterPanel({
  definition,
  view,
  labels,
  language,
  editing,
  onEdit,
  onGo,
}: FilterPanelProps) {
  const { t } = useTranslation('core');
  const styles = useStyles();
  const section = useRef<HTMLElement>(null);
  // The chip to give the focus back to once the editor closes (it may appear only with the new URL).
  const focusChip = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is the trigger: the chip may appear only with the new URL.
  useEffect(() => {
    const name = focusChip.current;
    if (editing !== null || name === null) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    const chip = section.current?.querySelector<HTMLElement>(`[data-filter="${name}"]`);
    if (!lost || chip) focusChip.current = null;
    if (lost) chip?.focus();
  }, [editing, view]);

  const field = editing ? filterableFields(definition).find((candidate) => candidate.name === editing) : undefined;
  if (!field && !hasFilters(view)) return null;
  const close = () => {
    focusChip.current = editing;
    onEdit(null);
  };
  const go = (next: ListView) => {
    close();
    onGo(next);
  };
  return (
    <section ref={section} className={styles.panel} aria-label={t('resource.filter.title')}>
      {hasFilters(view) && (
        <div className={styles.chips}>
          <FilterChips
            definition={definition}
            view={view}
            labels={labels}
            editing={editing}
            onEdit={onEdit}
            onRemove={(name) => go(withoutField(view, name))}
          />
          <Button appearance="transparent" size="small" onClick={() => go(withoutFilters(view))}>
            {t('resource.filter.clearAll')}
          </Button>
        </div>
      )}
      {field && (
        <FilterEditor
          // A new field is a new editor: its draft starts from that field's filter.
          key={field.name}
          definition={definition}
          field={field}
          view={view}
          labels={labels}
          language={language}
          onApply={go}
          onCancel={close}
        />
      )}
    </section>
  );
});
