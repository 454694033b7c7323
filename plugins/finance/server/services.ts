import { serviceRef } from '@core/sdk/server';

/*
 * The services the finance plugin provides to other plugins. A plugin takes one by declaring it in
 * its `services` (`uses` when it works without finance) and importing this file: its manifest must
 * name finance among its dependencies or optional dependencies.
 */

/** Where US-dollar rates come from: finance's exchange rates screen. */
export interface UsdRateSource {
  /**
   * US dollars for one unit of `currency` (ISO 4217) on `date` (`YYYY-MM-DD`): the latest rate on
   * or before the date, as decimal text; `'1'` for USD; null when no rate is known.
   */
  usdRate(currency: string, date: string): Promise<string | null>;
}

/** One cell as a spreadsheet takes it: text, or a number it may compute with. */
export type SpreadsheetCell = string | number;

/** What a spreadsheet answered to an append. */
export interface AppendResult {
  /** The range the rows went to, in the spreadsheet's notation (`'Orders'!A12:F14`). */
  readonly updatedRange: string;
  readonly updatedRows: number;
}

/**
 * Appends rows to a sheet of a spreadsheet through finance's Google Sheets connection. While the
 * connection is unconfigured `append` refuses with a 503 saying what to configure.
 */
export interface SpreadsheetWriter {
  /** Adds `rows` after the last filled row of `sheet`; the sheet must exist. */
  append(spreadsheetId: string, sheet: string, rows: readonly (readonly SpreadsheetCell[])[]): Promise<AppendResult>;
}

/** `finance.exchangeRates`: US-dollar rates by currency and day (the social report, the tracker's totals). */
export const EXCHANGE_RATES = serviceRef<UsdRateSource>('finance.exchangeRates');

/** `finance.spreadsheets`: rows appended to a Google spreadsheet (the shop's team orders). */
export const SPREADSHEETS = serviceRef<SpreadsheetWriter>('finance.spreadsheets');
