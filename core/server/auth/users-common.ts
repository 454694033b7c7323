import type { ListPage } from '@core/shared/envelopes';
import type { RouteAccess } from '../http/route-access';
import { SqlParams } from '../database/sql';

export { containsCondition, containsPattern, SqlParams, whereClause } from '../database/sql';

/*
 * Pieces the users, roles and permissions routes share. They would sit as well under http/,
 * but the auth service's user administration is their only client so far.
 */

export const USERS_ACCESS = { requires: 'JU' } as const satisfies RouteAccess;
export const ROLES_ACCESS = { requires: { anyOf: ['JQ', 'JT'] } } as const satisfies RouteAccess;

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
/** Search text longer than this finds nothing useful and only costs a scan. */
export const MAX_SEARCH_LENGTH = 100;

export { ID_LIST, ID_PARAMS, type IdParams } from '../http/ids';

export interface Paging {
  readonly page: number;
  readonly per_page: number;
}

export const PAGING_PROPERTIES = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
} as const;

export function listPage<T>(data: readonly T[], total: number, paging: Paging): ListPage<T> {
  return {
    data,
    current_page: paging.page,
    last_page: Math.max(1, Math.ceil(total / paging.per_page)),
    per_page: paging.per_page,
    total,
  };
}

export function pageOffset(paging: Paging): number {
  return (paging.page - 1) * paging.per_page;
}

/** Ids in order of first appearance, each once. */
export function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** `column = $n` for each of `columns` whose value is given; `columns` is always the caller's constant list. */
export function assignments<Column extends string>(
  columns: readonly Column[],
  values: Readonly<Partial<Record<Column, unknown>>>,
  params: SqlParams,
): string[] {
  return columns
    .filter((column) => values[column] !== undefined)
    .map((column) => `${column} = ${params.bind(values[column])}`);
}

/** Trimmed text, with blank meaning "none"; undefined stays undefined ("unchanged"). */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
