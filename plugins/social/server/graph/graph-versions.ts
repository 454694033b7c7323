/**
 * The Marketing API versions Meta has published, with their release and expiry dates, as its
 * version history lists them:
 * https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions
 * A version past its expiry stops answering, so start-up warns about one that has expired or
 * expires soon. A date Meta has not announced ("TBD") is null; a version missing from the table
 * is called unknown, never given a guessed date. Add a row when Meta releases a version.
 */

interface VersionDates {
  /** `YYYY-MM-DD`. */
  readonly released: string;
  /** `YYYY-MM-DD`, or null while Meta lists it as TBD. */
  readonly expires: string | null;
}

const MARKETING_API_VERSIONS: Readonly<Record<string, VersionDates>> = {
  'v27.0': { released: '2026-11-04', expires: null },
  'v26.0': { released: '2026-07-29', expires: null },
  'v25.0': { released: '2026-02-18', expires: '2027-02-23' },
  'v24.0': { released: '2025-10-08', expires: '2026-11-10' },
  'v23.0': { released: '2025-05-29', expires: '2026-06-09' },
  'v22.0': { released: '2025-01-21', expires: '2026-02-19' },
  'v21.0': { released: '2024-10-02', expires: '2025-09-09' },
  'v20.0': { released: '2024-05-21', expires: '2025-05-06' },
  'v19.0': { released: '2024-01-23', expires: '2025-02-04' },
  'v18.0': { released: '2023-09-12', expires: '2024-08-13' },
  'v17.0': { released: '2023-05-23', expires: '2024-05-14' },
  'v16.0': { released: '2023-02-02', expires: '2024-02-06' },
};

/** The newest version the table lists: the default of `graphVersion`. */
export const NEWEST_GRAPH_VERSION = 'v27.0';

/** How long before its expiry a version is warned about: time to plan the upgrade and test it. */
const EXPIRY_WARNING_DAYS = 60;

const DAY_MS = 86_400_000;

/** What the table says of a version on a given day. */
type VersionStanding =
  | { readonly state: 'current'; readonly version: string }
  | { readonly state: 'expiring'; readonly version: string; readonly expires: string; readonly days: number }
  | { readonly state: 'expired'; readonly version: string; readonly expires: string }
  | { readonly state: 'unknown'; readonly version: string };

/** The standing of `version` at `now` (the caller's clock, so tests fix the day). */
export function graphVersionStanding(version: string, now: Date): VersionStanding {
  const dates = MARKETING_API_VERSIONS[version];
  if (!dates) return { state: 'unknown', version };
  if (dates.expires === null) return { state: 'current', version };
  const days = Math.ceil((Date.parse(`${dates.expires}T00:00:00Z`) - now.getTime()) / DAY_MS);
  if (days <= 0) return { state: 'expired', version, expires: dates.expires };
  if (days <= EXPIRY_WARNING_DAYS) return { state: 'expiring', version, expires: dates.expires, days };
  return { state: 'current', version };
}
