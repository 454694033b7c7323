import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useData, type DataResult } from '../react/use-data';

/** How a report page keeps its choices in the URL and asks its API. */
export interface UrlReportOptions<P, R> {
  /** The choices the URL holds, a default for whatever it lacks or holds wrongly. */
  readonly read: (search: URLSearchParams) => P;
  readonly write: (params: P) => URLSearchParams;
  /** The API's query for the choices as of `today`, or null while they are incomplete (a custom period without its days). */
  readonly query: (params: P, today: Date) => Readonly<Record<string, string>> | null;
  readonly load: (query: Readonly<Record<string, string>>, signal: AbortSignal) => Promise<R>;
}

export interface UrlReport<P, R> {
  readonly params: P;
  /** The query the report was asked with (the CSV export asks with the same), or null. */
  readonly query: Readonly<Record<string, string>> | null;
  /** The answer; null while the query is incomplete. */
  readonly report: DataResult<R | null>;
  /** New choices: written into the URL (replacing its entry), which reloads the report. */
  readonly change: (params: P) => void;
}

/**
 * A report page's state: its choices read from and written to the URL, so a reload or a shared link
 * shows the same report, and the report loaded for them. A preset is counted from today where the
 * reader is; the report reloads only when the query's text changes (a new day, new choices).
 */
export function useUrlReport<P, R>({ read, write, query: queryOf, load }: UrlReportOptions<P, R>): UrlReport<P, R> {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => read(search), [read, search]);
  const query = queryOf(params, new Date());
  const queryKey = query ? new URLSearchParams(query).toString() : '';
  const report = useData(
    (signal): Promise<R | null> => (query ? load(query, signal) : Promise.resolve(null)),
    [queryKey],
  );
  return { params, query, report, change: (next) => setSearch(write(next), { replace: true }) };
}
