import type { DataEnvelope, ListEnvelope, ListPage } from '@core/shared/envelopes';
import { defineResource, type ResourceRecord } from '@core/shared/resource/definition';
import type { ListQuery } from '@core/shared/resource/list-query';
import type { HttpClient } from '@core/web/http/http-client';
import type { HttpClients } from '@core/web/http/http-clients';
import { ResourceApi } from '@core/web/resource';
import { USER_STATUSES, type UserListItem } from '../auth-types';

/**
 * The users list described for the engine's table, pager, filter panel and URL codec. It is a
 * screen description only: the auth service serves users with its own query parameters (`q`,
 * `status`, `role_id`, `deleted`, `sort` of `created_at` or `username`) and its own lifecycle
 * paths, which `UsersApi` translates to. It is never mounted on the server.
 */
export const usersScreen = defineResource({
  id: 'admin.users',
  service: 'auth',
  path: 'users',
  table: 'core.users',
  titleKey: 'admin:users.title',
  recordKey: 'admin:users.record',
  access: { read: 'JU', write: 'JU' },
  fields: [
    // `contains` on the username is the API's `q`, which searches the username and the e-mail.
    { kind: 'text', name: 'username', labelKey: 'admin:users.fields.username', required: true, sortable: true, filter: ['contains'] },
    { kind: 'email', name: 'email', labelKey: 'admin:users.fields.email' },
    { kind: 'enum', name: 'status', labelKey: 'admin:users.fields.status', values: USER_STATUSES, valueLabelPrefix: 'admin:users.statuses', filter: ['eq'] },
    { kind: 'text', name: 'roles', labelKey: 'admin:users.fields.roles', readOnly: true },
    { kind: 'datetime', name: 'deleted_at', labelKey: 'admin:users.fields.deletedAt', readOnly: true },
  ],
  labelField: 'username',
  softDelete: true,
  blockable: true,
  defaultSort: { field: 'created_at', direction: 'desc' },
  pageSizes: [10, 20, 50, 100],
});

/** The one direction the API sorts each column in: newest first, usernames A to Z. */
export const USER_SORT_DIRECTION = { created_at: 'desc', username: 'asc' } as const;

/** A users row as the engine's table reads it: `blocked_at` stands for the blocked status. */
export function userRecord(item: UserListItem): ResourceRecord {
  return {
    ...item,
    version: 0,
    updated_at: item.created_at,
    blocked_at: item.status === 'blocked' ? item.created_at : null,
  };
}

/** The API's parameters for an engine list query (and the role filter kept beside it). */
export function usersListParams(query: ListQuery, roleId: number | null): Record<string, string> {
  const params: Record<string, string> = {
    page: String(query.page),
    per_page: String(query.perPage),
    sort: query.sort.field === 'username' ? 'username' : 'created_at',
  };
  if (query.deleted !== 'without') params.deleted = query.deleted;
  for (const clause of query.filters) {
    if (typeof clause.value !== 'string' || clause.value.trim() === '') continue;
    if (clause.field === 'username') params.q = clause.value.trim();
    if (clause.field === 'status') params.status = clause.value;
  }
  if (roleId !== null) params.role_id = String(roleId);
  return params;
}

/**
 * The engine's API contract over the auth service's user calls: `GET users`, `DELETE
 * users/{id}/delete`, `POST users/{id}/restore|block|unblock`. Silent, as the engine's calls are:
 * the screen says what happened in the spec's words.
 */
export class UsersApi extends ResourceApi {
  /** `role_id` of the list, outside the filter codec (role names come from `GET roles`). */
  roleId: number | null = null;
  private readonly auth: HttpClient;

  constructor(clients: Pick<HttpClients, 'get'>) {
    super(usersScreen, clients);
    this.auth = clients.get('auth');
  }

  override async list(query: ListQuery, signal?: AbortSignal): Promise<ListPage<ResourceRecord>> {
    const answer = await this.auth.get<ListEnvelope<UserListItem>>('users', { query: usersListParams(query, this.roleId), signal, silent: true });
    return { ...answer.data, data: answer.data.data.map(userRecord) };
  }

  override async get(id: number): Promise<ResourceRecord> {
    return userRecord((await this.auth.get<DataEnvelope<UserListItem>>(`users/${id}/info`, { silent: true })).data);
  }

  override async remove(id: number): Promise<void> {
    await this.auth.delete(`users/${id}/delete`, { silent: true });
  }

  override async restore(id: number): Promise<void> {
    await this.auth.post(`users/${id}/restore`, undefined, { silent: true });
  }

  override async block(id: number): Promise<void> {
    await this.auth.post(`users/${id}/block`, undefined, { silent: true });
  }

  override async unblock(id: number): Promise<void> {
    await this.auth.post(`users/${id}/unblock`, undefined, { silent: true });
  }
}
