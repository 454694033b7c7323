import { addFieldError } from '../field-errors';
import {
  DEFAULT_PER_PAGE,
  defaultSortOf,
  fieldNamed,
  isSortable,
  maxPerPage,
  type ResourceDefinition,
  type SortOrder,
} from './definition';
import type { FieldDefinition, FilterOperator } from './field';

/** One active filter: `field op value`. `in` carries several values; the others one. */
export interface FilterClause {
  readonly field: string;
  readonly op: FilterOperator;
  readonly value: string | readonly string[];
}

/** Soft-deleted records: hidden (default), shown with the rest, or shown alone. */
export type DeletedScope = 'without' | 'with' | 'only';

/** What a list shows: the same object is the page's URL state and the API's query. */
export interface ListQuery {
  readonly page: number;
  readonly perPage: number;
  readonly sort: SortOrder;
  readonly filters: readonly FilterClause[];
  readonly deleted: DeletedScope;
}

export type QueryParams = Readonly<Record<string, string>>;

// Far beyond any real list, and small enough that the offset stays a safe SQL integer.
export const MAX_PAGE = 1_000_000;
const FILTER_KEY = /^filter\[([a-z][a-z0-9_]*)\]\[([a-zA-Z]+)\]$/;
const OPERATORS: readonly FilterOperator[] = ['eq', 'contains', 'neq', 'startsWith', 'gte', 'lte', 'in'];
const MAX_FILTER_VALUE = 500;
const MAX_ANY_OF = 200;

/**
 * Operators the API accepts on a field: those it declares, and `eq` on every reference, so a
 * record page's related section (`<field>=eq:<id>`) works without the definition asking for it.
 */
export function filterOperatorsOf(field: FieldDefinition): readonly FilterOperator[] {
  const declared = field.filter ?? [];
  return field.kind === 'reference' && !declared.includes('eq') ? [...declared, 'eq'] : declared;
}

export function defaultListQuery(definition: ResourceDefinition): ListQuery {
  return { page: 1, perPage: DEFAULT_PER_PAGE, sort: defaultSortOf(definition), filters: [], deleted: 'without' };
}

/**
 * The query as flat parameters: `page`, `per_page`, `sort` (`name` or `-name`), `deleted` and
 * `filter[<field>][<op>]` (any-of values joined by commas). Defaults are left out, so a clean
 * list has a clean URL.
 */
export function encodeListQuery(definition: ResourceDefinition, query: ListQuery): Record<string, string> {
  const defaults = defaultListQuery(definition);
  const params: Record<string, string> = {};
  if (query.page !== 1) params.page = String(query.page);
  if (query.perPage !== defaults.perPage) params.per_page = String(query.perPage);
  if (query.sort.field !== defaults.sort.field || query.sort.direction !== defaults.sort.direction) {
    params.sort = `${query.sort.direction === 'desc' ? '-' : ''}${query.sort.field}`;
  }
  if (query.deleted !== 'without') params.deleted = query.deleted;
  for (const clause of query.filters) {
    params[`filter[${clause.field}][${clause.op}]`] =
      typeof clause.value === 'string' ? clause.value : clause.value.join(',');
  }
  return params;
}

export interface DecodedListQuery {
  readonly query: ListQuery;
  /** Parameter → messages; empty when every parameter was understood. */
  readonly errors: Record<string, string[]>;
}

function positiveInteger(text: string | undefined, max: number): number | null {
  if (text === undefined || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/**
 * Reads parameters back into a query, checking every name and operator against the definition.
 * Unknown or malformed parameters are reported, never guessed at: the server answers 422 with
 * them, the browser drops them from the URL.
 */
export function decodeListQuery(
  definition: ResourceDefinition,
  params: QueryParams,
  options: { readonly allowDeleted?: boolean } = {},
): DecodedListQuery {
  const errors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => addFieldError(errors, key, message);
  const defaults = defaultListQuery(definition);
  let { page, perPage, sort, deleted } = defaults;
  const filters: FilterClause[] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (key === 'page') {
      const value = positiveInteger(raw, MAX_PAGE);
      if (value === null) fail(key, `The page must be a whole number from 1 to ${MAX_PAGE}.`);
      else page = value;
    } else if (key === 'per_page') {
      const max = maxPerPage(definition);
      const value = positiveInteger(raw, max);
      if (value === null) fail(key, `The per page must be a whole number from 1 to ${max}.`);
      else perPage = value;
    } else if (key === 'sort') {
      const descending = raw.startsWith('-');
      const field = descending ? raw.slice(1) : raw;
      if (!isSortable(definition, field)) fail(key, `The list cannot be sorted by "${field}".`);
      else sort = { field, direction: descending ? 'desc' : 'asc' };
    } else if (key === 'deleted') {
      if (!definition.softDelete || options.allowDeleted === false || !['without', 'with', 'only'].includes(raw)) {
        fail(key, 'The deleted scope must be without, with or only.');
      } else deleted = raw as DeletedScope;
    } else {
      const match = FILTER_KEY.exec(key);
      const field = match?.[1] ? fieldNamed(definition, match[1]) : undefined;
      const op = match?.[2] as FilterOperator | undefined;
      if (!match || !field || !op || !OPERATORS.includes(op) || !filterOperatorsOf(field).includes(op)) {
        fail(key, `Unknown filter "${key}".`);
        continue;
      }
      if (raw.length > MAX_FILTER_VALUE * (op === 'in' ? 20 : 1)) {
        fail(key, `The filter value may have at most ${MAX_FILTER_VALUE} characters.`);
        continue;
      }
      if (op === 'in') {
        const values = raw.split(',').filter((value) => value !== '');
        if (values.length === 0 || values.length > MAX_ANY_OF) fail(key, `Choose from 1 to ${MAX_ANY_OF} values.`);
        else filters.push({ field: field.name, op, value: values });
      } else {
        filters.push({ field: field.name, op, value: raw });
      }
    }
  }
  return { query: { page, perPage, sort, filters, deleted }, errors };
}
