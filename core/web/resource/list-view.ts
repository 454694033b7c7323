import type { ResourceDefinition } from '@core/shared/resource/definition';
import { fieldNamed } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import {
  decodeListQuery,
  defaultListQuery,
  encodeListQuery,
  type FilterClause,
  type ListQuery,
  type QueryParams,
} from '@core/shared/resource/list-query';
import { isDatePreset, resolveDatePreset, type DatePreset } from '@core/shared/resource/date-presets';

/**
 * What a list screen shows, as kept in its URL: the API's list query plus the date presets, which
 * the browser alone understands. A preset stays a name in the URL (`filter[created_at][preset]=
 * last_7_days`), so a link shared next week still means "the last 7 days"; it becomes a `gte`/`lte`
 * pair only when the API is called (`apiListQuery`).
 */
export interface ListView {
  readonly query: ListQuery;
  /** Field → preset, for date and datetime fields that filter by range. */
  readonly presets: Readonly<Record<string, DatePreset>>;
  /** Scope parameter → the value chosen, for scopes not at their default (see ListScope). */
  readonly scopes?: Readonly<Record<string, string>>;
}

/** One value a scope offers. */
export interface ListScopeOption {
  readonly value: string;
  /** i18n key, `namespace:key`. */
  readonly labelKey: string;
}

/**
 * A choice that narrows the whole list (employees: active, fired or all), outside the filter
 * codec. It is kept in the URL as `<param>=<value>` (left out at its default) and sent with every
 * list, export and delete-all-matching call; a new value is a new list (page 1, no selection).
 */
export interface ListScope {
  /** The query parameter, in the URL and in the API call. */
  readonly param: string;
  /** i18n key naming the choice (the tabs' or the dropdown's accessible name). */
  readonly labelKey: string;
  readonly options: readonly ListScopeOption[];
  /** The value when the URL names none; must be one of `options`. */
  readonly default: string;
  /** Tabs above the table, or a dropdown in the toolbar (the default). */
  readonly display?: 'tabs' | 'dropdown';
}

/** A scope's value in a view: the one chosen, else its default. */
export function scopeValue(view: ListView, scope: ListScope): string {
  return view.scopes?.[scope.param] ?? scope.default;
}

/** The view with a scope set (its default is left out, so a clean list keeps a clean URL), from page 1. */
export function withScope(view: ListView, scope: ListScope, value: string): ListView {
  const scopes: Record<string, string> = { ...view.scopes };
  if (value === scope.default) delete scopes[scope.param];
  else scopes[scope.param] = value;
  return { ...view, query: { ...view.query, page: 1 }, scopes };
}

const PRESET_KEY = /^filter\[([a-z][a-z0-9_]*)\]\[preset\]$/;

export function defaultListView(definition: ResourceDefinition): ListView {
  return { query: defaultListQuery(definition), presets: {} };
}

/** Date and datetime fields a preset can filter: those that accept both ends of a range. */
export function acceptsPresets(field: FieldDefinition): boolean {
  const ops = field.filter ?? [];
  return (field.kind === 'date' || field.kind === 'datetime') && ops.includes('gte') && ops.includes('lte');
}

/** The URL parameters of a view; defaults are left out, so a clean list has a clean URL. */
export function encodeListView(definition: ResourceDefinition, view: ListView): Record<string, string> {
  const params = encodeListQuery(definition, view.query);
  for (const [field, preset] of Object.entries(view.presets)) params[`filter[${field}][preset]`] = preset;
  for (const [param, value] of Object.entries(view.scopes ?? {})) params[param] = value;
  return params;
}

export interface DecodedListView {
  readonly view: ListView;
  /** Parameters that were not understood; the screen drops them from its URL. */
  readonly dropped: readonly string[];
}

/**
 * Reads a view back from URL parameters. Presets are taken out first (naming a date field that
 * filters by range and a known preset), the rest goes through the shared codec; whatever either
 * refuses is reported in `dropped`. A preset supersedes any typed range on the same field.
 */
export function decodeListView(
  definition: ResourceDefinition,
  params: QueryParams,
  listScopes: readonly ListScope[] = [],
): DecodedListView {
  const presets: Record<string, DatePreset> = {};
  const scopes: Record<string, string> = {};
  const rest: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const scope = listScopes.find((candidate) => candidate.param === key);
    if (scope) {
      // A value the scope does not offer is dropped; its default is left out of the URL.
      if (!scope.options.some((option) => option.value === value) || value === scope.default) dropped.push(key);
      else scopes[key] = value;
      continue;
    }
    const match = PRESET_KEY.exec(key);
    if (!match) {
      rest[key] = value;
      continue;
    }
    const field = match[1] ? fieldNamed(definition, match[1]) : undefined;
    if (field && acceptsPresets(field) && isDatePreset(value)) presets[field.name] = value;
    else dropped.push(key);
  }
  const decoded = decodeListQuery(definition, rest);
  dropped.push(...Object.keys(decoded.errors));
  const filters = decoded.query.filters.filter(
    (clause) => !(clause.field in presets && (clause.op === 'gte' || clause.op === 'lte')),
  );
  const view: ListView = { query: { ...decoded.query, filters }, presets };
  return { view: Object.keys(scopes).length > 0 ? { ...view, scopes } : view, dropped };
}

/** A router's search parameters as the codec reads them (a repeated name keeps its last value). */
export function paramsOf(search: URLSearchParams): QueryParams {
  return Object.fromEntries(search.entries());
}

const pad = (value: number): string => String(Math.abs(value)).padStart(2, '0');

/**
 * The local-time instant that starts (or ends) a calendar day, with the browser's UTC offset:
 * `2026-11-16T00:00:00.000+03:00`. A datetime filtered "from" or "to" a day means the whole day
 * where the user is.
 */
export function localDayBound(day: string, end: boolean): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const at = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${day}T${end ? '23:59:59.999' : '00:00:00.000'}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The query the API is called with: presets resolved against `today` into `gte`/`lte` clauses, and
 * plain days on datetime fields widened to the user's whole local day.
 */
export function apiListQuery(definition: ResourceDefinition, view: ListView, today: Date): ListQuery {
  const filters: FilterClause[] = [...view.query.filters];
  for (const [name, preset] of Object.entries(view.presets)) {
    const range = resolveDatePreset(preset, today);
    filters.push({ field: name, op: 'gte', value: range.from }, { field: name, op: 'lte', value: range.to });
  }
  const widened = filters.map((clause): FilterClause => {
    const field = fieldNamed(definition, clause.field);
    if (field?.kind !== 'datetime' || typeof clause.value !== 'string' || !PLAIN_DAY.test(clause.value)) return clause;
    if (clause.op !== 'gte' && clause.op !== 'lte') return clause;
    return { ...clause, value: localDayBound(clause.value, clause.op === 'lte') };
  });
  return { ...view.query, filters: widened };
}

/**
 * A link to a list screen showing only the records `filters` match, in the URL format the screen
 * reads back (`/facebook-ad-campaigns?filter[ad_account][eq]=4`): a row of one list links to its
 * children in another. The filters' fields and operators must be the definition's.
 */
export function filteredListPath(
  path: string,
  definition: ResourceDefinition,
  filters: readonly FilterClause[],
): string {
  const search = new URLSearchParams(
    encodeListView(definition, { query: { ...defaultListQuery(definition), filters }, presets: {} }),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/** The parameters that pick the same rows regardless of page: export and "delete all matching". */
export function matchingParams(definition: ResourceDefinition, query: ListQuery): Record<string, string> {
  const params = encodeListQuery(definition, query);
  delete params.page;
  delete params.per_page;
  return params;
}

export function hasFilters(view: ListView): boolean {
  return view.query.filters.length > 0 || Object.keys(view.presets).length > 0;
}
