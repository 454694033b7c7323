import { JOB_STATES, type JobState } from '@core/sdk/shared';
import type { JobListQuery } from '@core/sdk/web';

/*
 * The Jobs screen's filters and opened job, kept in the URL (`/jobs?state=failed&kind=shop.sweep&page=2&job=41`)
 * so a view can be shared and survives a reload, while a sidebar click (plain `/jobs`) starts clean.
 */

/** Jobs shown per page. */
export const JOBS_PER_PAGE = 20;

export interface JobsFilters {
  readonly state: JobState | null;
  readonly kind: string | null;
  /** 1 for the first page. */
  readonly page: number;
}

const positiveInteger = (text: string | null): number | null =>
  text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;

const isJobState = (text: string | null): text is JobState => JOB_STATES.some((state) => state === text);

/** The filters a URL's query names; what it names wrongly counts as not named. */
export function readJobsFilters(search: URLSearchParams): JobsFilters {
  const state = search.get('state');
  const kind = search.get('kind');
  return {
    state: isJobState(state) ? state : null,
    kind: kind !== null && kind !== '' ? kind : null,
    page: positiveInteger(search.get('page')) ?? 1,
  };
}

/**
 * The URL's query with `change` applied over the filters it names. A new state or kind starts at
 * the first page; the other parameters (the opened job) stay. Defaults are left out.
 */
export function withJobsFilters(search: URLSearchParams, change: Partial<JobsFilters>): URLSearchParams {
  const current = readJobsFilters(search);
  const narrowed =
    ('state' in change && change.state !== current.state) || ('kind' in change && change.kind !== current.kind);
  const next: JobsFilters = { ...current, ...change, page: change.page ?? (narrowed ? 1 : current.page) };
  const result = new URLSearchParams(search);
  const put = (name: string, value: string | null) => (value === null ? result.delete(name) : result.set(name, value));
  put('state', next.state);
  put('kind', next.kind);
  put('page', next.page > 1 ? String(next.page) : null);
  return result;
}

/** What the list asks the server for. */
export function jobsQuery({ state, kind, page }: JobsFilters): JobListQuery {
  return { ...(state && { state }), ...(kind && { kind }), page, perPage: JOBS_PER_PAGE };
}

/** The job whose detail is open, by the URL's `job`; null when none is. */
export function openedJob(search: URLSearchParams): number | null {
  return positiveInteger(search.get('job'));
}

/** The URL's query with job `id` opened, or none (null); the filters stay. */
export function withOpenedJob(search: URLSearchParams, id: number | null): URLSearchParams {
  const result = new URLSearchParams(search);
  if (id === null) result.delete('job');
  else result.set('job', String(id));
  return result;
}
