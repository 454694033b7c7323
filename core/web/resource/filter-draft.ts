import type { ResourceDefinition } from '@core/shared/resource/definition';
import {
  CUSTOM_DATE_RANGE,
  isDatePreset,
  type DatePreset,
  type DateRangeChoice,
} from '@core/shared/resource/date-presets';
import type { FieldDefinition, FilterOperator } from '@core/shared/resource/field';
import type { FilterClause } from '@core/shared/resource/list-query';
import type { Language } from '@core/shared/runtime-config';
import { issueMessage } from '@core/shared/resource/messages';
import { filterValueIssue } from '@core/shared/resource/validation';
import { acceptsPresets, type ListView } from './list-view';

/**
 * What the filter panel offers for a field: its operators, except that `gte` and `lte` together
 * are one choice, `range`, drawn as "from" and "to" inputs side by side (and, on dates, a preset).
 */
export type FilterChoice = FilterOperator | 'range';

/** One field's row of the panel while the user edits it; applied only on "Apply". */
export interface FilterDraft {
  readonly op: FilterChoice;
  /** The value of a single-value operator. */
  readonly value: string;
  /** The values of `in`. */
  readonly values: readonly string[];
  /** Date ranges: a preset, or `custom` for the typed `from`/`to`. */
  readonly preset: DateRangeChoice;
  readonly from: string;
  readonly to: string;
}

export type FilterDrafts = Readonly<Record<string, FilterDraft>>;

export function filterableFields(definition: ResourceDefinition): readonly FieldDefinition[] {
  return definition.fields.filter((field) => (field.filter ?? []).length > 0);
}

export function isDateKind(field: FieldDefinition): boolean {
  return field.kind === 'date' || field.kind === 'datetime';
}

/** The operator choices of a field, in the order its definition lists them. */
export function filterChoices(field: FieldDefinition): readonly FilterChoice[] {
  const ops = field.filter ?? [];
  const range = ops.includes('gte') && ops.includes('lte');
  const choices: FilterChoice[] = [];
  for (const op of ops) {
    if (range && (op === 'gte' || op === 'lte')) {
      if (!choices.includes('range')) choices.push('range');
    } else choices.push(op);
  }
  return choices;
}

export function emptyDraft(field: FieldDefinition): FilterDraft {
  return { op: filterChoices(field)[0] ?? 'eq', value: '', values: [], preset: CUSTOM_DATE_RANGE, from: '', to: '' };
}

/** The panel's rows as the URL's view has them. */
export function draftsFromView(definition: ResourceDefinition, view: ListView): FilterDrafts {
  const drafts: Record<string, FilterDraft> = {};
  for (const field of filterableFields(definition)) {
    const base = emptyDraft(field);
    const clauses = view.query.filters.filter((clause) => clause.field === field.name);
    const preset = view.presets[field.name];
    const text = (op: FilterOperator): string => {
      const value = clauses.find((clause) => clause.op === op)?.value;
      return typeof value === 'string' ? value : '';
    };
    const choices = filterChoices(field);
    if (preset) drafts[field.name] = { ...base, op: 'range', preset };
    else if (choices.includes('range') && clauses.some((clause) => clause.op === 'gte' || clause.op === 'lte')) {
      drafts[field.name] = { ...base, op: 'range', from: text('gte'), to: text('lte') };
    } else if (clauses[0]) {
      const clause = clauses[0];
      drafts[field.name] =
        typeof clause.value === 'string'
          ? { ...base, op: clause.op, value: clause.value }
          : { ...base, op: clause.op, values: clause.value };
    } else drafts[field.name] = base;
  }
  return drafts;
}

export interface AppliedDrafts {
  readonly view: ListView;
  /** Field → messages for values the API would refuse; the view is not applied while there are any. */
  readonly messages: Readonly<Record<string, string[]>>;
}

/**
 * The view the panel's rows describe: filters and presets from the drafts, the rest of `view`
 * kept, back on page 1. Values are checked as the API checks them (`filterValueIssue`).
 */
export function applyDrafts(
  definition: ResourceDefinition,
  view: ListView,
  drafts: FilterDrafts,
  language: Language,
): AppliedDrafts {
  const filters: FilterClause[] = [];
  const presets: Record<string, DatePreset> = {};
  const messages: Record<string, string[]> = {};
  const add = (field: FieldDefinition, op: FilterOperator, value: string | readonly string[]) => {
    for (const single of typeof value === 'string' ? [value] : value) {
      const issue = filterValueIssue(field, op, single);
      if (issue) (messages[field.name] ??= []).push(issueMessage(issue, language));
    }
    filters.push({ field: field.name, op, value });
  };
  for (const field of filterableFields(definition)) {
    const draft = drafts[field.name];
    if (!draft) continue;
    if (draft.op === 'range') {
      if (isDatePreset(draft.preset) && acceptsPresets(field)) presets[field.name] = draft.preset;
      else {
        if (draft.from.trim() !== '') add(field, 'gte', draft.from.trim());
        if (draft.to.trim() !== '') add(field, 'lte', draft.to.trim());
      }
    } else if (draft.op === 'in') {
      if (draft.values.length > 0) add(field, 'in', draft.values);
    } else if (draft.value.trim() !== '') add(field, draft.op, draft.value.trim());
  }
  return { view: { ...view, query: { ...view.query, page: 1, filters }, presets }, messages };
}

/** The fields the view filters, in the order the URL names them (a preset counts as a filter). */
export function fieldsInUse(view: ListView): readonly string[] {
  const names = [...view.query.filters.map((clause) => clause.field), ...Object.keys(view.presets)];
  return [...new Set(names)];
}

/** The view without any filter on `field` (a chip's dismiss button), back on page 1. */
export function withoutField(view: ListView, field: string): ListView {
  const presets = Object.fromEntries(Object.entries(view.presets).filter(([name]) => name !== field));
  return {
    ...view,
    query: { ...view.query, page: 1, filters: view.query.filters.filter((clause) => clause.field !== field) },
    presets,
  };
}

/**
 * The view with one field's filter replaced by what its draft says (none when the draft is
 * empty): the other fields' clauses kept as they are, the edited field last, back on page 1.
 */
export function applyDraft(
  definition: ResourceDefinition,
  view: ListView,
  field: string,
  draft: FilterDraft,
  language: Language,
): AppliedDrafts {
  const rest = withoutField(view, field);
  const applied = applyDrafts(definition, rest, { [field]: draft }, language);
  return {
    view: {
      ...rest,
      query: { ...rest.query, filters: [...rest.query.filters, ...applied.view.query.filters] },
      presets: { ...rest.presets, ...applied.view.presets },
    },
    messages: applied.messages,
  };
}

export function withoutFilters(view: ListView): ListView {
  return { ...view, query: { ...view.query, page: 1, filters: [] }, presets: {} };
}
