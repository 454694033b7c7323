import type { ListPage } from '@core/shared/envelopes';
import { addFieldError } from '@core/shared/field-errors';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { USERS_RESOURCE } from '@core/shared/resource/core-resources';
import type { Language } from '@core/shared/runtime-config';
import { USER_STATUSES } from '@core/shared/users';
import type { Queryable } from '../database/database';
import { containsCondition, containsPattern } from '../database/sql';
import { validationError, type FieldErrors } from '../http/api-error';
import { translated } from '../resource/database-errors';
import { readListQuery, type ResourceListQuery } from '../resource/list-params';
import { listRecords } from '../resource/records';
import { columnRef } from '../resource/columns';
import { searchedFields } from '../resource/search-fields';
import { MAX_SEARCH_LENGTH } from './users-common';

/*
 * `GET users` is the engine's list of the users resource, so every screen that lists records
 * pointing at a user or a role (a role's holders, a manager's reports) reads it as it reads any
 * resource. It also takes the call's own parameters, which the engine's codec does not know:
 * `q` (contains, over the fields record search matches: username and e-mail), `status`,
 * `role_id`, and `sort=created_at` meaning newest first, as the call has always sorted it.
 */

/** A row of `GET users`: the engine's record, and the role names as the call has always given them. */
export type UserListRecord = ResourceRecord & { readonly roles: readonly string[] };

const ROLE_ID = /^[1-9][0-9]{0,15}$/;

function take(params: Record<string, unknown>, key: string, errors: FieldErrors): string | undefined {
  const value = params[key];
  delete params[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  addFieldError(
    errors,
    key,
    Array.isArray(value) ? 'This parameter may be given once.' : 'This parameter must be text.',
  );
  return undefined;
}

/** The request's query as the engine's checked list query; a 422 names each parameter it cannot take. */
export function readUsersListQuery(raw: unknown, language: Language): ResourceListQuery {
  const params: Record<string, unknown> = typeof raw === 'object' && raw !== null ? { ...raw } : {};
  const errors: FieldErrors = {};
  const search = take(params, 'q', errors);
  if (search !== undefined && search.length > MAX_SEARCH_LENGTH)
    addFieldError(errors, 'q', `The search may have at most ${MAX_SEARCH_LENGTH} characters.`);
  const status = take(params, 'status', errors);
  if (status !== undefined) {
    if ((USER_STATUSES as readonly string[]).includes(status)) params['filter[status][eq]'] = status;
    else addFieldError(errors, 'status', `Choose one of: ${USER_STATUSES.join(', ')}.`);
  }
  const role = take(params, 'role_id', errors);
  if (role !== undefined) {
    if (ROLE_ID.test(role) && Number.isSafeInteger(Number(role))) params['filter[role_ids][eq]'] = role;
    else addFieldError(errors, 'role_id', 'The role must be a role id.');
  }
  if (params.sort === 'created_at') params.sort = '-created_at';
  if (Object.keys(errors).length > 0) throw validationError(errors, 'The list parameters are invalid.');
  const query = readListQuery(USERS_RESOURCE, params, language);
  if (!search) return query;
  return {
    ...query,
    scope: (alias, bound) =>
      containsCondition(
        searchedFields(USERS_RESOURCE).map((field) => columnRef(alias, field.name)),
        bound.bind(containsPattern(search)),
      ),
  };
}

const roleNames = (record: ResourceRecord): string[] => {
  const labels = record._labels?.role_ids;
  return Array.isArray(labels) ? labels.filter((name): name is string => typeof name === 'string').sort() : [];
};

export async function listUserRecords(
  db: Queryable,
  query: ResourceListQuery,
  language: Language,
): Promise<ListPage<UserListRecord>> {
  const page = await translated(USERS_RESOURCE, language, () => listRecords(db, USERS_RESOURCE, query));
  return { ...page, data: page.data.map((record) => ({ ...record, roles: roleNames(record) })) };
}
