import {
  USERS_RESOURCE,
  type AuditEntry,
  type FieldDefinition,
  type FilterOperator,
  type ListEnvelope,
  type ListPage,
  type ListQuery,
  type ResourceDefinition,
  type ResourceRecord,
  type TimelineEntry,
  type TimelinePage,
} from '@core/sdk/shared';
import {
  ResourceApi,
  type ExportOptions,
  type HttpClient,
  type HttpClients,
  type ListParams,
  type ResourceListApi,
} from '@core/sdk/web';
import type { UserListItem } from '../auth-types';

/**
 * What `GET users` filters by: the username's `contains` is its `q` (which searches the e-mail
 * too), one status, one role. The list offers only these, so every filter shown is one it applies.
 */
const LIST_FILTERS: Readonly<Record<string, readonly FilterOperator[]>> = {
  username: ['contains'],
  status: ['eq'],
  role_ids: ['eq'],
};

/** The one direction `GET users` sorts each column in: newest first, usernames A to Z. */
export const USER_SORT_DIRECTION = { created_at: 'desc', username: 'asc' } as const;

function listedField(field: FieldDefinition): FieldDefinition {
  return { ...field, filter: LIST_FILTERS[field.name] ?? [], sortable: field.name in USER_SORT_DIRECTION };
}

/**
 * The core's users resource as the users list shows it: the same fields and labels, filtered and
 * sorted only the ways `GET users` can. The engine's export takes the same
 * filters, so a file holds what the list showed.
 */
export const usersList: ResourceDefinition = {
  ...USERS_RESOURCE,
  fields: USERS_RESOURCE.fields.map(listedField),
};

/**
 * A users row as the engine's table reads it: `blocked_at` stands for the blocked status, and the
 * role names the row carries are the labels of its `role_ids`.
 */
export function userRecord(item: UserListItem): ResourceRecord {
  return {
    ...item,
    version: 0,
    updated_at: item.created_at,
    blocked_at: item.status === 'blocked' ? item.created_at : null,
    _labels: { role_ids: item.roles },
  };
}

/** `GET users`' parameters for an engine list query: `q`, `status`, `role_id`, `deleted`, `sort` and paging. */
export function usersListParams(query: ListQuery): Record<string, string> {
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
    if (clause.field === 'role_ids') params.role_id = clause.value;
  }
  return params;
}

/**
 * The users list adapter: the page comes from the auth service's own `GET users` and a delete is
 * its `DELETE users/{id}/delete`; everything else is the engine's call of the `core.users`
 * resource (restore, block and unblock share the engine's paths, the export, history, timeline and
 * comments are the engine's own). No bulk delete: the auth service has none, so the list offers no
 * selection. Silent, as the engine's calls are.
 */
export class UsersListApi implements ResourceListApi {
  readonly definition = usersList;
  readonly fixedSort = USER_SORT_DIRECTION;
  private readonly auth: HttpClient;
  private readonly engine: ResourceApi;

  constructor(clients: Pick<HttpClients, 'get'>) {
    this.auth = clients.get('auth');
    this.engine = new ResourceApi(USERS_RESOURCE, clients);
  }

  async list(query: ListQuery, _params: ListParams, signal?: AbortSignal): Promise<ListPage<ResourceRecord>> {
    const answer = await this.auth.get<ListEnvelope<UserListItem>>('users', {
      query: usersListParams(query),
      signal,
      silent: true,
    });
    return { ...answer.data, data: answer.data.data.map(userRecord) };
  }

  async remove(id: number): Promise<void> {
    await this.auth.delete(`users/${id}/delete`, { silent: true });
  }

  restore(id: number): Promise<void> {
    return this.engine.restore(id);
  }

  block(id: number): Promise<void> {
    return this.engine.block(id);
  }

  unblock(id: number): Promise<void> {
    return this.engine.unblock(id);
  }

  /** `GET users/export.csv`: the engine's export, the list's filters in the engine's form (`filter[role_ids][eq]`). */
  exportCsv(params: ListParams, options?: ExportOptions): Promise<Blob> {
    return this.engine.exportCsv(params, options);
  }

  history(id: number): Promise<readonly AuditEntry[]> {
    return this.engine.history(id);
  }

  timeline(id: number, before?: number): Promise<TimelinePage> {
    return this.engine.timeline(id, before);
  }

  comment(id: number, text: string): Promise<TimelineEntry> {
    return this.engine.comment(id, text);
  }
}
