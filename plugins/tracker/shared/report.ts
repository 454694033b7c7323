import type { DatePreset } from '@core/sdk/shared';

/**
 * The full report (`GET report`, page `/tracker-report-full`, code TR): one period, grouped by one
 * or two dimensions, with the measures below. Wire types and the measures' definitions both sides
 * read.
 *
 * Every measure travels as an exact decimal string. The server computes them in SQL `numeric`
 * (never floating point) from six additive base measures, with one definition for both sources:
 *
 * - profit = revenue − cost
 * - ROI    = profit ÷ cost × 100, in percent, rounded to 2 places; null when cost is 0
 * - CR     = leads ÷ unique clicks × 100, in percent, rounded to 2 places; null when unique clicks are 0
 *            (leads are the conversions not rejected: pending leads and sales alike, see below)
 * - EPC    = revenue ÷ clicks, rounded to 4 places (a click often earns less than a cent); null when clicks are 0
 * - EPL    = revenue ÷ leads, rounded to 4 places; null when leads are 0
 *
 * Rounding is half away from zero (PostgreSQL's `round(numeric, n)`). A null is "not defined"
 * (nothing to divide by), never 0 and never NaN.
 *
 * Counting: `leads` counts every conversion that was not rejected (a lead still pending or already
 * a sale), `sales` those approved as sales, so `sales ≤ leads`. Revenue is the payout of sales and
 * pending leads as the tracker reported it.
 *
 * Money: every amount of an answer is in its `currency` (USD). A statistics row's revenue and cost are
 * in its offer's payout currency (USD when it names no offer) and are converted at that day's USD rate
 * (finance's exchange rates, through the SDK), each row to the cent; a row whose currency has no rate
 * that day is left out of every figure and named in `unconverted`, never summed as if it were dollars.
 * Keitaro answers in the currency its installation keeps, USD.
 */

/** What a report can be grouped by, in the order the page offers them. */
export const REPORT_GROUPINGS = ['day', 'advertiser', 'offer', 'stream', 'campaign', 'country'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** At most two groupings at once: a table of two nested dimensions. */
export const MAX_REPORT_GROUPINGS = 2;

/** The six measures stored and summed; every other measure is derived from them. */
export const BASE_MEASURES = ['clicks', 'unique_clicks', 'leads', 'sales', 'revenue', 'cost'] as const;
export type BaseMeasure = (typeof BASE_MEASURES)[number];

/** Every measure of the report, in the order the table shows them. */
export const REPORT_MEASURES = [...BASE_MEASURES, 'profit', 'roi', 'cr', 'epc', 'epl'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

/** Derived measures that divide, and so are null when their divisor is 0. */
export type RatioMeasure = 'roi' | 'cr' | 'epc' | 'epl';

/** Decimal places a ratio is rounded to. */
export const RATIO_SCALE: Readonly<Record<RatioMeasure, number>> = { roi: 2, cr: 2, epc: 4, epl: 4 };

/** Measures of one row (or the totals): decimal strings, a ratio null when its divisor is 0. */
export type ReportMeasures = { readonly [M in Exclude<ReportMeasure, RatioMeasure>]: string } & {
  readonly [M in RatioMeasure]: string | null;
};

/** Where the numbers come from: the tracker's Keitaro server, or this plugin's statistics table. */
export const REPORT_SOURCES = ['keitaro', 'statistics'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** One grouping's value in a row: what to group and filter by, and what to show. */
export interface ReportKey {
  /** An id (advertiser, offer, stream), a day `YYYY-MM-DD`, a campaign or an ISO-2 country; null when unknown. */
  readonly value: string | null;
  /** The name to show (the advertiser's or offer's name); the value itself when it has no name. */
  readonly label: string | null;
}

export interface ReportRow {
  /** One entry per grouping of the request, in its order. */
  readonly keys: readonly ReportKey[];
  readonly measures: ReportMeasures;
}

/**
 * What an empty answer asks the user to set up: `connect` when the statistics table holds nothing
 * at all (give a tracker an active Keitaro server, send postbacks or import a CSV), `period` when the
 * source has data but not in this period.
 */
export type ReportEmptiness = 'connect' | 'period' | null;

/** The currency a report's money is in. */
export const REPORT_CURRENCY = 'USD';

/** Statistics rows in one currency without a USD rate on their day: left out of the report, with what they held. */
export interface UnconvertedStatistics {
  readonly currency: string;
  readonly rows: number;
  /** Σ their revenue and cost in `currency`. */
  readonly revenue: string;
  readonly cost: string;
}

/** `GET report`'s answer (in `{ data }`). */
export interface ReportAnswer {
  readonly source: ReportSource;
  /** The tracker whose Keitaro server answered, or whose statistics were read; null for every tracker. */
  readonly tracker_id: number | null;
  readonly period: { readonly from: string; readonly to: string };
  readonly grouping: readonly ReportGrouping[];
  readonly rows: readonly ReportRow[];
  readonly totals: ReportMeasures;
  readonly empty: ReportEmptiness;
  /** The currency of every money measure (REPORT_CURRENCY). */
  readonly currency: string;
  /** What the figures leave out for want of a rate, by currency in code order; empty when everything converted. */
  readonly unconverted: readonly UnconvertedStatistics[];
}

/**
 * `GET report` and `GET report/export` take the same query: `preset` (a date preset) or `from` and
 * `to` (`YYYY-MM-DD`, both included), `group` (one or two groupings joined by a comma: `day,offer`)
 * and optionally `tracker` (a tracker's id).
 */
export interface ReportQuery {
  readonly preset?: DatePreset;
  readonly from?: string;
  readonly to?: string;
  readonly group: string;
  readonly tracker?: number;
}

/** `GET report/trackers`: the trackers a report can be narrowed to, with the source each would be read from. */
export interface ReportTracker {
  readonly id: number;
  readonly slug: string;
  readonly source: ReportSource;
}

/** A custom period spans at most this many days, so a day grouping stays a readable table. */
export const MAX_REPORT_DAYS = 366;

/** Conversion statuses a postback and an import carry. */
export const CONVERSION_STATUSES = ['lead', 'sale', 'rejected'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** `GET trackers/{id}/postback-url`'s answer: the URL to give the tracker, with its placeholders. */
export interface PostbackUrl {
  readonly url: string;
}

/** `POST statistics/import`'s answer: what was taken and why each refused line was. */
export interface ImportReport {
  readonly lines: number;
  /** Lines of a day, offer, stream, campaign and country not held before. */
  readonly imported: number;
  /** Lines that replaced different numbers held for the same day and the rest (a later export of that day). */
  readonly updated: number;
  /** Lines identical to what is held (the same export read twice). */
  readonly duplicates: number;
  readonly errors: readonly ImportLineError[];
}

export interface ImportLineError {
  /** The line of the file, counting the header as line 1. */
  readonly line: number;
  /** The column at fault, or null for the line as a whole. */
  readonly column: string | null;
  readonly message: string;
}
