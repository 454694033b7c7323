import type { NotificationQuery } from './notifications-api';

/** What the /notifications page shows, kept in its URL so a reload or a shared link shows the same. */
export interface NotificationFilters {
  /** `unread`, `read` or every notification. */
  readonly state: ReadState;
  /** A source id (`core.jobs`), or null for every source. */
  readonly source: string | null;
  readonly page: number;
}

export const READ_STATES = ['all', 'unread', 'read'] as const;
export type ReadState = (typeof READ_STATES)[number];

export const NOTIFICATIONS_PER_PAGE = 20;

export const NO_FILTERS: NotificationFilters = { state: 'all', source: null, page: 1 };

/** The filters a URL's query holds; what it lacks or holds wrongly is the default. */
export function readFilters(search: URLSearchParams): NotificationFilters {
  const read = search.get('read');
  const page = Number(search.get('page'));
  return {
    state: read === 'false' ? 'unread' : read === 'true' ? 'read' : 'all',
    source: search.get('source') || null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query for `filters`, the API's own names (`read`, `source`, `page`), defaults left out. */
export function writeFilters(filters: NotificationFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.state !== 'all') search.set('read', String(filters.state === 'read'));
  if (filters.source) search.set('source', filters.source);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export function listQuery(filters: NotificationFilters): NotificationQuery {
  return {
    page: filters.page,
    perPage: NOTIFICATIONS_PER_PAGE,
    ...(filters.state === 'all' ? {} : { read: filters.state === 'read' }),
    ...(filters.source ? { source: filters.source } : {}),
  };
}

export function isFiltered(filters: NotificationFilters): boolean {
  return filters.state !== 'all' || filters.source !== null;
}
