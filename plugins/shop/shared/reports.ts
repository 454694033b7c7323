import type { FieldDefinition } from '@core/sdk/shared';
import { ASSET_STATUSES, reportsResource } from './resources';

/*
 * Wire types of the reports' own routes (server/reports, web/reports) besides the engine's list:
 * loading rows (`POST reports/import` with a CSV text, `POST reports/rows` with JSON) and the
 * summary the charts draw (`GET reports/summary`). See server/reports/README.md.
 */

/** Rows one request loads at most (either route); all of them are written, or none. */
export const REPORT_ROWS_MAX = 5000;
/** Characters of one CSV text at most (the server's body limit is 1 MiB). */
export const REPORT_CSV_MAX_CHARS = 1_000_000;

/** The CSV header's column names: the resource's field names, in its order. */
const FIELDS: readonly FieldDefinition[] = reportsResource.fields;
export const REPORT_COLUMNS: readonly string[] = FIELDS.map((field) => field.name);
/** Columns a header must name (the resource's required fields). */
export const REPORT_REQUIRED_COLUMNS: readonly string[] = FIELDS.filter((field) => field.required === true).map(
  (field) => field.name,
);

export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** `POST reports/import` body: the file's text, its first line the header. */
export interface ReportImportBody {
  readonly csv: string;
}

/** `POST reports/rows` body: records in the resource's own JSON shape (ids for references, money as `{ amount, currency }`). */
export interface ReportRowsBody {
  readonly rows: readonly Readonly<Record<string, unknown>>[];
}

/** What a load wrote: new assets' days, and days already held (same ads account and report date) that were updated. */
export interface ReportLoadAnswer {
  readonly created: number;
  readonly updated: number;
}

/*
 * A refused load answers 422 with every problem in `errors`, keyed by where it is: a CSV line and
 * column (`line.7.spent_usd`, `line.7` for the line as a whole), or a JSON row by its index in
 * `rows` and field (`rows.0.team`).
 */

export interface LinePlace {
  /** The file's line from 1, or the JSON row's index from 0. */
  readonly at: number;
  readonly column: string | null;
  readonly source: 'line' | 'rows';
}

export function lineErrorKey(place: LinePlace): string {
  return place.column === null ? `${place.source}.${place.at}` : `${place.source}.${place.at}.${place.column}`;
}

const LINE_KEY = /^(line|rows)\.(\d{1,9})(?:\.([a-z_]+))?$/;

/** A 422's error key read back as a place; null for a key of another kind (`csv`, `rows`). */
export function readLineErrorKey(key: string): LinePlace | null {
  const match = LINE_KEY.exec(key);
  if (!match) return null;
  return { source: match[1] as LinePlace['source'], at: Number(match[2]), column: match[3] ?? null };
}

/** `GET reports/verticals` answers at most this many verticals (the report's vertical filter offers them). */
export const REPORT_VERTICALS_MAX = 500;

/** `GET reports/summary` query: each narrows the rows; `from` and `to` are report days, inclusive. */
export interface ReportSummaryQuery {
  readonly team?: number;
  readonly vertical?: string;
  readonly status?: AssetStatus;
  readonly from?: string;
  readonly to?: string;
}

export interface SpendGroup {
  /** Decimal string, two places, summed exactly by the database. */
  readonly spent_usd: string;
  readonly assets: number;
}

export interface TeamSpend extends SpendGroup {
  /** Null for rows without a team. */
  readonly team: number | null;
  /** The team's name (a deleted team's too); null for rows without a team. */
  readonly name: string | null;
}

export interface VerticalSpend extends SpendGroup {
  /** Null for rows without a vertical. */
  readonly vertical: string | null;
}

export interface DisableReasonCount {
  /** Null for disabled assets with no reason given. */
  readonly reason: string | null;
  readonly assets: number;
  /** Percent of the disabled assets, a decimal string rounded to two places. */
  readonly share: string;
}

export interface ReportSummary {
  readonly totals: { readonly assets: number; readonly disabled: number; readonly spent_usd: string };
  /** Largest spend first. */
  readonly by_team: readonly TeamSpend[];
  readonly by_vertical: readonly VerticalSpend[];
  /** Disabled assets (status `disabled`) by their reason, most first. */
  readonly disabled_by_reason: readonly DisableReasonCount[];
}
