import {
  defineResource,
  type ListEnvelope,
  type ListPage,
  type ListQuery,
  type ReferenceField,
  type ResourceRecord,
} from '@core/sdk/shared';
import type { HttpClient, HttpClients, ListParams, ResourceListApi } from '@core/sdk/web';
import { USER_STATUSES, type UserListItem } from '../auth-types';

/**
 * The users list described for the engine's list screen. It is a screen description only: the
 * auth service serves users with its own query parameters (`q`, `status`, `role_id`, `deleted`,
 * `sort` of `created_at` or `username`) and its own lifecycle paths, which `UsersListApi`
 * translates to. It is never mounted on the server.
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
    {
      kind: 'text',
      name: 'username',
      labelKey: 'admin:users.fields.username',
      required: true,
      sortable: true,
      filter: ['contains'],
    },
    { kind: 'email', name: 'email', labelKey: 'admin:users.fields.email' },
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'admin:users.fields.status',
      values: USER_STATUSES,
      tones: { active: 'success', blocked: 'warning' },
      valueLabelPrefix: 'admin:users.statuses',
      filter: ['eq'],
    },
    { kind: 'text', name: 'roles', labelKey: 'admin:users.fields.roles', readOnly: true },
    { kind: 'datetime', name: 'deleted_at', labelKey: 'admin:users.fields.deletedAt', readOnly: true },
  ],
  labelField: 'username',
  softDelete: true,
  blockable: true,
  defaultSort: { field: 'created_at', direction: 'desc' },
  pageSizes: [10, 20, 50, 100],
});

/** The role filter the users list contributes: picked from `GET references/roles`, sent as `role_id`. */
export const ROLE_FILTER: ReferenceField = {
  kind: 'reference',
  name: 'role_id',
  labelKey: 'admin:users.roleFilter',
  target: { service: 'auth', path: 'roles', table: 'core.roles', labelColumn: 'name' },
  filter: ['eq'],
};

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

/** The API's parameters for an engine list query and the screen's parameters (the role filter's `role_id`). */
export function usersListParams(query: ListQuery, extra: ListParams): Record<string, string> {
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
  if (extra.role_id) params.role_id = extra.role_id;
  return params;
}

/**
 * The list adapter over the auth service's user calls: `GET users`, `DELETE users/{id}/delete`,
 * `POST users/{id}/restore|block|unblock`. No export, bulk delete or history: the API has none,
 * so the screen offers none. Silent, as the engine's calls are.
 */
export class UsersListApi implements ResourceListApi {
  readonly definition = usersScreen;
  readonly fixedSort = USER_SORT_DIRECTION;
  private readonly auth: HttpClient;

  constructor(clients: Pick<HttpClients, 'get'>) {
    this.auth = clients.get('auth');
  }

  async list(query: ListQuery, params: ListParams, signal?: AbortSignal): Promise<ListPage<ResourceRecord>> {
    const answer = await this.auth.get<ListEnvelope<UserListItem>>('users', {
      query: usersListParams(query, params),
      signal,
      silent: true,
    });
    return { ...answer.data, data: answer.data.data.map(userRecord) };
  }

  async remove(id: number): Promise<void> {
    await this.auth.delete(`users/${id}/delete`, { silent: true });
  }

  async restore(id: number): Promise<void> {
    await this.auth.post(`users/${id}/restore`, undefined, { silent: true });
  }

  async block(id: number): Promise<void> {
    await this.auth.post(`users/${id}/block`, undefined, { silent: true });
  }

  async unblock(id: number): Promise<void> {
    await this.auth.post(`users/${id}/unblock`, undefined, { silent: true });
  }
}
